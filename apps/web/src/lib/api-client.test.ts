import { describe, expect, it, vi } from 'vitest';
import { api } from '@mlp/contract/routes';
import {
  ApiError,
  apiRequest,
  dispositionFileName,
  errorMessage,
  hasErrorCode,
  setUnauthorizedHandler,
} from './api-client.ts';
import { json, noAnswer, stubFetch } from '../test/fetch-stub.ts';
import { buildAdminStats } from '../test/factories.ts';

describe('apiRequest', () => {
  it('sends the learner token with the Bearer scheme on a learner route', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({ 'GET /api/devices': () => json({ devices: [] }) });

    await expect(apiRequest(api.devices.list)).resolves.toEqual({ devices: [] });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it("sends the administrator token with the 'Admin' scheme on an admin route", async () => {
    window.localStorage.setItem('token', 'learner-token');
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({ 'GET /api/admin/stats': () => json(buildAdminStats({ totalUsers: 1 })) });

    await apiRequest(api.stats.read);
    expect(requests[0]?.headers.get('Authorization')).toBe('Admin admin-token');
  });

  it('sends no authorization header for public calls or when no token is stored', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'POST /api/users/forgot-password': () => json({ message: 'Check your inbox' }),
    });

    await apiRequest(api.users.forgotPassword, { body: { email: 'a@b.co' } });
    window.localStorage.removeItem('token');
    await apiRequest(api.users.forgotPassword, { body: { email: 'c@d.co' } });

    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([null, null]);
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ email: 'a@b.co' });
  });

  it('revalidates public reads with the server every time (no reuse of a cached answer), and only those', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/exams/published': () => json({ exams: [], page: 1, pages: 0, totalExams: 0, categories: [] }),
      'GET /api/exams/user': () => json({ exams: [] }),
      'POST /api/users/forgot-password': () => json({ message: 'Check your inbox' }),
    });
    await apiRequest(api.exams.published, { query: {} });
    await apiRequest(api.exams.mine);
    await apiRequest(api.users.forgotPassword, { body: { email: 'a@b.co' } });
    expect(requests.map((r) => r.cache)).toEqual(['no-cache', undefined, undefined]);
    window.localStorage.removeItem('token');
  });

  it('sends a request again when the server answers it busy (503, code busy), and gives up after a few tries', async () => {
    let calls = 0;
    const busy = () =>
      new Response(
        JSON.stringify({
          message: 'The server is busy right now. Please try again in a moment.',
          code: 'busy',
        }),
        {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        },
      );
    const requests = stubFetch({
      'POST /api/users/forgot-password': () => {
        calls += 1;
        return calls <= 2 ? busy() : json({ message: 'Check your inbox' });
      },
      'GET /api/exams/published': () => busy(),
      'GET /api/exams/user': () => json({ message: 'The service is temporarily unavailable.' }, 503),
    });
    await expect(apiRequest(api.users.forgotPassword, { body: { email: 'a@b.co' } })).resolves.toEqual({
      message: 'Check your inbox',
    });
    expect(requests.filter((r) => r.path === '/api/users/forgot-password')).toHaveLength(3);
    // The same body each time.
    expect(requests.map((r) => r.body)).toEqual([
      { email: 'a@b.co' },
      { email: 'a@b.co' },
      { email: 'a@b.co' },
    ]);

    const refused = await apiRequest(api.exams.published, { query: {} }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, code: 'busy' });
    expect(requests.filter((r) => r.path === '/api/exams/published')).toHaveLength(6);

    // Another 503 (not busy) is not sent again.
    window.localStorage.setItem('token', 'learner-token');
    await expect(apiRequest(api.exams.mine)).rejects.toMatchObject({ status: 503 });
    expect(requests.filter((r) => r.path === '/api/exams/user')).toHaveLength(1);
    window.localStorage.removeItem('token');
  });

  it("throws an ApiError carrying the server's message and field errors", async () => {
    stubFetch({
      'POST /api/users/forgot-password': () =>
        json({ message: 'Please verify your email', errors: [{ path: 'email', message: 'bad' }] }, 403),
    });

    const error = await apiRequest(api.users.forgotPassword, { body: { email: 'a@b.co' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Please verify your email',
      errors: [{ path: 'email', message: 'bad' }],
    });
    expect(errorMessage(error, 'Login failed')).toBe('Please verify your email');
  });

  it("carries the error body's code (decision 0030: PAYMENT_METHOD_REQUIRED)", async () => {
    stubFetch({
      'PUT /api/subscriptions/exam-1/auto-renew': () =>
        json({ message: 'Save PayPal first', code: 'PAYMENT_METHOD_REQUIRED' }, 409),
      'GET /api/devices': () => json({ message: 'Nope' }, 409),
    });

    const refused = await apiRequest(api.subscriptions.autoRenew, {
      params: { examId: 'exam-1' },
      body: { autoRenew: true },
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, code: 'PAYMENT_METHOD_REQUIRED' });
    expect(hasErrorCode(refused, 'PAYMENT_METHOD_REQUIRED')).toBe(true);

    const plain = await apiRequest(api.devices.list).catch((e: unknown) => e);
    expect((plain as ApiError).code).toBeUndefined();
    expect(hasErrorCode(plain, 'PAYMENT_METHOD_REQUIRED')).toBe(false);
    expect(hasErrorCode(new Error('PAYMENT_METHOD_REQUIRED'), 'PAYMENT_METHOD_REQUIRED')).toBe(false);
  });

  it('falls back to the page default when the body has no message', async () => {
    stubFetch({ 'GET /api/devices': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    const error = await apiRequest(api.devices.list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(errorMessage(error, 'Error fetching devices')).toBe('Error fetching devices');
  });

  it('turns a network failure into ApiError status 0 and uses the fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await apiRequest(api.devices.list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessage(error, 'Error fetching devices')).toBe('Error fetching devices');
  });

  it('gives up on a call that never answers after its time-out, as unreachable; without one it waits', async () => {
    vi.useFakeTimers();
    const requests = stubFetch({ 'GET /api/devices': noAnswer });
    const timed = apiRequest(api.devices.list, { timeoutMs: 15_000 }).catch((e: unknown) => e);
    let untimedSettled = false;
    const untimed = apiRequest(api.devices.list).finally(() => (untimedSettled = true));
    untimed.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await timed;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(untimedSettled).toBe(false);

    // The caller's own abort stays an abort, time-out or not.
    const controller = new AbortController();
    const aborted = apiRequest(api.devices.list, { timeoutMs: 15_000, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
  });

  it('fills path parameters and resolves to undefined for 204 No Content', async () => {
    const requests = stubFetch({
      'PUT /api/exams/attempts/a%2Fb/answers': () => new Response(null, { status: 204 }),
    });
    await expect(
      apiRequest(api.attempts.saveAnswers, { params: { id: 'a/b' }, body: { answers: {} } }),
    ).resolves.toBeUndefined();
    expect(requests[0]?.method).toBe('PUT');
  });

  it('writes the query in order, leaving out empty values', async () => {
    const requests = stubFetch({
      'GET /api/exams/published': () => json({ exams: [], page: 1, pages: 0, totalExams: 0, categories: [] }),
    });
    await apiRequest(api.exams.published, { query: { page: 2, limit: 20, search: '' } });
    expect(requests[0]?.search).toBe('?page=2&limit=20');
  });

  it('reports a 401 on a call made with a stored learner token, and only then', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch({ 'GET /api/users/me': () => json({ message: 'Unauthorized' }, 401) });
    try {
      await apiRequest(api.users.me).catch(() => undefined); // no token stored
      expect(handler).not.toHaveBeenCalled();

      window.localStorage.setItem('token', 'expired');
      await apiRequest(api.users.me).catch(() => undefined);
      expect(handler).toHaveBeenCalledWith('user', 'Unauthorized');

      handler.mockClear();
      await apiRequest(api.users.me, { endSessionOnUnauthorized: false }).catch(() => undefined);
      expect(handler).not.toHaveBeenCalled();
    } finally {
      setUnauthorizedHandler(null);
    }
  });
});

describe('errorMessage', () => {
  it('ignores messages of errors that did not come from the server', () => {
    expect(errorMessage(new Error('TypeError: x is undefined'), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError(500), 'Login failed')).toBe('Login failed');
  });
});

describe('maintenance reporting', () => {
  it('reports maintenance only for the maintenance 503, not for a provider outage', async () => {
    const { isMaintenanceReported, resetMaintenance } = await import('./maintenance.ts');
    resetMaintenance();
    stubFetch({
      'POST /api/payments/paypal/orders': () => json({ message: 'PayPal could not be reached.' }, 503),
    });
    await expect(apiRequest(api.payments.createOrder, { body: { examId: 'e' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(isMaintenanceReported()).toBe(false);
    stubFetch({
      'GET /api/exams/published': () =>
        json({ message: 'The site is currently undergoing maintenance. Please check back soon.' }, 503),
    });
    await expect(apiRequest(api.exams.published)).rejects.toBeInstanceOf(ApiError);
    expect(isMaintenanceReported()).toBe(true);
    resetMaintenance();
  });
});

describe('dispositionFileName', () => {
  it("reads filename*=UTF-8'' first, then the quoted or bare filename", () => {
    expect(dispositionFileName(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe(
      'café.csv',
    );
    expect(dispositionFileName('attachment; filename="bank questions.xml"')).toBe('bank questions.xml');
    expect(dispositionFileName('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
