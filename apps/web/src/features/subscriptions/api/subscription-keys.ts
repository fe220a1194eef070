/**
 * Query keys of the subscriptions feature:
 * subscriptions → list(page) | status(examId) | payment-settings.
 */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (page: number) => [...subscriptionKeys.lists(), { page }] as const,
  statuses: () => [...subscriptionKeys.all, 'status'] as const,
  status: (examId: string) => [...subscriptionKeys.statuses(), examId] as const,
  paymentSettings: () => [...subscriptionKeys.all, 'payment-settings'] as const,
};
