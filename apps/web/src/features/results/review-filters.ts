import type { ResultQuestion } from '@mlp/contract';
import { labelledChoices } from '../../lib/choices.ts';
import { secondsLabel } from '../../lib/format.ts';

/* The result review's filter, outcomes and times per question (decision 0065). */

/** What the review shows: every question, or only those of one kind. */
export const REVIEW_FILTERS = labelledChoices({
  all: 'All',
  incorrect: 'Incorrect',
  omitted: 'Omitted',
  flagged: 'Flagged',
  noted: 'Noted',
});
export type ReviewFilter = (typeof REVIEW_FILTERS.values)[number];

/** The filter named by the URL's `?show=` (anything else, or nothing, is all). */
export function readReviewFilter(value: string | null): ReviewFilter {
  return REVIEW_FILTERS.read(value) ?? 'all';
}

/** Omitted is not incorrect: a question left unanswered is neither right nor wrong. */
export type QuestionOutcome = 'correct' | 'incorrect' | 'omitted';

export function outcomeOf(question: Pick<ResultQuestion, 'userAnswer' | 'isCorrect'>): QuestionOutcome {
  if (question.userAnswer === null) return 'omitted';
  return question.isCorrect ? 'correct' : 'incorrect';
}

export const OUTCOME_LABELS: Record<QuestionOutcome, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  omitted: 'Omitted',
};

/** Whether a question belongs under a filter; `noted` says whether the learner has a note on it. */
export function inFilter(
  filter: ReviewFilter,
  question: Pick<ResultQuestion, 'userAnswer' | 'isCorrect' | 'flagged'>,
  noted: boolean,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'incorrect':
    case 'omitted':
      return outcomeOf(question) === filter;
    case 'flagged':
      return question.flagged;
    case 'noted':
      return noted;
  }
}

/** How many questions each filter shows. */
export function filterCounts(
  questions: ReadonlyArray<Pick<ResultQuestion, 'questionId' | 'userAnswer' | 'isCorrect' | 'flagged'>>,
  notedIds: ReadonlySet<string>,
): Record<ReviewFilter, number> {
  const counts = Object.fromEntries(REVIEW_FILTERS.values.map((filter) => [filter, 0])) as Record<
    ReviewFilter,
    number
  >;
  for (const question of questions) {
    for (const filter of REVIEW_FILTERS.values) {
      if (inFilter(filter, question, notedIds.has(question.questionId))) counts[filter] += 1;
    }
  }
  return counts;
}

/** The line a filter with nothing in it shows: 'No omitted questions.' */
export function emptyFilterText(filter: ReviewFilter): string {
  return filter === 'all' ? 'No questions.' : `No ${REVIEW_FILTERS.labels[filter].toLowerCase()} questions.`;
}

/**
 * The average seconds per question of a result, or null for a result stored before times per question
 * were kept (its questions have none).
 */
export function averageSeconds(questions: ReadonlyArray<Pick<ResultQuestion, 'seconds'>>): number | null {
  const times = questions.flatMap((question) => (question.seconds === null ? [] : [question.seconds]));
  if (times.length === 0) return null;
  return Math.round(times.reduce((sum, seconds) => sum + seconds, 0) / times.length);
}

/** 'Time: 1 min 12 s (average 48 s)'; the average is left out when it is not known. */
export function timeSpentText(seconds: number, average: number | null): string {
  const time = `Time: ${secondsLabel(seconds)}`;
  return average === null ? time : `${time} (average ${secondsLabel(average)})`;
}
