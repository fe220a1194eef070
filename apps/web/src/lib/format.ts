const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
const poundFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** US long date, e.g. 'March 5, 2025' (spec: 'a date like March 5, 2025'). Empty for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** US long date and time, e.g. 'March 5, 2025 at 2:05 PM'. Empty for an invalid date. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  // Built from two formatters so the joining word is 'at' whatever the ICU version prefers.
  return date ? `${dateFormat.format(date)} at ${timeFormat.format(date)}` : '';
}

/**
 * Exam price as shown to learners: the API sends pounds as a number with 2 decimals; 0 means free
 * (spec §9: pound-sign prefix, 2 decimals). '£4.99' or 'Free'.
 */
export function formatPrice(pounds: number | null | undefined): string {
  if (pounds === null || pounds === undefined || !Number.isFinite(pounds) || pounds <= 0) return 'Free';
  return poundFormat.format(pounds);
}

/** Seconds as 'hh:mm:ss', zero-padded (hours grow past 99 if ever needed). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}
