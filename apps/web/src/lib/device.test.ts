import { describe, expect, it } from 'vitest';
import { getDeviceId, getDeviceName } from './auth.tsx';

describe('getDeviceId', () => {
  it('creates 32 hex characters once and reuses them', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(window.localStorage.getItem('deviceId')).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('creates a different id on a different browser', () => {
    const first = getDeviceId();
    window.localStorage.clear();
    expect(getDeviceId()).not.toBe(first);
  });
});

describe('getDeviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
  ])('names %s', (userAgent, expected) => {
    expect(getDeviceName(userAgent, new Date('2026-03-03T10:00:00Z'))).toBe(
      `${expected} · first used 3 Mar 2026`,
    );
  });

  it('keeps the day this browser was first used, so two Chromes on Windows can be told apart', () => {
    const windowsChrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect(getDeviceName(windowsChrome, new Date('2026-03-03T10:00:00Z'))).toBe(
      'Chrome on Windows · first used 3 Mar 2026',
    );
    expect(getDeviceName(windowsChrome, new Date('2026-05-09T10:00:00Z'))).toBe(
      'Chrome on Windows · first used 3 Mar 2026',
    );
    window.localStorage.clear();
    expect(getDeviceName(windowsChrome, new Date('2026-05-09T10:00:00Z'))).toBe(
      'Chrome on Windows · first used 9 May 2026',
    );
  });
});
