import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { createLearner, queryRows } from '../../../test/factories.ts';
import { payments } from '../../db/schema/index.ts';

const t = useTestApp({ NODE_ENV: 'development' });

const root = useAdmin(t);

describe('users', () => {
  it('searches and pages learners, 1-based, with a rows-per-page limit', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createLearner(t, { name: `Learner zebra${i}` }));
    const search = await t.call(api.adminUsers.list, {
      query: { keyword: 'ZEBRA', page: 1, limit: 2 },
      as: root,
    });
    const body = search.body;
    expect(body.total).toBe(3);
    expect(body.pages).toBe(2);
    expect(body.users).toHaveLength(2);
    const page2 = await t.call(api.adminUsers.list, {
      query: { keyword: 'zebra', page: 2, limit: 2 },
      as: root,
    });
    expect(page2.body.users).toHaveLength(1);
    const wildcard = await t.call(api.adminUsers.list, { query: { keyword: '%' }, as: root });
    expect(wildcard.body.total).toBe(0);
    expect((await t.call(api.adminUsers.list, { query: { page: 0 }, as: root })).statusCode).toBe(400);
    // A page the types refuse: sent untyped.
    expect((await t.send(api.adminUsers.list, { query: { page: 'abc' }, as: root })).statusCode).toBe(400);
  });

  it('deletes a learner: their session stops at once and their payments stay, detached', async () => {
    const victim = await createLearner(t);
    await t.ctx.db.insert(payments).values({
      provider: 'sandbox',
      orderId: `manual-${Date.now()}`,
      amountPence: 499,
      currency: 'GBP',
      status: 'completed',
      userId: victim.id,
    });
    const response = await t.call(api.adminUsers.remove, { params: { id: victim.id }, as: root });
    expect(response.body).toEqual({ message: 'User deleted successfully' });
    expect((await t.call(api.users.me, { as: victim })).statusCode).toBe(401);
    const kept = await queryRows(t.ctx.db, sql`select user_id from payments where amount_pence = 499`);
    expect(kept).toEqual([{ user_id: null }]);
    expect((await t.call(api.adminUsers.remove, { params: { id: victim.id }, as: root })).statusCode).toBe(
      404,
    );
    expect((await t.call(api.adminUsers.remove, { params: { id: 'not-a-uuid' }, as: root })).statusCode).toBe(
      404,
    );
  });
});
