import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sample, shuffled } from './random.ts';

describe('shuffled and sample', () => {
  it('keeps exactly the same items', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (items) => {
        expect([...shuffled(items)].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('samples distinct items of the pool, at most the pool size', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.nat(50), (pool, size) => {
        const picked = sample(pool, size);
        expect(picked).toHaveLength(Math.min(size, pool.length));
        expect(new Set(picked).size).toBe(picked.length);
        for (const item of picked) expect(pool).toContain(item);
      }),
    );
  });

  it('puts every item in every position over many shuffles', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i += 1) seen.add(shuffled([1, 2, 3]).join(''));
    expect(seen.size).toBe(6);
  });
});
