import { api, UNSAFE_TEXT_MESSAGE } from '@mlp/contract';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../test/app.ts';
import { createAdmin, LEARNER_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';

// 22.4: a NUL byte reached PostgreSQL (which refuses U+0000 in text) and answered 500. The contract's
// safeString() now refuses it, and lone surrogates, with a 400 before any handler runs.
const t = useTestApp();

function expectRefused(response: CallResult<unknown>, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.body).toMatchObject({ message: `${field}: ${UNSAFE_TEXT_MESSAGE}` });
}

describe('text with a NUL byte or a lone surrogate', () => {
  it('is refused by the catalogue search with a 400', async () => {
    expectRefused(await t.call(api.exams.published, { query: { search: 'a\u0000b' } }), 'search');
  });

  it('is refused by the administrators’ user search with a 400', async () => {
    const admin = await createAdmin(t);
    expectRefused(await t.call(api.adminUsers.list, { query: { keyword: 'x\u0000' }, as: admin }), 'keyword');
  });

  it('is refused in the name of a registration with a 400', async () => {
    const register = (name: string) =>
      t.call(api.users.register, {
        body: { name, email: 'nul-name@example.com', password: LEARNER_PASSWORD },
      });
    expectRefused(await register('Ann\u0000'), 'name');
    expectRefused(await register('Ann\uD800'), 'name');
  });

  it('is refused in the device name of a login with a 400', async () => {
    const response = await t.call(api.users.login, {
      body: {
        email: 'someone@example.com',
        password: LEARNER_PASSWORD,
        deviceId: 'device-nul-0001',
        deviceName: 'Chrome\u0000',
      },
    });
    expectRefused(response, 'deviceName');
  });

  it('is refused in an article title with a 400', async () => {
    const admin = await createAdmin(t);
    const response = await t.call(api.adminArticles.create, {
      body: { title: 'Cardio\u0000logy', category: 'medical', content: '<p>Body</p>' },
      as: admin,
    });
    expectRefused(response, 'title');
  });

  it('still accepts ordinary text with emoji (surrogate pairs)', async () => {
    const response = await t.call(api.exams.published, { query: { search: 'heart 🫀' } });
    expect(response.statusCode).toBe(200);
  });
});
