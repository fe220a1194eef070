import { REVIEW_SESSION_CAP, type ReviewCard, type ReviewForecast, type ReviewSummary } from '@mlp/contract';
import { labelledChoices } from '../../lib/choices.ts';
import { formatDateTime } from '../../lib/format.ts';

/* Pure helpers of the review deck: when a question comes back, and what the dashboard card says. */

export const DECK_FILTERS = labelledChoices({
  all: 'All',
  due: 'Due now',
  upcoming: 'Upcoming',
  suspended: 'Suspended',
});
export type DeckFilter = (typeof DECK_FILTERS.values)[number];

/** Reads `?filter=` (anything unknown is 'all'). */
export function readDeckFilter(searchParams: URLSearchParams): DeckFilter {
  return DECK_FILTERS.read(searchParams.get('filter')) ?? 'all';
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
  if (summary.due > 0 && limitReached(summary))
    return `You have done your ${summary.dailyLimit} reviews for today (${plural(summary.due, 'question')} due).`;
  if (summary.due > 0) {
    const session = `A review session takes ${plural(summary.session, 'question')}`;
    if (summary.due <= summary.session) return `${session}.`;
    return summary.session < REVIEW_SESSION_CAP
      ? `${session} (what is left of your ${summary.dailyLimit} reviews for today).`
      : `${session} (at most ${REVIEW_SESSION_CAP} a session).`;
  }
  if (summary.nextDue) return `Nothing is due now. Next review: ${formatDateTime(summary.nextDue)}.`;
  return 'Nothing is due now: every question in your deck is suspended.';
}

/** Desired retention as the settings page shows it: 0.9 → '90%'. */
export function retentionLabel(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/**
 * Whether today's reviews per day are used up while cards are due (decision 0060): 'Start review' would
 * take nothing, and the page offers 'Review anyway'.
 */
export function limitReached(summary: Pick<ReviewSummary, 'due' | 'session'>): boolean {
  return summary.due > 0 && summary.session === 0;
}

/** This browser's IANA time zone, which the API counts the learner's days in (decision 0060); UTC if none. */
export function learnerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A forecast date (YYYY-MM-DD, already the learner's day) as 'Wed 2 Dec'; the text itself if malformed. */
export function forecastDayName(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${WEEKDAY.format(at)} ${DAY_MONTH.format(at)}`;
}

export interface ForecastBar {
  /** under the bar: 'Today', then the day of the month */
  tick: string;
  /** in full: 'Today', 'Tomorrow', 'Wed 2 Dec' */
  name: string;
  due: number;
}

/** The forecast chart's bars: today (due now and later today together), then each of the next days. */
export function forecastBars(forecast: ReviewForecast): ForecastBar[] {
  return [
    { tick: 'Today', name: 'Today', due: forecast.dueNow + forecast.laterToday },
    ...forecast.days.map((day, index) => ({
      tick: String(Number(day.date.slice(8, 10)) || day.date),
      name: index === 0 ? 'Tomorrow' : forecastDayName(day.date),
      due: day.due,
    })),
  ];
}

/** How many questions studying `days` ahead takes before the session cap: all due by the end of that day. */
export function dueWithin(forecast: ReviewForecast, days: number): number {
  return forecast.days
    .slice(0, days)
    .reduce((total, day) => total + day.due, forecast.dueNow + forecast.laterToday);
}

/** An option of the 'Study ahead' select: '3 days (to Fri 4 Dec): 12 questions'. */
export function studyAheadLabel(forecast: ReviewForecast, days: number): string {
  const last = forecast.days[days - 1];
  const span = days === 1 ? '1 day' : `${days} days`;
  const to = last ? ` (to ${forecastDayName(last.date)})` : '';
  const count = dueWithin(forecast, days);
  const taken = count > REVIEW_SESSION_CAP ? `, ${REVIEW_SESSION_CAP} a session` : '';
  return `${span}${to}: ${plural(count, 'question')}${taken}`;
}
