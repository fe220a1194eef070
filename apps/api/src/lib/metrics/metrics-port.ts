import http from 'node:http';
import { bearerMatches, EXPOSITION_CONTENT_TYPE } from './metrics.ts';

export interface MetricsPortOptions {
  port: number;
  host: string;
  /** when set, the internal port asks for it too */
  token: string | undefined;
  exposition: () => Promise<string>;
  onError?: (error: Error) => void;
}

/**
 * The internal metrics port (METRICS_PORT, decision 0070): `GET /metrics` and nothing else, apart from the
 * app's own server so a scrape never waits behind learners' requests, maintenance mode or the admission
 * queue. Meant for a private network; METRICS_TOKEN, when set, is asked for here as well.
 */
export async function startMetricsPort(
  options: MetricsPortOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end('Unauthorised\n');
      return;
    }
    options.exposition().then(
      (text) => {
        response
          .writeHead(200, { 'content-type': EXPOSITION_CONTENT_TYPE, 'cache-control': 'no-store' })
          .end(text);
      },
      (error: unknown) => {
        options.onError?.(error as Error);
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
