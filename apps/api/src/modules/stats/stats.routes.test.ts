import { beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../../test/app.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { createAdmin, createExam, createLearner } from '../../../test/factories.ts';
import { subscriptions } from '../../db/schema/index.ts';

const t = useTestApp({ NODE_ENV: 'development' });

let rootToken: string;

function admin(token: string) {
  return { authorization: `Admin ${token}` };
}
async function call(method: 'GET', url: string, token?: string) {
  return t.request({ method, url, headers: token ? admin(token) : {}, remoteAddress: clientAddress() });
}

beforeAll(async () => {
  rootToken = (await createAdmin(t)).token;
});

describe('stats', () => {
  it('counts users, exams, articles and active subscriptions', async () => {
    for (let i = 0; i < 3; i += 1) await createLearner(t);
    const stats = await call('GET', '/api/admin/stats', rootToken);
    const body = stats.json<{
      totalUsers: number;
      totalExams: number;
      totalArticles: number;
      activeSubscriptions: number;
    }>();
    expect(body.totalUsers).toBeGreaterThanOrEqual(3);
    expect(body).toMatchObject({ totalExams: 0, totalArticles: 0, activeSubscriptions: 0 });
  });

  it('counts a subscription as active until its end date only (spec §4)', async () => {
    const learner = await createLearner(t);
    const [current, ended] = [await createExam(t.ctx.db), await createExam(t.ctx.db)];
    const day = 86_400_000;
    await t.ctx.db.insert(subscriptions).values([
      {
        userId: learner.id,
        examId: current.id,
        isFree: true,
        startDate: new Date(Date.now() - day),
        endDate: new Date(Date.now() + day),
      },
      {
        userId: learner.id,
        examId: ended.id,
        isFree: true,
        startDate: new Date(Date.now() - 2 * day),
        endDate: new Date(Date.now() - day),
      },
    ]);
    const stats = await call('GET', '/api/admin/stats', rootToken);
    expect(stats.json()).toEqual({
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
