/*
 * Struck-out options of a sitting, per question. An option is either the answer or struck out, never both
 * (as in the leading question banks): choosing a struck option restores it, and striking out the chosen
 * option takes the answer back. The server refuses a save that has both (decision 0031, addendum of
 * 2026-11-28).
 */

export type Strikes = Readonly<Record<string, readonly string[]>>;

/** The strikes without `choice` of question `questionId` (an option just chosen is no longer struck). */
export function withoutStrike<T extends Strikes>(strikes: T, questionId: string, choice: string): T {
  const struck = strikes[questionId];
  if (!struck?.includes(choice)) return strikes;
  const { [questionId]: _old, ...rest } = strikes;
  const next = struck.filter((option) => option !== choice);
  return (next.length > 0 ? { ...rest, [questionId]: next } : rest) as T;
}

/** The strikes with `choice` of question `questionId` struck out, or restored when it was. */
export function toggledStrike<T extends Strikes>(strikes: T, questionId: string, choice: string): T {
  if (strikes[questionId]?.includes(choice)) return withoutStrike(strikes, questionId, choice);
  return { ...strikes, [questionId]: [...(strikes[questionId] ?? []), choice] };
}

/** Whether striking `choice` out now takes back the answer `selected` (it is the chosen option). */
export function strikesAnswer(
  strikes: Strikes,
  questionId: string,
  choice: string,
  selected: string | undefined,
): boolean {
  return selected === choice && !strikes[questionId]?.includes(choice);
}
