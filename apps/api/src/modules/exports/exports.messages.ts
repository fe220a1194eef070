/** What the exports answer when refused (decision 0068). */
export const EXPORT_MESSAGES = {
  rangeOrder: 'The end of the date range must not be before its start',
  rangeTooLong: 'The date range must be at most 366 days',
  examNotFound: 'Exam not found',
} as const;
