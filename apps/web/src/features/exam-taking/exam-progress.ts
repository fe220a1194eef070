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

/** 'You have 2 flagged questions.' for the submit dialog; empty when none is flagged (decision 0037). */
export function flaggedMessage(count: number): string {
  if (count <= 0) return '';
  return `You have ${count} flagged ${count === 1 ? 'question' : 'questions'}.`;
}

/** Flagged ids among the served questions, in the order served. */
export function flaggedIndices(questions: readonly LearnerQuestion[], flags: readonly string[]): number[] {
  const flagged = new Set(flags);
  return questions.flatMap((question, index) => (flagged.has(question._id) ? [index] : []));
}

/** Whole seconds left until `deadlineMs` at `nowMs`, rounded up, never negative (timed sittings). */
export function secondsLeftAt(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/**
 * Whole seconds elapsed by `now`, for a timer that started `startedSeconds` ago at `baseMs` (the server's
 * elapsedSeconds at load, so a reload continues the same clock). Never negative.
 */
export function elapsedSecondsAt(baseMs: number, startedSeconds: number, nowMs: number): number {
  return Math.max(0, Math.floor(startedSeconds + (nowMs - baseMs) / 1000));
}
