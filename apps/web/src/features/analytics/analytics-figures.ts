import { PEER_THRESHOLD, type Analytics, type Trend } from '@mlp/contract';
import { formatDate } from '../../lib/format.ts';

/* Pure helpers of the analytics page: chart series, and the text that says the same for screen readers. */

export type ExamFigures = Analytics['exams'][number];
export type TopicFigures = Analytics['topics'][number];
/** A point of a trend line: when (milliseconds since 1970, or ISO text) and the score in percent. */
export interface TrendPoint {
  at: number | string;
  score: number;
}

/** A trend as the API sends it (two columns) as points, oldest first. */
export function trendPoints(trend: Trend): TrendPoint[] {
  return trend.at.map((at, index) => ({ at, score: trend.score[index] ?? 0 }));
}

export interface TrendGroup {
  id: string;
  label: string;
  trend: readonly TrendPoint[];
}

export interface AlignedTrends {
  /** every sitting's time, oldest first, once each */
  times: Date[];
  /** one series per group, a value at each time (null where that group had no sitting) */
  series: Array<{ id: string; label: string; data: Array<number | null> }>;
}

/**
 * Puts several trends on one time axis, one series each (not all on one line): the x values are the union
 * of the groups' times; a group's value is null where it has no point. Invalid times are dropped.
 */
export function alignTrends(groups: readonly TrendGroup[]): AlignedTrends {
  const stamps = new Set<number>();
  for (const group of groups)
    for (const point of group.trend) {
      const time = new Date(point.at).getTime();
      if (!Number.isNaN(time)) stamps.add(time);
    }
  const times = [...stamps].sort((a, b) => a - b);
  const index = new Map(times.map((time, position) => [time, position]));
  return {
    times: times.map((time) => new Date(time)),
    series: groups.map((group) => {
      const data: Array<number | null> = times.map(() => null);
      for (const point of group.trend) {
        const position = index.get(new Date(point.at).getTime());
        if (position !== undefined) data[position] = point.score;
      }
      return { id: group.id, label: group.label, data };
    }),
  };
}

/** A trend in words: 'Cardiology: 3 sittings, from 40% on March 5, 2025 to 75% on March 9, 2025.' */
export function trendSentence(label: string, trend: readonly TrendPoint[]): string {
  const first = trend[0];
  const last = trend[trend.length - 1];
  if (!first || !last) return `${label}: no sittings yet.`;
  if (trend.length === 1) return `${label}: 1 sitting, ${first.score}% on ${formatDate(first.at)}.`;
  return `${label}: ${trend.length} sittings, from ${first.score}% on ${formatDate(first.at)} to ${last.score}% on ${formatDate(last.at)}.`;
}

/**
 * Questions seen split three ways (decision 0065): omitted (seen, not answered) is not incorrect (answered
 * wrongly). '% correct' stays out of every question seen, as a result's score is.
 */
export function outcomeCounts(figures: { seen: number; answered: number; correct: number }): {
  correct: number;
  incorrect: number;
  omitted: number;
} {
  return {
    correct: figures.correct,
    incorrect: Math.max(0, figures.answered - figures.correct),
    omitted: Math.max(0, figures.seen - figures.answered),
  };
}

/** Time per question: '45 s', '1 min 5 s', '2 min' (shared with the result review's times). */
export { secondsLabel } from '../../lib/format.ts';

/**
 * The percentile in words, or why it is not shown: the API gives it only when at least PEER_THRESHOLD
 * learners have results on the exam.
 */
export function percentileText(exam: Pick<ExamFigures, 'percentile' | 'learners'>): string {
  if (exam.percentile === null) {
    const others = `${exam.learners} ${exam.learners === 1 ? 'learner has' : 'learners have'} results so far`;
    return `Shown once ${PEER_THRESHOLD} learners have results on this exam (${others}), so no one can be singled out.`;
  }
  return `Your average score is higher than ${exam.percentile}% of the ${exam.learners} learners on this exam.`;
}

/** Short form for a table cell: '72nd percentile' or 'Not yet (12 of 20 learners)'. */
export function percentileCell(exam: Pick<ExamFigures, 'percentile' | 'learners'>): string {
  if (exam.percentile === null) return `Not yet (${exam.learners} of ${PEER_THRESHOLD} learners)`;
  return `${ordinal(exam.percentile)} percentile`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** The topics of one exam, weakest first (ties by name), for its bar chart and table. */
export function topicsOfExam(topics: readonly TopicFigures[], examId: string): TopicFigures[] {
  return topics
    .filter((topic) => topic.examId === examId)
    .sort((a, b) => a.percentCorrect - b.percentCorrect || a.topic.localeCompare(b.topic));
}

/**
 * A course's topics in one sentence: how many the learner has met and their share of right answers over
 * those ("2 of 5 topics practised · 64% correct"), or that none has been yet.
 */
export function courseTopicsSummary(
  topics: readonly Analytics['courses'][number]['topics'][number][],
): string {
  const met = topics.filter((topic) => topic.seen > 0);
  const noun = topics.length === 1 ? 'topic' : 'topics';
  if (met.length === 0) return `None of its ${topics.length} ${noun} practised yet.`;
  const seen = met.reduce((sum, topic) => sum + topic.seen, 0);
  const correct = met.reduce((sum, topic) => sum + topic.correct, 0);
  return `${met.length} of ${topics.length} ${noun} practised · ${Math.round((correct / seen) * 100)}% correct`;
}
