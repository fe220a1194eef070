import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cancelConfirmText,
  clearSubscriptionNotice,
  descriptionPreview,
  readSubscriptionNotice,
  saveSubscriptionNotice,
  testPaymentId,
} from './subscription-text.ts';

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
