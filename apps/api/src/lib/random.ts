import { randomInt } from 'node:crypto';

/** A uniformly shuffled copy (Fisher–Yates with a cryptographic source: learners cannot predict it). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** `size` distinct items in random order (all of them, shuffled, when there are fewer). */
export function sample<T>(items: readonly T[], size: number): T[] {
  return shuffled(items).slice(0, Math.max(0, size));
}
