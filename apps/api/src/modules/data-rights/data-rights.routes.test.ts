import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, ERASE_CONFIRMATION_WORD } from '@mlp/contract';
import { useSmtpServer, useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  LEARNER_PASSWORD,
  queryRows,
  sitExam,
  type Learner,
} from '../../../test/factories.ts';
import { ERASED_RECIPIENT } from '../../lib/mail/outbox.repository.ts';
import { countNewSittings } from '../item-analysis/item-analysis.service.ts';
import { DATA_RIGHTS_MESSAGES } from './data-rights.messages.ts';

/*
 * Data rights under UK GDPR (decision 0069): the download holds everything about the learner and nothing of
 * anyone else; the erasure leaves no trace of their name or address in any table, keeps payments (without
 * them) and keeps their results counted in the exam's statistics.
 */
const smtp = useSmtpServer();
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
let counter = 0;

/** A learner with something in every part of the file: a result, a note, review cards, a payment, a saved
 * PayPal payer with a renewal scheduled, a report on a question, a comment with a display name. */
async function richLearner() {
  counter += 1;
  const tag = `${counter}${Date.now().toString(36)}`;
  const learner = await createLearner(t, {
    name: `Zelda Quorra ${tag}`,
    email: `zelda-${tag}@example.com`,
  });
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, modes: ['exam', 'tutor'] });
  await createSubscription(t, { userId: learner.id, examId: exam.id });
  const result = await sitExam(t, learner, exam.id, { right: 2 });
  await applyPendingResults(t);
  const questionId = result.questions[0]!.questionId;

  const note = await t.call(api.notes.save, {
    params: { questionId },
    body: { text: `Remember this, ${learner.name}` },
    as: learner,
  });
  expect(note.statusCode, note.message).toBe(200);
  const report = await t.call(api.reports.send, {
    params: { questionId },
    body: { reason: 'typo', details: `Spotted by ${learner.email}` },
    as: learner,
  });
  expect(report.statusCode, report.message).toBeLessThan(300);
  const profile = await t.call(api.community.saveProfile, {
    body: { displayName: `Zelda${tag}` },
    as: learner,
  });
  expect(profile.statusCode, profile.message).toBe(200);
  const comment = await t.call(api.community.postOnQuestion, {
    params: { questionId },
    body: { body: `I am ${learner.name} and I found this hard` },
    as: learner,
  });
  expect(comment.statusCode, comment.message).toBeLessThan(300);

  // A paid exam renewing automatically with a saved PayPal payer, its next renewal scheduled.
  const paid = await createExam(t.ctx.db, { pricePence: 1999 });
  const subscription = await createSubscription(t, {
    userId: learner.id,
    examId: paid.id,
    isFree: false,
    autoRenew: true,
  });
  await t.ctx.db.execute(sql`
    insert into payments (id, provider, order_id, amount_pence, currency, status, kind, user_id, exam_id, subscription_id)
    values (gen_random_uuid(), 'sandbox', ${`manual-${tag}`}, 1999, 'GBP', 'completed', 'purchase', ${learner.id}, ${paid.id}, ${subscription.id})`);
  await t.ctx.db.execute(sql`
    insert into payment_methods (id, user_id, vault_id, payer_email)
    values (gen_random_uuid(), ${learner.id}, ${`vault-${tag}`}, ${learner.email})`);
  await t.ctx.db.execute(sql`
    insert into subscription_renewals (id, subscription_id, user_id, exam_id, period_end, amount_pence, next_attempt_at)
    values (gen_random_uuid(), ${subscription.id}, ${learner.id}, ${paid.id}, ${subscription.endDate}, 1999, ${subscription.endDate})`);

  // A member of a cohort with extra time, who started the practice set it assigns.
  const owner = await createAdmin(t, { role: 'owner' });
  const cohort = await t.call(api.adminCohorts.create, {
    body: { name: `Cohort ${tag}`, startsOn: '2027-01-04', endsOn: '2027-06-30', tutorIds: [] },
    as: owner,
  });
  const cohortId = cohort.body.cohort._id;
  await t.call(api.adminCohorts.addMembers, {
    params: { id: cohortId },
    body: { emails: learner.email },
    as: owner,
  });
  await t.call(api.adminCohorts.setMemberTime, {
    params: { id: cohortId, userId: learner.id },
    body: { extraTimePercent: 25 },
    as: owner,
  });
  const practiceExam = await createExam(t.ctx.db, { numberOfQuestions: 5 });
  const assignment = await t.call(api.adminCohorts.createAssignment, {
    params: { id: cohortId },
    body: {
      examId: practiceExam.id,
      practice: { topics: [], size: 5, mode: 'tutor' },
      dueAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    },
    as: owner,
  });
  const started = await t.call(api.practice.startAssigned, {
    params: { id: assignment.body.assignment._id },
    as: learner,
  });
  expect(started.statusCode, started.message).toBe(200);
  return { learner, exam, result, questionId, cohortId };
}

async function download(learner: Learner) {
  const response = await t.call(api.dataRights.download, { as: learner });
  expect(response.statusCode, response.message).toBe(200);
  // The file is JSON, so the test client parses it like any answer.
  const data = response.body as unknown as Record<string, unknown>;
  return { response, data, text: JSON.stringify(data) };
}

/** Every text, varchar and jsonb column of every table that mentions `needle` (as `table.column`). */
async function columnsMentioning(needle: string): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.ctx.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema()
          and data_type in ('text', 'character varying', 'jsonb', 'json')
        order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where position(lower(${needle}) in lower(${sql.identifier(column)}::text)) > 0`,
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('download my data', () => {
  it('holds every part of what is stored about the learner, no secrets and nothing of another learner', async () => {
    const { learner, result } = await richLearner();
    const other = await richLearner();
    const { response, data, text } = await download(learner);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(`my-data-${today}.json`);

    expect(data.account).toMatchObject({ id: learner.id, name: learner.name, email: learner.email });
    for (const part of [
      'devices',
      'sessions',
      'subscriptions',
      'renewals',
      'payments',
      'sittings',
      'results',
      'answers',
      'reviewCards',
      'notes',
      'questionReports',
      'comments',
      'cohortPracticeSets',
    ]) {
      expect((data[part] as unknown[]).length, part).toBeGreaterThan(0);
    }
    expect(data.paymentMethod).toMatchObject({ payerEmail: learner.email });
    expect(data.communityProfile).toMatchObject({ userId: learner.id });
    const cohorts = data.cohorts as Array<{ cohort: string; extraTimePercent: number }>;
    expect(cohorts.map((row) => [row.cohort.startsWith('Cohort '), row.extraTimePercent])).toEqual([
      [true, 25],
    ]);
    expect((data.results as Array<{ id: string }>)[0]!.id).toBe(result._id);
    expect(JSON.stringify(data.notes)).toContain(`Remember this, ${learner.name}`);
    expect((data.payments as Array<{ amountPence: number }>)[0]!.amountPence).toBe(1999);

    expect(text).not.toContain(other.learner.id);
    expect(text).not.toContain(other.learner.email);
    expect(text).not.toContain(other.learner.name);
    // Secrets are never in the file.
    expect(text).not.toMatch(/passwordHash|tokenHash|vaultId|\$argon2/);
    expect(text).not.toContain('vault-');
  });

  it('is refused without a session and limited to a few an hour', async () => {
    expect((await t.call(api.dataRights.download)).statusCode).toBe(401);
    const learner = await createLearner(t);
    for (let i = 0; i < 5; i += 1)
      expect((await t.call(api.dataRights.download, { as: learner })).statusCode).toBe(200);
    const sixth = await t.call(api.dataRights.download, { as: learner });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.message).toBe(DATA_RIGHTS_MESSAGES.tooManyDownloads);
  });
});

describe('delete my account', () => {
  it('erases the learner: no name or address left anywhere, payments and exam statistics kept', async () => {
    const { learner, exam, cohortId } = await richLearner();
    const editor = await createAdmin(t, { role: 'editor' });
    await countNewSittings(t.ctx);
    const before = await t.call(api.itemAnalysis.read, { params: { id: exam.id }, query: {}, as: editor });
    expect(before.body.exam.results).toBe(1);

    // A mail queued to the learner (a reset link) is dropped with the account, never sent.
    expect((await t.call(api.users.forgotPassword, { body: { email: learner.email } })).statusCode).toBe(200);
    const queued = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mail_outbox where to_address = ${learner.email} and status = 'pending'`,
    );
    expect(queued[0]?.n).toBeGreaterThan(0);

    const deleted = await t.call(api.dataRights.deleteAccount, {
      body: { password: LEARNER_PASSWORD, confirmation: ERASE_CONFIRMATION_WORD },
      as: learner,
    });
    expect(deleted.statusCode, deleted.message).toBe(200);
    expect(deleted.body.message).toBe(DATA_RIGHTS_MESSAGES.deleted);

    // The session has ended; signing in with the old address and password fails.
    expect((await t.call(api.users.me, { as: learner })).statusCode).toBe(401);
    const login = await t.call(api.users.login, {
      body: {
        email: learner.email,
        password: LEARNER_PASSWORD,
        deviceId: 'device-erased',
        deviceName: 'Firefox',
      },
    });
    expect(login.statusCode).toBe(401);

    // The last mail goes to the address before erasure; once sent, no trace of it stays.
    await t.ctx.outbox.runOnce();
    const goodbye = await smtp.waitForMail(learner.email, /account has been deleted/);
    expect(goodbye.text).toContain(`Hello ${learner.name},`);
    const [outboxRow] = await queryRows<{ to_address: string }>(
      t.ctx.db,
      sql`select to_address from mail_outbox where user_id = ${learner.id}`,
    );
    expect(outboxRow?.to_address).toBe(ERASED_RECIPIENT);

    expect(await columnsMentioning(learner.email)).toEqual([]);
    expect(await columnsMentioning(learner.name)).toEqual([]);

    const [account] = await queryRows<{ name: string; email: string; erased_at: Date | null }>(
      t.ctx.db,
      sql`select name, email, erased_at from users where id = ${learner.id}`,
    );
    expect(account).toMatchObject({ name: 'Deleted learner', email: `erased-${learner.id}@erased.invalid` });
    expect(account?.erased_at).not.toBeNull();

    // No renewal can charge it: subscriptions, renewals and the saved payer are gone.
    const left = await queryRows<{
      subscriptions: number;
      renewals: number;
      methods: number;
      sessions: number;
    }>(
      t.ctx.db,
      sql`select
        (select count(*)::int from subscriptions where user_id = ${learner.id}) as subscriptions,
        (select count(*)::int from subscription_renewals where user_id = ${learner.id}) as renewals,
        (select count(*)::int from payment_methods where user_id = ${learner.id}) as methods,
        (select count(*)::int from sessions where user_id = ${learner.id}) as sessions`,
    );
    expect(left[0]).toEqual({ subscriptions: 0, renewals: 0, methods: 0, sessions: 0 });
    // They left their cohort: its tutors no longer list them.
    const owner = await createAdmin(t, { role: 'owner' });
    const cohort = await t.call(api.adminCohorts.detail, { params: { id: cohortId }, as: owner });
    expect(cohort.body.members).toEqual([]);

    // The payment stays for accounting, with its amount, detached from the account.
    const payments = await queryRows<{ amount_pence: number; user_id: string | null }>(
      t.ctx.db,
      sql`select amount_pence, user_id from payments where order_id like 'manual-%' and amount_pence = 1999
          and exam_id in (select exam_id from payments where user_id is null)`,
    );
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((row) => row.user_id === null)).toBe(true);

    // The result still counts in item analysis, also when it is recalculated.
    const after = await t.call(api.itemAnalysis.read, { params: { id: exam.id }, query: {}, as: editor });
    expect(after.body.exam.results).toBe(1);
    const recalculated = await t.call(api.itemAnalysis.recalculate, { params: { id: exam.id }, as: editor });
    expect(recalculated.statusCode).toBe(200);
    await countNewSittings(t.ctx);
    const again = await t.call(api.itemAnalysis.read, { params: { id: exam.id }, query: {}, as: editor });
    expect(again.body.exam.results).toBe(1);

    // The address can register again, as a new account.
    const registered = await t.call(api.users.register, {
      body: { name: 'Zelda Again', email: learner.email, password: 'Brand-New-Pass-9' },
    });
    expect(registered.statusCode, registered.message).toBe(201);
    const fresh = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where email = ${learner.email}`,
    );
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(learner.id);
  });

  it('refuses a wrong password (400, the session kept) and a wrong confirmation (400)', async () => {
    const learner = await createLearner(t);
    const wrongPassword = await t.call(api.dataRights.deleteAccount, {
      body: { password: 'not-my-password', confirmation: ERASE_CONFIRMATION_WORD },
      as: learner,
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.message).toBe(DATA_RIGHTS_MESSAGES.wrongPassword);
    const wrongWord = await t.call(api.dataRights.deleteAccount, {
      body: { password: LEARNER_PASSWORD, confirmation: 'delete please' },
      as: learner,
    });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.message).toBe(DATA_RIGHTS_MESSAGES.wrongConfirmation);
    expect((await t.call(api.users.me, { as: learner })).statusCode).toBe(200);
    expect((await t.send(api.dataRights.deleteAccount, { body: {}, as: learner })).statusCode).toBe(400);
    expect(
      (await t.call(api.dataRights.deleteAccount, { body: { password: 'x', confirmation: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('a double submit erases once and sends one mail', async () => {
    const learner = await createLearner(t);
    const body = { password: LEARNER_PASSWORD, confirmation: ERASE_CONFIRMATION_WORD };
    const answers = await Promise.all([
      t.call(api.dataRights.deleteAccount, { body, as: learner }),
      t.call(api.dataRights.deleteAccount, { body, as: learner }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual(
      answers.some((answer) => answer.statusCode === 401) ? [200, 401] : [200, 200],
    );
    const mails = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mail_outbox where user_id = ${learner.id}`,
    );
    expect(mails[0]?.n).toBe(1);
  });
});

describe('a renewal being charged', () => {
  it('holds the erasure back (409) while PayPal is being asked, so no charge lands on an erased account', async () => {
    const { learner } = await richLearner();
    await t.ctx.db.execute(
      sql`update subscription_renewals set status = 'charging' where user_id = ${learner.id}`,
    );
    const body = { password: LEARNER_PASSWORD, confirmation: ERASE_CONFIRMATION_WORD };
    const refused = await t.call(api.dataRights.deleteAccount, { body, as: learner });
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe(DATA_RIGHTS_MESSAGES.renewalInFlight);
    expect((await t.call(api.users.me, { as: learner })).body).toMatchObject({ email: learner.email });
    await t.ctx.db.execute(
      sql`update subscription_renewals set status = 'scheduled' where user_id = ${learner.id}`,
    );
    expect((await t.call(api.dataRights.deleteAccount, { body, as: learner })).statusCode).toBe(200);
  });
});

describe('support on a written request', () => {
  it('downloads and erases a learner with a reason in the activity log', async () => {
    const { learner } = await richLearner();
    const support = await createAdmin(t, { role: 'support' });
    const file = await t.call(api.dataRights.adminDownload, { params: { id: learner.id }, as: support });
    expect(file.statusCode, file.message).toBe(200);
    expect(file.body as unknown).toMatchObject({ account: { id: learner.id, email: learner.email } });

    const wrongEmail = await t.call(api.dataRights.adminErase, {
      params: { id: learner.id },
      body: { reason: 'Letter of 1 December 2026', confirmation: 'someone@example.com' },
      as: support,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.message).toBe(DATA_RIGHTS_MESSAGES.wrongEmail);

    const learnersBefore = (await t.call(api.stats.read, { as: support })).body.totalUsers;
    const body = { reason: 'Letter of 1 December 2026', confirmation: learner.email.toUpperCase() };
    const erased = await t.call(api.dataRights.adminErase, { params: { id: learner.id }, body, as: support });
    expect(erased.statusCode, erased.message).toBe(200);
    expect(erased.body.message).toBe(DATA_RIGHTS_MESSAGES.erased);
    const repeat = await t.call(api.dataRights.adminErase, { params: { id: learner.id }, body, as: support });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body.message).toBe(DATA_RIGHTS_MESSAGES.alreadyErased);

    const log = await queryRows<{ action: string; details: Record<string, unknown> | null }>(
      t.ctx.db,
      sql`select action, details from audit_log where entity_id = ${learner.id} order by created_at, id`,
    );
    expect(log).toEqual([
      { action: 'downloaded_data', details: null },
      { action: 'erased_account', details: { reason: 'Letter of 1 December 2026' } },
    ]);
    // The erased account is no longer a learner of the panel.
    expect((await t.call(api.stats.read, { as: support })).body.totalUsers).toBe(learnersBefore - 1);
    expect(
      (await t.call(api.adminUsers.detail, { params: { id: learner.id }, as: support })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(api.dataRights.adminDownload, { params: { id: learner.id }, as: support })).statusCode,
    ).toBe(404);
    // Only the last mail, queued until the outbox sends it, still has the address and (in its greeting) the
    // name.
    expect(await columnsMentioning(learner.email)).toEqual(['mail_outbox.to_address']);
    expect(await columnsMentioning(learner.name)).toEqual(['mail_outbox.html_body', 'mail_outbox.text_body']);
  });

  it('refuses editors and finance (403) and an unknown learner (404)', async () => {
    const learner = await createLearner(t);
    for (const role of ['editor', 'finance'] as const) {
      const admin = await createAdmin(t, { role });
      expect(
        (await t.call(api.dataRights.adminDownload, { params: { id: learner.id }, as: admin })).statusCode,
      ).toBe(403);
      const erase = await t.call(api.dataRights.adminErase, {
        params: { id: learner.id },
        body: { reason: 'Because', confirmation: learner.email },
        as: admin,
      });
      expect(erase.statusCode).toBe(403);
    }
    const owner = await createAdmin(t, { role: 'owner' });
    expect(
      (
        await t.call(api.dataRights.adminDownload, {
          params: { id: '0190a0a0-0000-7000-8000-000000000000' },
          as: owner,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call(api.users.me, { as: learner })).statusCode).toBe(200);
  });
});
