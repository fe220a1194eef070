import type { ExamPublic, PublishedExamsResponse } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { findOr404 } from '../../lib/errors.ts';
import { pageCount } from '../../lib/paging.ts';
import { toExamPublic } from './exams.dto.ts';
import { EXAM_NOT_FOUND } from './exams.messages.ts';
import type { Executor } from '../../db/client.ts';
import {
  examsOfLearner,
  pagePublishedExams,
  publishedCategories,
  type ExamRow,
  type PublicExamRow,
} from './exams.repository.ts';
import * as examsRepository from './exams.repository.ts';

export type { PublicExamRow } from './exams.repository.ts';

/**
 * The catalogue (spec §2 Exams): published exams, newest first, searchable, by category (decision 0057),
 * paged, with the categories that have published exams for its chips.
 */
export async function listPublished(
  ctx: AppContext,
  query: { page: number; limit: number; search: string; category: string },
): Promise<PublishedExamsResponse> {
  const { page, limit, search, category } = query;
  const [{ rows, total }, categories] = await Promise.all([
    pagePublishedExams(ctx.db, ctx.caches.catalogue, {
      search,
      category,
      limit,
      offset: (page - 1) * limit,
    }),
    publishedCategories(ctx.db, ctx.caches.catalogue),
  ]);
  return {
    exams: rows.map(toExamPublic),
    page,
    pages: pageCount(total, limit),
    totalExams: total,
    categories,
  };
}

/** Published exams the learner holds an active subscription to. */
export async function learnerExams(ctx: AppContext, actor: Actor): Promise<ExamPublic[]> {
  return (await examsOfLearner(ctx.db, actor.id)).map(toExamPublic);
}

/** One published exam's public fields; anything else is 'Exam not found'. */
export async function publishedExam(ctx: AppContext, id: string): Promise<ExamPublic> {
  const exam = await findOr404(id, () => findPublishedExam(ctx.db, id), EXAM_NOT_FOUND);
  return toExamPublic(exam);
}

/*
 * What payments and subscriptions read of an exam (decision 0051: the exams repository is this module's
 * own). Each takes the executor first, so a caller's transaction passes through.
 */

/** A published exam as the catalogue shows it (undefined when unpublished or unknown). */
export function findPublishedExam(db: Executor, id: string): Promise<PublicExamRow | undefined> {
  return examsRepository.findPublishedExam(db, id);
}

/** Any exam, published or not (a refund or a receipt names it). */
export function findExam(db: Executor, id: string): Promise<ExamRow | undefined> {
  return examsRepository.findExam(db, id);
}

export type { ExamSummary } from './exams.repository.ts';

/**
 * The wanted topics as the exam spells them (matched ignoring case), each once; or the first one the exam
 * does not have. What a practice set drawn from the exam may name (courses' units, cohorts' assignments).
 */
export function topicsAsSpelled(
  known: string[],
  wanted: string[],
): { topics: string[] } | { unknown: string } {
  const topics: string[] = [];
  for (const topic of wanted) {
    const match = known.find((candidate) => candidate.toLowerCase() === topic.toLowerCase());
    if (match === undefined) return { unknown: topic };
    if (!topics.includes(match)) topics.push(match);
  }
  return { topics };
}

/** How many approved questions each exam has in the given topics (all when none): courses' practice units. */
export function approvedQuestionCounts(
  db: Executor,
  draws: Array<{ examId: string; topics: string[] }>,
): Promise<number[]> {
  return examsRepository.approvedQuestionCounts(db, draws);
}

/** The title, price, status, topics and modes of these exams, published or not (courses' units). */
export function examSummaries(db: Executor, ids: string[]): Promise<examsRepository.ExamSummary[]> {
  return examsRepository.examSummaries(db, ids);
}
