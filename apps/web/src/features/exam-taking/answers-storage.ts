import type { Answers, LearnerQuestion } from '@mlp/contract';

const storageKey = (attemptId: string) => `mlp:attempt-answers:${attemptId}`;
const seqKey = (attemptId: string) => `mlp:attempt-seq:${attemptId}`;

/** Keeps this attempt's answers on the device, the fallback if a save to the server did not happen. */
export function saveLocalAnswers(attemptId: string, answers: Answers): void {
  try {
    window.localStorage.setItem(storageKey(attemptId), JSON.stringify(answers));
  } catch {
    // Storage full or disabled: the server copy still has the answers saved so far.
  }
}

export function readLocalAnswers(attemptId: string): Answers {
  try {
    const raw = window.localStorage.getItem(storageKey(attemptId));
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export function clearLocalAnswers(attemptId: string): void {
  try {
    window.localStorage.removeItem(storageKey(attemptId));
    window.localStorage.removeItem(seqKey(attemptId));
  } catch {
    // ignore
  }
}

/**
 * The answers to resume with: the server's saved answers, overlaid with this device's copy (which may
 * hold a change made just before a reload, before the debounced save went out). Only answers to served
 * questions that name one of their choices are kept, so stale or tampered storage cannot break submit.
 */
export function restoreAnswers(
  questions: readonly LearnerQuestion[],
  serverAnswers: Answers,
  localAnswers: Answers,
): Answers {
  const restored: Answers = {};
  for (const question of questions) {
    for (const source of [serverAnswers, localAnswers]) {
      const answer = source[question._id];
      if (answer !== undefined && question.choices.includes(answer)) restored[question._id] = answer;
    }
  }
  return restored;
}

/** The last save sequence number this device sent for the attempt (decision 0037). */
export function saveLocalSeq(attemptId: string, seq: number): void {
  try {
    window.localStorage.setItem(seqKey(attemptId), String(seq));
  } catch {
    // The server's saveSeq still numbers the next load's saves.
  }
}

export function readLocalSeq(attemptId: string): number {
  try {
    const value = Number(window.localStorage.getItem(seqKey(attemptId)));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}
