import type { TestApp } from './app.ts';
import { clientAddress } from './learners.ts';

/** Creates the first administrator (or logs in as it) and returns `Authorization: Admin …` headers. */
export async function adminHeaders(t: TestApp): Promise<{ authorization: string }> {
  const credentials = { name: 'Root Admin', email: 'root.admin@example.com', password: 'Admin-Pass-2026' };
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/auth/register',
    payload: credentials,
    remoteAddress: clientAddress(),
  });
  const response =
    created.statusCode === 201
      ? created
      : await t.request({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { email: credentials.email, password: credentials.password },
          remoteAddress: clientAddress(),
        });
  if (response.statusCode >= 300) throw new Error(`admin login failed: ${response.body}`);
  return { authorization: `Admin ${response.json<{ token: string }>().token}` };
}
