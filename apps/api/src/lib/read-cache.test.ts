import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache, readCacheOf } from './read-cache.ts';

describe('ReadCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps an entry for its time, then reads as missing', () => {
    vi.useFakeTimers();
    const cache = new ReadCache<string>(2000);
    cache.set('course-1', '', 'outline');
    expect(cache.get('course-1')).toBe('outline');
    vi.advanceTimersByTime(1999);
    expect(cache.get('course-1')).toBe('outline');
    vi.advanceTimersByTime(1);
    expect(cache.get('course-1')).toBeUndefined();
  });

  it("forgets a whole group's entries at once, and keeps nothing with a time of 0", () => {
    const cache = new ReadCache<number>(60_000);
    cache.set('thread-1', 'page 1', 1);
    cache.set('thread-1', 'page 2', 2);
    cache.set('thread-2', 'page 1', 3);
    cache.forget('thread-1');
    expect([
      cache.get('thread-1', 'page 1'),
      cache.get('thread-1', 'page 2'),
      cache.get('thread-2', 'page 1'),
    ]).toEqual([undefined, undefined, 3]);
    const off = new ReadCache<number>(0);
    off.set('thread-1', 'page 1', 1);
    expect(off.get('thread-1', 'page 1')).toBeUndefined();
  });

  it('keeps at most `limit` groups, dropping the oldest written', () => {
    const cache = new ReadCache<number>(60_000, 2);
    cache.set('a', '', 1);
    cache.set('b', '', 2);
    cache.set('c', '', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('is one cache per owner and name', () => {
    const owner = {};
    expect(readCacheOf(owner, 'x', 1000)).toBe(readCacheOf(owner, 'x', 1000));
    expect(readCacheOf(owner, 'x', 1000)).not.toBe(readCacheOf({}, 'x', 1000));
  });
});
