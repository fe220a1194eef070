import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { createExam, createLearner, createSubscription } from '../../../test/factories.ts';

const t = useTestApp({ NODE_ENV: 'development' });

const root = useAdmin(t);

describe('stats', () => {
  it('counts users, exams, articles and active subscriptions', async () => {
    for (let i = 0; i < 3; i += 1) await createLearner(t);
    const { statusCode, body } = await t.call(api.stats.read, { as: root });
    expect(statusCode).toBe(200);
    expect(body.totalUsers).toBeGreaterThanOrEqual(3);
    expect(body).toMatchObject({ totalExams: 0, totalArticles: 0, activeSubscriptions: 0 });
  });

  it('counts a subscription as active until its end date only (spec §4)', async () => {
    const learner = await createLearner(t);
    const [current, ended] = [await createExam(t.ctx.db), await createExam(t.ctx.db)];
    const day = 86_400_000;
    await createSubscription(t, {
      userId: learner.id,
      examId: current.id,
      startDate: new Date(Date.now() - day),
      endDate: new Date(Date.now() + day),
    });
    await createSubscription(t, {
      userId: learner.id,
      examId: ended.id,
      startDate: new Date(Date.now() - 2 * day),
      endDate: new Date(Date.now() - day),
    });
    const stats = await t.call(api.stats.read, { as: root });
    expect(stats.body).toEqual({
      totalUsers: 4,
      totalExams: 2,
      totalArticles: 0,
      activeSubscriptions: 1,
      // free subscriptions bring no revenue and no paid renewals
      monthlyRecurringRevenuePence: 0,
      renewalsDueThisWeek: 0,
      openReports: 0,
    });
  });
});
