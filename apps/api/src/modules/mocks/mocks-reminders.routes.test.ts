import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type MockBody } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createExam,
  createLearner,
  createSubscribedLearner,
  createSubscription,
  queryRows,
  scheduleMock,
  type Learner,
} from '../../../test/factories.ts';
import { clockTimes, DAY, HOUR, MINUTE } from '../../../test/time.ts';
import { sendMockReminders } from './mocks.service.ts';

/*
 * A live mock's e-mail reminders (decision 0077): the day before and the hour before it opens, to every
 * learner who may sit it, each once, whatever runs the job.
 */

const t = useTestApp();

const at = clockTimes(t);

async function schedule(examId: string, overrides: Partial<MockBody> = {}) {
  const { mock, admin } = await scheduleMock(t, examId, {
    title: 'Finals mock',
    opensAt: at(30 * HOUR),
    closesAt: at(31 * HOUR),
    timeLimitMinutes: 45,
    ...overrides,
  });
  return { id: mock._id, admin };
}

async function subscribed(examId: string, endsInMs = 400 * DAY): Promise<Learner> {
  if (endsInMs > 0) return createSubscribedLearner(t, examId);
  const learner = await createLearner(t);
  await createSubscription(t, { userId: learner.id, examId, endDate: new Date(Date.now() + endsInMs) });
  return learner;
}

async function mailsTo(learners: Learner[]) {
  const addresses = sql.join(
    learners.map((learner) => sql`${learner.email}`),
    sql`, `,
  );
  return queryRows<{ to: string; subject: string; text: string }>(
    t.ctx.db,
    sql`select to_address as "to", subject, text_body as text from mail_outbox
      where to_address in (${addresses}) order by created_at, to_address`,
  );
}

describe('reminders of a live mock', () => {
  it('e-mails every learner who may sit it the day before and the hour before, each once', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const ann = await subscribed(exam.id);
    const ben = await subscribed(exam.id);
    const suspended = await subscribed(exam.id);
    await t.ctx.db.execute(sql`update users set suspended_at = now() where id = ${suspended.id}`);
    const lapsed = await subscribed(exam.id, -DAY);
    const stranger = await createLearner(t);
    const everyone = [ann, ben, suspended, lapsed, stranger];
    await schedule(exam.id, { title: 'Spring finals mock', lateStart: 'remaining' });

    // 30 hours before: nothing yet.
    await sendMockReminders(t.ctx);
    expect(await mailsTo(everyone)).toEqual([]);

    // 23 hours before: the day's reminder, to the two who may sit it, and only once.
    t.clock.advance(7 * HOUR);
    await Promise.all([sendMockReminders(t.ctx), sendMockReminders(t.ctx)]);
    await sendMockReminders(t.ctx);
    const day = await mailsTo(everyone);
    expect(day.map((mail) => mail.to).sort()).toEqual([ann.email, ben.email].sort());
    expect(day[0]!.subject).toMatch(
      /^Reminder: Spring finals mock opens on \d{1,2} \w+ \d{4} at \d\d:\d\d UTC$/,
    );
    expect(day[0]!.text).toContain('The mock exam "Spring finals mock"');
    expect(day[0]!.text).toContain('Its 45 minutes run from the opening, whenever you start');
    expect(day[0]!.text).toContain('http://app.test/dashboard');

    // 30 minutes before: the hour's reminder, once.
    t.clock.advance(22 * HOUR + 30 * MINUTE);
    await sendMockReminders(t.ctx);
    await sendMockReminders(t.ctx);
    const all = await mailsTo(everyone);
    const hour = all.filter((mail) => mail.subject === 'Spring finals mock opens in an hour');
    expect(hour.map((mail) => mail.to).sort()).toEqual([ann.email, ben.email].sort());
    expect(all).toHaveLength(4);
  });

  it('sends the day reminder again, with the new time, when the opening moves', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const learner = await subscribed(exam.id);
    const body = { examId: exam.id, title: 'Moved mock', opensAt: at(20 * HOUR), closesAt: at(22 * HOUR) };
    const { id, admin } = await schedule(exam.id, body);
    await sendMockReminders(t.ctx);
    // Edited without moving the opening: nothing again.
    const retitled = { ...body, timeLimitMinutes: 45, lateStart: 'full', release: 'at_close' } as const;
    await t.call(api.adminMocks.update, {
      params: { id },
      body: { ...retitled, timeLimitMinutes: 50 },
      as: admin,
    });
    await sendMockReminders(t.ctx);
    expect(await mailsTo([learner])).toHaveLength(1);
    const moved = { ...retitled, opensAt: at(21 * HOUR), closesAt: at(23 * HOUR) };
    expect((await t.call(api.adminMocks.update, { params: { id }, body: moved, as: admin })).statusCode).toBe(
      200,
    );
    await sendMockReminders(t.ctx);
    const mails = await mailsTo([learner]);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('and closes on');
    expect(mails[0]!.subject).not.toBe(mails[1]!.subject);
  });

  it('sends only the hour reminder for a mock scheduled the same morning, and none for a cancelled one', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const learner = await subscribed(exam.id);
    await schedule(exam.id, { title: 'Short notice mock', opensAt: at(90 * MINUTE), closesAt: at(3 * HOUR) });
    const cancelled = await schedule(exam.id, {
      title: 'Called off mock',
      opensAt: at(20 * HOUR),
      closesAt: at(21 * HOUR),
    });
    expect(
      (await t.call(api.adminMocks.cancel, { params: { id: cancelled.id }, as: cancelled.admin })).statusCode,
    ).toBe(200);

    await sendMockReminders(t.ctx);
    expect(await mailsTo([learner])).toEqual([]);
    t.clock.advance(45 * MINUTE);
    await sendMockReminders(t.ctx);
    const mails = await mailsTo([learner]);
    expect(mails.map((mail) => mail.subject)).toEqual(['Short notice mock opens in an hour']);
    expect(mails[0]!.text).toContain('You have 45 minutes from when you start');
  });
});
