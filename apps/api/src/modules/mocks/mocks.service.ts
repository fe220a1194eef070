import {
  MOCK_LIMITS,
  type AdminMock,
  type Attempt,
  type Answers,
  type LearnerMock,
  type ItemAnalysis,
  type MockBodySchema,
  type MockLive,
  type MockOutcome,
  type MockStanding,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, findOr404, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { readCacheOf } from '../../lib/read-cache.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit, type AuditRecord } from '../audit/audit.service.ts';
import { extraTimeFor } from '../cohorts/cohorts.service.ts';
import { readSelection } from '../item-analysis/item-analysis.service.ts';
import { appLink } from '../users/users.service.ts';
import { enqueueMails } from '../../lib/mail/outbox.repository.ts';
import { formatMailTime, mockReminderMail } from '../../lib/mail/templates.ts';
import {
  examForSitting,
  findMockAttempt,
  mockResult,
  openMockSitting,
  resumeMockSitting,
  submitMockSitting,
} from '../attempts/attempts.service.ts';
import { MOCK_MESSAGES } from './mocks.messages.ts';
import {
  cancelMock,
  findExam,
  findMock,
  insertMock,
  learnerMocks,
  listMocks,
  liveCounts,
  lockMockDueForReminder,
  lostSittings,
  markReminded,
  mockInvitees,
  releaseMockNow,
  sittingCount,
  type MockReminder,
  mockTopicTotals,
  standingOf,
  updateMock,
  type MockRow,
  type MockValues,
  type MockWithExam,
} from './mocks.repository.ts';

/*
 * Live mock exams (decision 0077): scheduling (administrators) and sitting, handing in and ranking
 * (learners). The sitting itself is the attempts module's timed sitting, with `mock_id`.
 */

type MockBody = z.output<typeof MockBodySchema>;

/** How long a learner still sees a closed mock they sat (its result). */
const SAT_MOCKS_SHOWN_DAYS = 30;

function stateOf(mock: MockRow, now: Date): AdminMock['state'] {
  if (mock.cancelledAt) return 'cancelled';
  if (now < mock.opensAt) return 'upcoming';
  if (now < mock.closesAt) return 'open';
  return 'closed';
}

function toAdminMock(mock: MockWithExam, sittings: number, now: Date): AdminMock {
  return {
    _id: mock.id,
    exam: { _id: mock.examId, title: mock.examTitle },
    title: mock.title,
    opensAt: mock.opensAt.toISOString(),
    closesAt: mock.closesAt.toISOString(),
    timeLimitMinutes: mock.timeLimitMinutes,
    lateStart: mock.lateStart,
    release: mock.release,
    releaseAt: mock.release === 'at' ? mock.resultsAt.toISOString() : null,
    resultsAt: mock.resultsAt.toISOString(),
    state: stateOf(mock, now),
    sittings,
  };
}

/** The stored values of a body: when results come out follows from the release rule. */
function valuesOf(body: MockBody): MockValues {
  const opensAt = new Date(body.opensAt);
  const closesAt = new Date(body.closesAt);
  const resultsAt =
    body.release === 'at' && body.releaseAt
      ? new Date(body.releaseAt)
      : body.release === 'immediately'
        ? opensAt
        : closesAt;
  return {
    examId: body.examId,
    title: body.title,
    opensAt,
    closesAt,
    timeLimitMinutes: body.timeLimitMinutes,
    lateStart: body.lateStart,
    release: body.release,
    resultsAt,
  };
}

/** 404 for an unknown exam, 409 for an unpublished one, 400 for a close in the past. */
async function checkSchedule(ctx: AppContext, values: MockValues): Promise<{ title: string }> {
  const exam = await findExam(ctx.db, values.examId);
  if (!exam) throw new NotFoundError(MOCK_MESSAGES.examNotFound);
  if (!exam.isActive) throw new ConflictError(MOCK_MESSAGES.examNotPublished);
  if (values.closesAt <= ctx.clock.now()) throw new BadRequestError(MOCK_MESSAGES.closesInPast);
  return exam;
}

/** What the activity log compares of a mock. */
function auditView(values: MockValues, examTitle: string): Record<string, unknown> {
  return {
    examTitle,
    title: values.title,
    opensAt: values.opensAt.toISOString(),
    closesAt: values.closesAt.toISOString(),
    timeLimitMinutes: values.timeLimitMinutes,
    lateStart: values.lateStart,
    release: values.release,
    releaseAt: values.release === 'at' ? values.resultsAt.toISOString() : null,
  };
}

/** The activity-log entry of a change to a mock, labelled with its title, with the change's `details`. */
function recordMockChange(
  db: AppContext['db'],
  actor: Actor,
  mock: { id: string; title: string },
  action: AuditRecord['action'],
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, actor, {
    action,
    entityType: 'mock',
    entityId: mock.id,
    details: { label: mock.title, ...details },
  });
}

export async function listForAdmin(ctx: AppContext): Promise<{ mocks: AdminMock[] }> {
  const now = ctx.clock.now();
  const rows = await listMocks(ctx.db);
  return { mocks: rows.map((row) => toAdminMock(row, row.sittings, now)) };
}

export async function create(ctx: AppContext, actor: Actor, body: MockBody): Promise<AdminMock> {
  const values = valuesOf(body);
  const exam = await checkSchedule(ctx, values);
  return ctx.db.transaction(async (tx) => {
    const row = await insertMock(tx, values);
    await recordMockChange(tx, actor, row, 'created', { examTitle: exam.title });
    return toAdminMock({ ...row, examTitle: exam.title }, 0, ctx.clock.now());
  });
}

/** An existing mock that may still change (not opened, not cancelled), locked in the transaction. */
async function changeableMock(tx: AppContext['db'], id: string, now: Date): Promise<MockWithExam> {
  const mock = await findOr404(id, () => findMock(tx, id, true), MOCK_MESSAGES.notFound);
  if (mock.cancelledAt) throw new ConflictError(MOCK_MESSAGES.alreadyCancelled);
  if (mock.opensAt <= now) throw new ConflictError(MOCK_MESSAGES.alreadyOpen);
  return mock;
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: MockBody): Promise<AdminMock> {
  const values = valuesOf(body);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const before = await changeableMock(tx, id, now);
    const exam = await checkSchedule({ ...ctx, db: tx }, values);
    const after = await updateMock(tx, before.id, values, now);
    if (!after) throw new ConflictError(MOCK_MESSAGES.alreadyOpen);
    await recordMockChange(tx, actor, after, 'updated', {
      changes: changedFields(auditView(before, before.examTitle), auditView(values, exam.title)),
    });
    return toAdminMock({ ...after, examTitle: exam.title }, 0, now);
  });
}

export async function cancel(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const mock = await changeableMock(tx, id, now);
    if (!(await cancelMock(tx, mock.id, now))) throw new ConflictError(MOCK_MESSAGES.alreadyOpen);
    await recordMockChange(tx, actor, mock, 'cancelled', { examTitle: mock.examTitle });
  });
}

/**
 * The live view of a mock (decision 0077): who may sit it, who started, who is sitting it now and how far
 * they are, whose page has gone silent, who handed in. Read once for every watcher of the same moment and
 * kept by this process for `READ_CACHE_MS` (decision 0077, addendum of 2026-12-08): the page refreshes
 * itself every 5 s, and `at` says when the figures were read.
 */
export async function live(ctx: AppContext, id: string): Promise<MockLive> {
  return readCacheOf<MockLive>(ctx.db, 'mock live views', ctx.config.readCacheMs).through(id, '', () =>
    readLive(ctx, id),
  );
}

async function readLive(ctx: AppContext, id: string): Promise<MockLive> {
  const mock = await findOr404(id, () => findMock(ctx.db, id), MOCK_MESSAGES.notFound);
  const now = ctx.clock.now();
  const [counts, lost] = await Promise.all([
    liveCounts(ctx.db, mock.id, mock.examId, now, MOCK_LIMITS.lostAfterSeconds),
    lostSittings(ctx.db, mock.id, MOCK_LIMITS.lostAfterSeconds, MOCK_LIMITS.lostListed),
  ]);
  return {
    mock: toAdminMock(mock, counts.started, now),
    at: now.toISOString(),
    subscribed: counts.subscribed,
    started: counts.started,
    inProgress: counts.inProgress,
    connectionLost: counts.connectionLost,
    submitted: counts.submitted,
    progress: Array.from({ length: MOCK_LIMITS.bands }, (_, band) => counts.bands[String(band)] ?? 0),
    lost: lost.map((sitting) => ({
      learner: { _id: sitting.userId, name: sitting.name, email: sitting.email },
      position: Math.min(sitting.currentIndex + 1, sitting.questions),
      questions: sitting.questions,
      lastHeardAt: sitting.lastActiveAt.toISOString(),
    })),
  };
}

/**
 * The item analysis of a mock's sittings alone (decision 0077), once it has closed: before, learners are
 * still sitting it. A cancelled mock has no sitting to speak of (409).
 */
export async function items(ctx: AppContext, id: string): Promise<ItemAnalysis> {
  const mock = await findOr404(id, () => findMock(ctx.db, id), MOCK_MESSAGES.notFound);
  if (mock.cancelledAt) throw new ConflictError(MOCK_MESSAGES.alreadyCancelled);
  if (ctx.clock.now() < mock.closesAt) throw new ConflictError(MOCK_MESSAGES.itemsWhenClosed);
  return readSelection(ctx, mock.examId, { mockId: mock.id });
}

/** How many learners' reminders are rendered and queued at a time. */
const REMINDER_PAGE = 1_000;

/**
 * The job's run (every minute): each mock whose reminder the day before, or the hour before, is due gets
 * one e-mail per learner who may sit it, queued in the outbox in the same transaction that marks the
 * reminder sent, so a crash sends it whole or not at all and a second run never sends it again
 * (decision 0077). A learner who subscribes after a reminder went out gets the next one. Returns the
 * number of mails queued.
 */
export async function sendMockReminders(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (const kind of ['hour', 'day'] as const satisfies MockReminder[]) {
    for (;;) {
      const sent = await sendOneReminder(ctx, kind);
      if (sent === undefined) break;
      queued += sent;
    }
  }
  if (queued > 0) ctx.outbox.nudge();
  return queued;
}

async function sendOneReminder(ctx: AppContext, kind: MockReminder): Promise<number | undefined> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const mock = await lockMockDueForReminder(tx, kind, now);
    if (!mock) return undefined;
    let count = 0;
    let afterId: string | null = null;
    for (;;) {
      const learners = await mockInvitees(tx, mock.examId, now, afterId, REMINDER_PAGE);
      await enqueueMails(
        tx,
        learners.map((learner) => ({
          userId: learner.id,
          mail: mockReminderMail({
            to: learner.email,
            name: learner.name,
            siteName: settings.siteName,
            url: appLink(ctx, '/dashboard'),
            mockTitle: mock.title,
            examTitle: mock.examTitle,
            opens: formatMailTime(mock.opensAt),
            closes: formatMailTime(mock.closesAt),
            timeLimitMinutes: mock.timeLimitMinutes,
            lateStart: mock.lateStart,
            soon: kind,
          }),
        })),
      );
      count += learners.length;
      if (learners.length < REMINDER_PAGE) break;
      afterId = learners[learners.length - 1]!.id;
    }
    await markReminded(tx, mock.id, kind, now);
    return count;
  });
}

/**
 * Releases a closed mock's results now, before the time set (decision 0077): 409 while it is open (some
 * are still sitting it, and answers would leak), once cancelled, or when results are already out. The
 * release job scores the sittings within a minute.
 */
export async function releaseNow(ctx: AppContext, actor: Actor, id: string): Promise<AdminMock> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const mock = await findOr404(id, () => findMock(tx, id, true), MOCK_MESSAGES.notFound);
    if (mock.cancelledAt) throw new ConflictError(MOCK_MESSAGES.alreadyCancelled);
    if (mock.closesAt > now) throw new ConflictError(MOCK_MESSAGES.notClosed);
    if (mock.resultsAt <= now) throw new ConflictError(MOCK_MESSAGES.alreadyReleased);
    const released = await releaseMockNow(tx, mock.id, now);
    if (!released) throw new ConflictError(MOCK_MESSAGES.alreadyReleased);
    await recordMockChange(tx, actor, mock, 'released', { examTitle: mock.examTitle });
    return toAdminMock({ ...released, examTitle: mock.examTitle }, await sittingCount(tx, mock.id), now);
  });
}

/* Learners. */

export async function listForLearner(ctx: AppContext, actor: Actor): Promise<{ mocks: LearnerMock[] }> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - SAT_MOCKS_SHOWN_DAYS * 86_400_000);
  const rows = await learnerMocks(ctx.db, actor.id, now, since);
  return {
    mocks: rows.map((row) => ({
      _id: row.id,
      examId: row.examId,
      examTitle: row.examTitle,
      title: row.title,
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      timeLimitMinutes: row.timeLimitMinutes,
      resultsAt: row.resultsAt.toISOString(),
      state: now < row.opensAt ? 'upcoming' : now < row.closesAt ? 'open' : 'closed',
      sitting: !row.hasSitting ? 'none' : row.submittedAt ? 'submitted' : 'in_progress',
      released: row.resultsAt <= now,
    })),
  };
}

/** A mock a learner may see: not cancelled, of an exam they may take (404 / 403 as the exam's start says). */
async function mockForLearner(ctx: AppContext, actor: Actor, id: string) {
  const mock = isUuid(id) ? await findMock(ctx.db, id) : undefined;
  if (!mock || mock.cancelledAt) throw new NotFoundError(MOCK_MESSAGES.notFound);
  const exam = await examForSitting(ctx, actor.id, mock.examId);
  return { mock, exam };
}

/**
 * When a sitting started at `now` must end: the time limit from the start ('full'), or from the opening
 * for a late starter ('remaining'), and never after the close. `extraPercent` lengthens the limit (a
 * cohort's accommodations, decision 0079), but not the window: results may come out at the close, so no
 * sitting runs past it.
 */
export function mockDeadline(
  mock: Pick<MockRow, 'opensAt' | 'closesAt' | 'timeLimitMinutes' | 'lateStart'>,
  now: Date,
  extraPercent = 0,
): Date {
  const limitMs = mock.timeLimitMinutes * 600 * (100 + extraPercent);
  const from = mock.lateStart === 'remaining' ? mock.opensAt : now;
  return new Date(Math.min(from.getTime() + limitMs, mock.closesAt.getTime()));
}

/**
 * Starts the learner's one sitting of the mock inside its window, or resumes it while it is open. 409
 * before it opens, after it closes, once handed in, and when a late start would leave no time.
 */
export async function start(ctx: AppContext, actor: Actor, id: string): Promise<Attempt> {
  const { mock, exam } = await mockForLearner(ctx, actor, id);
  const existing = await findMockAttempt(ctx.db, actor.id, mock.id);
  if (existing?.submittedAt) throw new ConflictError(MOCK_MESSAGES.alreadySat);
  if (existing) return resumeMockSitting(ctx, existing, mock.title);
  const now = ctx.clock.now();
  if (now < mock.opensAt) throw new ConflictError(MOCK_MESSAGES.notOpenYet(formatMailTime(mock.opensAt)));
  if (now >= mock.closesAt) throw new ConflictError(MOCK_MESSAGES.closed);
  const deadlineAt = mockDeadline(mock, now, await extraTimeFor(ctx, actor.id, [mock.examId]));
  // Less than a minute left of a late start's time is no sitting at all.
  if (deadlineAt.getTime() - now.getTime() < 60_000) throw new ConflictError(MOCK_MESSAGES.timeRunOut);
  return openMockSitting(ctx, actor.id, exam, { id: mock.id, title: mock.title, deadlineAt });
}

/**
 * Percentile rank: the share of sitters with a strictly lower score plus half of those with the same score
 * (the learner included), as a whole number (decision 0077).
 */
export function percentileOf(rank: number, ties: number, sat: number): number {
  const below = sat - (rank - 1) - ties;
  return Math.round((100 * (below + ties / 2)) / sat);
}

type TopicTotals = MockStanding['topics'];

/**
 * Everyone's answers by topic in the mock, kept by this process for `READ_CACHE_MS`: thousands of learners
 * open their result at the release, and each would otherwise sum every sitting's topics again.
 */
async function topicTotals(ctx: AppContext, mockId: string): Promise<TopicTotals> {
  return readCacheOf<TopicTotals>(ctx.db, 'mock topic totals', ctx.config.readCacheMs).through(
    mockId,
    '',
    () => mockTopicTotals(ctx.db, mockId),
  );
}

async function standing(ctx: AppContext, mockId: string, resultId: string): Promise<MockStanding | null> {
  const [row, topics] = await Promise.all([standingOf(ctx.db, mockId, resultId), topicTotals(ctx, mockId)]);
  if (!row) return null;
  const distribution = Array.from({ length: MOCK_LIMITS.bands }, (_, band) => row.bands[String(band)] ?? 0);
  return {
    rank: row.rank,
    percentile: percentileOf(row.rank, row.ties, row.sat),
    sat: row.sat,
    distribution,
    topics,
  };
}

function pending(mock: MockRow, message: string): MockOutcome {
  return { message, resultsAt: mock.resultsAt.toISOString(), released: false, result: null, standing: null };
}

async function released(
  ctx: AppContext,
  mock: MockRow,
  result: Awaited<ReturnType<typeof mockResult>>,
): Promise<MockOutcome> {
  if (!result) return pending(mock, MOCK_MESSAGES.resultsOn(formatMailTime(mock.resultsAt)));
  return {
    message: MOCK_MESSAGES.released,
    resultsAt: mock.resultsAt.toISOString(),
    released: true,
    result,
    standing: await standing(ctx, mock.id, result._id),
  };
}

/**
 * Hands the sitting in. Before the release the answer says only when results come out: no score, no
 * answers. A repeat answers the same.
 */
export async function submit(
  ctx: AppContext,
  actor: Actor,
  id: string,
  answers: Answers,
): Promise<MockOutcome> {
  const { mock } = await mockForLearner(ctx, actor, id);
  const attempt = await findMockAttempt(ctx.db, actor.id, mock.id);
  if (!attempt) throw new ConflictError(MOCK_MESSAGES.notStarted);
  const out = mock.resultsAt <= ctx.clock.now();
  const result = await submitMockSitting(ctx, attempt, answers, mock.title, out);
  if (!out) return pending(mock, MOCK_MESSAGES.submitted(formatMailTime(mock.resultsAt)));
  return released(ctx, mock, result);
}

/** The learner's result with their rank, once results are out; before, when they come out. */
export async function result(ctx: AppContext, actor: Actor, id: string): Promise<MockOutcome> {
  const { mock } = await mockForLearner(ctx, actor, id);
  const attempt = await findMockAttempt(ctx.db, actor.id, mock.id);
  if (!attempt) throw new ConflictError(MOCK_MESSAGES.notStarted);
  if (!attempt.submittedAt) throw new ConflictError(MOCK_MESSAGES.stillOpen);
  if (mock.resultsAt > ctx.clock.now())
    return pending(mock, MOCK_MESSAGES.resultsOn(formatMailTime(mock.resultsAt)));
  // Out, but the release job may not have scored this sitting yet: scoring it here is the same claim.
  const scored = attempt.resultId
    ? await mockResult(ctx, attempt)
    : await submitMockSitting(ctx, attempt, attempt.savedAnswers, mock.title, true);
  return released(ctx, mock, scored);
}
