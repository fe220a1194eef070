import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cancelConfirmText,
  clearSubscriptionNotice,
  descriptionPreview,
  readSubscriptionNotice,
  renewalNote,
  renewEachMonthText,
  saveSubscriptionNotice,
  testPaymentId,
} from './subscription-text.ts';
import type { Subscription } from '@mlp/contract';

describe('descriptionPreview (spec: cut to 200 characters with an ellipsis)', () => {
  it('keeps a description of up to 200 characters as it is', () => {
    const exactly200 = 'a'.repeat(200);
    expect(descriptionPreview(exactly200)).toBe(exactly200);
    expect(descriptionPreview('Short text')).toBe('Short text');
  });

  it("cuts a longer one to 200 characters and adds '...'", () => {
    const text = `${'b'.repeat(200)}TAIL`;
    expect(descriptionPreview(text)).toBe(`${'b'.repeat(200)}...`);
  });

  it("falls back to 'No description'", () => {
    expect(descriptionPreview('')).toBe('No description');
    expect(descriptionPreview('   ')).toBe('No description');
    expect(descriptionPreview(null)).toBe('No description');
    expect(descriptionPreview(undefined)).toBe('No description');
  });

  it('never splits a character made of two code units', () => {
    const text = `${'x'.repeat(199)}😀😀`;
    expect(descriptionPreview(text)).toBe(`${'x'.repeat(199)}😀...`);
  });

  it('is a prefix of the text, at most 200 characters plus the ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 400, unit: 'grapheme-ascii' }), (raw) => {
        const text = raw.trim();
        fc.pre(text.length > 0);
        const preview = descriptionPreview(text);
        if (text.length <= 200) {
          expect(preview).toBe(text);
        } else {
          expect(preview.endsWith('...')).toBe(true);
          expect(preview).toHaveLength(203);
          expect(text.startsWith(preview.slice(0, 200))).toBe(true);
        }
      }),
    );
  });
});

describe('cancelConfirmText', () => {
  it('names the end date', () => {
    expect(cancelConfirmText(new Date(2025, 2, 5, 12).toISOString())).toBe(
      'Are you sure you want to cancel your subscription? You will still have access until March 5, 2025.',
    );
  });

  it('falls back to the end of the billing period', () => {
    expect(cancelConfirmText(null)).toBe(
      'Are you sure you want to cancel your subscription? You will still have access until the end of your current billing period.',
    );
  });
});

describe('testPaymentId', () => {
  it("starts with 'manual-' and differs every time", () => {
    const first = testPaymentId();
    expect(first).toMatch(/^manual-.+/);
    expect(testPaymentId()).not.toBe(first);
  });
});

describe('subscription notice across a reload', () => {
  afterEach(() => window.sessionStorage.clear());

  it('is read back only for its own exam', () => {
    saveSubscriptionNotice('exam-1', 'Successfully subscribed to the exam!');
    expect(readSubscriptionNotice('exam-2')).toBeNull();
    expect(readSubscriptionNotice('exam-1')).toBe('Successfully subscribed to the exam!');
    clearSubscriptionNotice();
    expect(readSubscriptionNotice('exam-1')).toBeNull();
  });
});

describe('renewal texts (decision 0034)', () => {
  const base: Subscription = {
    _id: 's',
    examId: 'e',
    exam: null,
    autoRenew: true,
    isFree: false,
    startDate: new Date(2025, 2, 5).toISOString(),
    endDate: new Date(2025, 3, 5).toISOString(),
    isActive: true,
    cancelledAt: null,
    paymentData: null,
    renewal: {
      date: new Date(2025, 3, 5).toISOString(),
      amountPence: 123456,
      state: 'scheduled',
      lastError: null,
    },
  };

  it('formats the amount as the catalogue does', () => {
    expect(renewalNote(base)).toEqual({ tone: 'plain', text: 'Renews on April 5, 2025 for £1,234.56' });
    expect(renewEachMonthText(9.99)).toBe(
      '£9.99 each month until you turn it off. We e-mail you 3 days before each renewal.',
    );
  });

  it('leaves out the reason of a failed payment when there is none', () => {
    expect(renewalNote({ ...base, renewal: { ...base.renewal!, state: 'retrying' } })?.text).toBe(
      'Your last renewal payment did not go through. We will try again on April 5, 2025; your access continues meanwhile.',
    );
  });

  it('says nothing more for a cancelled subscription, or one with no renewal to show', () => {
    expect(renewalNote({ ...base, autoRenew: false, cancelledAt: base.startDate, renewal: null })).toBeNull();
    expect(renewalNote({ ...base, renewal: null })).toBeNull();
  });
});
