import { REVIEW_SESSION_CAP, type ReviewCard, type ReviewSummary } from '@mlp/contract';
import { formatDateTime } from '../../lib/format.ts';

/* Pure helpers of the review deck: when a question comes back, and what the dashboard card says. */

export const DECK_FILTERS = ['all', 'due', 'upcoming', 'suspended'] as const;
export type DeckFilter = (typeof DECK_FILTERS)[number];

export const DECK_FILTER_LABELS: Record<DeckFilter, string> = {
  all: 'All',
  due: 'Due now',
  upcoming: 'Upcoming',
  suspended: 'Suspended',
};

/** Reads `?filter=` (anything unknown is 'all'). */
export function readDeckFilter(searchParams: URLSearchParams): DeckFilter {
  const value = searchParams.get('filter');
  return (DECK_FILTERS as readonly string[]).includes(value ?? '') ? (value as DeckFilter) : 'all';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * When a question comes back, relative to `now`: 'Due now', 'Due in under an hour', 'Due in 5 hours',
 * 'Due tomorrow', 'Due in 3 days'. Days are rounded to the nearest whole day.
 */
export function dueLabel(due: string, now: Date): string {
  const at = new Date(due).getTime();
  if (Number.isNaN(at)) return '';
  const diff = at - now.getTime();
  if (diff <= 0) return 'Due now';
  if (diff < HOUR) return 'Due in under an hour';
  if (diff < DAY) return `Due in ${plural(Math.round(diff / HOUR), 'hour')}`;
  const days = Math.round(diff / DAY);
  return days === 1 ? 'Due tomorrow' : `Due in ${plural(days, 'day')}`;
}

/** A card's line under its question: exam, topic and how often it was answered and missed. */
export function cardDetails(card: Pick<ReviewCard, 'examTitle' | 'topic' | 'reps' | 'lapses'>): string {
  const where = [card.examTitle ?? 'Practice', card.topic].join(' · ');
  const answered = `answered ${card.reps === 1 ? 'once' : `${card.reps} times`}`;
  const missed = card.lapses > 0 ? `, missed ${card.lapses === 1 ? 'once' : `${card.lapses} times`}` : '';
  return `${where} · ${answered}${missed}`;
}

/** What the dashboard's 'Review due: N' card says under its title. */
export function reviewSummaryText(summary: ReviewSummary): string {
  if (summary.total === 0)
    return 'Questions you answer join your review deck and come back just before you are likely to forget them.';
  if (summary.due > 0) {
    const session = `A review session takes ${plural(summary.session, 'question')}`;
    return summary.due > summary.session
      ? `${session} (at most ${REVIEW_SESSION_CAP} a session).`
      : `${session}.`;
  }
  if (summary.nextDue) return `Nothing is due now. Next review: ${formatDateTime(summary.nextDue)}.`;
  return 'Nothing is due now: every question in your deck is suspended.';
}

/** Desired retention as the settings page shows it: 0.9 → '90%'. */
export function retentionLabel(value: number): string {
  return `${Math.round(value * 100)}%`;
}
