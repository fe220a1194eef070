import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

let sequence = 0;

/** A distinct client address per request, so per-IP rate limits do not pile up across a test file. */
export function clientAddress(): string {
  sequence += 1;
  return `10.9.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
}

export interface Learner {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * Registers and logs in a learner through the API. The account is marked verified directly in the
 * database, so it works in any environment (in production no account is verified at once).
 */
export async function createLearner(t: TestApp, label = 'learner'): Promise<Learner> {
  sequence += 1;
  const email = `${label}-${sequence}-${Date.now()}@example.com`;
  const password = 'Learner-Pass-1';
  const registered = await t.request({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: `Learner ${sequence}`, email, password },
    remoteAddress: clientAddress(),
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  await t.ctx.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.email, email));
  const login = await t.request({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password, deviceId: `device-${sequence}-xxxx`, deviceName: 'Test browser' },
    remoteAddress: clientAddress(),
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const token = login.json<{ token: string }>().token;
  const me = await t.request({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return { id: me.json<{ _id: string }>()._id, email, token, headers: { authorization: `Bearer ${token}` } };
}
