import { PEER_THRESHOLD, scorePercent, type Analytics, type MissTag, type ResultPeers } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findOwnResult } from '../attempts/attempts.repository.ts';
import { reviewDueCount } from '../reviews/reviews.service.ts';
import { ANALYTICS_MESSAGES } from './analytics.messages.ts';
import {
  examStats,
  examTrends,
  peerStats,
  rollUpQuestionStats,
  tagMiss,
  topicStats,
  topicTrends,
} from './analytics.repository.ts';

/*
 * Learning analytics (issue 19, decision 0035): read from summaries the submitting statement keeps, so a
 * learner with hundreds of results costs a few indexed reads. Peer figures are aggregates over learners and
 * appear only with at least PEER_THRESHOLD learners behind them.
 */

/** Points kept per exam and per topic trend line. */
const TREND_POINTS = 50;
/** A topic counts as weak below this share of right answers, once answered this often. */
const WEAK_BELOW = 70;
const WEAK_AFTER = 5;

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

function iso(at: Date | string): string {
  return new Date(at).toISOString();
}

/**
 * The share of the other learners on the exam whose average score is lower than the learner's, ties
 * counted half; null below the threshold (not enough learners to say anything without exposing them).
 */
export function percentileOf(learners: number, below: number, equal: number): number | null {
  if (learners < PEER_THRESHOLD) return null;
  const others = learners - 1;
  return Math.round(((below + (equal - 1) / 2) / others) * 100);
}

export async function analytics(ctx: AppContext, actor: Actor): Promise<Analytics> {
  const [exams, examPoints, topics, topicPoints, due] = await Promise.all([
    examStats(ctx.db, actor.id),
    examTrends(ctx.db, actor.id, TREND_POINTS),
    topicStats(ctx.db, actor.id),
    topicTrends(ctx.db, actor.id, TREND_POINTS),
    reviewDueCount(ctx, actor.id),
  ]);
  const titles = new Map(exams.map((row) => [row.exam_id, row.title ?? 'Deleted exam']));
  const examsOut: Analytics['exams'] = exams.map((row) => ({
    examId: row.exam_id,
    title: row.title ?? 'Deleted exam',
    sittings: Number(row.results),
    questionsSeen: Number(row.questions),
    answered: Number(row.answered),
    correct: Number(row.correct),
    percentCorrect: percent(Number(row.correct), Number(row.questions)),
    secondsPerQuestion:
      Number(row.questions) > 0 ? Math.round(Number(row.seconds) / Number(row.questions)) : 0,
    averageScore: Number(row.avg_score),
    percentile: percentileOf(Number(row.learners), Number(row.below), Number(row.equal)),
    learners: Number(row.learners),
    trend: examPoints
      .filter((point) => point.exam_id === row.exam_id)
      .map((point) => ({ at: iso(point.completed_at), score: Number(point.score) })),
  }));
  const topicsOut: Analytics['topics'] = topics.map((row) => ({
    examId: row.exam_id,
    examTitle: row.title ?? titles.get(row.exam_id) ?? 'Deleted exam',
    topic: row.topic,
    seen: Number(row.seen),
    answered: Number(row.answered),
    correct: Number(row.correct),
    percentCorrect: percent(Number(row.correct), Number(row.seen)),
    trend: topicPoints
      .filter((point) => point.exam_id === row.exam_id && point.topic === row.topic)
      .map((point) => ({
        at: iso(point.completed_at),
        score: scorePercent(Number(point.correct), Number(point.total)),
      })),
  }));
  return {
    exams: examsOut,
    topics: topicsOut,
    review: { due },
    nextStep: nextStep(due, topicsOut, examsOut.length),
  };
}

/** The 'Next step' card: due reviews first, then the weakest topics, then more practice. */
export function nextStep(due: number, topics: Analytics['topics'], examCount: number): Analytics['nextStep'] {
  if (due > 0) {
    return {
      kind: 'review',
      title: `Review ${due} question${due === 1 ? '' : 's'} due`,
      text: 'They are the questions you are most likely to forget now. Reviewing them takes a few minutes.',
      topics: [],
    };
  }
  const weak = topics
    .filter((topic) => topic.seen >= WEAK_AFTER && topic.percentCorrect < WEAK_BELOW)
    .sort((a, b) => a.percentCorrect - b.percentCorrect || a.topic.localeCompare(b.topic))
    .slice(0, 3);
  if (weak.length > 0) {
    return {
      kind: 'weak-areas',
      title: 'Improve your weak areas',
      text: `Practise the questions you missed or flagged in ${weak.map((t) => t.topic).join(', ')}.`,
      topics: weak.map((t) => t.topic),
    };
  }
  if (examCount > 0) {
    return {
      kind: 'practice',
      title: 'Try questions you have not seen',
      text: 'Build a practice set of unused questions from your exams.',
      topics: [],
    };
  }
  return {
    kind: 'start',
    title: 'Take your first exam',
    text: 'Your analytics fill in as you answer questions.',
    topics: [],
  };
}

/** How other learners answered a result's questions (aggregates only, PEER_THRESHOLD learners at least). */
export async function resultPeers(ctx: AppContext, actor: Actor, resultId: string): Promise<ResultPeers> {
  const result = isUuid(resultId) ? await findOwnResult(ctx.db, actor.id, resultId) : undefined;
  if (!result) throw new NotFoundError(ANALYTICS_MESSAGES.resultNotFound);
  const stats = new Map(
    (await peerStats(ctx.db, result.questions.map((q) => q.questionId).filter(isUuid))).map((row) => [
      row.questionId,
      row,
    ]),
  );
  return {
    questions: result.questions.map((q) => {
      const row = stats.get(q.questionId);
      if (!row || row.answered < PEER_THRESHOLD)
        return { questionId: q.questionId, answered: 0, percentCorrect: null, choices: null };
      return {
        questionId: q.questionId,
        answered: row.answered,
        percentCorrect: percent(row.correct, row.answered),
        // The stored options' order; a choice edited since keeps its position's count.
        choices: q.choices.map((choice, index) => ({
          choice,
          percent: percent(row.choices[index] ?? 0, row.answered),
        })),
      };
    }),
  };
}

export async function tagMissedQuestion(
  ctx: AppContext,
  actor: Actor,
  resultId: string,
  questionId: string,
  tag: MissTag | null,
): Promise<{ questionId: string; tag: MissTag | null }> {
  if (!(await tagMiss(ctx.db, actor.id, resultId, questionId, tag)))
    throw new NotFoundError(ANALYTICS_MESSAGES.notMissed);
  return { questionId, tag };
}

/** The job that keeps peer figures up to date (every minute, a batch at a time until caught up). */
export async function rollUpPeers(ctx: AppContext, batch = 5000): Promise<number> {
  let taken = 0;
  for (let round = 0; round < 20; round += 1) {
    const n = await rollUpQuestionStats(ctx.db, batch);
    taken += n;
    if (n < batch) break;
  }
  return taken;
}
