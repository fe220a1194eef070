import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import { ADMIN_PASSWORD } from '../../../test/factories.ts';
import type { AppContext } from '../../context.ts';
import { announceSetupCode, setupCode } from './admins.service.ts';

const PRODUCTION = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-characters' };

describe('the first administrator of a production install (decision 0067)', () => {
  const t = useTestApp(PRODUCTION);

  it('asks for the set-up code, refuses a missing or wrong one, and makes the first administrator an Owner', async () => {
    expect((await t.call(api.adminAuth.check)).body).toEqual({ exists: false, setupCodeRequired: true });
    const body = { name: 'Root', email: 'root@example.com', password: ADMIN_PASSWORD };
    const missing = await t.call(api.adminAuth.register, { body });
    expect(missing.statusCode).toBe(403);
    expect(missing.message).toBe(
      "The set-up code is missing or wrong. It is printed in the server's log when the server starts (or set by ADMIN_SETUP_CODE).",
    );
    const code = setupCode(t.ctx)!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    // The server's log at start says it, and where to use it.
    const logged: string[] = [];
    const log = { warn: (line: string) => logged.push(line) };
    await announceSetupCode(t.ctx, log);
    expect(logged).toEqual([
      `No administrator exists yet. Create the first one at http://app.test/admin/login with the set-up code ${code} (derived from APP_SECRET; set ADMIN_SETUP_CODE to choose one)`,
    ]);
    const wrong = await t.call(api.adminAuth.register, {
      body: { ...body, setupCode: 'AAAA-BBBB-CCCC-DDDD' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await t.call(api.adminAuth.check)).body.exists).toBe(false);

    // Typed without dashes and in lower case, it is the same code.
    const typed = code.replace(/-/g, '').toLowerCase();
    const created = await t.call(api.adminAuth.register, { body: { ...body, setupCode: typed } });
    expect(created.statusCode).toBe(201);
    const me = await t.call(api.adminAuth.me, {
      as: { headers: { authorization: `Admin ${created.body.token}` } },
    });
    expect(me.body).toMatchObject({ email: 'root@example.com', role: 'owner' });
    expect((await t.call(api.adminAuth.check)).body).toEqual({ exists: true, setupCodeRequired: false });
    await announceSetupCode(t.ctx, log);
    expect(logged).toHaveLength(1);

    // Once an administrator exists the code is worthless: the same answer as without it.
    const again = await t.call(api.adminAuth.register, {
      body: { ...body, email: 'late@example.com', setupCode: code },
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await t.call(api.adminAuth.register, { body: { ...body, email: 'late@example.com' } })).statusCode,
    ).toBe(409);
  });
});

describe('the set-up code', () => {
  const context = (config: Partial<AppContext['config']>) => ({ config }) as AppContext;

  it('is ADMIN_SETUP_CODE when set, else the same for every process sharing APP_SECRET, and none outside production', () => {
    const secret = 'a-production-secret-of-at-least-32-characters';
    expect(
      setupCode(context({ isProduction: true, appSecret: secret, adminSetupCode: 'chosen-code-123' })),
    ).toBe('chosen-code-123');
    const derived = setupCode(context({ isProduction: true, appSecret: secret, adminSetupCode: undefined }));
    expect(setupCode(context({ isProduction: true, appSecret: secret, adminSetupCode: undefined }))).toBe(
      derived,
    );
    expect(
      setupCode(context({ isProduction: true, appSecret: `${secret}-other`, adminSetupCode: undefined })),
    ).not.toBe(derived);
    expect(
      setupCode(context({ isProduction: false, appSecret: secret, adminSetupCode: undefined })),
    ).toBeUndefined();
  });
});
