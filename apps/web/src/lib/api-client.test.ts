import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, setUnauthorizedHandler } from './api-client.ts';
import { json, stubFetch } from '../test/fetch-stub.ts';

describe('apiRequest', () => {
  it('sends the learner token with the Bearer scheme', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({ 'GET /api/devices': () => json({ devices: [] }) });

    await expect(apiRequest('/api/devices')).resolves.toEqual({ devices: [] });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it("sends the administrator token with the 'Admin' scheme", async () => {
    window.localStorage.setItem('token', 'learner-token');
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({ 'GET /api/admin/stats': () => json({ totalUsers: 1 }) });

    await apiRequest('/api/admin/stats', { auth: 'admin' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Admin admin-token');
  });

  it('sends no authorization header for public calls or when no token is stored', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({ 'POST /api/users/login': () => json({ token: 't' }) });

    await apiRequest('/api/users/login', { method: 'POST', body: { email: 'a@b.co' }, auth: 'none' });
    window.localStorage.removeItem('token');
    await apiRequest('/api/users/login', { method: 'POST', body: {} });

    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([null, null]);
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ email: 'a@b.co' });
  });

  it("throws an ApiError carrying the server's message and field errors", async () => {
    stubFetch({
      'POST /api/users/login': () =>
        json({ message: 'Please verify your email', errors: [{ path: 'email', message: 'bad' }] }, 403),
    });

    const error = await apiRequest('/api/users/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Please verify your email',
      errors: [{ path: 'email', message: 'bad' }],
    });
    expect(errorMessage(error, 'Login failed')).toBe('Please verify your email');
  });

  it('falls back to the page default when the body has no message', async () => {
    stubFetch({ 'GET /api/devices': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    const error = await apiRequest('/api/devices').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(errorMessage(error, 'Error fetching devices')).toBe('Error fetching devices');
  });

  it('turns a network failure into ApiError status 0 and uses the fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await apiRequest('/api/devices').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(errorMessage(error, 'Error fetching devices')).toBe('Error fetching devices');
  });

  it('resolves to undefined for 204 No Content', async () => {
    stubFetch({ 'DELETE /api/devices/abc': () => new Response(null, { status: 204 }) });
    await expect(apiRequest('/api/devices/abc', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('reports a 401 on a call made with a stored learner token, and only then', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch({ 'GET /api/users/me': () => json({ message: 'Unauthorized' }, 401) });
    try {
      await apiRequest('/api/users/me').catch(() => undefined); // no token stored
      expect(handler).not.toHaveBeenCalled();

      window.localStorage.setItem('token', 'expired');
      await apiRequest('/api/users/me').catch(() => undefined);
      expect(handler).toHaveBeenCalledWith('user', 'Unauthorized');

      handler.mockClear();
      await apiRequest('/api/users/me', { endSessionOnUnauthorized: false }).catch(() => undefined);
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
    await expect(
      apiRequest('/api/payments/paypal/orders', { method: 'POST', body: {} }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(isMaintenanceReported()).toBe(false);
    stubFetch({
      'GET /api/exams/published': () =>
        json({ message: 'The site is currently undergoing maintenance. Please check back soon.' }, 503),
    });
    await expect(apiRequest('/api/exams/published')).rejects.toBeInstanceOf(ApiError);
    expect(isMaintenanceReported()).toBe(true);
    resetMaintenance();
  });
});
