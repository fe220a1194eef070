import { describe, expect, it } from 'vitest';
import { isSafeText, safeString, UNSAFE_TEXT_MESSAGE } from './strings.ts';

describe('safeString', () => {
  it('refuses U+0000 and unpaired surrogates with one message', () => {
    for (const text of ['a\u0000b', '\uD800', 'x\uDC00', '\uDBFFy', 'ok\uDC00\uD800']) {
      const result = safeString().safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    }
  });

  it('accepts ordinary text, other control characters and surrogate pairs', () => {
    for (const text of ['', 'Cardiology', 'tab\there', 'heart 🫀', 'é ü 中文']) {
      expect(isSafeText(text)).toBe(true);
    }
  });

  it('keeps the chaining of z.string()', () => {
    const schema = safeString().trim().min(1, 'required').max(3, 'long');
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('abcd').error?.issues[0]?.message).toBe('long');
    expect(schema.safeParse('a\u0000').success).toBe(false);
  });
});
