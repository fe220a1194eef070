import { describe, expect, it } from 'vitest';
import type { Subscription } from '@mlp/contract';
import { renewalInTrouble, renewalText } from './subscription-text.ts';

const march5 = new Date(2026, 2, 5, 12).toISOString();

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: 's1',
    examId: 'e1',
    exam: { _id: 'e1', title: 'Cardiology', description: '', available: true },
    autoRenew: true,
    isFree: false,
    startDate: new Date(2026, 1, 5).toISOString(),
    endDate: march5,
    isActive: true,
    cancelledAt: null,
    paymentData: null,
    renewal: { date: march5, amountPence: 999, state: 'scheduled', lastError: null },
    ...overrides,
  };
}

describe('renewalText', () => {
  it('says when and for how much a subscription renews', () => {
    expect(renewalText(subscription())).toBe('Renews March 5, 2026 for £9.99');
    expect(
      renewalText(
        subscription({
          isFree: true,
          renewal: { date: march5, amountPence: 0, state: 'scheduled', lastError: null },
        }),
      ),
    ).toBe('Renews March 5, 2026 (free)');
  });

  it('says why a charge is being retried, and when it is tried again', () => {
    const retrying = subscription({
      renewal: { date: march5, amountPence: 999, state: 'retrying', lastError: 'The card was declined.' },
    });
    expect(renewalText(retrying)).toBe('Retrying: The card was declined (next try March 5, 2026 for £9.99)');
    expect(renewalInTrouble(retrying)).toBe(true);
    expect(renewalInTrouble(subscription())).toBe(false);
  });

  it('names a charge in progress and one held for review', () => {
    expect(
      renewalText(
        subscription({ renewal: { date: march5, amountPence: 999, state: 'processing', lastError: null } }),
      ),
    ).toBe('Renewing now for £9.99');
    const review = subscription({
      renewal: { date: march5, amountPence: 999, state: 'review', lastError: null },
    });
    expect(renewalText(review)).toBe('Renewal held for review: check the charge with PayPal');
    expect(renewalInTrouble(review)).toBe(true);
  });

  it('says Cancelled, Does not renew or Ended when nothing renews', () => {
    expect(renewalText(subscription({ cancelledAt: march5, autoRenew: false, renewal: null }))).toBe(
      'Cancelled',
    );
    expect(renewalText(subscription({ autoRenew: false, renewal: null }))).toBe('Does not renew');
    expect(renewalText(subscription({ autoRenew: false, renewal: null, isActive: false }))).toBe('Ended');
  });
});
