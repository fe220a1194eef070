import { describe, expect, it } from 'vitest';
import { matchesEtag, weakEtag } from './etag.ts';

describe('ETags', () => {
  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"x"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });

  it('compares weak tags by their opaque part', () => {
    expect(matchesEtag('"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('W/"c"', 'W/"b"')).toBe(false);
  });

  it('names the same body the same way and another body otherwise', () => {
    expect(weakEtag('{"a":1}')).toBe(weakEtag(Buffer.from('{"a":1}')));
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'));
    expect(weakEtag('x')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });
});
