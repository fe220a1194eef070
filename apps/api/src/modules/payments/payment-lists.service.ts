import type {
  AdminPayment,
  AdminPaymentsQuerySchema,
  AdminPaymentsResponse,
  Payment,
  PaymentsResponse,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { pageCount } from '../../lib/paging.ts';
import { pagePayments, type PaymentListRow } from './payments.repository.ts';

/** A payment as its learner sees it (a receipt). */
export function toPayment(row: PaymentListRow): Payment {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    test: row.provider === 'sandbox',
    amountPence: row.amountPence,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    examId: row.examId,
    examTitle: row.examTitle,
    orderId: row.orderId,
    periodEnd: row.periodEnd ? row.periodEnd.toISOString() : null,
    failureReason: row.failureReason,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
  };
}

/** A payment as administrators see it. */
export function toAdminPayment(row: PaymentListRow): AdminPayment {
  return {
    ...toPayment(row),
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    provider: row.provider,
    captureId: row.captureId,
    refundId: row.refundId,
    refundReason: row.refundReason,
    refundable: row.status === 'completed' && (row.provider === 'sandbox' || row.orderId !== null),
  };
}

/** The learner's own payments and failed renewal charges, newest first. */
export async function ownPayments(
  ctx: AppContext,
  actor: Actor,
  page: number,
  limit: number,
): Promise<PaymentsResponse> {
  const { rows, total } = await pagePayments(ctx.db, { userId: actor.id }, limit, (page - 1) * limit);
  return { payments: rows.map(toPayment), page, pages: pageCount(total, limit), total };
}

/** The administrators' payments page: every payment and renewal charge, filtered and paged. */
export async function adminPayments(
  ctx: AppContext,
  query: z.output<typeof AdminPaymentsQuerySchema>,
): Promise<AdminPaymentsResponse> {
  const { page, limit } = query;
  const { rows, total } = await pagePayments(
    ctx.db,
    {
      status: query.status,
      kind: query.kind,
      userId: query.userId,
      examId: query.examId,
      search: query.search || undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    limit,
    (page - 1) * limit,
  );
  return { payments: rows.map(toAdminPayment), page, pages: pageCount(total, limit), total };
}
