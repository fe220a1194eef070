import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';
import { exportQuery, type ExportChoice } from '../../../components/dialogs/export-dialog.tsx';
import { adminKeys, useRefreshDashboard } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { paymentKeys, paymentsQuery, type AdminPaymentFilters } from './payment-keys.ts';

/** GET /api/admin/payments?page=&limit=&status=&kind=&userId=&search=&from=&to=. */
export const adminPaymentsQueryOptions = (filters: AdminPaymentFilters) =>
  queryOptions({
    queryKey: paymentKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(api.adminPayments.list, { query: paymentsQuery(filters), signal }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/admin/payments/{id}/refund { reason } → { message, payment }. A refund ends the access the
 * payment paid for, so the payments, the learner's page (their subscriptions) and the dashboard's
 * counters and activity all load again.
 */
export function useRefundPaymentMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      apiRequest(api.adminPayments.refund, { params: { id: paymentId }, body: { reason } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        refreshDashboard(),
      ]),
  });
}

/** GET /api/admin/exports/payments?from=&to=&format=: the range's payments as a file (decision 0068). */
export function downloadPayments(choice: ExportChoice): Promise<DownloadedFile> {
  return apiDownload(api.adminExports.payments, { query: exportQuery(choice) });
}
