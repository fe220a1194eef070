import type { Subscription } from '@mlp/contract';
import { formatDate, formatPence } from '../../lib/format.ts';

/* How a learner's page words their subscriptions' renewals (decision 0030). */

/** ' for £9.99', or ' (free)' for a free exam's renewal. */
function renewalAmount(pence: number): string {
  return pence > 0 ? ` for ${formatPence(pence)}` : ' (free)';
}

/**
 * What happens at the end of a subscription's period: 'Renews March 5, 2026 for £9.99', 'Retrying: The
 * card was declined (next try March 6, 2026 for £9.99)', 'Cancelled' (the learner cancelled: access
 * runs to the end date, nothing renews), 'Does not renew' (auto-renew off), or 'Ended'.
 */
export function renewalText(subscription: Subscription): string {
  if (subscription.cancelledAt) return 'Cancelled';
  const { renewal } = subscription;
  if (!renewal) return subscription.isActive ? 'Does not renew' : 'Ended';
  const date = formatDate(renewal.date);
  const amount = renewalAmount(renewal.amountPence);
  switch (renewal.state) {
    case 'scheduled':
      return `Renews ${date}${amount}`;
    case 'retrying': {
      const reason = (renewal.lastError ?? 'the last charge failed').replace(/\.+$/, '');
      return `Retrying: ${reason} (next try ${date}${amount})`;
    }
    case 'processing':
      return `Renewing now${amount}`;
    case 'review':
      return 'Renewal held for review: check the charge with PayPal';
  }
}

/** Whether the renewal needs an administrator's eye (a failed charge, or one held for review). */
export function renewalInTrouble(subscription: Subscription): boolean {
  return subscription.renewal?.state === 'retrying' || subscription.renewal?.state === 'review';
}
