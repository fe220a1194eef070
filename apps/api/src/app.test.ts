import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixtures.ts';
import { redactUrl } from './lib/logging.ts';

const t = useTestApp();

describe('foundation', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Route GET /api/nothing-here not found' });
  });

  it('marks API responses no-store and sets security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings/public' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain('https://www.paypal.com');
  });

  it('publishes OpenAPI documentation generated from the contract', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('keeps the secret part of e-mailed links out of logged URLs', () => {
    expect(redactUrl('/api/users/verify-email/abc/SECRET')).toBe('/api/users/verify-email/abc/[redacted]');
    expect(redactUrl('/api/users/reset-password/abc/SECRET')).toBe(
      '/api/users/reset-password/abc/[redacted]',
    );
    expect(redactUrl('/api/users/validate-reset-token/abc/SECRET?x=1')).toBe(
      '/api/users/validate-reset-token/abc/[redacted]?x=1',
    );
  });
});
