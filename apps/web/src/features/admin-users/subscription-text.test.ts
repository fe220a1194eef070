import { describe, expect, it } from 'vitest';
import { renewalInTrouble, renewalText } from './subscription-text.ts';
import { buildSubscription } from '../../test/factories.ts';

const march5 = new Date(2026, 2, 5, 12).toISOString();

describe('renewalText', () => {
  it('says when and for how much a subscription renews', () => {
    expect(renewalText(buildSubscription())).toBe('Renews March 5, 2026 for £9.99');
    expect(
      renewalText(
        buildSubscription({
          isFree: true,
          renewal: { date: march5, amountPence: 0, state: 'scheduled', lastError: null },
        }),
      ),
    ).toBe('Renews March 5, 2026 (free)');
  });

  it('says why a charge is being retried, and when it is tried again', () => {
    const retrying = buildSubscription({
      renewal: { date: march5, amountPence: 999, state: 'retrying', lastError: 'The card was declined.' },
    });
    expect(renewalText(retrying)).toBe('Retrying: The card was declined (next try March 5, 2026 for £9.99)');
    expect(renewalInTrouble(retrying)).toBe(true);
    expect(renewalInTrouble(buildSubscription())).toBe(false);
  });

  it('names a charge in progress and one held for review', () => {
    expect(
      renewalText(
        buildSubscription({
          renewal: { date: march5, amountPence: 999, state: 'processing', lastError: null },
        }),
      ),
    ).toBe('Renewing now for £9.99');
    const review = buildSubscription({
      renewal: { date: march5, amountPence: 999, state: 'review', lastError: null },
    });
    expect(renewalText(review)).toBe('Renewal held for review: check the charge with PayPal');
    expect(renewalInTrouble(review)).toBe(true);
  });

  it('says Cancelled, Does not renew or Ended when nothing renews', () => {
    expect(renewalText(buildSubscription({ cancelledAt: march5, autoRenew: false, renewal: null }))).toBe(
      'Cancelled',
    );
    expect(renewalText(buildSubscription({ autoRenew: false, renewal: null }))).toBe('Does not renew');
    expect(renewalText(buildSubscription({ autoRenew: false, renewal: null, isActive: false }))).toBe(
      'Ended',
    );
  });
});
