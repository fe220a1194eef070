export const ANALYTICS_MESSAGES = {
  notMissed: 'Only a question you missed in this result can be tagged.',
  resultNotFound: 'No result found',
} as const;
