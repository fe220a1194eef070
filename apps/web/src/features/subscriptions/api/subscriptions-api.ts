import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { CreateSubscriptionBody, Subscription, SubscriptionStatus } from '@mlp/contract';
import { SUBSCRIPTION_PAGE_SIZE } from '@mlp/contract/constants';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-keys.ts';

export { SUBSCRIPTION_PAGE_SIZE };

/** GET /api/subscriptions/user?page&limit=20 → { subscriptions, page, pages, total, activeCount }. */
export const userSubscriptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest(api.subscriptions.list, { query: { page, limit: SUBSCRIPTION_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/subscriptions/status/{examId} → { isActive, subscription }. */
export const subscriptionStatusQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.status(examId),
    queryFn: ({ signal }) => apiRequest(api.subscriptions.status, { params: { examId }, signal }),
  });

/** GET /api/settings/payment → { clientId, mode, sandbox, enabled } (never a secret). */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.paymentSettings(),
    queryFn: ({ signal }) => apiRequest(api.settings.payment, { signal }),
    staleTime: 60_000,
  });

/** After any change the lists (My Exams, dashboard) and this exam's status are out of date. */
function useRefreshSubscriptions(examId: string) {
  const queryClient = useQueryClient();
  return (subscription: Subscription) => {
    queryClient.setQueryData(subscriptionKeys.status(examId), {
      isActive: subscription.isActive,
      subscription,
    } satisfies SubscriptionStatus);
    return queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() });
  };
}

/** POST /api/subscriptions { examId, autoRenew, isFree, paymentData } → { message, subscription }. */
export function useSubscribeMutation(examId: string) {
  const refresh = useRefreshSubscriptions(examId);
  return useMutation({
    mutationFn: (body: Omit<CreateSubscriptionBody, 'examId'>) =>
      apiRequest(api.subscriptions.subscribe, { body: { examId, ...body } }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** PUT /api/subscriptions/{examId}/auto-renew { autoRenew } → { message, subscription }. */
export function useAutoRenewMutation(examId: string) {
  const refresh = useRefreshSubscriptions(examId);
  return useMutation({
    mutationFn: (autoRenew: boolean) =>
      apiRequest(api.subscriptions.autoRenew, { params: { examId }, body: { autoRenew } }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** PUT /api/subscriptions/cancel/{subscriptionId} → { message, subscription } (auto-renew off). */
export function useCancelSubscriptionMutation(examId: string) {
  const refresh = useRefreshSubscriptions(examId);
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      apiRequest(api.subscriptions.cancel, { params: { subscriptionId } }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/**
 * POST /api/payments/paypal/orders { examId, autoRenew } → { id, status }: a GBP order for the stored
 * price. With `autoRenew`, PayPal also saves the payer for the monthly renewals (decision 0030).
 */
export function createPaypalOrder(examId: string, autoRenew: boolean) {
  return apiRequest(api.payments.createOrder, { body: { examId, autoRenew } });
}

/** POST /api/payments/paypal/orders/{orderId}/capture → { id, status, subscription }. */
export function capturePaypalOrder(orderId: string) {
  return apiRequest(api.payments.capture, { params: { orderId } });
}

/**
 * POST /api/subscriptions after a PayPal capture (the server already subscribed the learner on capture,
 * so this is an idempotent confirmation).
 */
export function confirmPaypalSubscription(examId: string, orderId: string, autoRenew: boolean) {
  return apiRequest(api.subscriptions.subscribe, {
    body: { examId, autoRenew, paymentData: { paymentId: orderId, status: 'COMPLETED' } },
  });
}

/**
 * POST /api/payments/paypal/setup-tokens → { id }: a PayPal vault setup token for saving PayPal for
 * renewals without paying now (decision 0030); the buttons' `createVaultSetupToken` returns its id.
 */
export async function createVaultSetupToken(): Promise<string> {
  const { id } = await apiRequest(api.payments.createSetupToken);
  return id;
}

/**
 * POST /api/payments/paypal/payment-tokens { setupTokenId } → { method }: saves the payer the learner
 * approved. `approval` is what the buttons' `onApprove` receives; without a setup token PayPal approved
 * nothing we can save.
 */
export async function savePaypalForRenewals(approval: { vaultSetupToken?: string | null }) {
  const setupTokenId = approval.vaultSetupToken;
  if (!setupTokenId) throw new Error('PayPal returned no vault setup token');
  const { method } = await apiRequest(api.payments.saveMethod, { body: { setupTokenId } });
  return method;
}
