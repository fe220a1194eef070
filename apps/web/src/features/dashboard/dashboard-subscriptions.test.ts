import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '@mlp/contract';
import { pickDashboardSubscriptions } from './dashboard-subscriptions.ts';

function subscription(id: string, isActive: boolean): Subscription {
  return {
    _id: id,
    examId: `exam-${id}`,
    exam: { _id: `exam-${id}`, title: `Exam ${id}`, description: '', available: true },
    autoRenew: false,
    isFree: true,
    startDate: '2025-03-01T00:00:00.000Z',
    endDate: '2025-04-01T00:00:00.000Z',
    isActive,
    cancelledAt: null,
    paymentData: null,
    renewal: null,
  };
}

describe('pickDashboardSubscriptions (spec: at most 3, then View All)', () => {
  it('shows every active subscription when there are 3 or fewer', () => {
    const list = [subscription('a', true), subscription('b', false), subscription('c', true)];
    const picked = pickDashboardSubscriptions(list, 2);
    expect(picked.shown.map((s) => s._id)).toEqual(['a', 'c']);
    expect(picked.viewAllCount).toBeNull();
  });

  it('shows exactly 3 and no View All button for 3 active', () => {
    const list = ['a', 'b', 'c'].map((id) => subscription(id, true));
    expect(pickDashboardSubscriptions(list, 3)).toEqual({ shown: list, viewAllCount: null });
  });

  it('shows the first 3 active and counts all active ones when there are more', () => {
    const list = [
      subscription('a', true),
      subscription('x', false),
      subscription('b', true),
      subscription('c', true),
      subscription('d', true),
    ];
    const picked = pickDashboardSubscriptions(list, 25);
    expect(picked.shown.map((s) => s._id)).toEqual(['a', 'b', 'c']);
    expect(picked.viewAllCount).toBe(25);
  });

  it('shows nothing when no subscription is active', () => {
    expect(pickDashboardSubscriptions([subscription('a', false)], 0)).toEqual({
      shown: [],
      viewAllCount: null,
    });
  });

  it('never shows more than 3 or an expired one, and offers View All exactly when more than 3 are active', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 30 }), (flags) => {
        const list = flags.map((active, i) => subscription(String(i), active));
        const activeCount = flags.filter(Boolean).length;
        const picked = pickDashboardSubscriptions(list, activeCount);
        expect(picked.shown.length).toBe(Math.min(3, activeCount));
        expect(picked.shown.every((s) => s.isActive)).toBe(true);
        expect(picked.viewAllCount).toBe(activeCount > 3 ? activeCount : null);
      }),
    );
  });
});
