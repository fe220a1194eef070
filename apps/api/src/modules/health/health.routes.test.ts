import { api } from '@mlp/contract';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';

const t = useTestApp();

describe('health and readiness', () => {
  it('answers health and readiness', async () => {
    const health = await t.call(api.health.health);
    expect(health.statusCode).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.call(api.health.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok' });
  });

  it('is not ready while the database does not answer, though the process is up', async () => {
    const ping = vi.spyOn(t.ctx.database, 'ping').mockRejectedValue(new Error('connection refused'));
    try {
      const ready = await t.call(api.health.ready);
      expect(ready.statusCode).toBe(503);
      expect(ready.body).toEqual({ message: 'Database is not reachable' });
      expect((await t.call(api.health.health)).statusCode).toBe(200);
    } finally {
      ping.mockRestore();
    }
    expect((await t.call(api.health.ready)).statusCode).toBe(200);
  });
});
