import type { Subscription } from '@mlp/contract';
import { formatDate, formatPrice } from '../../lib/format.ts';

/** Spec §9: My Exams description preview length. */
const DESCRIPTION_PREVIEW_LENGTH = 200;

/**
 * Spec §2 My Exams: the description cut to 200 characters with '...' when longer, or 'No description'.
 * Counts characters as code points, so an emoji is never split in half.
 */
export function descriptionPreview(
  description: string | null | undefined,
  maxLength: number = DESCRIPTION_PREVIEW_LENGTH,
): string {
  const text = description?.trim() ?? '';
  if (!text) return 'No description';
  const characters = Array.from(text);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}...` : text;
}

/** Spec §2 Exam detail cancel dialog text, exactly. */
export function cancelConfirmText(endDate: string | null | undefined): string {
  const until = (endDate && formatDate(endDate)) || 'the end of your current billing period';
  return `Are you sure you want to cancel your subscription? You will still have access until ${until}.`;
}

/** The subscribe dialog's line under 'Renew automatically every month' (decision 0034). */
export function renewEachMonthText(pounds: number): string {
  return `${formatPrice(pounds)} each month until you turn it off. We e-mail you 3 days before each renewal.`;
}

/** What the exam page says about the next renewal, and how loudly. */
export interface RenewalNote {
  text: string;
  /** 'plain': a line of text; otherwise an alert of that severity */
  tone: 'plain' | 'info' | 'warning';
}

/**
 * The line under 'Active until {date}' (decision 0034): when and for how much the subscription renews, a
 * renewal payment that failed and will be tried again, one being charged or checked, or that auto-renew
 * is off. Null when there is nothing to add: a cancelled subscription says so itself ('Cancelled —
 * access until …'), and one that will not renew for another reason (the exam withdrawn) has no renewal.
 */
export function renewalNote(subscription: Subscription): RenewalNote | null {
  if (!subscription.autoRenew) {
    if (subscription.cancelledAt !== null) return null;
    return { tone: 'plain', text: `Auto-renew is off: access until ${formatDate(subscription.endDate)}.` };
  }
  const renewal = subscription.renewal;
  if (!renewal) return null;
  const date = formatDate(renewal.date);
  switch (renewal.state) {
    case 'scheduled':
      return {
        tone: 'plain',
        text:
          renewal.amountPence > 0
            ? `Renews on ${date} for ${formatPrice(renewal.amountPence / 100)}`
            : `Renews free on ${date}`,
      };
    case 'retrying': {
      const reason = renewal.lastError ? ` (${renewal.lastError})` : '';
      return {
        tone: 'warning',
        text: `Your last renewal payment did not go through${reason}. We will try again on ${date}; your access continues meanwhile.`,
      };
    }
    case 'processing':
      return { tone: 'info', text: 'Renewal payment in progress.' };
    case 'review':
      return { tone: 'info', text: 'Your renewal payment is being checked. Nothing more will be charged.' };
  }
}

/** Spec §4: the demo payment's id is a generated string with a 'manual-' prefix. */
export function testPaymentId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `manual-${random}`;
}

export const SUBSCRIBED_MESSAGE = 'Successfully subscribed to the exam!';

const FLASH_KEY = 'mlp:subscription-notice';

/**
 * Spec §2: 'After a paid subscription the page reloads'. The success message is kept in session storage
 * across that reload, for the exam it belongs to, and shown once.
 */
export function saveSubscriptionNotice(examId: string, message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify({ examId, message }));
  } catch {
    // Storage unavailable (private mode): the reload simply shows the active subscription.
  }
}

/** The notice saved for this exam before the reload, if any (does not remove it). */
export function readSubscriptionNotice(examId: string): string | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { examId?: unknown; message?: unknown };
    return value.examId === examId && typeof value.message === 'string' ? value.message : null;
  } catch {
    return null;
  }
}

export function clearSubscriptionNotice(): void {
  try {
    window.sessionStorage.removeItem(FLASH_KEY);
  } catch {
    // ignore
  }
}

/** My Exams, for a subscription whose exam the administrators have withdrawn for now (decision 0016). */
export const UNAVAILABLE_EXAM =
  'This exam is not available at the moment: it is being updated. Your subscription stays as it is.';
/** My Exams, for a subscription whose exam has been deleted. */
export const REMOVED_EXAM = 'This exam is no longer offered.';
