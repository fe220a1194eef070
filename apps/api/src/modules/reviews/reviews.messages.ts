export const REVIEW_MESSAGES = {
  noCard: 'This question is not in your review deck.',
  reset: (removed: number) =>
    removed === 0
      ? 'Your review deck was already empty.'
      : `Your review deck has been reset: ${removed} question${removed === 1 ? '' : 's'} removed.`,
  nothingDue: 'Nothing is due for review right now. Come back when questions are due.',
} as const;
