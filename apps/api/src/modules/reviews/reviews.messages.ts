export const REVIEW_MESSAGES = {
  noCard: 'This question is not in your review deck.',
  reset: (removed: number) =>
    removed === 0
      ? 'Your review deck was already empty.'
      : `Your review deck has been reset: ${removed} question${removed === 1 ? '' : 's'} removed.`,
  nothingDue: 'Nothing is due for review right now. Questions you answer come back here when they are due.',
  nothingAhead: (days: number) =>
    `Nothing is due in the next ${days === 1 ? 'day' : `${days} days`}. Choose more days, or come back later.`,
  limitReached: (limit: number) =>
    `You have done your ${limit} reviews for today. Review anyway, or come back tomorrow.`,
} as const;
