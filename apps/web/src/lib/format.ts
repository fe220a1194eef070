/*
 * Written out by hand rather than with Intl: constructing Intl formatters loads locale data, which
 * cost ~100 ms of main thread on a throttled phone when the catalogue's chunk ran
 * (docs/performance-history.md, 2026-11-22). The output is the en-US long date, en-US 12-hour time and en-GB pounds that the spec asks
 * for; format.test.ts compares it with Intl's over many values.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** US long date, e.g. 'March 5, 2025' (spec: 'a date like March 5, 2025'). Empty for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? longDate(date) : '';
}

/** British long date, e.g. '5 March 2025' (a certificate of completion). Empty for an invalid date. */
export function formatBritishDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}` : '';
}

function longDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 12-hour clock, e.g. '2:05 PM', '12:09 AM'. */
function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The time of day on a 12-hour clock, e.g. '2:05 PM'. Empty for an invalid date. */
export function formatTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? clockTime(date) : '';
}

/** US long date and time, e.g. 'March 5, 2025 at 2:05 PM'. Empty for an invalid date. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? `${longDate(date)} at ${clockTime(date)}` : '';
}

/**
 * Exam price as shown to learners: the API sends pounds as a number with 2 decimals; 0 means free
 * (spec §9: pound-sign prefix, 2 decimals). '£4.99' or 'Free'.
 */
export function formatPrice(pounds: number | null | undefined): string {
  if (pounds === null || pounds === undefined || !Number.isFinite(pounds) || pounds <= 0) return 'Free';
  return formatPence(Math.round(pounds * 100));
}

/**
 * An amount of money kept in pence (payments, revenue), as pounds the way prices read: '£9.99',
 * '£1,234.50', '£0.00'; a negative amount '-£5.00'.
 */
export function formatPence(pence: number): string {
  const whole = Math.trunc(Math.abs(pence) / 100);
  const rest = String(Math.abs(pence) % 100).padStart(2, '0');
  return `${pence < 0 ? '-' : ''}£${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${rest}`;
}

/** A short time: '45 s', '1 min 5 s', '2 min' (analytics' time per question, the review's time on one). */
export function secondsLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Seconds as 'hh:mm:ss', zero-padded (hours grow past 99 if ever needed). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}
