export const ATTEMPT_MESSAGES = {
  needsSubscription: 'You need an active subscription to this exam to take it.',
  noQuestions: 'This exam has no questions yet. Please try again later.',
  noAttempt: 'There is no exam in progress. Please start the exam again.',
  resultNotFound: 'No result found',
  unknownQuestion: 'An answer was given for a question that is not part of this exam attempt.',
  notAChoice: 'An answer is not one of the choices of its question.',
} as const;
