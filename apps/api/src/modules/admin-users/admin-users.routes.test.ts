import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../../test/app.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { createAdmin, createLearner } from '../../../test/factories.ts';
import { payments } from '../../db/schema/index.ts';

const t = useTestApp({ NODE_ENV: 'development' });

let rootToken: string;

function admin(token: string) {
  return { authorization: `Admin ${token}` };
}
async function call(method: 'GET' | 'DELETE', url: string, token?: string) {
  return t.request({ method, url, headers: token ? admin(token) : {}, remoteAddress: clientAddress() });
}

beforeAll(async () => {
  rootToken = (await createAdmin(t)).token;
});

describe('users', () => {
  it('searches and pages learners, 1-based, with a rows-per-page limit', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createLearner(t, { name: `Learner zebra${i}` }));
    const search = await call('GET', '/api/admin/users?keyword=ZEBRA&page=1&limit=2', rootToken);
    const body = search.json<{
      users: Array<{ email: string }>;
      pages: number;
      total: number;
      page: number;
    }>();
    expect(body.total).toBe(3);
    expect(body.pages).toBe(2);
    expect(body.users).toHaveLength(2);
    const page2 = await call('GET', '/api/admin/users?keyword=zebra&page=2&limit=2', rootToken);
    expect(page2.json<{ users: unknown[] }>().users).toHaveLength(1);
    const wildcard = await call('GET', '/api/admin/users?keyword=%25', rootToken);
    expect(wildcard.json<{ total: number }>().total).toBe(0);
    expect((await call('GET', '/api/admin/users?page=0', rootToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?page=abc', rootToken)).statusCode).toBe(400);
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
    const response = await call('DELETE', `/api/admin/users/${victim.id}`, rootToken);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${victim.token}` },
        })
      ).statusCode,
    ).toBe(401);
    const kept = await t.ctx.db.execute(sql`select user_id from payments where amount_pence = 499`);
    expect((kept as { rows: Array<{ user_id: string | null }> }).rows).toEqual([{ user_id: null }]);
    expect((await call('DELETE', `/api/admin/users/${victim.id}`, rootToken)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/not-a-uuid', rootToken)).statusCode).toBe(404);
  });
});
