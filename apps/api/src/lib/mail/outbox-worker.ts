import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from './mailer.ts';
import { claimDueMails, markMailFailed, markMailSent, releaseMails } from './outbox.repository.ts';

export const MAX_MAIL_ATTEMPTS = 20;
const LEASE_MS = 120_000;
const BATCH_SIZE = 10;

/** 5 s, 10 s, 20 s … capped at one hour, after the mail's `attempts`-th real try. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Whether a failed send says the SMTP service is unusable (refused, reset, timed out, DNS, TLS,
 * authentication, 421 "service not available") rather than that the server refused this one mail
 * (nodemailer's EENVELOPE, a recipient refused; EMESSAGE, the message refused).
 */
function isServiceFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (responseCode === 421) return true;
  return code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

export interface OutboxWorker {
  /** deliver what is due now; resolves with the number of mails sent */
  runOnce(): Promise<number>;
  /** ask for a run soon (after a mail was queued) */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
  /** the app's logger, once the app exists */
  setLogger(log: WorkerLog): void;
}

export type WorkerLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info' | 'debug'>;
const silentLog: WorkerLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

/**
 * Delivers the outbox (decision 0004, reworked by 0026 after an SMTP outage stalled it):
 * - `attempts` counts real tries only; claimed mail that was not tried goes back at once;
 * - a mail the server refuses backs off from its own last try (5 s doubling, capped at 1 h) and is given
 *   up after MAX_MAIL_ATTEMPTS tries; the rest of the batch goes on;
 * - when the SMTP service itself fails, the round stops and the worker probes the server (no mail tried,
 *   no counter raised) every poll until it answers, then delivers the backlog at once.
 */
export function createOutboxWorker(options: { db: Db; mailer: Mailer; pollMs: number }): OutboxWorker {
  let log: WorkerLog = silentLog;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** stop() was called: a running round hands back what it has not tried */
  let stopping = false;
  /** the last try found the SMTP service unusable: probe before trying mail again */
  let serviceDown = false;

  async function serviceAnswers(): Promise<boolean> {
    if (!serviceDown) return true;
    if (!(await options.mailer.probe())) {
      log.debug('SMTP still unreachable; queued mail waits');
      return false;
    }
    serviceDown = false;
    log.info('SMTP answers again; delivering queued mail');
    return true;
  }

  async function deliver(): Promise<number> {
    let sent = 0;
    if (!(await serviceAnswers())) return sent;
    for (;;) {
      const batch = await claimDueMails(options.db, BATCH_SIZE, LEASE_MS);
      if (batch.length === 0) return sent;
      for (const [index, mail] of batch.entries()) {
        if (stopping) {
          // Shutting down: what was not tried goes back for the next process.
          await releaseMails(
            options.db,
            batch.slice(index).map((rest) => rest.id),
          );
          return sent;
        }
        try {
          await options.mailer.send({
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
          await markMailSent(options.db, mail.id);
          sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const attempts = mail.attempts + 1;
          const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
          await markMailFailed(
            options.db,
            mail.id,
            message.slice(0, 500),
            giveUp ? null : retryDelayMs(attempts),
          );
          log.warn(
            { mailId: mail.id, attempts, err: message },
            giveUp ? 'mail given up after its last try' : 'mail delivery failed',
          );
          if (isServiceFailure(error)) {
            // The server is down, not this mail: hand the untried rest back and wait for it to answer.
            serviceDown = true;
            await releaseMails(
              options.db,
              batch.slice(index + 1).map((rest) => rest.id),
            );
            log.warn('SMTP unreachable; queued mail waits until it answers');
            return sent;
          }
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    running ??= deliver().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'))
        .finally(() => schedule(options.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    nudge() {
      schedule(0);
    },
    start() {
      stopped = false;
      stopping = false;
      schedule(0);
    },
    setLogger(logger) {
      log = logger;
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
