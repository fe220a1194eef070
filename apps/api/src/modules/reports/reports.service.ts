import {
  REPORT_MESSAGES,
  REPORT_OUTCOME_LABELS,
  type AdminReport,
  type AdminReportsResponse,
  type ReportedQuestion,
  type ReportedQuestionsResponse,
  type ReportOutcome,
  type ReportReason,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { reportResolvedMail } from '../../lib/mail/templates.ts';
import { pageCount } from '../../lib/paging.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../users/users.service.ts';
import {
  examOfSeenQuestion,
  insertReport,
  lockOpenReportsOfQuestion,
  lockReport,
  markResolved,
  ownsResult,
  pageReportedQuestions,
  pageReports,
  type ReportedQuestionRow,
  type ReportFilter,
  type ReportRow,
} from './reports.repository.ts';
import * as reportsRepository from './reports.repository.ts';

/** A learner may send this many reports an hour (decision 0041): plenty for honest use, little for a flood. */
const REPORTS_PER_HOUR: RateLimitRule = { max: 20, windowMs: 60 * 60_000 };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toReport(row: ReportRow): AdminReport {
  return {
    _id: row.id,
    questionId: row.question_id,
    question: row.question,
    examId: row.exam_id,
    examTitle: row.exam_title,
    learner: { _id: row.user_id, name: row.user_name, email: row.user_email },
    resultId: row.result_id,
    reason: row.reason,
    details: row.details,
    notifyRequested: row.notify_learner,
    status: row.status,
    outcome: row.outcome,
    resolution: row.resolution,
    learnerNotified: row.notified_at !== null,
    resolvedBy: row.resolved_by,
    resolvedAt: iso(row.resolved_at),
    createdAt: iso(row.created_at)!,
    openOnQuestion: Number(row.open_on_question),
    questionNumber: row.question_number === null ? null : Number(row.question_number),
  };
}

/**
 * A learner reports a problem with a question they have been shown (in a submitted result, or served in
 * an open sitting). One open report per learner and question; at most 20 an hour.
 */
export async function sendReport(
  ctx: AppContext,
  actor: Actor,
  questionId: string,
  body: { reason: ReportReason; details: string; resultId?: string | undefined; notify: boolean },
): Promise<string> {
  if (!isUuid(questionId)) throw new NotFoundError(REPORT_MESSAGES.notSeen);
  await ctx.limiter.hit(`report:user:${actor.id}`, REPORTS_PER_HOUR, REPORT_MESSAGES.tooMany);
  const examId = await examOfSeenQuestion(ctx.db, actor.id, questionId);
  if (!examId) throw new NotFoundError(REPORT_MESSAGES.notSeen);
  // A result id that is not the learner's is dropped, not trusted.
  const resultId =
    body.resultId && (await ownsResult(ctx.db, actor.id, body.resultId)) ? body.resultId : null;
  const id = await insertReport(ctx.db, {
    questionId,
    examId,
    userId: actor.id,
    resultId,
    reason: body.reason,
    details: body.details,
    notifyLearner: body.notify,
  });
  if (!id) throw new ConflictError(REPORT_MESSAGES.alreadyOpen);
  return REPORT_MESSAGES.sent;
}

export async function listReports(
  ctx: AppContext,
  query: Omit<ReportFilter, 'id'> & { page: number; limit: number },
): Promise<AdminReportsResponse> {
  const { page, limit, ...filter } = query;
  const { rows, total } = await pageReports(ctx.db, filter, { limit, offset: (page - 1) * limit });
  return { reports: rows.map(toReport), total, page, pages: pageCount(total, limit) };
}

type Resolution = { outcome: ReportOutcome; resolution: string; notifyLearner: boolean };

/**
 * Marks one locked, open report resolved and, when the learner asked to hear and the administrator chose
 * to tell them, queues their mail (in the caller's transaction, so it goes out only once that commits).
 * Whether the learner is told, and the report's row as it now reads.
 */
async function resolveLocked(
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  report: { id: string; notifyLearner: boolean; userId: string },
  body: Resolution,
  siteName: string,
): Promise<{ told: boolean; row: ReportRow | undefined }> {
  const told = report.notifyLearner && body.notifyLearner;
  await markResolved(tx, report.id, {
    outcome: body.outcome,
    resolution: body.resolution,
    adminId: actor.id,
    notified: told,
  });
  const [row] = (await pageReports(tx, { status: 'all', id: report.id }, { limit: 1, offset: 0 })).rows;
  if (told && row) {
    const learner = await findUserById(tx, report.userId);
    if (learner) {
      await enqueueMail(
        tx,
        reportResolvedMail({
          to: learner.email,
          name: learner.name,
          siteName,
          examTitle: row.exam_title ?? 'your exam',
          question: row.question ?? '',
          outcome: REPORT_OUTCOME_LABELS[body.outcome],
          resolution: body.resolution,
          url: `${ctx.config.appUrl}/my-exams`,
        }),
        learner.id,
      );
    }
  }
  return { told, row };
}

/**
 * Resolves an open report: records what was done, in the activity log too, and tells the learner when
 * they asked to hear and the administrator chose to tell them (the mail goes through the outbox, in the
 * same transaction).
 */
export async function resolveReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: Resolution,
): Promise<AdminReport> {
  if (!isUuid(id)) throw new NotFoundError(REPORT_MESSAGES.notFound);
  const settings = await ctx.settings.get();
  const notified = await ctx.db.transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (!report) throw new NotFoundError(REPORT_MESSAGES.notFound);
    if (report.status !== 'open') throw new ConflictError(REPORT_MESSAGES.alreadyResolved);
    const { told, row } = await resolveLocked(ctx, tx, actor, report, body, settings.siteName);
    await recordAudit(tx, actor, {
      action: 'resolved_report',
      entityType: 'exam',
      entityId: report.examId,
      details: {
        label: row?.exam_title ?? undefined,
        outcome: body.outcome,
        learnerNotified: told,
        questionId: report.questionId,
      },
    });
    return told;
  });
  if (notified) ctx.outbox.nudge();
  const [row] = (await pageReports(ctx.db, { status: 'all', id }, { limit: 1, offset: 0 })).rows;
  if (!row) throw new NotFoundError(REPORT_MESSAGES.notFound);
  return toReport(row);
}

function toReportedQuestion(row: ReportedQuestionRow): ReportedQuestion {
  // node-postgres parses json columns; PGlite may hand the text back.
  const reasons: ReportedQuestion['reasons'] | null =
    typeof row.reasons === 'string'
      ? (JSON.parse(row.reasons) as ReportedQuestion['reasons'] | null)
      : row.reasons;
  return {
    questionId: row.question_id,
    question: row.question,
    questionNumber: row.question_number,
    examId: row.exam_id,
    examTitle: row.exam_title,
    openReports: row.open_reports,
    reports: row.reports,
    reasons: reasons ?? [],
    notifyRequested: row.notify_requested,
    firstReportedAt: new Date(row.first_reported_at).toISOString(),
    lastReportedAt: new Date(row.last_reported_at).toISOString(),
  };
}

/** The queue grouped by question (decision 0073). */
export async function listReportedQuestions(
  ctx: AppContext,
  query: { status: 'open' | 'resolved' | 'all'; examId?: string | undefined; page: number; limit: number },
): Promise<ReportedQuestionsResponse> {
  const { page, limit, ...filter } = query;
  const { rows, total } = await pageReportedQuestions(ctx.db, filter, { limit, offset: (page - 1) * limit });
  return { questions: rows.map(toReportedQuestion), total, page, pages: pageCount(total, limit) };
}

/**
 * Resolves every open report on a question together (decision 0073), with one outcome and note: each
 * report is recorded as resolved, each learner who asked to hear is told (when the administrator chose
 * to), and the activity log has one entry with the count. 404 when the question has no open report.
 */
export async function resolveQuestionReports(
  ctx: AppContext,
  actor: Actor,
  questionId: string,
  body: Resolution,
): Promise<number> {
  if (!isUuid(questionId)) throw new NotFoundError(REPORT_MESSAGES.questionNotFound);
  const settings = await ctx.settings.get();
  const { resolved, told } = await ctx.db.transaction(async (tx) => {
    const ids = await lockOpenReportsOfQuestion(tx, questionId);
    if (ids.length === 0) throw new NotFoundError(REPORT_MESSAGES.questionNotFound);
    let toldCount = 0;
    let last: ReportRow | undefined;
    let examId = '';
    for (const id of ids) {
      const report = (await lockReport(tx, id))!;
      const outcome = await resolveLocked(ctx, tx, actor, report, body, settings.siteName);
      if (outcome.told) toldCount += 1;
      last = outcome.row ?? last;
      examId = report.examId;
    }
    await recordAudit(tx, actor, {
      action: 'resolved_report',
      entityType: 'exam',
      entityId: examId,
      details: {
        label: last?.exam_title ?? undefined,
        outcome: body.outcome,
        reports: ids.length,
        learnersNotified: toldCount,
        learnerNotified: toldCount > 0,
        questionId,
      },
    });
    return { resolved: ids.length, told: toldCount };
  });
  if (told > 0) ctx.outbox.nudge();
  return resolved;
}

/** Open reports in all (the admin dashboard's counter; decision 0051: stats reads it here). */
export function countOpenReports(db: Executor): Promise<number> {
  return reportsRepository.countOpenReports(db);
}
