import { formatDate } from '../../lib/format.ts';

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
