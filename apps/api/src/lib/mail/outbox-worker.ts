import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from './mailer.ts';
import { claimDueMails, markMailFailed, markMailSent } from './outbox.repository.ts';

export const MAX_MAIL_ATTEMPTS = 20;
const LEASE_MS = 120_000;

/** 5 s, 10 s, 20 s … capped at one hour: an SMTP outage of a day still delivers everything. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
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

export type WorkerLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;
const silentLog: WorkerLog = { warn: () => undefined, error: () => undefined };

export function createOutboxWorker(options: { db: Db; mailer: Mailer; pollMs: number }): OutboxWorker {
  let log: WorkerLog = silentLog;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function deliver(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(options.db, 10, LEASE_MS);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
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
          const giveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
          await markMailFailed(
            options.db,
            mail.id,
            message.slice(0, 500),
            giveUp ? null : retryDelayMs(mail.attempts),
          );
          log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail delivery failed');
          // SMTP is probably down: stop this round and let the back-off decide when to try again.
          return sent;
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
      schedule(0);
    },
    setLogger(logger) {
      log = logger;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
