import {
  ITEM_FLAGS,
  ITEM_MIN_ATTEMPTS,
  type ItemAnalysis,
  type ItemAnalysisQuerySchema,
  type ItemStatistics,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { findOr404, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Executor } from '../../db/client.ts';
import {
  analysisInputs,
  countSittings,
  examExists,
  forgetQuestion,
  resetExam,
  selectionInputs,
  wasAnswered,
  type SittingSelection,
} from './item-analysis.repository.ts';
import { examFigures, itemFigures, medianOf, type ExamSums } from './item-statistics.ts';

/** Item analysis (decision 0036). */

export const ITEM_ANALYSIS_MESSAGES = {
  notFound: 'Exam not found',
  recalculating: 'Item analysis will be recalculated from all submitted sittings within a minute or two.',
} as const;

type Query = z.output<typeof ItemAnalysisQuerySchema>;

async function loadExamId(ctx: AppContext, id: string): Promise<string> {
  if (!isUuid(id) || !(await examExists(ctx.db, id)))
    throw new NotFoundError(ITEM_ANALYSIS_MESSAGES.notFound);
  return id;
}

/** Worst first: the first flag's rank in ITEM_FLAGS, unflagged last. */
const flagRank = (item: ItemStatistics) =>
  item.flags.length === 0 ? ITEM_FLAGS.length : ITEM_FLAGS.indexOf(item.flags[0] ?? ITEM_FLAGS[0]);

const nullsLast = (value: number | null) => (value === null ? Number.POSITIVE_INFINITY : value);

const SORTS: Record<Query['sort'], (a: ItemStatistics, b: ItemStatistics) => number> = {
  order: (a, b) => a.number - b.number,
  facility: (a, b) => nullsLast(a.facility) - nullsLast(b.facility),
  discrimination: (a, b) => nullsLast(a.discrimination) - nullsLast(b.discrimination),
  attempts: (a, b) => b.attempts - a.attempts,
  flags: (a, b) => flagRank(a) - flagRank(b) || a.number - b.number,
};

function sourceSummary(items: ItemStatistics[]) {
  const analysed = items.filter((item) => item.attempts >= ITEM_MIN_ATTEMPTS && item.facility !== null);
  const mean = (values: number[]) =>
    values.length === 0
      ? null
      : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;
  return {
    questions: items.length,
    analysed: analysed.length,
    meanFacility: mean(analysed.map((item) => item.facility ?? 0)),
    meanDiscrimination: mean(
      analysed.flatMap((item) => (item.discrimination === null ? [] : [item.discrimination])),
    ),
    flagged: items.filter((item) => item.flags.length > 0).length,
  };
}

/** What a report is made of: the kept sums (`analysisInputs`) or a selection's (`selectionInputs`). */
type Inputs = Omit<NonNullable<Awaited<ReturnType<typeof analysisInputs>>>, 'sums'> & {
  sums: (ExamSums & { updatedAt: Date }) | null;
};

/** The report from its inputs (the kept sums, or a selection's computed on the spot). */
function reportOf(inputs: Inputs, query: Query): ItemAnalysis {
  const { questions: questionRows, bands, sums, bins, pending } = inputs;
  const items: ItemStatistics[] = questionRows.map((question, index) => ({
    questionId: question.id,
    number: index + 1,
    question: question.question,
    topic: question.topic,
    isAIGenerated: question.isAiGenerated,
    approvalStatus: question.approvalStatus,
    ...itemFigures(bands.get(question.id) ?? [], question),
    countedSince: question.statsSince?.toISOString() ?? null,
  }));
  const perItem = [...bands.values()].map((list) => ({
    n: list.reduce((sum, band) => sum + band.n, 0),
    correct: list.reduce((sum, band) => sum + band.correct, 0),
  }));
  const chosen = items
    .filter((item) => (query.source === 'all' ? true : item.isAIGenerated === (query.source === 'ai')))
    .filter((item) => !query.flaggedOnly || item.flags.length > 0)
    .sort(SORTS[query.sort]);
  const start = (query.page - 1) * query.pageSize;
  return {
    exam: {
      ...examFigures(sums, medianOf(bins), perItem),
      pending,
      updatedAt: sums?.updatedAt.toISOString() ?? null,
    },
    bySource: {
      ai: sourceSummary(items.filter((item) => item.isAIGenerated)),
      manual: sourceSummary(items.filter((item) => !item.isAIGenerated)),
    },
    items: chosen.slice(start, start + query.pageSize),
    total: chosen.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function read(ctx: AppContext, id: string, query: Query): Promise<ItemAnalysis> {
  const inputs = await findOr404(id, () => analysisInputs(ctx.db, id), ITEM_ANALYSIS_MESSAGES.notFound);
  return reportOf(inputs, query);
}

/**
 * The item analysis of one selection of an exam's sittings alone (a mock's, decision 0077; a cohort's
 * members' since an assignment, decision 0079), computed when asked: every question they were served, in the bank's order, worst flags included, unpaged.
 */
export async function readSelection(
  ctx: AppContext,
  examId: string,
  selection: SittingSelection,
): Promise<ItemAnalysis> {
  const inputs = await selectionInputs(ctx.db, examId, selection);
  const report = reportOf(inputs, {
    source: 'all',
    flaggedOnly: false,
    sort: 'order',
    page: 1,
    pageSize: Math.max(1, inputs.questions.length),
  });
  return report;
}

/** Starts the exam's item analysis over (after a key was corrected, or results were deleted). */
export async function recalculate(ctx: AppContext, id: string): Promise<void> {
  const examId = await loadExamId(ctx, id);
  await ctx.db.transaction((tx) => resetExam(tx, examId));
}

/** The job: counts new sittings in batches until none is left (or 20 batches have run). */
export async function countNewSittings(ctx: AppContext, batch = 500): Promise<number> {
  let taken = 0;
  for (let round = 0; round < 20; round += 1) {
    const n = await countSittings(ctx.db, batch);
    taken += n;
    if (n < batch) break;
  }
  return taken;
}

/**
 * A question's key or options changed (decision 0050): its figures so far describe another question, so
 * they go, and the count starts again from the sittings completed from now (questions.item_stats_since).
 * In the caller's transaction.
 */
export async function forgetQuestionItems(db: Executor, questionId: string): Promise<void> {
  await forgetQuestion(db, questionId);
}

/** Whether any sitting has answered the question (so a change of its key restarts its figures). */
export function questionWasAnswered(db: Executor, questionId: string): Promise<boolean> {
  return wasAnswered(db, questionId);
}
