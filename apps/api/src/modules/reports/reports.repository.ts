import { sql } from 'drizzle-orm';
import type { ReportOutcome, ReportReason } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf, seenQuestion } from '../../db/shared-queries.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { questionReports } from '../../db/schema/index.ts';

/** Learner reports of problems with questions (decision 0041). */

/**
 * The exam of a question the learner has been shown: answered in a submitted sitting, or served in one of
 * their open sittings (tutor mode reports before submitting). Null otherwise, so nobody can probe the bank.
 */
export async function examOfSeenQuestion(
  db: Executor,
  userId: string,
  questionId: string,
): Promise<string | null> {
  return (await seenQuestion(db, userId, questionId))?.examId ?? null;
}

/** Inserts an open report; null when the learner already has one open on the question. */
export async function insertReport(
  db: Executor,
  values: {
    questionId: string;
    examId: string;
    userId: string;
    resultId: string | null;
    reason: ReportReason;
    details: string;
    notifyLearner: boolean;
  },
): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${questionReports} (id, question_id, exam_id, user_id, result_id, reason, details, notify_learner)
      values (${uuidv7()}, ${values.questionId}, ${values.examId}, ${values.userId}, ${values.resultId},
        ${values.reason}, ${values.details}, ${values.notifyLearner})
      on conflict (user_id, question_id) where status = 'open' do nothing
      returning id`),
  );
  return row?.id ?? null;
}

/** True when the result is the learner's own. */
export async function ownsResult(db: Executor, userId: string, resultId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`select 1 as one from exam_results where id = ${resultId} and user_id = ${userId}`),
  );
  return rows.length > 0;
}

export interface ReportRow {
  id: string;
  question_id: string;
  question: string | null;
  exam_id: string;
  exam_title: string | null;
  user_id: string;
  user_name: string;
  user_email: string;
  result_id: string | null;
  reason: ReportReason;
  details: string;
  notify_learner: boolean;
  status: 'open' | 'resolved';
  outcome: ReportOutcome | null;
  resolution: string | null;
  notified_at: Date | string | null;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  open_on_question: number;
  question_number: number | null;
}

export interface ReportFilter {
  status: 'open' | 'resolved' | 'all';
  examId?: string | undefined;
  questionId?: string | undefined;
  userId?: string | undefined;
  id?: string | undefined;
}

function where(filter: ReportFilter) {
  const parts = [sql`true`];
  if (filter.status !== 'all') parts.push(sql`r.status = ${filter.status}`);
  if (filter.examId) parts.push(sql`r.exam_id = ${filter.examId}`);
  if (filter.questionId) parts.push(sql`r.question_id = ${filter.questionId}`);
  if (filter.userId) parts.push(sql`r.user_id = ${filter.userId}`);
  if (filter.id) parts.push(sql`r.id = ${filter.id}`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of reports, oldest open first in the open queue (first come, first served), newest first
 * otherwise; each with its question, exam, learner and how many reports are open on its question.
 */
export async function pageReports(
  db: Executor,
  filter: ReportFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const order =
    filter.status === 'open' ? sql`r.created_at asc, r.id asc` : sql`r.created_at desc, r.id desc`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select r.id, r.question_id, q.question, r.exam_id, e.title as exam_title, r.user_id,
        u.name as user_name, u.email as user_email, r.result_id, r.reason, r.details, r.notify_learner,
        r.status, r.outcome, r.resolution, r.notified_at, a.email as resolved_by, r.resolved_at, r.created_at,
        (select count(*)::int from question_reports o where o.question_id = r.question_id and o.status = 'open')
          as open_on_question,
        -- Its number in the exam's list (rejected ones aside, as the bank numbers them).
        case when q.id is not null and q.approval_status <> 'rejected' then
          (select count(*)::int from questions n where n.exam_id = q.exam_id and n.approval_status <> 'rejected'
            and (n.created_at, n.id) <= (q.created_at, q.id)) end as question_number
      from question_reports r
      join users u on u.id = r.user_id
      left join questions q on q.id = r.question_id
      left join exams e on e.id = r.exam_id
      left join admins a on a.id = r.resolved_by
      where ${where(filter)}
      order by ${order}
      limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as n from question_reports r where ${where(filter)}`),
  ]);
  return { rows: rowsOf<ReportRow>(rows), total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0) };
}

/** Locks an open report for resolving; null when there is none with this id or it is resolved. */
export async function lockReport(
  db: Executor,
  id: string,
): Promise<{
  id: string;
  status: string;
  notifyLearner: boolean;
  userId: string;
  questionId: string;
  examId: string;
} | null> {
  const [row] = rowsOf<{
    id: string;
    status: string;
    notify_learner: boolean;
    user_id: string;
    question_id: string;
    exam_id: string;
  }>(
    await db.execute(sql`
      select id, status, notify_learner, user_id, question_id, exam_id from question_reports
      where id = ${id} for update`),
  );
  return row
    ? {
        id: row.id,
        status: row.status,
        notifyLearner: row.notify_learner,
        userId: row.user_id,
        questionId: row.question_id,
        examId: row.exam_id,
      }
    : null;
}

export async function markResolved(
  db: Executor,
  id: string,
  values: { outcome: ReportOutcome; resolution: string; adminId: string; notified: boolean },
): Promise<void> {
  await db.execute(sql`
    update question_reports set status = 'resolved', outcome = ${values.outcome},
      resolution = ${values.resolution}, resolved_by = ${values.adminId}, resolved_at = now(),
      notified_at = ${values.notified ? sql`now()` : sql`null`}
    where id = ${id}`);
}

/** Open reports in all (the admin dashboard's counter). */
export async function countOpenReports(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from question_reports where status = 'open'`),
  );
  return Number(row?.n ?? 0);
}

export interface ReportedQuestionRow {
  question_id: string;
  question: string | null;
  question_number: number | null;
  exam_id: string;
  exam_title: string | null;
  open_reports: number;
  reports: number;
  notify_requested: number;
  reasons: Array<{ reason: ReportReason; count: number }> | string;
  first_reported_at: Date | string;
  last_reported_at: Date | string;
}

/**
 * A page of the queue grouped by question (decision 0073): each question with the reports of `status`,
 * open questions by their oldest report first, others by their newest report first.
 */
export async function pageReportedQuestions(
  db: Executor,
  filter: { status: 'open' | 'resolved' | 'all'; examId?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: ReportedQuestionRow[]; total: number }> {
  const matching = where(filter);
  const order =
    filter.status === 'open'
      ? sql`g.first_reported_at asc, g.question_id asc`
      : sql`g.last_reported_at desc, g.question_id desc`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      with g as (
        select r.question_id, min(r.exam_id::text)::uuid as exam_id, count(*)::int as reports,
          min(r.created_at) as first_reported_at, max(r.created_at) as last_reported_at
        from question_reports r
        where ${matching}
        group by r.question_id
        order by ${filter.status === 'open' ? sql`min(r.created_at) asc` : sql`max(r.created_at) desc`}, r.question_id
        limit ${page.limit} offset ${page.offset}
      )
      select g.question_id, q.question, g.exam_id, e.title as exam_title, g.reports,
        g.first_reported_at, g.last_reported_at,
        (select count(*)::int from question_reports o where o.question_id = g.question_id and o.status = 'open')
          as open_reports,
        (select count(*)::int from question_reports o
          where o.question_id = g.question_id and o.status = 'open' and o.notify_learner) as notify_requested,
        (select json_agg(json_build_object('reason', x.reason, 'count', x.n) order by x.n desc, x.reason)
          from (select r.reason, count(*)::int as n from question_reports r
                where r.question_id = g.question_id and ${matching} group by r.reason) x) as reasons,
        case when q.id is not null and q.approval_status <> 'rejected' then
          (select count(*)::int from questions n where n.exam_id = q.exam_id and n.approval_status <> 'rejected'
            and (n.created_at, n.id) <= (q.created_at, q.id)) end as question_number
      from g
      left join questions q on q.id = g.question_id
      left join exams e on e.id = g.exam_id
      order by ${order}`),
    db.execute(sql`select count(distinct r.question_id)::int as n from question_reports r where ${matching}`),
  ]);
  return {
    rows: rowsOf<ReportedQuestionRow>(rows),
    total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0),
  };
}

/** The open reports of a question, locked for resolving together (oldest first). */
export async function lockOpenReportsOfQuestion(db: Executor, questionId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from question_reports where question_id = ${questionId} and status = 'open'
      order by created_at, id for update`),
  ).map((row) => row.id);
}
