import type { ADMIN_PAYMENT_FILTERS, PAYMENT_KINDS } from '@mlp/contract';
import type { api, RouteQuery } from '@mlp/contract/routes';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { dayRangeQuery } from '../../../lib/day-range.ts';

export type PaymentStatusFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];
export type PaymentKindFilter = (typeof PAYMENT_KINDS)[number];

/**
 * Filters of the payments list (0-based page index, as the table keeps it). Empty strings mean 'any';
 * `from` and `to` are calendar days (yyyy-mm-dd) in the administrator's time zone, both included;
 * `userId` narrows the list to one learner (their page).
 */
export interface AdminPaymentFilters {
  page: number;
  rowsPerPage: number;
  status: PaymentStatusFilter | '';
  kind: PaymentKindFilter | '';
  search: string;
  from: string;
  to: string;
  userId: string;
}

/** Query keys of the payments: admin → payments → list(filters). */
export const paymentKeys = {
  all: [...adminKeys.all, 'payments'] as const,
  list: (filters: AdminPaymentFilters) => [...paymentKeys.all, 'list', filters] as const,
};

/**
 * Query of the payments list: 1-based page, rows per page, the filters that are set, and the days as a
 * time range from the first day's midnight to the midnight after the last day (as the activity log).
 */
export function paymentsQuery(filters: AdminPaymentFilters): RouteQuery<typeof api.adminPayments.list> {
  return {
    page: filters.page + 1,
    limit: filters.rowsPerPage,
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    userId: filters.userId || undefined,
    search: filters.search || undefined,
    ...dayRangeQuery(filters.from, filters.to),
  };
}
