import {
  COURSE_ANALYTICS_LIMIT,
  PEER_THRESHOLD,
  scorePercent,
  type Analytics,
  type MissTag,
  type ResultPeers,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { applyResultNow } from '../attempts/attempts.service.ts';
import { reviewDueCount } from '../reviews/reviews.service.ts';
import { ANALYTICS_MESSAGES } from './analytics.messages.ts';
import {
  courseTopicRows,
  moveTopicStats,
  pendingResultCount,
  examStats,
  resultPeerRows,
  rollUpQuestionStats,
  tagMiss,
  topicStats,
  type CourseTopicRow,
} from './analytics.repository.ts';

/*
 * Learning analytics (decision 0035): read from summaries the submitting statement keeps, so a
 * learner with hundreds of results costs a few indexed reads. Peer figures are aggregates over learners and
 * appear only with at least PEER_THRESHOLD learners behind them.
 */

/** A topic counts as weak below this share of right answers, once answered this often. */
const WEAK_BELOW = 70;
const WEAK_AFTER = 5;

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
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
  const [exams, topics, due, courseTopics, pendingResults] = await Promise.all([
    examStats(ctx.db, actor.id),
    topicStats(ctx.db, actor.id),
    reviewDueCount(ctx, actor.id),
    courseTopicRows(ctx.db, actor.id, COURSE_ANALYTICS_LIMIT),
    pendingResultCount(ctx.db, actor.id),
  ]);
  const titles = new Map(exams.map((row) => [row.examId, row.title ?? 'Deleted exam']));
  const examsOut: Analytics['exams'] = exams.map((row) => ({
    examId: row.examId,
    title: row.title ?? 'Deleted exam',
    sittings: Number(row.results),
    questionsSeen: Number(row.questions),
    answered: Number(row.answered),
    correct: Number(row.correct),
    percentCorrect: percent(Number(row.correct), Number(row.questions)),
    secondsPerQuestion:
      Number(row.questions) > 0 ? Math.round(Number(row.seconds) / Number(row.questions)) : 0,
    averageScore: Number(row.avgScore),
    percentile: percentileOf(Number(row.learners), Number(row.below), Number(row.equal)),
    learners: Number(row.learners),
    trend: { at: row.trend.map((point) => point[0]), score: row.trend.map((point) => point[1]) },
  }));
  const topicsOut: Analytics['topics'] = topics.map((row) => ({
    examId: row.examId,
    examTitle: row.title ?? titles.get(row.examId) ?? 'Deleted exam',
    topic: row.topic,
    seen: Number(row.seen),
    answered: Number(row.answered),
    correct: Number(row.correct),
    percentCorrect: percent(Number(row.correct), Number(row.seen)),
    trend: {
      at: row.trend.map((point) => point[0]),
      score: row.trend.map(([, correct, total]) => scorePercent(correct, total)),
    },
  }));
  return {
    exams: examsOut,
    topics: topicsOut,
    courses: coursesOf(courseTopics),
    review: { due },
    pendingResults,
    nextStep: nextStep(due, topicsOut, examsOut.length),
  };
}

/** Course topic rows (ordered by course) grouped into the analytics' courses. */
export function coursesOf(rows: readonly CourseTopicRow[]): Analytics['courses'] {
  const out: Analytics['courses'] = [];
  for (const row of rows) {
    let course = out.at(-1);
    if (course?.courseId !== row.courseId) {
      course = { courseId: row.courseId, title: row.courseTitle, topics: [] };
      out.push(course);
    }
    const seen = Number(row.seen ?? 0);
    course.topics.push({
      examId: row.examId,
      examTitle: row.examTitle,
      topic: row.topic,
      seen,
      answered: Number(row.answered ?? 0),
      correct: Number(row.correct ?? 0),
      percentCorrect: seen > 0 ? percent(Number(row.correct ?? 0), seen) : null,
    });
  }
  return out;
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
  const rows = isUuid(resultId) ? await resultPeerRows(ctx.db, actor.id, resultId) : [];
  if (rows.length === 0) throw new NotFoundError(ANALYTICS_MESSAGES.resultNotFound);
  const questions: ResultPeers['questions'] = [];
  for (const row of rows) {
    // A result without questions comes back as one row without a question.
    if (row.questionId === null) continue;
    const answered = row.answered ?? 0;
    if (answered < PEER_THRESHOLD) {
      questions.push({ questionId: row.questionId, answered: 0, percentCorrect: null, choices: null });
      continue;
    }
    const counts = row.counts ?? [];
    questions.push({
      questionId: row.questionId,
      answered,
      percentCorrect: percent(row.correct ?? 0, answered),
      // The stored options' order; a choice edited since keeps its position's count.
      choices: (row.choices ?? []).map((choice, index) => ({
        choice,
        percent: percent(counts[index] ?? 0, answered),
      })),
    });
  }
  return { questions };
}

export async function tagMissedQuestion(
  ctx: AppContext,
  actor: Actor,
  resultId: string,
  questionId: string,
  tag: MissTag | null,
): Promise<{ questionId: string; tag: MissTag | null }> {
  // A result submitted moments ago may not have its per-question rows yet (decision 0075): applied now,
  // the tag finds its row.
  const tagged =
    (await tagMiss(ctx.db, actor.id, resultId, questionId, tag)) ||
    ((await applyResultNow(ctx, actor.id, resultId)) &&
      (await tagMiss(ctx.db, actor.id, resultId, questionId, tag)));
  if (!tagged) throw new NotFoundError(ANALYTICS_MESSAGES.notMissed);
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

/** A topic renamed, merged or removed on an exam (decision 0050): learners' topic figures follow it. */
export function carryTopicStats(db: Executor, examId: string, from: string[], to: string): Promise<void> {
  return moveTopicStats(db, examId, from, to);
}
