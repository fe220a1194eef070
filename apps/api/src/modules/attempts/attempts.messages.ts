import { OPEN_SITTINGS_LIMIT } from '@mlp/contract';

const MODE_NAMES = { exam: 'exam', timed: 'timed', tutor: 'tutor' } as const;

export const ATTEMPT_MESSAGES = {
  needsSubscription: 'You need an active subscription to this exam to take it.',
  noQuestions: 'This exam has no questions yet. Please try again later.',
  noAttempt: 'There is no exam in progress. Please start the exam again.',
  resultNotFound: 'No result found',
  unknownQuestion: 'An answer was given for a question that is not part of this exam attempt.',
  notAChoice: 'An answer is not one of the choices of its question.',
  struckAnswer: 'An option struck out cannot be the answer. Restore it to choose it.',
  // Study sittings (decision 0031).
  inProgress: (mode: keyof typeof MODE_NAMES) =>
    `You have this exam in progress in ${MODE_NAMES[mode]} mode. Resume it, or start a new one in its place.`,
  modeNotAllowed: 'This exam cannot be taken in that mode.',
  timeUp: 'Time is up: your answers saved by then have been submitted.',
  paused: 'This exam is paused. Resume it to go on.',
  staleSave: 'A newer save of this exam has already been recorded.',
  notTutor: 'Answers are checked one at a time only in tutor mode.',
  answerLocked: 'This question has already been answered; in tutor mode an answer cannot be changed.',
  timedNoPause: 'A timed exam cannot be paused.',
  // Pausing a timed sitting where the exam allows it (decision 0064).
  noPauseLeft: 'No pause time is left for this exam.',
  pauseTooLate: 'Time is up for this exam: it can no longer be paused.',
  // Several sittings at once (decision 0063).
  openLimit: `You have ${OPEN_SITTINGS_LIMIT} exams and practice sets in progress. Submit or discard one before starting another.`,
  noOpenSitting: 'This exam or practice set is no longer in progress.',
  // Live mocks (decision 0077).
  mockNoPause: 'A mock exam cannot be paused.',
} as const;

/** Codes the exam page acts on (the error body's `code`). */
export const ATTEMPT_CODES = {
  inProgress: 'ATTEMPT_IN_PROGRESS',
  timeUp: 'TIME_UP',
  paused: 'PAUSED',
  staleSave: 'STALE_SAVE',
  answerLocked: 'ANSWER_LOCKED',
  openLimit: 'SITTINGS_LIMIT',
} as const;
