/** A source of random numbers in [0, 1), like Math.random (tests pass their own). */
export type RandomSource = () => number;

/**
 * Fisher–Yates: a uniformly random permutation of 0..length-1. Spec §2: choices are shown in an order
 * shuffled on each load; the permutation is kept so a picked position maps back to the original choice.
 */
export function shuffledIndices(length: number, random: RandomSource = Math.random): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    // min() guards against a source that returns exactly 1.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    const swap = order[i] as number;
    order[i] = order[j] as number;
    order[j] = swap;
  }
  return order;
}

/** The choices in display order: position i shows `choices[order[i]]`. */
export function displayedChoices(choices: readonly string[], order: readonly number[]): string[] {
  return order.flatMap((original) => (original < choices.length ? [choices[original] as string] : []));
}

/**
 * The original choice TEXT behind display position `position` (answers are stored as the choice text,
 * spec §3), or undefined for a position that does not exist.
 */
export function choiceAt(
  choices: readonly string[],
  order: readonly number[],
  position: number,
): string | undefined {
  const original = order[position];
  return original === undefined ? undefined : choices[original];
}

/** One shuffled order per question id, made once per load of the exam. */
export function shuffleQuestionChoices(
  questions: ReadonlyArray<{ _id: string; choices: readonly string[] }>,
  random: RandomSource = Math.random,
): Record<string, number[]> {
  return Object.fromEntries(questions.map((q) => [q._id, shuffledIndices(q.choices.length, random)]));
}

/**
 * A question's rationales (aligned with its `choices` as received, decision 0050) in display order, so
 * rationale i belongs to `displayedChoices(choices, order)[i]`. None written ([]) stays [] (the review
 * then shows no rationale at all); a choice without one gets ''. Positions `displayedChoices` skips are
 * skipped here too, so the two lists always line up.
 */
export function displayedRationales(
  rationales: readonly string[],
  choiceCount: number,
  order: readonly number[],
): string[] {
  if (rationales.length === 0) return [];
  return order.flatMap((original) => (original < choiceCount ? [rationales[original] ?? ''] : []));
}
