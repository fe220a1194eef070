import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, REPORT_MESSAGES, type RouteBody } from '@mlp/contract';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import {
  LEARNER_PASSWORD,
  createExam,
  createLearner,
  createSubscription,
  startSitting,
  type Learner,
  mailSubjectsOf,
} from '../../../test/factories.ts';
import { questions, users } from '../../db/schema/index.ts';

/*
 * Learner reports of problems with questions and the administrators' queue (decision 0041), and
 * the learner actions on a learner's admin page: resend verification, sign out everywhere, suspend.
 */

const t = useTestApp({ NODE_ENV: 'development' });
const admin = useAdmin(t);

async function subscribe(learner: Learner, examId: string) {
  await createSubscription(t, { userId: learner.id, examId });
}

/** Starts a sitting (the learner is shown its questions); the served question ids. */
async function shownQuestions(learner: Learner, examId: string): Promise<string[]> {
  return (await startSitting(t, learner, examId)).questions.map((question) => question._id);
}

function report(learner: Learner, questionId: string, body: RouteBody<typeof api.reports.send>) {
  return t.call(api.reports.send, { params: { questionId }, body, as: learner });
}

const mailSubjects = (userId: string) => mailSubjectsOf(t, userId);

describe('learner reports', () => {
  it('takes a report on a question the learner was shown, once while open, and refuses others', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
    const [unseen] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    // Not subscribed, never shown: as if it did not exist (nobody probes the bank).
    expect((await report(learner, unseen!.id, { reason: 'typo' })).body).toEqual({
      message: REPORT_MESSAGES.notSeen,
    });
    await subscribe(learner, exam.id);
    const ids = await shownQuestions(learner, exam.id);
    const questionId = ids[0]!;

    for (const [payload, message] of [
      [{ reason: 'boring' }, 'Choose what is wrong with the question'],
      [{ reason: 'other' }, 'Tell us what is wrong with the question'],
      [{ reason: 'typo', details: 'x'.repeat(1001) }, 'Details must be 1000 characters or less'],
    ] as const) {
      // Bodies the types refuse: sent untyped.
      const bad = await t.send(api.reports.send, { params: { questionId }, body: payload, as: learner });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatchObject({ message });
    }
    expect((await report(learner, 'not-a-uuid', { reason: 'typo' })).statusCode).toBe(404);
    expect(
      (await t.call(api.reports.send, { params: { questionId }, body: { reason: 'typo' } })).statusCode,
    ).toBe(401);

    const sent = await report(learner, questionId, { reason: 'wrong-answer', details: 'Option B is right' });
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toEqual({ message: REPORT_MESSAGES.sent });
    const again = await report(learner, questionId, { reason: 'typo' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({ message: REPORT_MESSAGES.alreadyOpen });

    const queue = await t.call(api.reports.list, { query: { examId: exam.id }, as: admin });
    expect(queue.body).toMatchObject({
      total: 1,
      reports: [
        {
          questionId,
          examId: exam.id,
          learner: { _id: learner.id, email: learner.email },
          reason: 'wrong-answer',
          details: 'Option B is right',
          status: 'open',
          notifyRequested: true,
          openOnQuestion: 1,
        },
      ],
    });
    // Learners never read the queue.
    expect((await t.call(api.reports.list, { as: learner })).statusCode).toBe(401);
    // A status the types refuse: sent untyped.
    expect((await t.send(api.reports.list, { query: { status: 'closed' }, as: admin })).statusCode).toBe(400);
  });

  it('resolves a report once, records it, tells the learner only when both want it, and counts open ones', async () => {
    const stats = async () => (await t.call(api.stats.read, { as: admin })).body.openReports;
    const before = await stats();
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
    const told = await createLearner(t);
    const quiet = await createLearner(t);
    for (const learner of [told, quiet]) await subscribe(learner, exam.id);
    const ids = await shownQuestions(told, exam.id);
    await shownQuestions(quiet, exam.id);
    await report(told, ids[0]!, { reason: 'outdated', notify: true });
    await report(quiet, ids[0]!, { reason: 'unclear', notify: false });
    expect(await stats()).toBe(before + 2);

    const list = (await t.call(api.reports.list, { query: { examId: exam.id }, as: admin })).body;
    expect(list.reports.map((r) => r.openOnQuestion)).toEqual([2, 2]);
    const toldReport = list.reports.find((r) => r.learner._id === told.id)!;
    const quietReport = list.reports.find((r) => r.learner._id === quiet.id)!;

    const resolve = (id: string, body: RouteBody<typeof api.reports.resolve>) =>
      t.call(api.reports.resolve, { params: { id }, body, as: admin });
    expect((await resolve(toldReport._id, { outcome: 'fixed', resolution: '' })).body).toMatchObject({
      message: 'Say what was done',
    });
    // An outcome the types refuse: sent untyped.
    const unknownOutcome = await t.send(api.reports.resolve, {
      params: { id: toldReport._id },
      body: { outcome: 'shrugged', resolution: 'x' },
      as: admin,
    });
    expect(unknownOutcome.statusCode).toBe(400);
    expect(
      (await resolve('0198c0de-0000-7000-8000-000000000000', { outcome: 'fixed', resolution: 'x' }))
        .statusCode,
    ).toBe(404);

    const done = await resolve(toldReport._id, {
      outcome: 'fixed',
      resolution: 'The key now follows the 2026 guideline.',
      notifyLearner: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toMatchObject({
      message: REPORT_MESSAGES.resolved,
      report: { status: 'resolved', outcome: 'fixed', learnerNotified: true, resolvedBy: admin.email },
    });
    const twice = await resolve(toldReport._id, {
      outcome: 'fixed',
      resolution: 'again',
      notifyLearner: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toEqual({ message: REPORT_MESSAGES.alreadyResolved });
    // The learner who did not ask is not told, even when the administrator would tell them.
    expect(
      (
        await resolve(quietReport._id, {
          outcome: 'no-change',
          resolution: 'It is clear.',
          notifyLearner: true,
        })
      ).body,
    ).toMatchObject({ report: { learnerNotified: false } });

    expect(await mailSubjects(told.id)).toContain(`About the question you reported in ${exam.title}`);
    expect(await mailSubjects(quiet.id)).toEqual([]);
    expect(await stats()).toBe(before);
    const log = (await t.call(api.audit.list, { query: { action: 'resolved_report' }, as: admin })).body;
    expect(log.entries.map((entry) => entry.summary)).toContain(
      `Resolved a learner's report on a question in "${exam.title}", fixing the question and told the learner`,
    );
    // The learner may report the question again once their report is resolved.
    expect((await report(told, ids[0]!, { reason: 'typo' })).statusCode).toBe(201);
  });

  it('limits how many reports a learner sends in an hour', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 25 });
    await subscribe(learner, exam.id);
    const ids = await shownQuestions(learner, exam.id);
    const statuses: number[] = [];
    for (const id of ids.slice(0, 21))
      statuses.push((await report(learner, id, { reason: 'typo' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("actions on a learner's page", () => {
  it('resends verification to an unverified learner only', async () => {
    const learner = await createLearner(t);
    const because = { reason: 'Asked by e-mail' };
    const verified = await t.call(api.adminUsers.resendVerification, {
      params: { id: learner.id },
      body: because,
      as: admin,
    });
    expect(verified.statusCode).toBe(409);
    await t.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, learner.id));
    const noReason = await t.send(api.adminUsers.resendVerification, {
      params: { id: learner.id },
      body: {},
      as: admin,
    });
    expect([noReason.statusCode, noReason.message]).toEqual([400, 'Please give a reason']);
    const sent = await t.call(api.adminUsers.resendVerification, {
      params: { id: learner.id },
      body: because,
      as: admin,
    });
    expect(sent.body).toEqual({ message: 'A new verification link has been sent.' });
    expect(await mailSubjects(learner.id)).toEqual([expect.stringMatching(/^Verify your email address/)]);
    expect(
      (
        await t.call(api.adminUsers.resendVerification, {
          params: { id: learner.id },
          body: because,
          as: learner,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call(api.adminUsers.resendVerification, {
          params: { id: '0198c0de-0000-7000-8000-000000000000' },
          body: because,
          as: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('signs a learner out everywhere, and suspends and restores them', async () => {
    const learner = await createLearner(t);
    const me = () => t.call(api.users.me, { as: learner });
    expect((await me()).statusCode).toBe(200);
    const short = await t.send(api.adminUsers.signOut, {
      params: { id: learner.id },
      body: { reason: 'no' },
      as: admin,
    });
    expect([short.statusCode, short.message]).toEqual([400, 'Please give a reason (at least 3 characters)']);
    // Refused before anything happened: still signed in.
    expect((await me()).statusCode).toBe(200);
    const signedOut = await t.call(api.adminUsers.signOut, {
      params: { id: learner.id },
      body: { reason: 'Lost phone' },
      as: admin,
    });
    expect(signedOut.body).toEqual({ message: 'The learner has been signed out on every device.' });
    expect((await me()).statusCode).toBe(401);

    const login = () =>
      t.call(api.users.login, {
        body: {
          email: learner.email,
          password: LEARNER_PASSWORD,
          deviceId: 'device-suspend',
          deviceName: 'Phone',
        },
      });
    const loggedIn = await login();
    expect(loggedIn.statusCode).toBe(200);
    const token = loggedIn.body.token;
    const suspend = (suspended: boolean) =>
      t.call(api.adminUsers.suspend, {
        params: { id: learner.id },
        body: { suspended, reason: suspended ? 'Shared account' : 'Promised not to share' },
        as: admin,
      });
    // A body the types refuse: sent untyped.
    const notBoolean = await t.send(api.adminUsers.suspend, {
      params: { id: learner.id },
      body: { suspended: 'yes', reason: 'Shared account' },
      as: admin,
    });
    expect(notBoolean.statusCode).toBe(400);
    const suspended = await suspend(true);
    expect(suspended.body).toMatchObject({
      message: 'The learner has been suspended and signed out on every device.',
      user: { _id: learner.id, suspended: true },
    });
    expect(
      (await t.call(api.users.me, { as: { headers: { authorization: `Bearer ${token}` } } })).statusCode,
    ).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({
      message: 'This account has been suspended. Please contact us if you think this is a mistake.',
    });
    const detail = (await t.call(api.adminUsers.detail, { params: { id: learner.id }, as: admin })).body;
    expect(detail.user.suspended).toBe(true);
    expect(detail.devices.every((device) => !device.signedIn)).toBe(true);

    expect((await suspend(false)).body).toMatchObject({ user: { suspended: false } });
    expect((await login()).statusCode).toBe(200);
    const log = (await t.call(api.audit.list, { query: { entityType: 'user' }, as: admin })).body;
    // Each with who acted and why.
    expect(
      log.entries
        .filter((entry) => entry.entityId === learner.id)
        .map((entry) => [entry.summary, entry.adminEmail, entry.changes]),
    ).toEqual([
      [
        'Restored a learner',
        admin.email,
        [{ field: 'Reason', before: null, after: 'Promised not to share' }],
      ],
      ['Suspended a learner', admin.email, [{ field: 'Reason', before: null, after: 'Shared account' }]],
      [
        'Signed a learner out on every device',
        admin.email,
        [{ field: 'Reason', before: null, after: 'Lost phone' }],
      ],
    ]);
  });
});
