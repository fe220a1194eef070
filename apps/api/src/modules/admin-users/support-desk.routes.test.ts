import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  startSitting,
  mailSubjectsOf,
} from '../../../test/factories.ts';

/*
 * The support desk on a learner's page (decision 0072): complimentary access, a corrected name, a
 * password-reset link and a manual verification, each with a reason in the activity log.
 */
const t = useTestApp();

/** A day `days` from the test clock's today, as YYYY-MM-DD. */
function dayFromNow(days: number): string {
  return new Date(t.ctx.clock.now().getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

const mailsTo = (userId: string) => mailSubjectsOf(t, userId);

async function auditOf(userId: string, action: string) {
  return queryRows<{ admin_email: string; details: Record<string, unknown> }>(
    t.ctx.db,
    sql`select admin_email, details from audit_log where entity_id = ${userId} and action = ${action}`,
  );
}

describe('complimentary access', () => {
  it('gives a learner access to a paid exam without charging, which they can start at once', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { title: 'Paid Pharmacology', pricePence: 1999 });
    // Not subscribed: a sitting is refused.
    expect(
      (await t.call(api.attempts.start, { params: { id: exam.id }, body: { mode: 'exam' }, as: learner }))
        .statusCode,
    ).toBe(403);

    const until = dayFromNow(30);
    const granted = await t.call(api.adminUsers.grantAccess, {
      params: { id: learner.id },
      body: { examId: exam.id, until, reason: 'Paid by bank transfer, invoice 42' },
      as: support,
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.body.message).toMatch(/^Access to Paid Pharmacology given until \d{1,2} \w+ \d{4}\.$/);

    const status = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(status.body.isActive).toBe(true);
    expect(status.body.subscription).toMatchObject({ autoRenew: false });
    expect(status.body.subscription?.endDate.slice(0, 10)).toBe(until);
    const sitting = await startSitting(t, learner, exam.id);
    expect(sitting._id).toBeTruthy();

    // A £0 payment of kind 'complimentary', never refundable, with the reason; on the learner's receipts too.
    const payments = await t.call(api.adminPayments.list, {
      query: { userId: learner.id },
      as: await createAdmin(t, { role: 'finance' }),
    });
    expect(payments.body.payments).toEqual([
      expect.objectContaining({
        kind: 'complimentary',
        status: 'completed',
        amountPence: 0,
        provider: 'none',
        refundable: false,
        examTitle: 'Paid Pharmacology',
      }),
    ]);
    const [stored] = await queryRows<{ note: string }>(
      t.ctx.db,
      sql`select note from payments where user_id = ${learner.id}`,
    );
    expect(stored?.note).toBe('Paid by bank transfer, invoice 42');
    const receipts = await t.call(api.payments.list, { as: learner });
    expect(receipts.body.payments.map((payment) => payment.kind)).toEqual(['complimentary']);

    const [entry] = await auditOf(learner.id, 'granted_access');
    expect(entry).toEqual({
      admin_email: support.email,
      details: { examTitle: 'Paid Pharmacology', until, reason: 'Paid by bank transfer, invoice 42' },
    });
    expect(await mailsTo(learner.id)).toContain('You have access to Paid Pharmacology');
  });

  it('extends access that runs shorter, refuses one that already runs as long, and never shortens it', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 999 });
    const ends = new Date(t.ctx.clock.now().getTime() + 10 * 24 * 3600 * 1000);
    await createSubscription(t, { userId: learner.id, examId: exam.id, endDate: ends, autoRenew: true });

    const shorter = await t.call(api.adminUsers.grantAccess, {
      params: { id: learner.id },
      body: { examId: exam.id, until: dayFromNow(5), reason: 'Extension' },
      as: support,
    });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.message).toMatch(/^The learner's access already runs until .+\. Choose a later day\.$/);

    const longer = dayFromNow(40);
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        t.call(api.adminUsers.grantAccess, {
          params: { id: learner.id },
          body: { examId: exam.id, until: longer, reason: 'Exam postponed' },
          as: support,
        }),
      ),
    );
    // A double click: one grant, the other told it is covered.
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const status = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(status.body.subscription?.endDate.slice(0, 10)).toBe(longer);
    // A paid learner's auto-renew stays as it was: their next charge simply falls later.
    expect(status.body.subscription?.autoRenew).toBe(true);
    expect(
      await queryRows(t.ctx.db, sql`select count(*)::int as n from payments where user_id = ${learner.id}`),
    ).toEqual([{ n: 1 }]);
  });

  it('refuses bad input and changes nothing', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, {});
    const draft = await createExam(t.ctx.db, { isActive: false });
    const grant = (body: Record<string, unknown>, id = learner.id) =>
      t.send(api.adminUsers.grantAccess, { params: { id }, body, as: support });
    const valid = { examId: exam.id, until: dayFromNow(10), reason: 'Because' };

    expect((await grant({ ...valid, reason: '' })).message).toBe(
      'Please give a reason (at least 3 characters)',
    );
    expect((await grant({ ...valid, until: '10/01/2027' })).message).toBe(
      'Choose the last day of access (YYYY-MM-DD)',
    );
    expect((await grant({ ...valid, until: '2027-02-30' })).message).toBe(
      'Choose a day from tomorrow to a year ahead.',
    );
    expect((await grant({ ...valid, until: dayFromNow(-1) })).message).toBe(
      'Choose a day from tomorrow to a year ahead.',
    );
    expect((await grant({ ...valid, until: dayFromNow(400) })).statusCode).toBe(400);
    const unknownExam = await grant({ ...valid, examId: '0190f3a2-0000-7000-8000-0000000000ee' });
    expect([unknownExam.statusCode, unknownExam.message]).toEqual([404, 'Exam not found']);
    const notPublished = await grant({ ...valid, examId: draft.id });
    expect(notPublished.statusCode).toBe(409);
    const unknownLearner = await grant(valid, '0190f3a2-0000-7000-8000-0000000000ef');
    expect([unknownLearner.statusCode, unknownLearner.message]).toEqual([404, 'User not found']);
    // Finance and Editors may not give access; nor may a learner.
    const finance = await createAdmin(t, { role: 'finance' });
    expect(
      (await t.send(api.adminUsers.grantAccess, { params: { id: learner.id }, body: valid, as: finance }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.send(api.adminUsers.grantAccess, { params: { id: learner.id }, body: valid, as: learner }))
        .statusCode,
    ).toBe(401);

    expect(
      await queryRows(
        t.ctx.db,
        sql`select count(*)::int as n from subscriptions where user_id = ${learner.id}`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(
      await queryRows(t.ctx.db, sql`select count(*)::int as n from payments where user_id = ${learner.id}`),
    ).toEqual([{ n: 0 }]);
  });
});

describe('name, password reset and verification', () => {
  it("corrects a learner's name with a reason, and keeps the log free of the names", async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t, { name: 'Jon Smtih' });
    const changed = await t.call(api.adminUsers.changeName, {
      params: { id: learner.id },
      body: { name: '  Jon Smith ', reason: 'Typo at registration, asked by e-mail' },
      as: support,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toMatchObject({
      message: "The learner's name has been changed.",
      user: { name: 'Jon Smith' },
    });
    expect((await t.call(api.users.me, { as: learner })).body).toMatchObject({ name: 'Jon Smith' });
    const entries = await auditOf(learner.id, 'changed_name');
    expect(entries).toEqual([
      { admin_email: support.email, details: { reason: 'Typo at registration, asked by e-mail' } },
    ]);
    const missing = await t.send(api.adminUsers.changeName, {
      params: { id: learner.id },
      body: { name: '', reason: 'Typo' },
      as: support,
    });
    expect([missing.statusCode, missing.message]).toEqual([400, 'Name is required']);
  });

  it('mails a password-reset link whose page accepts it', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const sent = await t.call(api.adminUsers.sendPasswordReset, {
      params: { id: learner.id },
      body: { reason: 'Locked out, asked by phone' },
      as: support,
    });
    expect(sent.body).toEqual({ message: 'A password-reset link has been sent to the learner.' });
    expect((await mailsTo(learner.id)).at(-1)).toMatch(/^Reset your .+ password$/);
    expect(await auditOf(learner.id, 'sent_password_reset')).toEqual([
      { admin_email: support.email, details: { reason: 'Locked out, asked by phone' } },
    ]);
    const noReason = await t.send(api.adminUsers.sendPasswordReset, {
      params: { id: learner.id },
      body: {},
      as: support,
    });
    expect([noReason.statusCode, noReason.message]).toEqual([400, 'Please give a reason']);
  });

  it('marks an address verified once, with a reason', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t, { verified: false });
    const marked = await t.call(api.adminUsers.markVerified, {
      params: { id: learner.id },
      body: { reason: 'Confirmed the address by phone' },
      as: support,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.body.user.verified).toBe(true);
    const again = await t.call(api.adminUsers.markVerified, {
      params: { id: learner.id },
      body: { reason: 'Again' },
      as: support,
    });
    expect([again.statusCode, again.message]).toEqual([
      409,
      'This learner has already verified their email address.',
    ]);
    expect(await auditOf(learner.id, 'marked_verified')).toHaveLength(1);
  });
});

describe("changing a learner's e-mail address", () => {
  it('replaces the address only once the new one confirms it, and tells the old one', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const newEmail = `moved-${learner.id.slice(-6)}@example.org`;
    const started = await t.call(api.adminUsers.changeEmail, {
      params: { id: learner.id },
      body: { email: ` ${newEmail.toUpperCase()} `, reason: 'New work address, asked by phone' },
      as: support,
    });
    expect(started.body).toEqual({
      message:
        'A confirmation link has been sent to the new address. The address changes when the learner opens it.',
    });
    // Nothing changed yet: the old address still signs in.
    expect((await t.call(api.users.me, { as: learner })).body).toMatchObject({ email: learner.email });
    const mails = await queryRows<{ to_address: string; subject: string; text_body: string }>(
      t.ctx.db,
      sql`select to_address, subject, text_body from mail_outbox where user_id = ${learner.id} order by created_at, id`,
    );
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
      [newEmail, expect.stringMatching(/^Confirm your new email address for /)],
      [learner.email, expect.stringMatching(/^A change of your .+ email address$/)],
    ]);
    const link = new URL(/https?:\/\/\S+\/confirm-email\?\S+/.exec(mails[0]!.text_body)![0]);
    const userId = link.searchParams.get('userId')!;
    const token = link.searchParams.get('token')!;

    const wrong = await t.call(api.users.confirmEmailChange, {
      params: { userId, token: `${token.slice(0, -2)}xx` },
    });
    expect([wrong.statusCode, wrong.message]).toEqual([
      400,
      'This confirmation link is invalid, has expired or has already been used. Please ask us for a new one.',
    ]);
    const confirmed = await t.call(api.users.confirmEmailChange, { params: { userId, token } });
    expect(confirmed.body).toEqual({
      message: 'Your email address has been changed. Please log in with your new address.',
    });
    expect((await t.call(api.users.me, { as: learner })).body).toMatchObject({ email: newEmail });
    // Once only.
    expect((await t.call(api.users.confirmEmailChange, { params: { userId, token } })).statusCode).toBe(400);
    const [entry] = await auditOf(learner.id, 'requested_email_change');
    expect(entry?.details).toEqual({ reason: 'New work address, asked by phone' });
  });

  it('refuses an address another account uses, the same address, and a bad one', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const change = (email: string) =>
      t.send(api.adminUsers.changeEmail, {
        params: { id: learner.id },
        body: { email, reason: 'Asked' },
        as: support,
      });
    expect([(await change(other.email)).statusCode, (await change(other.email)).message]).toEqual([
      409,
      'This email address is already used by another account.',
    ]);
    expect((await change(learner.email)).statusCode).toBe(409);
    expect((await change('not-an-address')).statusCode).toBe(400);
    expect(await mailsTo(learner.id)).toEqual([]);
  });

  it('refuses the confirmation when another account took the address meanwhile', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const learner = await createLearner(t);
    const wanted = `wanted-${learner.id.slice(-6)}@example.org`;
    await t.call(api.adminUsers.changeEmail, {
      params: { id: learner.id },
      body: { email: wanted, reason: 'Asked' },
      as: support,
    });
    const [mail] = await queryRows<{ text_body: string }>(
      t.ctx.db,
      sql`select text_body from mail_outbox where to_address = ${wanted}`,
    );
    const link = new URL(/https?:\/\/\S+\/confirm-email\?\S+/.exec(mail!.text_body)![0]);
    await createLearner(t, { email: wanted });
    const late = await t.call(api.users.confirmEmailChange, {
      params: { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! },
    });
    expect([late.statusCode, late.message]).toEqual([
      409,
      'This email address is already used by another account.',
    ]);
    expect((await t.call(api.users.me, { as: learner })).body).toMatchObject({ email: learner.email });
  });
});
