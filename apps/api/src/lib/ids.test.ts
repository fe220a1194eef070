import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('makes RFC 9562 version 7 ids', () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('sorts by creation time, also within one millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(uuidv7(1_000) < uuidv7(2_000)).toBe(true);
  });

  it('rejects strings that are not uuids', () => {
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
  });
});
