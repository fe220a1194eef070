/** Spec §3: a device id generated once as a random string and kept for later logins. */
const DEVICE_ID_KEY = 'deviceId';

const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

let memoryDeviceId: string | null = null;

/** This browser's device id: 32 hex characters, created on first use and reused afterwards. */
export function getDeviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
    const created = randomHex(16);
    window.localStorage.setItem(DEVICE_ID_KEY, created);
    return created;
  } catch {
    // No storage: keep one id for this page's life at least.
    memoryDeviceId ??= randomHex(16);
    return memoryDeviceId;
  }
}

function browserName(ua: string): string {
  if (/Edg(A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Browser';
}

function systemName(ua: string): string {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Macintosh|Mac OS X/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Unknown device';
}

/** When this browser first signed in, kept beside the device id so its name stays the same later. */
const DEVICE_FIRST_USED_KEY = 'deviceFirstUsed';

let memoryFirstUsed: string | null = null;

function firstUsed(now: Date): Date {
  try {
    const stored = window.localStorage.getItem(DEVICE_FIRST_USED_KEY);
    const parsed = stored ? new Date(stored) : null;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
    window.localStorage.setItem(DEVICE_FIRST_USED_KEY, now.toISOString());
    return now;
  } catch {
    memoryFirstUsed ??= now.toISOString();
    return new Date(memoryFirstUsed);
  }
}

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A readable, distinguishable name for this device (decision 0020): browser, system and the day it was
 * first used, e.g. 'Chrome on Windows · first used 3 Mar 2026'. Learners can rename it afterwards.
 */
export function getDeviceName(userAgent: string = navigator.userAgent, now: Date = new Date()): string {
  return `${browserName(userAgent)} on ${systemName(userAgent)} · first used ${DAY_MONTH_YEAR.format(firstUsed(now))}`;
}
