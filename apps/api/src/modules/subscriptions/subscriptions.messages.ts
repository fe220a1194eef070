export const SUBSCRIPTION_MESSAGES = {
  subscribed: 'Successfully subscribed to the exam!',
  notFound: 'Subscription not found',
  autoRenewUpdated: 'Auto-renewal updated successfully',
  cancelled: 'Your subscription has been cancelled. You keep access until it ends.',
} as const;
