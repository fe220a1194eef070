import { randomInt } from 'node:crypto';
import {
  ASSIGNMENT_STATUS_LABELS,
  COHORT_LIMITS,
  EmailSchema,
  INVITE_CODE_ALPHABET,
  MAX_GRANT_DAYS,
  MEMBER_REFUSAL_TEXT,
  normaliseInviteCode,
  splitEmails,
  type AdminAssignment,
  type AdminCohort,
  type AdminCohortDetail,
  type AssignableExams,
  type AssignedPractice,
  type AssignmentBodySchema,
  type AssignmentProgress,
  type AssignmentStatus,
  type CohortBodySchema,
  type CohortInsights,
  type ItemAnalysis,
  type CohortInvite,
  type LearnerAssignment,
  type MembersPreview,
  topicNotInExam,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { endOfUtcDay } from '../../lib/local-days.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit, type AuditRecord } from '../audit/audit.service.ts';
import { approvedQuestionCounts, findPublishedExam, topicsAsSpelled } from '../exams/exams.service.ts';
import { readSelection } from '../item-analysis/item-analysis.service.ts';
import { recordComplimentaryAccess } from '../payments/payments.service.ts';
import { grantUntil } from '../subscriptions/subscriptions.service.ts';
import { appLink } from '../users/users.service.ts';
import { enqueueMail, enqueueMails } from '../../lib/mail/outbox.repository.ts';
import {
  assignmentMail,
  complimentaryAccessMail,
  formatMailDate,
  formatMailTime,
} from '../../lib/mail/templates.ts';
import { csvFile, type ExportFile } from '../exports/exports.service.ts';
import { COHORT_MESSAGES } from './cohorts.messages.ts';
import {
  addMembers,
  assignableExams as readAssignableExams,
  assignedExamsOf,
  assignmentSittingsOf,
  everyoneTopicFigures,
  memberTopicFigures,
  memberWeeks,
  findMemberPractice,
  insertAssignmentSitting,
  assignmentsOf,
  countInviteUse,
  countsOf,
  deleteAssignment,
  deleteCohort,
  findAssignable,
  findAssignment,
  findInviteByHash,
  findTutors,
  findVisibleCohort,
  insertAssignment,
  insertCohort,
  insertInvite,
  invitesOf,
  learnerAssignments,
  learnersByEmail,
  listVisibleCohorts,
  activeMembersOf,
  mockClosesAt,
  membersOf,
  extraTimePercentFor,
  updateMemberTime,
  nameTaken,
  progressOf,
  countsByAssignment,
  type AssignmentCounts,
  removeMember as deleteMember,
  revokeInvite as markRevoked,
  setTutors,
  tutorsOf,
  updateCohort,
  type AssignmentWithNames,
  type CohortRow,
  type CohortValues,
  type InviteRow,
  type ProgressRow,
  type TutorRow,
} from './cohorts.repository.ts';

/*
 * Cohorts (decision 0079). Every administrator call names a cohort the caller may see: an Owner sees every
 * cohort, a Tutor only those they are a tutor of; any other is 404, so a cohort's existence does not leak.
 * Which roles may call what at all is the admin-roles table (decision 0067).
 */

type CohortBody = z.output<typeof CohortBodySchema>;
type AssignmentBody = z.output<typeof AssignmentBodySchema>;
type Db = AppContext['db'];

const isOwner = (actor: Actor) => actor.adminRole === 'owner';

/** The cohort, if the caller is an Owner or one of its tutors; 404 otherwise (also for a malformed id). */
async function cohortFor(db: Db, actor: Actor, id: string, lock = false): Promise<CohortRow> {
  const cohort = isUuid(id) ? await findVisibleCohort(db, id, actor.id, isOwner(actor), lock) : undefined;
  if (!cohort) throw new NotFoundError(COHORT_MESSAGES.notFound);
  return cohort;
}

/** The activity-log entry of a change to a cohort, labelled with its name, with the change's `details`. */
function recordCohortChange(
  db: Db,
  actor: Actor,
  cohort: { id: string; name: string },
  action: AuditRecord['action'],
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, actor, {
    action,
    entityType: 'cohort',
    entityId: cohort.id,
    details: { label: cohort.name, ...details },
  });
}

/**
 * One of the cohort's rows (a member, an invite, an assignment) taken away by `write` in one transaction
 * with its audit entry: 404 with `notFound` when the cohort is not the caller's or the row is not the
 * cohort's (also for a malformed id).
 */
async function changeCohortRow<Row>(
  ctx: AppContext,
  actor: Actor,
  id: string,
  rowId: string,
  step: {
    lockCohort?: boolean;
    write: (tx: Db, cohortId: string) => Promise<Row | undefined>;
    notFound: string;
    action: AuditRecord['action'];
    details: (row: Row) => Record<string, unknown>;
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id, step.lockCohort);
    const row = isUuid(rowId) ? await step.write(tx, cohort.id) : undefined;
    if (!row) throw new NotFoundError(step.notFound);
    await recordCohortChange(tx, actor, cohort, step.action, step.details(row));
  });
}

function toAdminCohort(
  row: CohortRow,
  tutors: TutorRow[],
  counts: { members: number; assignments: number },
): AdminCohort {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    tutors: tutors.map((tutor) => ({ _id: tutor.id, name: tutor.name, email: tutor.email })),
    members: counts.members,
    assignments: counts.assignments,
  };
}

async function adminCohort(db: Db, row: CohortRow): Promise<AdminCohort> {
  const tutors = (await tutorsOf(db, [row.id])).get(row.id) ?? [];
  return toAdminCohort(row, tutors, await countsOf(db, row.id));
}

export async function list(ctx: AppContext, actor: Actor): Promise<{ cohorts: AdminCohort[] }> {
  const rows = await listVisibleCohorts(ctx.db, actor.id, isOwner(actor));
  const tutors = await tutorsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { cohorts: rows.map((row) => toAdminCohort(row, tutors.get(row.id) ?? [], row)) };
}

function valuesOf(body: CohortBody): CohortValues {
  return {
    name: body.name,
    description: body.description ? body.description : null,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
  };
}

/** The tutors named, each an administrator with the role Tutor (400 otherwise). */
async function checkTutors(db: Db, ids: string[]): Promise<TutorRow[]> {
  const unique = [...new Set(ids)];
  const tutors = await findTutors(db, unique);
  if (tutors.length !== unique.length) throw new BadRequestError(COHORT_MESSAGES.notTutors);
  return tutors;
}

function auditView(values: CohortValues, tutors: TutorRow[]): Record<string, unknown> {
  return {
    name: values.name,
    description: values.description,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    tutors: tutors
      .map((tutor) => tutor.email)
      .sort()
      .join(', '),
  };
}

export async function create(ctx: AppContext, actor: Actor, body: CohortBody): Promise<AdminCohort> {
  const values = valuesOf(body);
  return ctx.db.transaction(async (tx) => {
    const tutors = await checkTutors(tx, body.tutorIds);
    const row = await insertCohort(tx, values);
    if (!row) throw new ConflictError(COHORT_MESSAGES.nameTaken);
    await setTutors(
      tx,
      row.id,
      tutors.map((tutor) => tutor.id),
    );
    await recordCohortChange(tx, actor, row, 'created');
    return adminCohort(tx, row);
  });
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: CohortBody,
): Promise<AdminCohort> {
  const values = valuesOf(body);
  return ctx.db.transaction(async (tx) => {
    const before = await cohortFor(tx, actor, id, true);
    const tutorsBefore = (await tutorsOf(tx, [before.id])).get(before.id) ?? [];
    const tutors = await checkTutors(tx, body.tutorIds);
    if (await nameTaken(tx, values.name, before.id)) throw new ConflictError(COHORT_MESSAGES.nameTaken);
    const after = await updateCohort(tx, before.id, values);
    if (!after) throw new NotFoundError(COHORT_MESSAGES.notFound);
    await setTutors(
      tx,
      after.id,
      tutors.map((tutor) => tutor.id),
    );
    await recordCohortChange(tx, actor, after, 'updated', {
      changes: changedFields(auditView(before, tutorsBefore), auditView(values, tutors)),
    });
    return adminCohort(tx, after);
  });
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id, true);
    await deleteCohort(tx, cohort.id);
    await recordCohortChange(tx, actor, cohort, 'deleted');
  });
}

/* Status of an assignment. */

function statusOf(progress: Pick<ProgressRow, 'done' | 'started'>, dueAt: Date, now: Date): AssignmentStatus {
  if (progress.done) return 'done';
  if (now > dueAt) return 'overdue';
  return progress.started ? 'in_progress' : 'not_started';
}

/** A practice set's draw as the contract answers it; null for an exam's or a mock's assignment. */
function practiceOf(
  row: Pick<AssignmentWithNames, 'kind' | 'topics' | 'size' | 'mode'>,
): AssignedPractice | null {
  return row.kind === 'practice' && row.size !== null && row.mode !== null
    ? { topics: row.topics, size: row.size, mode: row.mode }
    : null;
}

/** How many members are at each stage, from each member's progress (what `countsByAssignment` counts). */
function stageCounts(progress: ProgressRow[], dueAt: Date, now: Date): AdminAssignment['counts'] {
  const counts = { done: 0, inProgress: 0, notStarted: 0, overdue: 0 };
  for (const member of progress) {
    const status = statusOf(member, dueAt, now);
    if (status === 'done') counts.done += 1;
    else if (status === 'overdue') counts.overdue += 1;
    else if (status === 'in_progress') counts.inProgress += 1;
    else counts.notStarted += 1;
  }
  return counts;
}

const NO_MEMBERS = { done: 0, inProgress: 0, notStarted: 0, overdue: 0 };

function toAdminAssignment(row: AssignmentWithNames, counts: AdminAssignment['counts']): AdminAssignment {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    exam: { _id: row.examId, title: row.examTitle },
    mock: row.mockId ? { _id: row.mockId, title: row.mockTitle ?? '' } : null,
    practice: practiceOf(row),
    dueAt: row.dueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    counts,
  };
}

/** The assignment with its counts as `countsByAssignment` answered them (none: no member). */
function withCounts(row: AssignmentWithNames, counts: AssignmentCounts[]): AdminAssignment {
  const found = counts.find((entry) => entry.assignmentId === row.id);
  return toAdminAssignment(
    row,
    found
      ? {
          done: found.done,
          inProgress: found.inProgress,
          notStarted: found.notStarted,
          overdue: found.overdue,
        }
      : NO_MEMBERS,
  );
}

export async function detail(ctx: AppContext, actor: Actor, id: string): Promise<AdminCohortDetail> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const now = ctx.clock.now();
  const [summary, members, assignments, counts] = await Promise.all([
    adminCohort(ctx.db, cohort),
    membersOf(ctx.db, cohort.id),
    assignmentsOf(ctx.db, cohort.id),
    countsByAssignment(ctx.db, cohort.id, now),
  ]);
  return {
    cohort: summary,
    members: members.map((member) => ({
      _id: member.id,
      name: member.name,
      email: member.email,
      joinedAt: member.joinedAt.toISOString(),
      extraTimePercent: member.extraTimePercent,
    })),
    assignments: assignments.map((row) => withCounts(row, counts)),
  };
}

/* Members. */

/** What a paste would do: each entry added or refused with its reason, in the order pasted. */
async function previewOf(
  db: Db,
  cohortId: string,
  text: string,
): Promise<MembersPreview & { ids: string[] }> {
  const entries = splitEmails(text).slice(0, COHORT_LIMITS.emails);
  const parsed = entries.map((entry) => {
    const email = EmailSchema.safeParse(entry);
    return { entry, email: email.success ? email.data : null };
  });
  const accounts = await learnersByEmail(db, cohortId, [
    ...new Set(parsed.flatMap((row) => (row.email ? [row.email] : []))),
  ]);
  const byEmail = new Map(accounts.map((account) => [account.email, account]));
  const seen = new Set<string>();
  const preview: MembersPreview & { ids: string[] } = { add: [], refused: [], ids: [] };
  for (const { entry, email } of parsed) {
    if (!email) {
      preview.refused.push({ email: entry, reason: 'invalid' });
      continue;
    }
    if (seen.has(email)) {
      preview.refused.push({ email, reason: 'duplicate' });
      continue;
    }
    seen.add(email);
    const account = byEmail.get(email);
    if (!account) preview.refused.push({ email, reason: 'not_learner' });
    else if (account.member) preview.refused.push({ email, reason: 'already_member' });
    else {
      preview.add.push({ email, name: account.name });
      preview.ids.push(account.id);
    }
  }
  return preview;
}

export async function previewMembers(
  ctx: AppContext,
  actor: Actor,
  id: string,
  emails: string,
): Promise<MembersPreview> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const { add, refused } = await previewOf(ctx.db, cohort.id, emails);
  return { add, refused };
}

/**
 * Adds every address of the paste, or none: the preview is made again inside the transaction (the cohort
 * locked), and any refused entry is a 422 listing them all.
 */
export async function addMembersByEmail(
  ctx: AppContext,
  actor: Actor,
  id: string,
  emails: string,
): Promise<{ message: string; added: number }> {
  return ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id, true);
    const preview = await previewOf(tx, cohort.id, emails);
    if (preview.refused.length > 0)
      throw new UnprocessableError(COHORT_MESSAGES.membersRefused(preview.refused.length)).withErrors(
        preview.refused.map((row) => ({ path: row.email, message: MEMBER_REFUSAL_TEXT[row.reason] })),
      );
    const added = await addMembers(tx, cohort.id, preview.ids);
    await recordCohortChange(tx, actor, cohort, 'added_members', { count: added });
    return { message: COHORT_MESSAGES.membersAdded(added), added };
  });
}

export async function removeMember(ctx: AppContext, actor: Actor, id: string, userId: string): Promise<void> {
  await changeCohortRow(ctx, actor, id, userId, {
    lockCohort: true,
    write: (tx, cohortId) => deleteMember(tx, cohortId, userId),
    notFound: COHORT_MESSAGES.memberNotFound,
    action: 'removed_member',
    details: (removed) => ({ member: removed.email }),
  });
}

/**
 * A tutor sets a member's extra time (accommodations): from the next sitting they start, the time limit of
 * their timed sittings and mocks of the cohort's assigned exams grows by this percent (`extraTimeFor`).
 */
export async function setMemberTime(
  ctx: AppContext,
  actor: Actor,
  id: string,
  userId: string,
  extraTimePercent: number,
): Promise<void> {
  await changeCohortRow(ctx, actor, id, userId, {
    write: (tx, cohortId) => updateMemberTime(tx, cohortId, userId, extraTimePercent),
    notFound: COHORT_MESSAGES.memberNotFound,
    action: 'set_extra_time',
    details: (member) => ({ member: member.email, percent: extraTimePercent }),
  });
}

/**
 * The extra time (percent) a learner's new timed sitting or mock of these exams (one, or a practice set's)
 * gets: the most they hold in any cohort assigned one of them; 0 for everyone else.
 */
export function extraTimeFor(ctx: AppContext, userId: string, examIds: string[]): Promise<number> {
  return extraTimePercentFor(ctx.db, userId, examIds);
}

/* Access paid by the organisation. */

/**
 * An Owner gives every member complimentary access to a published exam until the cohort's last day, in
 * one transaction: the support desk's grant for each (a £0 'complimentary' payment row with the cohort's
 * name as its reason, and the usual e-mail), no payment path. Members whose access already lasts that long
 * keep it and are counted, so running it again changes nothing.
 */
export async function grantAccess(
  ctx: AppContext,
  actor: Actor,
  id: string,
  examId: string,
): Promise<{ message: string; granted: number; covered: number }> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id, true);
    const now = ctx.clock.now();
    const until = endOfUtcDay(cohort.endsOn);
    if (!until || until <= now) throw new ConflictError(COHORT_MESSAGES.cohortOver);
    if (until.getTime() - now.getTime() > MAX_GRANT_DAYS * 86_400_000)
      throw new ConflictError(COHORT_MESSAGES.accessTooLong);
    const { exam } = await findAssignable(tx, examId, null);
    if (!exam) throw new NotFoundError(COHORT_MESSAGES.examNotFound);
    if (!exam.isActive) throw new ConflictError(COHORT_MESSAGES.examNotPublished);
    // A suspended member cannot sign in: they are left out (giving access again once they are reinstated
    // gives them theirs, as a repeat changes nothing for the others).
    const members = await activeMembersOf(tx, cohort.id);
    if (members.length === 0) throw new ConflictError(COHORT_MESSAGES.noMembers);
    let granted = 0;
    for (const member of members) {
      const outcome = await grantUntil(tx, {
        userId: member.id,
        examId: exam.id,
        isFree: exam.pricePence === 0,
        until,
      });
      if (outcome.outcome === 'covered') continue;
      granted += 1;
      await recordComplimentaryAccess(tx, {
        userId: member.id,
        examId: exam.id,
        subscriptionId: outcome.subscriptionId,
        until,
        reason: `Cohort: ${cohort.name}`.slice(0, 500),
      });
      await enqueueMail(
        tx,
        complimentaryAccessMail({
          to: member.email,
          name: member.name,
          siteName: settings.siteName,
          examTitle: exam.title,
          examUrl: appLink(ctx, `/exams/${exam.id}`),
          until,
        }),
        member.id,
      );
    }
    const covered = members.length - granted;
    await recordCohortChange(tx, actor, cohort, 'granted_cohort_access', {
      examTitle: exam.title,
      count: granted,
      until: cohort.endsOn,
    });
    return {
      message: COHORT_MESSAGES.accessGranted(granted, covered, exam.title, formatMailDate(until)),
      granted,
      covered,
    };
  });
}

/* Invite codes. */

/** A new code: random characters of the unambiguous alphabet (about 59 bits), never stored as such. */
export function newInviteCode(): string {
  return Array.from(
    { length: COHORT_LIMITS.inviteCodeLength },
    () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)],
  ).join('');
}

function toInvite(row: InviteRow): CohortInvite {
  return {
    _id: row.id,
    prefix: row.codePrefix,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function invites(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ invites: CohortInvite[] }> {
  const cohort = await cohortFor(ctx.db, actor, id);
  return { invites: (await invitesOf(ctx.db, cohort.id)).map(toInvite) };
}

export async function createInvite(
  ctx: AppContext,
  actor: Actor,
  id: string,
  days: number,
): Promise<{ invite: CohortInvite; code: string }> {
  const code = newInviteCode();
  return ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id);
    const row = await insertInvite(tx, {
      cohortId: cohort.id,
      codeHash: hashToken(code),
      codePrefix: code.slice(0, COHORT_LIMITS.inviteCodePrefix),
      expiresAt: new Date(ctx.clock.now().getTime() + days * 86_400_000),
    });
    await recordCohortChange(tx, actor, cohort, 'created_invite', { prefix: row.codePrefix, days });
    return { invite: toInvite(row), code };
  });
}

export async function revokeInvite(
  ctx: AppContext,
  actor: Actor,
  id: string,
  inviteId: string,
): Promise<void> {
  await changeCohortRow(ctx, actor, id, inviteId, {
    write: (tx, cohortId) => markRevoked(tx, cohortId, inviteId, ctx.clock.now()),
    notFound: COHORT_MESSAGES.inviteNotFound,
    action: 'revoked_invite',
    details: (row) => ({ prefix: row.codePrefix }),
  });
}

/** Joins a learner may try in an hour, whatever their outcome. */
const JOINS_PER_HOUR: RateLimitRule = { max: 10, windowMs: 60 * 60_000 };

/**
 * A learner joins with a code. Unknown, expired and revoked codes answer alike (404), so trying codes tells
 * nothing; a member joining again gets the same success without counting a use.
 */
export async function join(
  ctx: AppContext,
  actor: Actor,
  code: string,
): Promise<{ message: string; cohort: { _id: string; name: string } }> {
  // A code is not guessable (about 59 bits), but nothing should let a learner try codes by the thousand.
  await ctx.limiter.hit(`cohort-join:user:${actor.id}`, JOINS_PER_HOUR, COHORT_MESSAGES.tooManyJoins);
  return ctx.db.transaction(async (tx) => {
    const invite = await findInviteByHash(tx, hashToken(normaliseInviteCode(code)));
    if (!invite || invite.revokedAt || invite.expiresAt <= ctx.clock.now())
      throw new NotFoundError(COHORT_MESSAGES.codeUnusable);
    const added = await addMembers(tx, invite.cohortId, [actor.id]);
    if (added > 0) await countInviteUse(tx, invite.id);
    return {
      message:
        added > 0
          ? COHORT_MESSAGES.joined(invite.cohortName)
          : COHORT_MESSAGES.alreadyJoined(invite.cohortName),
      cohort: { _id: invite.cohortId, name: invite.cohortName },
    };
  });
}

/* Assignments. */

export async function assignableExams(ctx: AppContext): Promise<AssignableExams> {
  const rows = await readAssignableExams(ctx.db, ctx.clock.now());
  return {
    exams: rows.map((exam) => ({
      _id: exam.id,
      title: exam.title,
      topics: exam.topics,
      modes: exam.modes,
      mocks: exam.mocks.map((mock) => ({
        _id: mock.id,
        title: mock.title,
        opensAt: mock.opensAt.toISOString(),
      })),
    })),
  };
}

export async function createAssignment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: AssignmentBody,
): Promise<AdminAssignment> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const cohort = await cohortFor(tx, actor, id);
    const { exam, mock } = await findAssignable(tx, body.examId, body.mockId ?? null);
    if (!exam) throw new NotFoundError(COHORT_MESSAGES.examNotFound);
    if (!exam.isActive) throw new ConflictError(COHORT_MESSAGES.examNotPublished);
    if (body.mockId && !mock) throw new NotFoundError(COHORT_MESSAGES.mockNotFound);
    const dueAt = new Date(body.dueAt);
    if (dueAt <= ctx.clock.now()) throw new BadRequestError(COHORT_MESSAGES.dueInPast);
    const practice = body.practice ? await checkedPractice(tx, exam, body.practice) : null;
    const title = (
      body.title?.trim() ||
      mock?.title ||
      (practice ? practiceTitle(exam.title, practice) : exam.title)
    ).slice(0, COHORT_LIMITS.assignmentTitle);
    const row = await insertAssignment(tx, {
      cohortId: cohort.id,
      examId: exam.id,
      mockId: mock?.id ?? null,
      kind: practice ? 'practice' : mock ? 'mock' : 'exam',
      ...(practice ?? {}),
      title,
      dueAt,
    });
    if (!row)
      throw new ConflictError(
        practice ? COHORT_MESSAGES.practiceTitleTaken : COHORT_MESSAGES.alreadyAssigned,
      );
    // Every member who can read mail hears of it, in the same transaction (the outbox sends it after).
    const what = practice
      ? `Do a practice set of ${practice.size} questions of ${exam.title} (${practice.topics.length > 0 ? practice.topics.join(', ') : 'all topics'}) in ${practice.mode} mode: your best score counts.`
      : mock
        ? `Sit the mock exam "${mock.title}" of ${exam.title}, which opens on ${formatMailTime(mock.opensAt)}.`
        : `Sit ${exam.title}, in any mode: your best result from now on counts.`;
    const members = await activeMembersOf(tx, cohort.id);
    await enqueueMails(
      tx,
      members.map((member) => ({
        userId: member.id,
        mail: assignmentMail({
          to: member.email,
          name: member.name,
          siteName: settings.siteName,
          url: appLink(ctx, '/dashboard'),
          cohortName: cohort.name,
          title,
          what,
          due: formatMailTime(dueAt),
        }),
      })),
    );
    await recordCohortChange(tx, actor, cohort, 'created_assignment', {
      assignment: title,
      dueAt: dueAt.toISOString(),
    });
    const counts = await countsByAssignment(tx, cohort.id, ctx.clock.now(), row.id);
    return withCounts({ ...row, examTitle: exam.title, mockTitle: mock?.title ?? null }, counts);
  });
}

/** "Cardiology: 20 questions (Arrhythmias, Heart failure)" when the tutor gives no title. */
function practiceTitle(examTitle: string, practice: AssignedPractice): string {
  const topics = practice.topics.length > 0 ? ` (${practice.topics.join(', ')})` : '';
  return `${examTitle}: ${practice.size} questions${topics}`;
}

/**
 * A practice set's draw as stored: a mode the exam offers, its topics as the exam spells them (each once),
 * and as many approved questions in them as the set asks for, so that every member can start it.
 */
async function checkedPractice(
  db: Db,
  exam: { id: string; topics: string[]; modes: string[] },
  practice: AssignedPractice,
): Promise<AssignedPractice> {
  if (!exam.modes.includes(practice.mode)) throw new BadRequestError(COHORT_MESSAGES.modeNotOffered);
  const spelled = topicsAsSpelled(exam.topics, practice.topics);
  if ('unknown' in spelled) throw new BadRequestError(topicNotInExam(spelled.unknown));
  const { topics } = spelled;
  const [available = 0] = await approvedQuestionCounts(db, [{ examId: exam.id, topics }]);
  if (available < practice.size)
    throw new BadRequestError(COHORT_MESSAGES.tooFewQuestions(available, topics.length > 0));
  return { topics, size: practice.size, mode: practice.mode };
}

export async function assignmentProgress(
  ctx: AppContext,
  actor: Actor,
  id: string,
  assignmentId: string,
): Promise<AssignmentProgress> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const assignment = isUuid(assignmentId) ? await findAssignment(ctx.db, cohort.id, assignmentId) : undefined;
  if (!assignment) throw new NotFoundError(COHORT_MESSAGES.assignmentNotFound);
  const [members, progress] = await Promise.all([
    membersOf(ctx.db, cohort.id),
    progressOf(ctx.db, cohort.id, assignment.id),
  ]);
  const now = ctx.clock.now();
  const byMember = new Map(progress.map((row) => [row.userId, row]));
  return {
    assignment: toAdminAssignment(assignment, stageCounts(progress, assignment.dueAt, now)),
    members: members.map((member) => {
      const row = byMember.get(member.id) ?? { done: false, started: false, score: null };
      return {
        _id: member.id,
        name: member.name,
        email: member.email,
        status: statusOf(row, assignment.dueAt, now),
        score: row.score,
      };
    }),
  };
}

export async function removeAssignment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  assignmentId: string,
): Promise<void> {
  await changeCohortRow(ctx, actor, id, assignmentId, {
    write: (tx, cohortId) => deleteAssignment(tx, cohortId, assignmentId),
    notFound: COHORT_MESSAGES.assignmentNotFound,
    action: 'removed_assignment',
    details: (row) => ({ assignment: row.title }),
  });
}

/** The assignments of the learner's cohorts, each with the learner's own status. */
export async function learnerAssignmentList(
  ctx: AppContext,
  actor: Actor,
): Promise<{ assignments: LearnerAssignment[] }> {
  const now = ctx.clock.now();
  const rows = await learnerAssignments(ctx.db, actor.id);
  return {
    assignments: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      title: row.title,
      cohortName: row.cohortName,
      examId: row.examId,
      mockId: row.mockId,
      practice: practiceOf(row),
      dueAt: row.dueAt.toISOString(),
      status: statusOf(row, row.dueAt, now),
    })),
  };
}

/**
 * The cohort's report (CSV): a row per member, with each assignment's status and best score, as the
 * cohort's page shows them. In the activity log, as every export is.
 */
export async function report(ctx: AppContext, actor: Actor, id: string): Promise<ExportFile> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const [members, assignments, progress] = await Promise.all([
    membersOf(ctx.db, cohort.id),
    assignmentsOf(ctx.db, cohort.id),
    progressOf(ctx.db, cohort.id),
  ]);
  const now = ctx.clock.now();
  const byKey = new Map(progress.map((row) => [`${row.assignmentId} ${row.userId}`, row]));
  const header = [
    'Member',
    'E-mail',
    'Joined',
    'Extra time (%)',
    ...assignments.flatMap((a) => [`${a.title}: status`, `${a.title}: best score (%)`]),
  ];
  const rows = members.map((member) => [
    member.name,
    member.email,
    member.joinedAt.toISOString().slice(0, 10),
    member.extraTimePercent,
    ...assignments.flatMap((a) => {
      const row = byKey.get(`${a.id} ${member.id}`) ?? { done: false, started: false, score: null };
      return [ASSIGNMENT_STATUS_LABELS[statusOf(row, a.dueAt, now)], row.score];
    }),
  ]);
  await recordCohortChange(ctx.db, actor, cohort, 'exported_data', {
    export: 'cohort',
    format: 'csv',
    rows: rows.length,
  });
  const day = now.toISOString().slice(0, 10);
  return csvFile(`cohort-report-${day}.csv`, 'Cohort', header, rows);
}

/**
 * The item analysis of the members' sittings of an assignment (decision 0079): for an exam, their own
 * sittings of it since it was assigned; for a mock, their sittings of that mock once it has closed. A
 * practice set draws other questions for each member, so it has none (409).
 */
export async function assignmentItems(
  ctx: AppContext,
  actor: Actor,
  id: string,
  assignmentId: string,
): Promise<ItemAnalysis> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const assignment = isUuid(assignmentId) ? await findAssignment(ctx.db, cohort.id, assignmentId) : undefined;
  if (!assignment) throw new NotFoundError(COHORT_MESSAGES.assignmentNotFound);
  if (assignment.kind === 'practice') throw new ConflictError(COHORT_MESSAGES.itemsOfPractice);
  const userIds = (await membersOf(ctx.db, cohort.id)).map((member) => member.id);
  if (assignment.mockId) {
    const closesAt = await mockClosesAt(ctx.db, assignment.mockId);
    if (!closesAt || ctx.clock.now() < closesAt) throw new ConflictError(COHORT_MESSAGES.itemsWhenClosed);
    return readSelection(ctx, assignment.examId, { mockId: assignment.mockId, userIds });
  }
  return readSelection(ctx, assignment.examId, { userIds, since: assignment.createdAt });
}

/* The cohort against everyone. */

/**
 * Per topic of the cohort's assigned exams, the members' answers against every learner's; and week by week
 * from the cohort's start to its end (or today), the members' results of those exams. Three reads, each by
 * an index: the members' standing, the exams' questions with everyone's roll-up, the members' results.
 */
export async function insights(ctx: AppContext, actor: Actor, id: string): Promise<CohortInsights> {
  const cohort = await cohortFor(ctx.db, actor, id);
  const examRows = await assignedExamsOf(ctx.db, cohort.id);
  const examIds = examRows.map((exam) => exam.id);
  const from = new Date(`${cohort.startsOn}T00:00:00.000Z`);
  const end = endOfUtcDay(cohort.endsOn) ?? from;
  const now = ctx.clock.now();
  const [mine, everyone, weeks] = await Promise.all([
    memberTopicFigures(ctx.db, cohort.id, examIds),
    everyoneTopicFigures(ctx.db, examIds),
    memberWeeks(ctx.db, cohort.id, examIds, from, end < now ? end : now),
  ]);
  const key = (row: { examId: string; topic: string }) => `${row.examId}\u0000${row.topic}`;
  const everyoneByKey = new Map(everyone.map((row) => [key(row), row]));
  const mineByKey = new Map(mine.map((row) => [key(row), row]));
  const keys = new Set([...mine.map(key), ...everyone.map(key)]);
  const titles = new Map(examRows.map((exam, index) => [exam.id, { title: exam.title, index }]));
  const topics = [...keys]
    .map((k) => {
      const [examId = '', topic = ''] = k.split('\u0000');
      const cohortRow = mineByKey.get(k);
      const everyoneRow = everyoneByKey.get(k);
      return {
        examId,
        examTitle: titles.get(examId)?.title ?? '',
        topic,
        cohort: {
          answered: cohortRow?.answered ?? 0,
          correct: cohortRow?.correct ?? 0,
          learners: cohortRow?.learners ?? 0,
        },
        everyone: { answered: everyoneRow?.answered ?? 0, correct: everyoneRow?.correct ?? 0 },
      };
    })
    .sort(
      (a, b) =>
        (titles.get(a.examId)?.index ?? 0) - (titles.get(b.examId)?.index ?? 0) ||
        a.topic.localeCompare(b.topic),
    );
  return { topics, weeks };
}

/* A member's practice set (started by the practice module, which builds the set). */

/** A practice set's assignment in one of the learner's cohorts, with its exam; 404 otherwise. */
export async function memberPracticeAssignment(ctx: AppContext, userId: string, assignmentId: string) {
  const row = isUuid(assignmentId) ? await findMemberPractice(ctx.db, userId, assignmentId) : undefined;
  if (!row || row.size === null || row.mode === null)
    throw new NotFoundError(COHORT_MESSAGES.practiceNotFound);
  const exam = await findPublishedExam(ctx.db, row.examId);
  if (!exam) throw new ConflictError(COHORT_MESSAGES.practiceExamUnavailable);
  return { id: row.id, exam, practice: { topics: row.topics, size: row.size, mode: row.mode } };
}

/** The practice sets the learner started from this assignment (attempt ids). */
export function assignmentSittings(ctx: AppContext, userId: string, assignmentId: string): Promise<string[]> {
  return assignmentSittingsOf(ctx.db, userId, assignmentId);
}

/** Records that this practice set was started from the assignment (its status reads it). */
export function linkAssignmentSitting(
  ctx: AppContext,
  link: { attemptId: string; assignmentId: string; userId: string },
): Promise<void> {
  return insertAssignmentSitting(ctx.db, link);
}
