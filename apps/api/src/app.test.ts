import { describe, expect, it } from 'vitest';
import { api, type RouteDefinition } from '@mlp/contract/routes';
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

  it('serves every route of the contract (a route left without its serve line would be a 404)', () => {
    const missing: string[] = [];
    for (const [group, routes] of Object.entries(api)) {
      // The test hooks exist only on a server started with TEST_HOOKS=true (decision 0030).
      if (group === 'testHooks') continue;
      for (const [key, route] of Object.entries(routes as Record<string, RouteDefinition>)) {
        if (!t.app.hasRoute({ method: route.method, url: route.path })) missing.push(`${group}.${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(t.app.hasRoute({ method: 'POST', url: api.testHooks.clock.path })).toBe(false);
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
