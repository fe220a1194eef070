import {
  PRACTICE_SIZE,
  type Attempt,
  type CreatePracticeSetBodySchema,
  type ExamResult,
  type PracticeOptions,
  type StartReviewSessionBodySchema,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  attemptOutcomes,
  deadlineFor,
  extraTimeOf,
  findOpenPracticeSet,
  findOwnAttempt,
  insertOpenAttempt,
  submitAttempt,
  toAttempt,
  touchAttempt,
} from '../attempts/attempts.service.ts';
import {
  assignmentSittings,
  linkAssignmentSitting,
  memberPracticeAssignment,
} from '../cohorts/cohorts.service.ts';
import { activeSubscriptionExamIds, subscribeFree } from '../subscriptions/subscriptions.service.ts';
import { PRACTICE_MESSAGES } from './practice.messages.ts';
import { dueForSession } from '../reviews/reviews.service.ts';
import {
  retopicLearnerQuestions,
  drawQuestions,
  practiceContext,
  practiceCounts,
  weakestTopics,
  type DrawSource,
} from './practice.repository.ts';

/*
 * Custom practice sets (decision 0031): questions drawn from the exams a learner subscribes to, by exam,
 * topic and what they did with them before, sat in any mode and scored like an exam (kind 'practice').
 */

const SOURCE_WORDS: Record<DrawSource, string> = {
  all: 'all questions',
  unused: 'unused questions',
  wrong: 'answered wrongly before',
  omitted: 'omitted before',
  flagged: 'flagged questions',
  'wrong-or-flagged': 'improve weak areas',
  'tag:didnt-know': "tagged didn't know",
  'tag:misread': 'tagged misread',
  'tag:reasoning-slip': 'tagged reasoning slip',
  'tag:ran-out-of-time': 'tagged ran out of time',
};

export async function practiceOptions(ctx: AppContext, actor: Actor): Promise<PracticeOptions> {
  const { exams } = await practiceContext(ctx.db, actor.id, ctx.clock.now());
  const counts = await practiceCounts(
    ctx.db,
    actor.id,
    exams.map((exam) => exam.id),
  );
  return {
    exams: exams.map((exam) => {
      const topics = counts.filter((row) => row.examId === exam.id);
      const sum = (key: 'total' | 'unused' | 'wrong' | 'omitted' | 'flagged') =>
        topics.reduce((total, row) => total + row[key], 0);
      return {
        _id: exam.id,
        title: exam.title,
        total: sum('total'),
        unused: sum('unused'),
        wrong: sum('wrong'),
        omitted: sum('omitted'),
        flagged: sum('flagged'),
        topics: topics.map(({ topic, total, unused, wrong, omitted, flagged }) => ({
          topic,
          total,
          unused,
          wrong,
          omitted,
          flagged,
        })),
      };
    }),
  };
}

/** Builds a practice set and starts it. */
export async function createPracticeSet(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof CreatePracticeSetBodySchema>,
): Promise<Attempt> {
  const now = ctx.clock.now();
  const weakAreas = body.preset === 'weak-areas';
  const requested = body.examIds ? [...new Set(body.examIds)] : null;
  // Unless the draw needs the learner's weakest topics first, it comes with the context (one round trip).
  const {
    exams: subscribed,
    open,
    certaintyEnabled,
    drawn,
  } = await practiceContext(
    ctx.db,
    actor.id,
    now,
    weakAreas
      ? undefined
      : { examIds: requested, topics: body.topics ?? [], source: body.source, size: body.size },
  );
  if (subscribed.length === 0) throw new ConflictError(PRACTICE_MESSAGES.noSubscriptions);
  const chosen = (requested ?? subscribed.map((exam) => exam.id)).map((id) =>
    subscribed.find((exam) => exam.id === id),
  );
  if (chosen.some((exam) => exam === undefined)) throw new ForbiddenError(PRACTICE_MESSAGES.notSubscribed);
  const exams = chosen.filter((exam) => exam !== undefined);
  if (exams.some((exam) => !exam.modes.includes(body.mode)))
    throw new BadRequestError(PRACTICE_MESSAGES.modeNotAllowed);
  // Several sets may be open at once (decision 0063); the latest untouched one is replaced (decision 0047).

  const examIds = exams.map((exam) => exam.id);
  let topics = body.topics ?? [];
  let source: DrawSource = body.source;
  let questions = drawn;
  if (weakAreas) {
    topics = await weakestTopics(ctx.db, actor.id, examIds, 3);
    if (topics.length === 0) throw new ConflictError(PRACTICE_MESSAGES.noWeakAreas);
    source = 'wrong-or-flagged';
    questions = await drawQuestions(ctx.db, { userId: actor.id, examIds, topics, source, size: body.size });
  }
  const matching = questions.length;
  if (matching < PRACTICE_SIZE.min) throw new ConflictError(PRACTICE_MESSAGES.tooFew(matching));
  // A preset takes what there is (up to the size asked); a learner's own choice must fit.
  if (matching < body.size && !body.preset)
    throw new ConflictError(PRACTICE_MESSAGES.fewerThanAsked(matching));

  const ids = questions.map((question) => question.id);
  const secondsPerQuestion = Math.round(
    exams.reduce((total, exam) => total + exam.secondsPerQuestion, 0) / exams.length,
  );
  const title = `Practice set: ${ids.length} questions (${SOURCE_WORDS[source]}${topics.length > 0 ? `; ${topics.join(', ')}` : ''})`;
  const attempt =
    (await insertOpenAttempt(
      ctx.db,
      {
        userId: actor.id,
        examId: null,
        kind: 'practice',
        title: title.slice(0, 300),
        practice: { examIds, topics, source: body.source, preset: body.preset ?? null },
        questionIds: ids,
        mode: body.mode,
        deadlineAt: deadlineFor(
          body.mode,
          ids.length,
          secondsPerQuestion,
          now,
          await extraTimeOf(ctx, actor.id, body.mode, examIds),
        ),
      },
      open?.id,
    )) ?? undefined;
  if (!attempt) throw new ConflictError(PRACTICE_MESSAGES.notStarted);
  return toAttempt(ctx, attempt, attempt.title ?? title, { questions, certaintyEnabled });
}

/**
 * A cohort's practice-set assignment (decision 0079): resumes the open set the member started from it, or
 * builds one with the assignment's draw and links it, as a course's practice unit does (decision 0053). A
 * paid exam needs the member's subscription (403 naming the exam; an assignment gives no access); a free
 * exam's subscription is taken out on the way. Another cohort's assignment, or none, is 404.
 */
export async function startAssignedSet(
  ctx: AppContext,
  actor: Actor,
  assignmentId: string,
): Promise<Attempt> {
  const assignment = await memberPracticeAssignment(ctx, actor.id, assignmentId);
  const { exam, practice } = assignment;
  const subscribed =
    (await activeSubscriptionExamIds(ctx.db, actor.id, [exam.id], ctx.clock.now())).length > 0;
  if (!subscribed) {
    if (exam.pricePence > 0) throw new ForbiddenError(PRACTICE_MESSAGES.assignedLocked(exam.title));
    await subscribeFree(ctx, actor, exam);
  }
  const linked = await assignmentSittings(ctx, actor.id, assignment.id);
  const open = (await attemptOutcomes(ctx.db, actor.id, linked)).find((outcome) => !outcome.submittedAt);
  if (open) return resumePracticeSet(ctx, actor, open.attemptId);
  const attempt = await createPracticeSet(ctx, actor, {
    examIds: [exam.id],
    topics: practice.topics,
    source: 'all',
    size: practice.size,
    mode: practice.mode,
  });
  // The practice set is written through its own statements (no executor to share), so the link follows
  // just after: if this failed, the set would be an ordinary practice set and the assignment not started.
  await linkAssignmentSitting(ctx, { attemptId: attempt._id, assignmentId: assignment.id, userId: actor.id });
  return attempt;
}

async function ownPracticeSet(ctx: AppContext, actor: Actor, id: string) {
  const attempt = isUuid(id) ? await findOwnAttempt(ctx.db, actor.id, id) : undefined;
  if (!attempt || attempt.kind !== 'practice') throw new NotFoundError(PRACTICE_MESSAGES.notFound);
  return attempt;
}

/** Resumes the learner's open practice set (a sign of life, like resuming an exam). */
export async function resumePracticeSet(ctx: AppContext, actor: Actor, id: string): Promise<Attempt> {
  const attempt = await ownPracticeSet(ctx, actor, id);
  if (attempt.submittedAt) throw new NotFoundError(PRACTICE_MESSAGES.notFound);
  const touched = (await touchAttempt(ctx.db, actor.id, attempt.id)) ?? attempt;
  return toAttempt(ctx, touched, touched.title ?? 'Practice set');
}

/** Submits a practice set once; a repeat answers with the first result. */
export async function submitPracticeSet(
  ctx: AppContext,
  actor: Actor,
  id: string,
  answers: Record<string, string>,
): Promise<{ result: ExamResult; created: boolean }> {
  const attempt = await ownPracticeSet(ctx, actor, id);
  return submitAttempt(ctx, actor.id, attempt, answers, attempt.title ?? 'Practice set');
}

/**
 * 'Review due' (decision 0035): a tutor-mode practice set of the learner's cards due now, soonest first, at
 * most a day's worth and what today's limit leaves; or, studying ahead, the cards due within the next days
 * (decision 0060). Each answer reschedules its card as it is given, with its real time.
 */
export async function startReviewSession(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof StartReviewSessionBodySchema>,
): Promise<Attempt> {
  // Several sets may be open at once (decision 0063); the latest untouched one is replaced (decision 0047).
  const open = await findOpenPracticeSet(ctx.db, actor.id);
  const aheadDays = body?.aheadDays;
  const ids = await dueForSession(ctx, actor.id, {
    aheadDays,
    beyondLimit: body?.beyondLimit,
    timeZone: body?.timeZone ?? 'UTC',
  });
  const questions = `${ids.length} question${ids.length === 1 ? '' : 's'}`;
  const title =
    aheadDays === undefined
      ? `Review: ${questions} due`
      : `Review ahead: ${questions} due within ${aheadDays === 1 ? 'a day' : `${aheadDays} days`}`;
  const attempt = await insertOpenAttempt(
    ctx.db,
    {
      userId: actor.id,
      examId: null,
      kind: 'practice',
      title,
      practice: { examIds: [], topics: [], source: 'review', preset: null },
      questionIds: ids,
      mode: 'tutor',
      deadlineAt: null,
    },
    open?.id,
  );
  if (!attempt) throw new ConflictError(PRACTICE_MESSAGES.notStarted);
  return toAttempt(ctx, attempt, title);
}

/** A topic renamed, merged or removed on an exam (decision 0050): learners' standing follows it. */
export function carryLearnerTopics(db: Executor, questionIds: string[], topic: string): Promise<void> {
  return retopicLearnerQuestions(db, questionIds, topic);
}
