import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@mlp/contract';
import { clientAddress, createTestApp, type TestApp } from '../../../test/app.ts';
import {
  LEARNER_PASSWORD,
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  type Admin,
  type Learner,
} from '../../../test/factories.ts';
import { questions, users } from '../../db/schema/index.ts';

/*
 * Learner reports of problems with questions and the administrators' queue (decision 0041), and
 * the learner actions on a learner's admin page: resend verification, sign out everywhere, suspend.
 */

let t: TestApp;
let admin: Admin;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
});

async function subscribe(learner: Learner, examId: string) {
  await createSubscription(t, {
    userId: learner.id,
    examId,
    endDate: new Date(Date.now() + 30 * 86_400_000),
  });
}

/** Starts an attempt (the learner is shown its questions); returns the served question ids. */
async function start(learner: Learner, examId: string): Promise<{ attemptId: string; ids: string[] }> {
  const attempt = (
    await t.request({ method: 'POST', url: `/api/exams/${examId}/attempts`, headers: learner.headers })
  ).json<{ _id: string; questions: Array<{ _id: string }> }>();
  return { attemptId: attempt._id, ids: attempt.questions.map((q) => q._id) };
}

function report(learner: Learner, questionId: string, payload: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: `/api/questions/${questionId}/reports`,
    headers: learner.headers,
    payload,
  });
}

async function mailSubjects(userId: string): Promise<string[]> {
  const rows = await queryRows<{ subject: string }>(
    t.ctx.db,
    sql`select subject from mail_outbox where user_id = ${userId} order by created_at, id`,
  );
  return rows.map((row) => row.subject);
}

describe('learner reports', () => {
  it('takes a report on a question the learner was shown, once while open, and refuses others', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
    const [unseen] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    // Not subscribed, never shown: as if it did not exist (nobody probes the bank).
    expect((await report(learner, unseen!.id, { reason: 'typo' })).json()).toEqual({
      message: REPORT_MESSAGES.notSeen,
    });
    await subscribe(learner, exam.id);
    const { ids } = await start(learner, exam.id);
    const questionId = ids[0]!;

    for (const [payload, message] of [
      [{ reason: 'boring' }, 'Choose what is wrong with the question'],
      [{ reason: 'other' }, 'Tell us what is wrong with the question'],
      [{ reason: 'typo', details: 'x'.repeat(1001) }, 'Details must be 1000 characters or less'],
    ] as const) {
      const bad = await report(learner, questionId, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message });
    }
    expect((await report(learner, 'not-a-uuid', { reason: 'typo' })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/questions/${questionId}/reports`,
          payload: { reason: 'typo' },
        })
      ).statusCode,
    ).toBe(401);

    const sent = await report(learner, questionId, { reason: 'wrong-answer', details: 'Option B is right' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: REPORT_MESSAGES.sent });
    const again = await report(learner, questionId, { reason: 'typo' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_MESSAGES.alreadyOpen });

    const queue = await t.request({
      method: 'GET',
      url: `/api/admin/reports?examId=${exam.id}`,
      headers: admin.headers,
    });
    expect(queue.json()).toMatchObject({
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
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/reports', headers: learner.headers })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/reports?status=closed', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('resolves a report once, records it, tells the learner only when both want it, and counts open ones', async () => {
    const stats = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/stats', headers: admin.headers })).json<{
        openReports: number;
      }>().openReports;
    const before = await stats();
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
    const told = await createLearner(t);
    const quiet = await createLearner(t);
    for (const learner of [told, quiet]) await subscribe(learner, exam.id);
    const { ids } = await start(told, exam.id);
    await start(quiet, exam.id);
    await report(told, ids[0]!, { reason: 'outdated', notify: true });
    await report(quiet, ids[0]!, { reason: 'unclear', notify: false });
    expect(await stats()).toBe(before + 2);

    const list = (
      await t.request({ method: 'GET', url: `/api/admin/reports?examId=${exam.id}`, headers: admin.headers })
    ).json<{ reports: Array<{ _id: string; learner: { _id: string }; openOnQuestion: number }> }>();
    expect(list.reports.map((r) => r.openOnQuestion)).toEqual([2, 2]);
    const toldReport = list.reports.find((r) => r.learner._id === told.id)!;
    const quietReport = list.reports.find((r) => r.learner._id === quiet.id)!;

    const resolve = (id: string, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/admin/reports/${id}/resolve`, headers: admin.headers, payload });
    expect((await resolve(toldReport._id, { outcome: 'fixed', resolution: '' })).json()).toMatchObject({
      message: 'Say what was done',
    });
    expect((await resolve(toldReport._id, { outcome: 'shrugged', resolution: 'x' })).statusCode).toBe(400);
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
    expect(done.json()).toMatchObject({
      message: REPORT_MESSAGES.resolved,
      report: { status: 'resolved', outcome: 'fixed', learnerNotified: true, resolvedBy: admin.email },
    });
    const twice = await resolve(toldReport._id, {
      outcome: 'fixed',
      resolution: 'again',
      notifyLearner: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: REPORT_MESSAGES.alreadyResolved });
    // The learner who did not ask is not told, even when the administrator would tell them.
    expect(
      (
        await resolve(quietReport._id, {
          outcome: 'no-change',
          resolution: 'It is clear.',
          notifyLearner: true,
        })
      ).json(),
    ).toMatchObject({ report: { learnerNotified: false } });

    expect(await mailSubjects(told.id)).toContain(`About the question you reported in ${exam.title}`);
    expect(await mailSubjects(quiet.id)).toEqual([]);
    expect(await stats()).toBe(before);
    const log = (
      await t.request({
        method: 'GET',
        url: '/api/admin/audit?action=resolved_report',
        headers: admin.headers,
      })
    ).json<{ entries: Array<{ summary: string }> }>();
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
    const { ids } = await start(learner, exam.id);
    const statuses: number[] = [];
    for (const id of ids.slice(0, 21))
      statuses.push((await report(learner, id, { reason: 'typo' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("actions on a learner's page", () => {
  const post = (url: string, headers: Record<string, string> = admin.headers) =>
    t.request({ method: 'POST', url, headers });

  it('resends verification to an unverified learner only', async () => {
    const learner = await createLearner(t);
    const verified = await post(`/api/admin/users/${learner.id}/resend-verification`);
    expect(verified.statusCode).toBe(409);
    await t.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, learner.id));
    const sent = await post(`/api/admin/users/${learner.id}/resend-verification`);
    expect(sent.json()).toEqual({ message: 'A new verification link has been sent.' });
    expect(await mailSubjects(learner.id)).toEqual([expect.stringMatching(/^Verify your email address/)]);
    expect(
      (await post(`/api/admin/users/${learner.id}/resend-verification`, learner.headers)).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/admin/users/0198c0de-0000-7000-8000-000000000000/resend-verification')).statusCode,
    ).toBe(404);
  });

  it('signs a learner out everywhere, and suspends and restores them', async () => {
    const learner = await createLearner(t);
    const me = () => t.request({ method: 'GET', url: '/api/users/me', headers: learner.headers });
    expect((await me()).statusCode).toBe(200);
    expect((await post(`/api/admin/users/${learner.id}/sign-out`)).json()).toEqual({
      message: 'The learner has been signed out on every device.',
    });
    expect((await me()).statusCode).toBe(401);

    const login = () =>
      t.request({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: clientAddress(),
        payload: {
          email: learner.email,
          password: LEARNER_PASSWORD,
          deviceId: 'device-suspend',
          deviceName: 'Phone',
        },
      });
    const loggedIn = await login();
    expect(loggedIn.statusCode).toBe(200);
    const token = loggedIn.json<{ token: string }>().token;
    const suspend = (suspended: unknown) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/users/${learner.id}/suspension`,
        headers: admin.headers,
        payload: { suspended },
      });
    expect((await suspend('yes')).statusCode).toBe(400);
    const suspended = await suspend(true);
    expect(suspended.json()).toMatchObject({
      message: 'The learner has been suspended and signed out on every device.',
      user: { _id: learner.id, suspended: true },
    });
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This account has been suspended. Please contact us if you think this is a mistake.',
    });
    const detail = (
      await t.request({ method: 'GET', url: `/api/admin/users/${learner.id}`, headers: admin.headers })
    ).json<{ user: { suspended: boolean }; devices: Array<{ deviceName: string; signedIn: boolean }> }>();
    expect(detail.user.suspended).toBe(true);
    expect(detail.devices.every((device) => !device.signedIn)).toBe(true);

    expect((await suspend(false)).json()).toMatchObject({ user: { suspended: false } });
    expect((await login()).statusCode).toBe(200);
    const log = (
      await t.request({ method: 'GET', url: '/api/admin/audit?entityType=user', headers: admin.headers })
    ).json<{ entries: Array<{ summary: string; entityId: string | null }> }>();
    expect(
      log.entries.filter((entry) => entry.entityId === learner.id).map((entry) => entry.summary),
    ).toEqual(['Restored a learner', 'Suspended a learner', 'Signed a learner out on every device']);
  });
});
