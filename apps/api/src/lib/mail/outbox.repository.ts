import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { OutgoingMail } from './mailer.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * What a mail's body becomes once it has been sent or given up: the body holds the plain link token
 * (reset, verification), so it must not outlive its use in the database or its backups (decision 0026).
 * Recipient, subject, status, attempts and times stay for support.
 */
export const REMOVED_BODY = '[removed once the mail was sent or given up]';

/**
 * What the recipient of a mail to an erased account becomes once it has been sent or given up (decision
 * 0069): the 'account deleted' mail is the last one, and no address of the person stays behind.
 */
export const ERASED_RECIPIENT = '[erased]';
const recipientAfterUse = sql`case when exists (
    select 1 from users u where u.id = ${mailOutbox.userId} and u.erased_at is not null
  ) then ${ERASED_RECIPIENT} else ${mailOutbox.toAddress} end`;

/**
 * Queues a mail; call it inside the transaction that makes the change the mail is about. `userId` is the
 * learner the mail belongs to (null only for a mail to no account): deleting the account deletes it.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail, userId: string | null): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    userId,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

/** Queues many mails in one statement (a mock's reminders to every subscribed learner), as `enqueueMail`. */
export async function enqueueMails(
  db: Executor,
  mails: Array<{ mail: OutgoingMail; userId: string | null }>,
): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map(({ mail, userId }) => ({
      toAddress: mail.to,
      userId,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })),
  );
}

/**
 * Claims due mails for this worker: FOR UPDATE SKIP LOCKED plus a lease (`locked_until`) so two
 * processes never take the same row, and a crashed worker's rows come back after the lease. Claiming is
 * no try: `attempts` counts only real tries (markMailSent, markMailFailed), and the worker hands back
 * what it did not try (releaseMails).
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Hands claimed mails back untried: due again at once for any worker. */
export async function releaseMails(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      attempts: sql`${mailOutbox.attempts} + 1`,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      toAddress: recipientAfterUse,
      textBody: REMOVED_BODY,
      htmlBody: REMOVED_BODY,
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * Records a failed try. `retryInMs` is the back-off from now, this mail's own last real try; null gives
 * the mail up (status failed, body removed).
 */
export async function markMailFailed(
  db: Db,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const tried = { attempts: sql`${mailOutbox.attempts} + 1`, lastError: error, lockedUntil: null };
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? {
            ...tried,
            status: 'failed',
            toAddress: recipientAfterUse,
            textBody: REMOVED_BODY,
            htmlBody: REMOVED_BODY,
          }
        : { ...tried, nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` },
    )
    .where(eq(mailOutbox.id, id));
}
