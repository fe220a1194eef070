import type { FastifyInstance, FastifyReply } from 'fastify';
import { BUSY_CODE, BUSY_MESSAGE } from '@mlp/contract/constants';

export { BUSY_CODE, BUSY_MESSAGE };
/** seconds a client waits before sending a refused request again */
export const BUSY_RETRY_AFTER_S = 2;

export interface AdmissionOptions {
  /** API requests processed at once; more wait their turn */
  limit: number;
  /** the longest a request waits for its turn before it is answered 503 busy */
  maxWaitMs: number;
  /** requests allowed to wait; beyond, new ones are answered 503 busy at once */
  maxQueue: number;
}

/**
 * Admission to the API for the embedded database (decision 0046). PGlite runs one query at a time
 * on the event loop, so a burst of requests queues inside it, every one slower than the last, until
 * clients time out. Here at most `limit` API requests are processed at once; the others wait in arrival
 * order (fair: first come, first served) and one that cannot start within `maxWaitMs`, or finds the queue
 * full, is answered at once with 503 `{ message, code: 'busy' }` and `Retry-After`, before anything of it
 * is processed, so the web app sends it again safely (api-client.ts). Health checks, images and the
 * operators' metrics skip the queue: they do not wait on the database's turn (the metrics' database figures
 * are read once per few seconds, decision 0070). Returns a reader of the queue's state for those metrics.
 */
export function registerAdmission(
  app: FastifyInstance,
  options: AdmissionOptions,
): () => { running: number; waiting: number } {
  let running = 0;
  const waiting: Array<{ admit: () => void }> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) next.admit();
  };

  const busy = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('retry-after', String(BUSY_RETRY_AFTER_S))
      .send({ message: BUSY_MESSAGE, code: BUSY_CODE });

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (
      !url.startsWith('/api/') ||
      url.startsWith('/api/health') ||
      url.startsWith('/api/ready') ||
      url.startsWith('/api/media/') ||
      url.startsWith('/api/metrics')
    ) {
      done();
      return;
    }
    const enter = () => {
      running += 1;
      reply.raw.once('close', release);
      done();
    };
    if (running < options.limit && waiting.length === 0) {
      enter();
      return;
    }
    if (waiting.length >= options.maxQueue) {
      void busy(reply);
      return;
    }
    const entry = {
      admit: () => {
        clearTimeout(timer);
        // A client that went away while waiting gives its turn to the next.
        if (request.raw.destroyed || reply.raw.destroyed) {
          const next = waiting.shift();
          if (next) next.admit();
          return;
        }
        enter();
      },
    };
    const timer = setTimeout(() => {
      const index = waiting.indexOf(entry);
      if (index >= 0) waiting.splice(index, 1);
      void busy(reply);
    }, options.maxWaitMs);
    waiting.push(entry);
  });
  return () => ({ running, waiting: waiting.length });
}
