import type { FastifyInstance } from 'fastify';
import { SERVICE_UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_S } from './errors.ts';

/** The longest a shutdown waits for in-flight requests before it closes the listener anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Graceful shutdown that answers instead of resetting (decision 0026). Fastify closes its listening socket
 * as soon as `close()` starts, so during the drain new connections were refused or reset and only
 * requests on kept-alive connections got its 503. Here the listener stays open until the requests in
 * flight have finished (at most DRAIN_TIMEOUT_MS): meanwhile every new request, on a new connection or
 * a kept-alive one, gets 503 `{ message }` with `Retry-After` and `Connection: close`, so a client or
 * load balancer retries elsewhere. Register it before any other hook.
 */
export function registerDraining(app: FastifyInstance): void {
  let inFlight = 0;
  let draining = false;
  let drained: (() => void) | undefined;

  app.server.on('request', (_request, response) => {
    inFlight += 1;
    // 'close' comes for a finished response and for a client that went away alike.
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });

  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) {
      done();
      return;
    }
    void reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      .send({ message: SERVICE_UNAVAILABLE_MESSAGE });
  });

  app.addHook('preClose', async () => {
    draining = true;
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      drained = resolve;
      setTimeout(resolve, DRAIN_TIMEOUT_MS).unref();
    });
  });
}
