import { describe, expect, it } from 'vitest';
import { formatPounds } from './pounds.ts';

describe('admin money', () => {
  it("is always '£' and two decimals", () => {
    expect(formatPounds(4.5)).toBe('£4.50');
  });
});
