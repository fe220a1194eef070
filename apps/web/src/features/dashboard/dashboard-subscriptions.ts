import type { Subscription } from '@mlp/contract';

/** Spec §9: the dashboard lists at most 3 active subscriptions. */
const DASHBOARD_SUBSCRIPTION_LIMIT = 3;

export interface DashboardSubscriptions {
  /** Up to 3 active subscriptions, in the order the API sent them. */
  shown: Subscription[];
  /** The count for 'View All Subscriptions ({count})', or null when there are 3 or fewer. */
  viewAllCount: number | null;
}

/**
 * Spec §2 Dashboard: up to 3 active subscriptions; more than 3 active adds 'View All Subscriptions
 * ({count})' where count is every active subscription (`activeCount` covers all pages).
 */
export function pickDashboardSubscriptions(
  subscriptions: readonly Subscription[],
  activeCount: number,
  limit: number = DASHBOARD_SUBSCRIPTION_LIMIT,
): DashboardSubscriptions {
  const active = subscriptions.filter((subscription) => subscription.isActive);
  const count = Math.max(activeCount, active.length);
  return { shown: active.slice(0, limit), viewAllCount: count > limit ? count : null };
}

/** 'Expires: March 5, 2025'. */
export function expiresLabel(formattedDate: string): string {
  return `Expires: ${formattedDate}`;
}
