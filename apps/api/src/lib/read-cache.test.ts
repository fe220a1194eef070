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

  it('loads once for the callers of the same moment, then serves the kept value', async () => {
    const cache = new ReadCache<{ counts: number }>(60_000);
    let release!: (value: { counts: number }) => void;
    const load = vi.fn(() => new Promise<{ counts: number }>((resolve) => (release = resolve)));
    const readers = Array.from({ length: 20 }, () => cache.through('mock-1', '', load));
    release({ counts: 7 });
    const values = await Promise.all(readers);
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(values).size).toBe(1);
    expect(await cache.through('mock-1', '', load)).toEqual({ counts: 7 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed load, and no load of a group forgotten while it ran', async () => {
    const cache = new ReadCache<string>(60_000);
    await expect(
      cache.through('thread-1', 'page 1', () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cache.through('thread-1', 'page 1', () => Promise.resolve('after'))).toBe('after');

    cache.forget('thread-1');
    let release!: (value: string) => void;
    const before = cache.through(
      'thread-1',
      'page 1',
      () => new Promise<string>((resolve) => (release = resolve)),
    );
    cache.forget('thread-1'); // a comment was posted while the page was being read
    const after = cache.through('thread-1', 'page 1', () => Promise.resolve('with the new comment'));
    release('without it');
    expect(await before).toBe('without it');
    expect(await after).toBe('with the new comment');
    expect(await cache.through('thread-1', 'page 1', () => Promise.resolve('not read'))).toBe(
      'with the new comment',
    );
  });

  it('loads every time with a time of 0', async () => {
    const cache = new ReadCache<number>(0);
    let n = 0;
    const load = () => Promise.resolve((n += 1));
    expect([await cache.through('a', '', load), await cache.through('a', '', load)]).toEqual([1, 2]);
  });

  it('is one cache per owner and name', () => {
    const owner = {};
    expect(readCacheOf(owner, 'x', 1000)).toBe(readCacheOf(owner, 'x', 1000));
    expect(readCacheOf(owner, 'x', 1000)).not.toBe(readCacheOf({}, 'x', 1000));
  });
});
