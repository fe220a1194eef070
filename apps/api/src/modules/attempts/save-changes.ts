import type { Answers, Certainty, SaveChanges } from '@mlp/contract';

/** What a sitting holds of the learner's progress, as the save's merge reads and writes it. */
export interface HeldProgress {
  answers: Answers;
  flags: string[];
  strikes: Record<string, string[]>;
  certainties: Record<string, Certainty>;
}

/** `held` with each named key set to its new value, or removed where the value is null (or `removed`). */
function mergeRecord<T>(
  held: Record<string, T>,
  changes: Record<string, T | null> | undefined,
  removed: (value: T) => boolean = () => false,
): Record<string, T> {
  if (!changes) return held;
  const merged = { ...held };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || removed(value)) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * A save of changes (decision 0074) applied to what the sitting holds: the whole progress it becomes. Pure;
 * the service checks the changes against the served questions first.
 */
export function mergeChanges(held: HeldProgress, changes: SaveChanges): HeldProgress {
  return {
    answers: mergeRecord(held.answers, changes.answers),
    flags: changes.flags ?? held.flags,
    strikes: mergeRecord(held.strikes, changes.strikes, (struck) => struck.length === 0),
    certainties: mergeRecord(held.certainties, changes.certainties),
  };
}

/** Every question a save of changes names: only these need checking against the served questions. */
export function namedQuestions(changes: SaveChanges): string[] {
  return [
    ...new Set([
      ...Object.keys(changes.answers ?? {}),
      ...(changes.flags ?? []),
      ...Object.keys(changes.strikes ?? {}),
      ...Object.keys(changes.certainties ?? {}),
    ]),
  ];
}
