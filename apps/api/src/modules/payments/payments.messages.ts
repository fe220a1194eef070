/** What checkout answers (decision 0019); the spec's texts where it has them. */
export const PAYMENT_MESSAGES = {
  unavailable: 'PayPal payments are not available at the moment. Please try again later.',
  notFound: 'Payment not found',
  notCompleted: 'This payment has not been completed.',
  wrongAmount: 'This payment does not match the price of the exam.',
  wrongCurrency: 'This payment was not made in pounds sterling (GBP).',
  wrongOwner: 'This payment was not made for this exam by this account.',
  declined: 'Your payment was declined by PayPal. Please try another payment method.',
  providerError: 'PayPal could not process the request. Please try again.',
  free: 'This exam is free; no payment is needed.',
  alreadyActive: 'You already have an active subscription to this exam.',
  noPaymentData: 'Payment processing error: No payment data received',
  paymentUsed: 'This payment has already been used.',
  testPaymentRefused: 'Test payments are not accepted on this site.',
  testPaymentIncomplete: 'The test payment was not completed.',
  refunded:
    'This exam is no longer available, so your payment could not be used. It has been refunded in full to your PayPal account.',
  wasRefunded: 'This payment has been refunded, so it cannot be used again.',
  refundFailed:
    'This exam is no longer available, so your payment could not be used, and the automatic refund did not go through. Your payment is recorded: please contact us and we will refund it.',
  // Renewals, saved payers, refunds and webhooks (decision 0030).
  methodRequired:
    'To renew automatically, save a PayPal account for renewals first. Nothing is charged until the renewal date.',
  methodRemoved: 'Your PayPal account is no longer saved for renewals. Auto-renew of paid exams is off.',
  noMethod: 'No PayPal account is saved for renewals.',
  setupTokenUnknown: 'This PayPal approval was not started from your account, or it was used already.',
  setupTokenNotApproved:
    'PayPal has not confirmed your approval yet. Please approve in the PayPal window, then try again.',
  notRefundable: (status: string) => `This payment cannot be refunded: it is ${status}.`,
  refundedByAdmin: 'The payment has been refunded, and the access it paid for has ended.',
  refundedKeptAccess: 'The payment has been refunded.',
  refundRefused: (reason: string) => `PayPal did not refund this payment: ${reason}`,
  webhookNotSetUp: 'PayPal webhooks are not set up on this site.',
  webhookHeadersMissing: 'This request does not carry PayPal signature headers.',
  webhookNotEvent: 'This is not a PayPal webhook event.',
  webhookUnverified: 'The webhook signature could not be verified.',
} as const;
