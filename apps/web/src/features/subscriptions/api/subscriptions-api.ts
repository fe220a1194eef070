import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  CreateSubscriptionBody,
  PaymentSettings,
  Subscription,
  SubscriptionResponse,
  SubscriptionStatus,
  SubscriptionsResponse,
} from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** Spec §9: subscription list page size (not imported from @mlp/contract, which would pull in zod). */
export const SUBSCRIPTION_PAGE_SIZE = 20;

/** GET /api/subscriptions/user?page&limit=20 → { subscriptions, page, pages, total, activeCount }. */
export const userSubscriptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionsResponse>(
        `/api/subscriptions/user?page=${page}&limit=${SUBSCRIPTION_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/subscriptions/status/{examId} → { isActive, subscription }. */
export const subscriptionStatusQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.status(examId),
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionStatus>(`/api/subscriptions/status/${encodeURIComponent(examId)}`, { signal }),
  });

/** GET /api/settings/payment → { clientId, mode, sandbox, enabled } (never a secret). */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.paymentSettings(),
    queryFn: ({ signal }) => apiRequest<PaymentSettings>('/api/settings/payment', { auth: 'none', signal }),
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
      apiRequest<SubscriptionResponse>('/api/subscriptions', { method: 'POST', body: { examId, ...body } }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** PUT /api/subscriptions/{examId}/auto-renew { autoRenew } → { message, subscription }. */
export function useAutoRenewMutation(examId: string) {
  const refresh = useRefreshSubscriptions(examId);
  return useMutation({
    mutationFn: (autoRenew: boolean) =>
      apiRequest<SubscriptionResponse>(`/api/subscriptions/${encodeURIComponent(examId)}/auto-renew`, {
        method: 'PUT',
        body: { autoRenew },
      }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** PUT /api/subscriptions/cancel/{subscriptionId} → { message, subscription } (auto-renew off). */
export function useCancelSubscriptionMutation(examId: string) {
  const refresh = useRefreshSubscriptions(examId);
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      apiRequest<SubscriptionResponse>(`/api/subscriptions/cancel/${encodeURIComponent(subscriptionId)}`, {
        method: 'PUT',
      }),
    onSuccess: ({ subscription }) => refresh(subscription),
  });
}

/** POST /api/payments/paypal/orders { examId } → { id, status }: a GBP order for the stored price. */
export function createPaypalOrder(examId: string): Promise<{ id: string; status: string }> {
  return apiRequest('/api/payments/paypal/orders', { method: 'POST', body: { examId } });
}

/** POST /api/payments/paypal/orders/{orderId}/capture → { id, status, subscription }. */
export function capturePaypalOrder(
  orderId: string,
): Promise<{ id: string; status: string; subscription: Subscription }> {
  return apiRequest(`/api/payments/paypal/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}

/**
 * POST /api/subscriptions after a PayPal capture (the server already subscribed the learner on capture,
 * so this is an idempotent confirmation).
 */
export function confirmPaypalSubscription(examId: string, orderId: string): Promise<SubscriptionResponse> {
  return apiRequest('/api/subscriptions', {
    method: 'POST',
    body: {
      examId,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    } satisfies CreateSubscriptionBody,
  });
}
