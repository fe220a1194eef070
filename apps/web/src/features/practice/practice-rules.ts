import { PRACTICE_SIZE, type PracticeOptions } from '@mlp/contract';
import { labelledChoices } from '../../lib/choices.ts';

/** The sources a learner picks from in the builder (the review tags belong to spaced review). */
export const BUILDER_SOURCES = labelledChoices({
  unused: 'Unused',
  wrong: 'Answered wrongly before',
  omitted: 'Omitted',
  flagged: 'Flagged',
  all: 'All questions',
});
export type BuilderSource = (typeof BUILDER_SOURCES.values)[number];

type Counts = Record<BuilderSource | 'total', number>;

function countOf(
  counts: { total: number; unused: number; wrong: number; omitted: number; flagged: number },
  source: BuilderSource,
) {
  return source === 'all' ? counts.total : counts[source];
}

/** The topics of the chosen exams, each once, with their question counts summed, A–Z. */
export function topicsOf(
  options: PracticeOptions,
  examIds: readonly string[],
): Array<{ topic: string } & Counts> {
  const byTopic = new Map<string, Counts>();
  for (const exam of options.exams) {
    if (!examIds.includes(exam._id)) continue;
    for (const row of exam.topics) {
      const sum = byTopic.get(row.topic) ?? {
        total: 0,
        unused: 0,
        wrong: 0,
        omitted: 0,
        flagged: 0,
        all: 0,
      };
      sum.total += row.total;
      sum.all += row.total;
      sum.unused += row.unused;
      sum.wrong += row.wrong;
      sum.omitted += row.omitted;
      sum.flagged += row.flagged;
      byTopic.set(row.topic, sum);
    }
  }
  return [...byTopic]
    .map(([topic, counts]) => ({ topic, ...counts }))
    .sort((a, b) => a.topic.localeCompare(b.topic));
}

/** How many questions match: the chosen exams, the chosen topics (none chosen: all) and the source. */
export function poolSize(
  options: PracticeOptions,
  examIds: readonly string[],
  topics: readonly string[],
  source: BuilderSource,
): number {
  return options.exams
    .filter((exam) => examIds.includes(exam._id))
    .flatMap((exam) => exam.topics)
    .filter((row) => topics.length === 0 || topics.includes(row.topic))
    .reduce((total, row) => total + countOf(row, source), 0);
}

/** The sizes a set may have for this pool: 5 to the pool's size, at most 100 (null when under 5). */
export function sizeRange(pool: number): { min: number; max: number } | null {
  const max = Math.min(pool, PRACTICE_SIZE.max);
  return max < PRACTICE_SIZE.min ? null : { min: PRACTICE_SIZE.min, max };
}

/** The size kept in range as the pool changes (the default 20 when nothing is typed). */
export function clampSize(size: number | null, pool: number): number {
  const range = sizeRange(pool);
  if (!range) return PRACTICE_SIZE.min;
  const wanted = size ?? PRACTICE_SIZE.default;
  return Math.min(Math.max(wanted, range.min), range.max);
}

/** What is wrong with a typed size, in the server's words, or null. */
export function sizeError(text: string, pool: number): string | null {
  const range = sizeRange(pool);
  if (!range) return null;
  if (!/^\d+$/.test(text.trim())) return 'Size must be a whole number';
  const size = Number(text);
  if (size < range.min || size > range.max) return `Choose ${range.min} to ${range.max} questions`;
  return null;
}
