import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsPort } from './metrics-port.ts';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

async function start(token: string | undefined, exposition = () => Promise.resolve('mlp_up 1\n')) {
  const server = await startMetricsPort({ port: 0, host: '127.0.0.1', token, exposition });
  stops.push(() => server.close());
  return `http://127.0.0.1:${server.port}`;
}

describe('the internal metrics port', () => {
  it('serves GET /metrics and nothing else', async () => {
    const url = await start(undefined);
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toBe('mlp_up 1\n');
    expect((await fetch(`${url}/api/health`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('asks for METRICS_TOKEN when one is set, and answers 503 when the metrics cannot be read', async () => {
    const token = 'a-metrics-token-of-24-chars';
    const url = await start(token);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    const failing = await start(undefined, () => Promise.reject(new Error('no answer from the primary')));
    expect((await fetch(`${failing}/metrics`)).status).toBe(503);
  });
});
