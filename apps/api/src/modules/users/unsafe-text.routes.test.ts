import { UNSAFE_TEXT_MESSAGE } from '@mlp/contract';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/factories.ts';
import { clientAddress } from '../../../test/app.ts';
import { useTestApp } from '../../../test/fixtures.ts';

// 22.4: a NUL byte reached PostgreSQL (which refuses U+0000 in text) and answered 500. The contract's
// safeString() now refuses it, and lone surrogates, with a 400 before any handler runs.
const t = useTestApp();

function expectRefused(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message: `${field}: ${UNSAFE_TEXT_MESSAGE}` });
}

describe('text with a NUL byte or a lone surrogate', () => {
  it('is refused by the catalogue search with a 400', async () => {
    expectRefused(await t.request({ method: 'GET', url: '/api/exams/published?search=a%00b' }), 'search');
  });

  it('is refused by the administrators’ user search with a 400', async () => {
    const headers = (await createAdmin(t)).headers;
    expectRefused(
      await t.request({ method: 'GET', url: '/api/admin/users?keyword=x%00', headers }),
      'keyword',
    );
  });

  it('is refused in the name of a registration with a 400', async () => {
    const register = (name: string) =>
      t.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { name, email: 'nul-name@example.com', password: 'Learner-Pass-1' },
        remoteAddress: clientAddress(),
      });
    expectRefused(await register('Ann\u0000'), 'name');
    expectRefused(await register('Ann\uD800'), 'name');
  });

  it('is refused in the device name of a login with a 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: {
        email: 'someone@example.com',
        password: 'Learner-Pass-1',
        deviceId: 'device-nul-0001',
        deviceName: 'Chrome\u0000',
      },
      remoteAddress: clientAddress(),
    });
    expectRefused(response, 'deviceName');
  });

  it('is refused in an article title with a 400', async () => {
    const headers = (await createAdmin(t)).headers;
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/articles',
      headers,
      payload: { title: 'Cardio\u0000logy', category: 'medical', content: '<p>Body</p>' },
    });
    expectRefused(response, 'title');
  });

  it('still accepts ordinary text with emoji (surrogate pairs)', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/exams/published?search=${encodeURIComponent('heart 🫀')}`,
    });
    expect(response.statusCode).toBe(200);
  });
});
