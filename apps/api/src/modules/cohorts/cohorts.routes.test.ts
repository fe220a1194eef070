import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, INVITE_CODE_ALPHABET, type CohortBody, type RouteDefinition } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  answersFor,
  applyPendingResults,
  createAdmin,
  createExam,
  createTopicExam,
  createLearner,
  createSubscription,
  mailSubjectsOf,
  queryRows,
  sitExam,
  scheduleMock,
  startSitting,
  submitSitting,
  type Admin,
  type Learner,
} from '../../../test/factories.ts';
import { clockTimes, DAY, HOUR } from '../../../test/time.ts';
import { formatMailTime } from '../../lib/mail/templates.ts';
import { rollUpPeers } from '../analytics/analytics.service.ts';
import { newInviteCode } from './cohorts.service.ts';

/*
 * Cohorts (decision 0079): tutors see only their cohorts, members by a pasted list (all or nothing) or an
 * invite code (hashed at rest), and assignments whose status follows the members' sittings.
 */

// The tests of this file share one database: each reads only the rows it made.
const t = useTestApp();

const at = clockTimes(t);

let sequence = 0;
function cohortBody(overrides: Partial<CohortBody> = {}): CohortBody {
  sequence += 1;
  return {
    name: `Year 3 cohort ${sequence}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Finals revision group',
    startsOn: '2027-01-04',
    endsOn: '2027-06-30',
    tutorIds: [],
    ...overrides,
  };
}

async function cohortWith(tutors: Admin[], overrides: Partial<CohortBody> = {}) {
  const owner = await createAdmin(t, { role: 'owner' });
  const created = await t.call(api.adminCohorts.create, {
    body: cohortBody({ tutorIds: tutors.map((tutor) => tutor.id), ...overrides }),
    as: owner,
  });
  expect(created.statusCode, created.message).toBe(201);
  return { owner, cohort: created.body.cohort };
}

async function publishedExam() {
  return createExam(t.ctx.db, { numberOfQuestions: 5, isActive: true });
}

/** A year's subscription of the learner to the exam. */
function subscribe(learner: Learner, exam: { id: string }) {
  return createSubscription(t, {
    userId: learner.id,
    examId: exam.id,
    endDate: new Date(Date.now() + 400 * DAY),
  });
}

/** The learner added to the cohort by its tutor, as the members box does. */
async function addMember(tutor: Admin, cohort: { _id: string }, learner: Learner) {
  const added = await t.call(api.adminCohorts.addMembers, {
    params: { id: cohort._id },
    body: { emails: learner.email },
    as: tutor,
  });
  expect(added.statusCode, added.message).toBe(200);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, query);
  return Number(row?.n ?? 0);
}

describe('cohorts and tutors', () => {
  it('lets an Owner create, edit and delete a cohort with its tutors, each in the activity log', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { owner, cohort } = await cohortWith([tutor], { name: 'Spring finals group' });
    expect(cohort).toMatchObject({
      name: 'Spring finals group',
      startsOn: '2027-01-04',
      tutors: [{ _id: tutor.id }],
      members: 0,
    });

    const again = await t.send(api.adminCohorts.create, {
      body: cohortBody({ name: 'SPRING finals group' }),
      as: owner,
    });
    expect(again.statusCode).toBe(409);
    expect(again.message).toBe('A cohort with this name already exists. Choose another name.');

    const edited = await t.call(api.adminCohorts.update, {
      params: { id: cohort._id },
      body: cohortBody({ name: 'Summer finals group', tutorIds: [] }),
      as: owner,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.cohort).toMatchObject({ name: 'Summer finals group', tutors: [] });
    // No longer its tutor: the cohort is gone for them.
    expect(
      (await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor })).statusCode,
    ).toBe(404);

    const removed = await t.call(api.adminCohorts.remove, { params: { id: cohort._id }, as: owner });
    expect(removed.body.message).toBe('Cohort deleted');
    const log = await t.call(api.audit.list, { query: { entityType: 'cohort' }, as: owner });
    expect(log.body.entries.filter((e) => e.entityId === cohort._id).map((e) => e.summary)).toEqual([
      'Deleted the cohort "Summer finals group"',
      'Edited the cohort "Summer finals group"',
      'Created the cohort "Spring finals group"',
    ]);
  });

  it('refuses bad input with a clear sentence', async () => {
    const owner = await createAdmin(t, { role: 'owner' });
    const editor = await createAdmin(t, { role: 'editor' });
    const refused = async (body: Partial<CohortBody>, status: number, message: RegExp) => {
      const answer = await t.send(api.adminCohorts.create, { body: cohortBody(body), as: owner });
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.message).toMatch(message);
    };
    await refused({ name: '  ' }, 400, /Give the cohort a name/);
    await refused({ name: 'x'.repeat(121) }, 400, /at most 120 characters/);
    await refused({ endsOn: '2026-12-31' }, 400, /end on or after/);
    await refused({ startsOn: '4 January' }, 400, /date such as/);
    await refused({ tutorIds: [editor.id] }, 400, /role Tutor/);
  });

  it('keeps a tutor to their own cohorts on every cohort route (404), and other roles out (403)', async () => {
    const tutorA = await createAdmin(t, { role: 'tutor' });
    const tutorB = await createAdmin(t, { role: 'tutor' });
    const { cohort: mine } = await cohortWith([tutorA]);
    const { cohort: theirs } = await cohortWith([tutorB]);
    const learner = await createLearner(t);
    const exam = await publishedExam();

    const listed = await t.call(api.adminCohorts.list, { as: tutorA });
    expect(listed.body.cohorts.map((c) => c._id)).toEqual([mine._id]);

    // Every route that names a cohort, as tutor A on tutor B's cohort: 404 as for one that does not exist.
    const other = '0190f3a2-0000-7000-8000-0000000000ff';
    const calls: Array<[RouteDefinition, Record<string, string>, unknown]> = [
      [api.adminCohorts.detail, { id: theirs._id }, undefined],
      [api.adminCohorts.previewMembers, { id: theirs._id }, { emails: learner.email }],
      [api.adminCohorts.addMembers, { id: theirs._id }, { emails: learner.email }],
      [api.adminCohorts.removeMember, { id: theirs._id, userId: learner.id }, undefined],
      [api.adminCohorts.setMemberTime, { id: theirs._id, userId: learner.id }, { extraTimePercent: 25 }],
      [api.adminCohorts.invites, { id: theirs._id }, undefined],
      [api.adminCohorts.createInvite, { id: theirs._id }, { days: 7 }],
      [api.adminCohorts.revokeInvite, { id: theirs._id, inviteId: other }, undefined],
      [api.adminCohorts.createAssignment, { id: theirs._id }, { examId: exam.id, dueAt: at(DAY) }],
      [api.adminCohorts.assignmentProgress, { id: theirs._id, assignmentId: other }, undefined],
      [api.adminCohorts.removeAssignment, { id: theirs._id, assignmentId: other }, undefined],
      [api.adminCohorts.report, { id: theirs._id }, undefined],
    ];
    for (const [route, params, body] of calls) {
      const answer = await t.send(route, { params, ...(body === undefined ? {} : { body }), as: tutorA });
      expect(answer.statusCode, `${route.method} ${route.path}`).toBe(404);
      expect(answer.message).toBe('Cohort not found');
    }
    expect(
      await count(sql`select count(*)::int as n from cohort_members where cohort_id = ${theirs._id}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from cohort_invites where cohort_id = ${theirs._id}`),
    ).toBe(0);

    // Owner-only operations, even on their own cohort.
    for (const route of [api.adminCohorts.update, api.adminCohorts.remove]) {
      const answer = await t.send(route, { params: { id: mine._id }, body: cohortBody(), as: tutorA });
      expect(answer.statusCode).toBe(403);
    }
    expect((await t.send(api.adminCohorts.create, { body: cohortBody(), as: tutorA })).statusCode).toBe(403);
    // Nothing of the rest of the panel.
    for (const route of [api.adminPayments.list, api.adminSettings.read, api.adminUsers.list, api.stats.read])
      expect((await t.send(route, { as: tutorA })).statusCode, route.path).toBe(403);
    // Other roles: no cohorts at all.
    for (const role of ['editor', 'support', 'finance'] as const) {
      const admin = await createAdmin(t, { role });
      expect((await t.call(api.adminCohorts.list, { as: admin })).statusCode).toBe(403);
      expect(
        (await t.send(api.adminCohorts.detail, { params: { id: mine._id }, as: admin })).statusCode,
      ).toBe(403);
    }
    // The tutor's own cohort works.
    expect((await t.call(api.adminCohorts.detail, { params: { id: mine._id }, as: tutorA })).statusCode).toBe(
      200,
    );
  });
});

describe('members', () => {
  it('previews a paste, refuses it all when any entry is refused, and adds it all otherwise', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const [ana, ben, cat] = [await createLearner(t), await createLearner(t), await createLearner(t)];
    await t.call(api.adminCohorts.addMembers, {
      params: { id: cohort._id },
      body: { emails: cat.email },
      as: tutor,
    });

    const paste = `${ana.email}\n${ben.email.toUpperCase()}, not-an-address\n${ana.email}; nobody@example.com\n${cat.email}\n\n`;
    const preview = await t.call(api.adminCohorts.previewMembers, {
      params: { id: cohort._id },
      body: { emails: paste },
      as: tutor,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.add.map((row) => row.email)).toEqual([ana.email, ben.email]);
    expect(preview.body.refused).toEqual([
      { email: 'not-an-address', reason: 'invalid' },
      { email: ana.email, reason: 'duplicate' },
      { email: 'nobody@example.com', reason: 'not_learner' },
      { email: cat.email, reason: 'already_member' },
    ]);

    const refused = await t.send(api.adminCohorts.addMembers, {
      params: { id: cohort._id },
      body: { emails: paste },
      as: tutor,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toBe('4 addresses were refused, so nobody was added. Remove them and try again.');
    expect((refused.body as { errors?: unknown[] }).errors).toContainEqual({
      path: 'nobody@example.com',
      message: 'No learner account with this e-mail',
    });
    expect(
      await count(sql`select count(*)::int as n from cohort_members where cohort_id = ${cohort._id}`),
    ).toBe(1);

    const added = await t.call(api.adminCohorts.addMembers, {
      params: { id: cohort._id },
      body: { emails: `${ana.email}, ${ben.email}` },
      as: tutor,
    });
    expect(added.body).toEqual({ message: '2 members added', added: 2 });
    // The same paste again: both are members now, so it is refused rather than doubled.
    const twice = await t.send(api.adminCohorts.addMembers, {
      params: { id: cohort._id },
      body: { emails: `${ana.email}, ${ben.email}` },
      as: tutor,
    });
    expect(twice.statusCode).toBe(422);
    const detail = await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor });
    expect(detail.body.members.map((m) => m.email).sort()).toEqual([ana.email, ben.email, cat.email].sort());

    const removed = await t.call(api.adminCohorts.removeMember, {
      params: { id: cohort._id, userId: ben.id },
      as: tutor,
    });
    expect(removed.body.message).toBe('Member removed');
    const gone = await t.send(api.adminCohorts.removeMember, {
      params: { id: cohort._id, userId: ben.id },
      as: tutor,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses an empty paste and one of more than 500 entries', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const empty = await t.send(api.adminCohorts.previewMembers, {
      params: { id: cohort._id },
      body: { emails: ' \n , ' },
      as: tutor,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.message).toMatch(/Paste at least one/);
    const many = Array.from({ length: 501 }, (_, i) => `l${i}@example.com`).join('\n');
    const tooMany = await t.send(api.adminCohorts.previewMembers, {
      params: { id: cohort._id },
      body: { emails: many },
      as: tutor,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.message).toMatch(/at most 500/);
  });
});

describe('invite codes', () => {
  it('makes random codes of the unambiguous alphabet', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newInviteCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(12);
      expect([...code].every((c) => INVITE_CODE_ALPHABET.includes(c))).toBe(true);
    }
  });

  it('lets a learner try 10 codes an hour, then answers 429 without looking the code up', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const { code } = (
      await t.call(api.adminCohorts.createInvite, {
        params: { id: cohort._id },
        body: { days: 7 },
        as: tutor,
      })
    ).body;
    const guesser = await createLearner(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (await t.send(api.cohorts.join, { body: { code: `WRONGCODE${i}AA` }, as: guesser })).statusCode,
      );
    expect(statuses).toEqual(Array(10).fill(404));
    // The 11th, even with the right code: refused, and not a member.
    const refused = await t.send(api.cohorts.join, { body: { code }, as: guesser });
    expect([refused.statusCode, refused.message]).toEqual([
      429,
      'Too many invite codes tried. Please try again in an hour.',
    ]);
    expect(
      await count(sql`select count(*)::int as n from cohort_members where user_id = ${guesser.id}`),
    ).toBe(0);
    // Another learner is not held back.
    const other = await createLearner(t);
    expect((await t.call(api.cohorts.join, { body: { code }, as: other })).statusCode).toBe(200);
  });

  it('stores only the hash, lets a learner join once (idempotent), and refuses expired and revoked codes', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor], { name: `Invite cohort ${Date.now()}` });
    const created = await t.call(api.adminCohorts.createInvite, {
      params: { id: cohort._id },
      body: { days: 7 },
      as: tutor,
    });
    expect(created.statusCode).toBe(201);
    const { code, invite } = created.body;
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect(invite).toMatchObject({ prefix: code.slice(0, 4), revokedAt: null, uses: 0 });

    const stored = await queryRows<{ code_hash: string; code_prefix: string }>(
      t.ctx.db,
      sql`select code_hash, code_prefix from cohort_invites where id = ${invite._id}`,
    );
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const plain = await count(
      sql`select count(*)::int as n from cohort_invites where code_hash = ${code} or code_prefix = ${code}`,
    );
    expect(plain).toBe(0);

    const learner = await createLearner(t);
    // Typed with spaces, dashes and lower case: the same code.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    const joined = await t.call(api.cohorts.join, { body: { code: typed }, as: learner });
    expect(joined.statusCode).toBe(200);
    expect(joined.body.message).toBe(`You joined ${cohort.name}.`);
    const again = await t.call(api.cohorts.join, { body: { code }, as: learner });
    expect(again.statusCode).toBe(200);
    expect(again.body.message).toBe(`You are already a member of ${cohort.name}.`);
    const listed = await t.call(api.adminCohorts.invites, { params: { id: cohort._id }, as: tutor });
    expect(listed.body.invites[0]).toMatchObject({ _id: invite._id, uses: 1 });
    expect(JSON.stringify(listed.body)).not.toContain(code);

    const unusable =
      'This invite code is not valid: it may have expired or been revoked. Ask your tutor for a new one.';
    const unknown = await t.send(api.cohorts.join, { body: { code: 'ABCDEFGHJKMN' }, as: learner });
    expect([unknown.statusCode, unknown.message]).toEqual([404, unusable]);

    // Revoked.
    const revoked = await t.call(api.adminCohorts.revokeInvite, {
      params: { id: cohort._id, inviteId: invite._id },
      as: tutor,
    });
    expect(revoked.body.message).toBe('Invite code revoked');
    const late = await createLearner(t);
    const afterRevoke = await t.send(api.cohorts.join, { body: { code }, as: late });
    expect([afterRevoke.statusCode, afterRevoke.message]).toEqual([404, unusable]);

    // Expired.
    const short = await t.call(api.adminCohorts.createInvite, {
      params: { id: cohort._id },
      body: { days: 1 },
      as: tutor,
    });
    t.clock.advance(DAY + 1000);
    const expired = await t.send(api.cohorts.join, { body: { code: short.body.code }, as: late });
    expect([expired.statusCode, expired.message]).toEqual([404, unusable]);

    for (const days of [0, 91, 1.5]) {
      const bad = await t.send(api.adminCohorts.createInvite, {
        params: { id: cohort._id },
        body: { days },
        as: tutor,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.message).toMatch(/from 1 to 90 days/);
    }
    expect((await t.send(api.cohorts.join, { body: { code: '' }, as: late })).statusCode).toBe(400);
  });
});

describe('assignments', () => {
  async function cohortWithMember() {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const exam = await publishedExam();
    const learner: Learner = await createLearner(t);
    await subscribe(learner, exam);
    await addMember(tutor, cohort, learner);
    return { tutor, cohort, exam, learner };
  }

  it('follows a member from not started to in progress to done, with the best score', async () => {
    const { tutor, cohort, exam, learner } = await cohortWithMember();
    // A result from before the assignment does not count.
    await sitExam(t, learner, exam.id, { right: 5 });

    const created = await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: at(7 * DAY), title: 'Week 1 exam' },
      as: tutor,
    });
    expect(created.statusCode).toBe(201);
    const assignment = created.body.assignment;
    expect(assignment).toMatchObject({
      title: 'Week 1 exam',
      mock: null,
      counts: { notStarted: 1, done: 0 },
    });
    const twice = await t.send(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: at(7 * DAY) },
      as: tutor,
    });
    expect([twice.statusCode, twice.message]).toEqual([409, 'This cohort already has this assignment.']);

    const mine = async () => (await t.call(api.cohorts.assignments, { as: learner })).body.assignments;
    expect(await mine()).toEqual([
      expect.objectContaining({
        _id: assignment._id,
        title: 'Week 1 exam',
        status: 'not_started',
        cohortName: cohort.name,
      }),
    ]);

    const attempt = await startSitting(t, learner, exam.id);
    expect((await mine())[0]!.status).toBe('in_progress');
    const counted = await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor });
    expect(counted.body.assignments[0]!.counts).toEqual({
      done: 0,
      inProgress: 1,
      notStarted: 0,
      overdue: 0,
    });
    await submitSitting(t, learner, exam.id, attempt, await answersFor(t, attempt.questions, 2));
    await sitExam(t, learner, exam.id, { right: 3 });
    expect((await mine())[0]!.status).toBe('done');

    const progress = await t.call(api.adminCohorts.assignmentProgress, {
      params: { id: cohort._id, assignmentId: assignment._id },
      as: tutor,
    });
    expect(progress.body.members).toEqual([
      { _id: learner.id, name: learner.name, email: learner.email, status: 'done', score: 60 },
    ]);
    expect(progress.body.assignment.counts).toEqual({ done: 1, inProgress: 0, notStarted: 0, overdue: 0 });
    const detail = await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor });
    expect(detail.body.assignments[0]!.counts.done).toBe(1);

    // The report: a row per member with each assignment's status and best score, in the activity log.
    const report = await t.request({
      method: 'GET',
      url: api.adminCohorts.report.path.replace(':id', cohort._id),
      headers: tutor.headers,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = report.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Member,E-mail,Joined,Extra time (%),Week 1 exam: status,Week 1 exam: best score (%)',
    );
    expect(lines[1]).toMatch(new RegExp(`^${learner.name},${learner.email},\\d{4}-\\d{2}-\\d{2},0,Done,60$`));
    const [entry] = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where entity_id = ${cohort._id} and action = 'exported_data'`,
    );
    expect(entry?.action).toBe('exported_data');
  });

  it('mails every member who can read mail what was set and by when, once', async () => {
    const { tutor, cohort, exam, learner } = await cohortWithMember();
    const suspended = await createLearner(t);
    await addMember(tutor, cohort, suspended);
    await t.ctx.db.execute(sql`update users set suspended_at = now() where id = ${suspended.id}`);
    const due = new Date(at(4 * DAY));
    const created = await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: due.toISOString(), title: 'Week 2 exam' },
      as: tutor,
    });
    expect(created.statusCode).toBe(201);
    const refused = await t.send(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: due.toISOString(), title: 'Week 2 exam' },
      as: tutor,
    });
    expect(refused.statusCode).toBe(409);

    expect(await mailSubjectsOf(t, learner.id)).toEqual(['New assignment: Week 2 exam']);
    expect(await mailSubjectsOf(t, suspended.id)).toEqual([]);
    const [mail] = await queryRows<{ text_body: string; to_address: string }>(
      t.ctx.db,
      sql`select text_body, to_address from mail_outbox where user_id = ${learner.id}`,
    );
    expect(mail?.to_address).toBe(learner.email);
    expect(mail?.text_body).toContain(
      `Your tutor in ${cohort.name} has set "Week 2 exam", due on ${formatMailTime(due)}.`,
    );
    expect(mail?.text_body).toContain(`Sit ${exam.title}, in any mode: your best result from now on counts.`);
    expect(mail?.text_body).toMatch(/Open your dashboard: http\S+\/dashboard/);
  });

  it('shows an assignment not done by its due time as overdue', async () => {
    const { tutor, cohort, exam, learner } = await cohortWithMember();
    await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: at(HOUR) },
      as: tutor,
    });
    t.clock.advance(2 * HOUR);
    const [row] = (await t.call(api.cohorts.assignments, { as: learner })).body.assignments;
    expect(row).toMatchObject({ status: 'overdue', title: exam.title });
    const detail = await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor });
    expect(detail.body.assignments[0]!.counts.overdue).toBe(1);
  });

  it('refuses an unknown or unpublished exam, a mock of another exam and a due time in the past', async () => {
    const { tutor, cohort } = await cohortWithMember();
    const draft = await createExam(t.ctx.db, { numberOfQuestions: 5, isActive: false });
    const exam = await publishedExam();
    const refused = async (body: Record<string, unknown>, status: number, message: RegExp) => {
      const answer = await t.send(api.adminCohorts.createAssignment, {
        params: { id: cohort._id },
        body,
        as: tutor,
      });
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.message).toMatch(message);
    };
    await refused({ examId: draft.id, dueAt: at(DAY) }, 409, /Only a published exam/);
    await refused({ examId: '0190f3a2-0000-7000-8000-0000000000ff', dueAt: at(DAY) }, 404, /Exam not found/);
    await refused(
      { examId: exam.id, mockId: '0190f3a2-0000-7000-8000-0000000000ff', dueAt: at(DAY) },
      404,
      /Mock exam not found/,
    );
    await refused({ examId: exam.id, dueAt: at(-HOUR) }, 400, /in the future/);
    await refused({ examId: exam.id, dueAt: 'Friday' }, 400, /when it is due/);
    await refused({ dueAt: at(DAY) }, 400, /Choose the exam/);
  });

  it('counts a mock assignment from the member’s mock sitting', async () => {
    const { tutor, cohort, exam, learner } = await cohortWithMember();
    const owner = await createAdmin(t, { role: 'owner' });
    const mock = await t.call(api.adminMocks.create, {
      body: {
        examId: exam.id,
        title: 'Cohort mock',
        opensAt: at(HOUR),
        closesAt: at(HOUR + DAY),
        timeLimitMinutes: 60,
        lateStart: 'full',
        release: 'immediately',
      },
      as: owner,
    });
    const exams = await t.call(api.adminCohorts.assignableExams, { as: tutor });
    expect(exams.body.exams.find((e) => e._id === exam.id)?.mocks.map((m) => m.title)).toEqual([
      'Cohort mock',
    ]);
    const created = await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, mockId: mock.body.mock._id, dueAt: at(2 * DAY) },
      as: tutor,
    });
    expect(created.body.assignment).toMatchObject({ title: 'Cohort mock', mock: { title: 'Cohort mock' } });
    t.clock.advance(2 * HOUR);
    const started = await t.call(api.mocks.start, { params: { id: mock.body.mock._id }, as: learner });
    expect(started.statusCode).toBe(200);
    const status = async () =>
      (await t.call(api.cohorts.assignments, { as: learner })).body.assignments[0]!.status;
    expect(await status()).toBe('in_progress');
    await t.call(api.mocks.submit, {
      params: { id: mock.body.mock._id },
      body: { answers: await answersFor(t, started.body.questions, 5) },
      as: learner,
    });
    expect(await status()).toBe('done');
    const progress = await t.call(api.adminCohorts.assignmentProgress, {
      params: { id: cohort._id, assignmentId: created.body.assignment._id },
      as: tutor,
    });
    expect(progress.body.members[0]).toMatchObject({ status: 'done', score: 100 });
  });
});

describe('practice-set assignments', () => {
  /** A free exam of 10 questions, half Cardiology, half Renal. */
  const topicExam = (overrides: Parameters<typeof createExam>[1] = {}) =>
    createTopicExam(t.ctx.db, overrides);

  async function assignPractice(
    tutor: Admin,
    cohort: { _id: string },
    body: Record<string, unknown>,
  ): Promise<{ statusCode: number; message?: string; body: { assignment?: { _id: string } } }> {
    return t.send(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { dueAt: at(7 * DAY), ...body },
      as: tutor,
    }) as never;
  }

  it('starts the set the tutor chose, resumes it, and counts it done with the best score', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const exam = await topicExam();
    const learner = await createLearner(t);
    await addMember(tutor, cohort, learner);

    const exams = await t.call(api.adminCohorts.assignableExams, { as: tutor });
    const offered = exams.body.exams.find((e) => e._id === exam.id);
    expect(offered?.topics).toEqual(['Cardiology', 'Renal']);
    expect(offered?.modes).toContain('tutor');
    const created = await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: {
        examId: exam.id,
        practice: { topics: ['cardiology'], size: 5, mode: 'exam' },
        dueAt: at(7 * DAY),
      },
      as: tutor,
    });
    expect(created.statusCode, created.message).toBe(201);
    const assignment = created.body.assignment;
    // The topic as the exam spells it; a title made from the draw when none is given.
    expect(assignment).toMatchObject({
      kind: 'practice',
      title: `${exam.title}: 5 questions (Cardiology)`,
      mock: null,
      practice: { topics: ['Cardiology'], size: 5, mode: 'exam' },
      counts: { notStarted: 1 },
    });
    // Another practice set of the same exam is another assignment; the same title twice is refused.
    const again = await assignPractice(tutor, cohort, {
      examId: exam.id,
      practice: { topics: [], size: 5, mode: 'tutor' },
      title: assignment.title.toUpperCase(),
    });
    expect([again.statusCode, again.message]).toEqual([
      409,
      'This cohort already has a practice set with this title. Give this one another title.',
    ]);
    const renal = await assignPractice(tutor, cohort, {
      examId: exam.id,
      practice: { topics: ['Renal'], size: 5, mode: 'tutor' },
      title: 'Renal warm-up',
    });
    expect(renal.statusCode).toBe(201);
    // …and the exam itself can still be assigned beside them.
    expect((await assignPractice(tutor, cohort, { examId: exam.id })).statusCode).toBe(201);

    const mine = async () =>
      (await t.call(api.cohorts.assignments, { as: learner })).body.assignments.find(
        (row) => row._id === assignment._id,
      );
    expect(await mine()).toMatchObject({
      kind: 'practice',
      status: 'not_started',
      practice: { topics: ['Cardiology'], size: 5, mode: 'exam' },
    });

    // A free exam: the member is subscribed on the way; the set draws only the chosen topic.
    const started = await t.call(api.practice.startAssigned, { params: { id: assignment._id }, as: learner });
    expect(started.statusCode, started.message).toBe(200);
    const set = started.body;
    expect(set.mode).toBe('exam');
    expect(set.questions).toHaveLength(5);
    expect(set.questions.every((question) => question.topic === 'Cardiology')).toBe(true);
    expect(await count(sql`select count(*) as n from subscriptions where user_id = ${learner.id}`)).toBe(1);
    expect((await mine())?.status).toBe('in_progress');
    const resumed = await t.call(api.practice.startAssigned, { params: { id: assignment._id }, as: learner });
    expect(resumed.body._id).toBe(set._id);

    const submit = async (attempt: typeof set, right: number) => {
      const submitted = await t.call(api.practice.submit, {
        params: { id: attempt._id },
        body: { answers: await answersFor(t, attempt.questions, right) },
        as: learner,
      });
      expect(submitted.statusCode).toBe(201);
    };
    await submit(set, 4);
    expect((await mine())?.status).toBe('done');
    // Practising again: a new set; the best score is what the tutor sees.
    const second = await t.call(api.practice.startAssigned, { params: { id: assignment._id }, as: learner });
    expect(second.body._id).not.toBe(set._id);
    await submit(second.body, 2);
    const progress = await t.call(api.adminCohorts.assignmentProgress, {
      params: { id: cohort._id, assignmentId: assignment._id },
      as: tutor,
    });
    expect(progress.body.members).toEqual([
      { _id: learner.id, name: learner.name, email: learner.email, status: 'done', score: 80 },
    ]);
    // A practice set of the learner's own, of the same exam, counts for nothing here.
    const renalProgress = await t.call(api.adminCohorts.assignmentProgress, {
      params: { id: cohort._id, assignmentId: renal.body.assignment!._id },
      as: tutor,
    });
    expect(renalProgress.body.members[0]).toMatchObject({ status: 'not_started', score: null });
  });

  it('refuses a draw the exam cannot give, and a start by anyone but a member', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort } = await cohortWith([tutor]);
    const exam = await topicExam({ modes: ['exam', 'timed'], secondsPerQuestion: 60 });
    const refused = async (body: Record<string, unknown>, status: number, message: RegExp) => {
      const answer = await assignPractice(tutor, cohort, { examId: exam.id, ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.message).toMatch(message);
    };
    await refused({ practice: { topics: [], size: 5, mode: 'tutor' } }, 400, /cannot be sat in that mode/);
    await refused(
      { practice: { topics: ['Neurology'], size: 5, mode: 'exam' } },
      400,
      /"Neurology" is not one/,
    );
    await refused(
      { practice: { topics: ['Renal'], size: 6, mode: 'exam' } },
      400,
      /only 5 approved questions in these topics/,
    );
    await refused({ practice: { topics: [], size: 4, mode: 'exam' } }, 400, /5 to 100 questions/);
    await refused({ practice: { topics: [], size: 5, mode: 'fast' } }, 400, /Mode must be/);
    await refused(
      {
        mockId: '0190f3a2-0000-7000-8000-0000000000ff',
        practice: { topics: [], size: 5, mode: 'exam' },
      },
      400,
      /not from a mock/,
    );
    expect(
      await count(sql`select count(*) as n from cohort_assignments where cohort_id = ${cohort._id}`),
    ).toBe(0);

    const created = await assignPractice(tutor, cohort, {
      examId: exam.id,
      practice: { topics: [], size: 5, mode: 'timed' },
    });
    const assignmentId = created.body.assignment!._id;
    const noItems = await t.send(api.adminCohorts.assignmentItems, {
      params: { id: cohort._id, assignmentId },
      as: tutor,
    });
    expect([noItems.statusCode, noItems.message]).toEqual([
      409,
      "A practice set's questions differ for each member: item analysis covers an assigned exam or mock.",
    ]);
    const outsider = await createLearner(t);
    for (const id of [assignmentId, 'nope', '0190f3a2-0000-7000-8000-0000000000ff']) {
      const answer = await t.send(api.practice.startAssigned, { params: { id }, as: outsider });
      expect([answer.statusCode, answer.message]).toEqual([404, 'Assignment not found']);
    }
    // An exam's (not a practice set's) assignment is not started here either.
    const examAssignment = await assignPractice(tutor, cohort, { examId: exam.id });
    const member = await createLearner(t);
    await addMember(tutor, cohort, member);
    const notPractice = await t.send(api.practice.startAssigned, {
      params: { id: examAssignment.body.assignment!._id },
      as: member,
    });
    expect(notPractice.statusCode).toBe(404);

    // A paid exam needs the member's own subscription: an assignment gives no access.
    const paid = await topicExam({ pricePence: 1500 });
    const paidAssignment = await assignPractice(tutor, cohort, {
      examId: paid.id,
      practice: { topics: [], size: 5, mode: 'exam' },
    });
    const locked = await t.send(api.practice.startAssigned, {
      params: { id: paidAssignment.body.assignment!._id },
      as: member,
    });
    expect([locked.statusCode, locked.message]).toEqual([
      403,
      `This practice set draws on ${paid.title}: subscribe to it first, on the exam's page.`,
    ]);
    await subscribe(member, paid);
    const open = await t.send(api.practice.startAssigned, {
      params: { id: paidAssignment.body.assignment!._id },
      as: member,
    });
    expect(open.statusCode).toBe(200);
    // A timed set of the member carries the cohort's extra time like any timed sitting.
    await t.call(api.adminCohorts.setMemberTime, {
      params: { id: cohort._id, userId: member.id },
      body: { extraTimePercent: 50 },
      as: tutor,
    });
    const timed = await t.call(api.practice.startAssigned, { params: { id: assignmentId }, as: member });
    expect(timed.statusCode, timed.message).toBe(200);
    expect(Math.round((Date.parse(timed.body.deadline ?? '') - t.clock.now().getTime()) / 1000)).toBe(
      5 * 60 * 1.5,
    );
  });
});

describe('the cohort against everyone', () => {
  it('compares the members by topic with every learner, and counts their results week by week', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    // Running since a month ago: its weeks count results from its first day.
    const startsOn = at(-30 * DAY).slice(0, 10);
    const { cohort } = await cohortWith([tutor], { startsOn, endsOn: at(300 * DAY).slice(0, 10) });
    // 4 questions: Cardiology (0, 2) and Renal (1, 3).
    const exam = await createTopicExam(t.ctx.db, { numberOfQuestions: 4 });
    const ann = await createLearner(t);
    const ben = await createLearner(t);
    const outsider = await createLearner(t);
    for (const learner of [ann, ben, outsider]) await subscribe(learner, exam);
    for (const learner of [ann, ben]) await addMember(tutor, cohort, learner);
    const empty = await t.call(api.adminCohorts.insights, { params: { id: cohort._id }, as: tutor });
    expect(empty.body).toEqual({ topics: [], weeks: [] });
    await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: exam.id, dueAt: at(7 * DAY) },
      as: tutor,
    });

    // Members: Ann all right, Ben only Renal right. The outsider: everything wrong.
    const isRenal = (question: { topic?: string | null }) => question.topic === 'Renal';
    await sitExam(t, ann, exam.id, { right: 4 });
    await sitExam(t, ben, exam.id, { right: (question) => isRenal(question) });
    await sitExam(t, outsider, exam.id, { right: 0 });
    await applyPendingResults(t);
    await rollUpPeers(t.ctx);
    const detailOf = (await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor })).body;

    const read = await t.call(api.adminCohorts.insights, { params: { id: cohort._id }, as: tutor });
    expect(read.statusCode, read.message).toBe(200);
    expect(read.body.topics).toEqual([
      {
        examId: exam.id,
        examTitle: exam.title,
        topic: 'Cardiology',
        cohort: { answered: 4, correct: 2, learners: 2 },
        everyone: { answered: 6, correct: 2 },
      },
      {
        examId: exam.id,
        examTitle: exam.title,
        topic: 'Renal',
        cohort: { answered: 4, correct: 4, learners: 2 },
        everyone: { answered: 6, correct: 4 },
      },
    ]);
    // Two results this week (100% and 50%), by two members; the outsider's is not theirs.
    expect(read.body.weeks).toHaveLength(1);
    expect(read.body.weeks[0]).toMatchObject({ results: 2, members: 2, meanScore: 75 });
    expect(read.body.weeks[0]!.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${read.body.weeks[0]!.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);

    // The item analysis of the members' sittings since the exam was assigned: Ann's and Ben's, not the
    // outsider's (all wrong), 6 right answers of 8.
    const assignmentId = detailOf.assignments[0]!._id;
    const itemsRead = await t.call(api.adminCohorts.assignmentItems, {
      params: { id: cohort._id, assignmentId },
      as: tutor,
    });
    expect(itemsRead.statusCode, itemsRead.message).toBe(200);
    expect(itemsRead.body.exam).toMatchObject({ results: 2, mean: 75 });
    expect(itemsRead.body.items.map((item) => [item.topic, item.attempts, item.facility])).toEqual([
      ['Cardiology', 2, 50],
      ['Renal', 2, 100],
      ['Cardiology', 2, 50],
      ['Renal', 2, 100],
    ]);

    // Another tutor's cohort is not found; a finance administrator may not ask.
    const other = await createAdmin(t, { role: 'tutor' });
    expect(
      (await t.send(api.adminCohorts.insights, { params: { id: cohort._id }, as: other })).statusCode,
    ).toBe(404);
    const finance = await createAdmin(t, { role: 'finance' });
    expect(
      (await t.send(api.adminCohorts.insights, { params: { id: cohort._id }, as: finance })).statusCode,
    ).toBe(403);
  });
});

describe('accommodations', () => {
  /** Seconds from now to the sitting's deadline, as the server set it. */
  const secondsLeft = (sitting: { deadline: string | null }) =>
    Math.round((Date.parse(sitting.deadline ?? '') - t.clock.now().getTime()) / 1000);

  it('gives a member their extra time on timed sittings and mocks of the cohort’s exams, and nobody else', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort, owner } = await cohortWith([tutor]);
    const timedExam = () =>
      createExam(t.ctx.db, {
        numberOfQuestions: 5,
        isActive: true,
        secondsPerQuestion: 60,
        modes: ['exam', 'timed', 'tutor'],
      });
    const assigned = await timedExam();
    const unassigned = await timedExam();
    const member = await createLearner(t);
    const outsider = await createLearner(t);
    for (const learner of [member, outsider])
      for (const exam of [assigned, unassigned]) await subscribe(learner, exam);
    await addMember(tutor, cohort, member);
    await t.call(api.adminCohorts.createAssignment, {
      params: { id: cohort._id },
      body: { examId: assigned.id, dueAt: at(7 * DAY) },
      as: tutor,
    });

    const set = (userId: string, extraTimePercent: unknown) =>
      t.send(api.adminCohorts.setMemberTime, {
        params: { id: cohort._id, userId },
        body: { extraTimePercent },
        as: tutor,
      });
    const bad = await set(member.id, 30);
    expect([bad.statusCode, bad.message]).toEqual([400, 'Choose extra time of 0, 25, 50, 75 or 100%.']);
    const notMember = await set(outsider.id, 50);
    expect([notMember.statusCode, notMember.message]).toEqual([
      404,
      'This learner is not a member of the cohort.',
    ]);
    const saved = await set(member.id, 50);
    expect([saved.statusCode, saved.message]).toEqual([
      200,
      'Extra time saved. It applies to sittings started from now on.',
    ]);
    const detail = await t.call(api.adminCohorts.detail, { params: { id: cohort._id }, as: tutor });
    expect(detail.body.members.map((m) => m.extraTimePercent)).toEqual([50]);

    // A timed sitting of the assigned exam: 5 questions × 60 s × 1.5. Not the other exam, not the outsider.
    expect(secondsLeft(await startSitting(t, member, assigned.id, { mode: 'timed' }))).toBe(450);
    expect(secondsLeft(await startSitting(t, member, unassigned.id, { mode: 'timed' }))).toBe(300);
    expect(secondsLeft(await startSitting(t, outsider, assigned.id, { mode: 'timed' }))).toBe(300);

    // A mock of the assigned exam: 60 minutes × 1.5, but never past the window's close.
    const { mock } = await scheduleMock(t, assigned.id, {
      opensAt: at(HOUR),
      closesAt: at(HOUR + DAY),
      timeLimitMinutes: 60,
    });
    const { mock: short } = await scheduleMock(t, assigned.id, {
      opensAt: at(HOUR),
      closesAt: at(HOUR + 80 * 60_000),
      timeLimitMinutes: 60,
    });
    t.clock.advance(HOUR);
    const sat = await t.call(api.mocks.start, { params: { id: mock._id }, as: member });
    expect(secondsLeft(sat.body)).toBe(90 * 60);
    const capped = await t.call(api.mocks.start, { params: { id: short._id }, as: member });
    expect(secondsLeft(capped.body)).toBe(80 * 60);
    const plain = await t.call(api.mocks.start, { params: { id: mock._id }, as: outsider });
    expect(secondsLeft(plain.body)).toBe(60 * 60);

    // Taken away: the next sitting has the plain limit; the log names both changes.
    expect((await set(member.id, 0)).statusCode).toBe(200);
    const restarted = await startSitting(t, member, assigned.id, { mode: 'timed', restart: true });
    expect(secondsLeft(restarted)).toBe(300);
    const log = await t.call(api.audit.list, { query: { entityType: 'cohort' }, as: owner });
    const summaries = log.body.entries.filter((e) => e.entityId === cohort._id).map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        `Gave ${member.email} 50% extra time in the cohort "${cohort.name}"`,
        `Took away the extra time of ${member.email} in the cohort "${cohort.name}"`,
      ]),
    );
  });
});

describe('access paid by the organisation', () => {
  it('gives every member access until the cohort ends, once, with a £0 payment and a mail each', async () => {
    const tutor = await createAdmin(t, { role: 'tutor' });
    const { cohort, owner } = await cohortWith([tutor], {
      startsOn: t.clock.now().toISOString().slice(0, 10),
      endsOn: new Date(t.clock.now().getTime() + 90 * DAY).toISOString().slice(0, 10),
    });
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 5, isActive: true, pricePence: 1500 });
    const [ana, ben, cy] = [await createLearner(t), await createLearner(t), await createLearner(t)];
    // Cy already holds access beyond the cohort's end: kept, counted, not charged or mailed.
    await createSubscription(t, {
      userId: cy.id,
      examId: exam.id,
      endDate: new Date(t.clock.now().getTime() + 200 * DAY),
    });

    const grant = (as: Admin, body: unknown = { examId: exam.id }) =>
      t.send(api.adminCohorts.grantAccess, { params: { id: cohort._id }, body, as });
    const empty = await grant(owner);
    expect([empty.statusCode, empty.message]).toEqual([
      409,
      'This cohort has no member yet. Add members first.',
    ]);
    for (const learner of [ana, ben, cy]) await addMember(tutor, cohort, learner);
    // Dee is suspended: she cannot sign in, and is left out.
    const dee = await createLearner(t);
    await addMember(tutor, cohort, dee);
    await t.ctx.db.execute(sql`update users set suspended_at = now() where id = ${dee.id}`);

    expect((await grant(tutor)).statusCode).toBe(403);
    const bad = await grant(owner, { examId: 'nope' });
    expect([bad.statusCode, bad.message]).toEqual([400, 'Choose the exam to give access to.']);
    const draft = await createExam(t.ctx.db, { numberOfQuestions: 5, isActive: false });
    expect((await grant(owner, { examId: draft.id })).statusCode).toBe(409);

    const given = await t.call(api.adminCohorts.grantAccess, {
      params: { id: cohort._id },
      body: { examId: exam.id },
      as: owner,
    });
    expect(given.statusCode, given.message).toBe(200);
    expect(given.body).toMatchObject({ granted: 2, covered: 1 });
    expect(given.body.message).toMatch(
      new RegExp(`^2 members given access to ${exam.title} until .+ \\(1 already had it\\)\\.$`),
    );
    const lastMoment = Date.parse(`${cohort.endsOn}T23:59:59.999Z`);
    const subscriptions = await queryRows<{ user_id: string; end_date: Date }>(
      t.ctx.db,
      sql`select user_id, end_date from subscriptions where exam_id = ${exam.id} order by end_date`,
    );
    expect(
      subscriptions.filter((row) => row.user_id !== cy.id).map((row) => new Date(row.end_date).getTime()),
    ).toEqual([lastMoment, lastMoment]);
    expect(
      await count(
        sql`select count(*)::int as n from payments where exam_id = ${exam.id} and kind = 'complimentary' and amount_pence = 0 and note = ${`Cohort: ${cohort.name}`}`,
      ),
    ).toBe(2);
    for (const learner of [ana, ben])
      expect(await mailSubjectsOf(t, learner.id)).toContain(`You have access to ${exam.title}`);
    expect(await mailSubjectsOf(t, cy.id)).not.toContain(`You have access to ${exam.title}`);
    expect(await mailSubjectsOf(t, dee.id)).toEqual([]);
    expect(await count(sql`select count(*)::int as n from subscriptions where user_id = ${dee.id}`)).toBe(0);
    // The learners can start it.
    expect((await startSitting(t, ana, exam.id)).questions).toHaveLength(5);

    // Again: nothing new.
    const again = await grant(owner);
    expect(again.body).toMatchObject({ granted: 0, covered: 3 });
    expect(
      await count(
        sql`select count(*)::int as n from payments where exam_id = ${exam.id} and kind = 'complimentary'`,
      ),
    ).toBe(2);
    const log = await t.call(api.audit.list, { query: { entityType: 'cohort' }, as: owner });
    expect(log.body.entries.find((e) => e.entityId === cohort._id)?.summary).toBe(
      `Gave 0 members of the cohort "${cohort.name}" access to "${exam.title}" until ${cohort.endsOn}`,
    );
  });

  it('refuses a cohort that has ended or ends more than 366 days from now', async () => {
    const day = (offset: number) =>
      new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
    const exam = await publishedExam();
    const learner = await createLearner(t);
    for (const [endsOn, message] of [
      [day(-1), 'This cohort has ended: change its end date to give its members access.'],
      [day(400), 'Access can be given for at most 366 days: this cohort ends later than that.'],
    ] as const) {
      const tutor = await createAdmin(t, { role: 'tutor' });
      const { cohort, owner } = await cohortWith([tutor], { startsOn: day(-30), endsOn });
      await addMember(tutor, cohort, learner);
      const refused = await t.send(api.adminCohorts.grantAccess, {
        params: { id: cohort._id },
        body: { examId: exam.id },
        as: owner,
      });
      expect([refused.statusCode, refused.message]).toEqual([409, message]);
    }
    expect(await count(sql`select count(*)::int as n from subscriptions where exam_id = ${exam.id}`)).toBe(0);
  });
});
