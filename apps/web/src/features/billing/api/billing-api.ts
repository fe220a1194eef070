import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodResponse } from '@mlp/contract';
import { PAYMENTS_PAGE_SIZE } from '@mlp/contract/constants';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { billingKeys } from './billing-keys.ts';

/*
 * Payments and renewals change on the server without the learner doing anything here (a renewal is
 * charged, a refund arrives, PayPal is saved from an exam page), so these reads are never taken as fresh:
 * opening Settings always asks again.
 */

/** GET /api/payments?page&limit=10 → { payments, page, pages, total }: receipts and failed charges. */
export const paymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: billingKeys.payments(page),
    queryFn: ({ signal }) =>
      apiRequest(api.payments.list, { query: { page, limit: PAYMENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/payments/method → { method }: the PayPal account saved for renewals, or null. */
export const paymentMethodQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.method(),
    queryFn: ({ signal }) => apiRequest(api.payments.method, { signal }),
    staleTime: 0,
  });

/** DELETE /api/payments/method → { message }: forgets the saved PayPal account. */
export function useRemovePaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.payments.removeMethod),
    onSuccess: async () => {
      queryClient.setQueryData(billingKeys.method(), { method: null } satisfies PaymentMethodResponse);
      // Auto-renew of every paid exam is now off: whatever other pages keep (an exam's subscription, My
      // Exams) is out of date. Their keys belong to other features, so everything is marked stale, to be
      // read again when next shown, without reading anything now.
      await queryClient.invalidateQueries({ refetchType: 'none' });
    },
  });
}
