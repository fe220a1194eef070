import type { Answers, LearnerQuestion } from '@mlp/contract';

/** Spec §4: progress = current question number / total × 100 (0 for an empty exam). */
export function progressPercent(index: number, total: number): number {
  if (total <= 0) return 0;
  const current = Math.min(Math.max(index + 1, 1), total);
  return (current / total) * 100;
}

/** Spec §2: 'Question i of n' (i counts from 1). */
export function questionPositionLabel(index: number, total: number): string {
  return `Question ${index + 1} of ${total}`;
}

/** Questions that have an answer among the served ones. */
export function answeredCount(questions: readonly LearnerQuestion[], answers: Answers): number {
  return questions.filter((question) => answers[question._id] !== undefined).length;
}

/** 'You have 3 unanswered questions.' for the submit dialog; empty when all are answered. */
export function unansweredMessage(count: number): string {
  if (count <= 0) return '';
  return `You have ${count} unanswered ${count === 1 ? 'question' : 'questions'}. Unanswered questions count as wrong.`;
}

/** The navigator button's accessible name, e.g. 'Question 3, answered'. */
export function navigatorLabel(number: number, answered: boolean): string {
  return `Question ${number}, ${answered ? 'answered' : 'unanswered'}`;
}

/** Keys 1–6 pick the choice shown at that position; anything else (or a missing choice) is null. */
export function keyToChoicePosition(key: string, choiceCount: number): number | null {
  if (!/^[1-6]$/.test(key)) return null;
  const position = Number(key) - 1;
  return position < choiceCount ? position : null;
}

/**
 * Whole seconds elapsed by `now`, for a timer that started `startedSeconds` ago at `baseMs` (the server's
 * elapsedSeconds at load, so a reload continues the same clock). Never negative.
 */
export function elapsedSecondsAt(baseMs: number, startedSeconds: number, nowMs: number): number {
  return Math.max(0, Math.floor(startedSeconds + (nowMs - baseMs) / 1000));
}
