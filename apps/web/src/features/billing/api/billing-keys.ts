/** Query keys of the billing feature (Settings → Payments): billing → payments(page) | method. */
export const billingKeys = {
  all: ['billing'] as const,
  paymentLists: () => [...billingKeys.all, 'payments'] as const,
  payments: (page: number) => [...billingKeys.paymentLists(), { page }] as const,
  method: () => [...billingKeys.all, 'method'] as const,
};
