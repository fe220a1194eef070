import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { createExam, createLearner } from '../../../test/factories.ts';
import { questions } from '../../db/schema/index.ts';

/* Bulk moderation of AI drafts (decision 0043): approve or reject many at once, restore rejected ones. */

const t = useTestApp({ NODE_ENV: 'development' });
const admin = useAdmin(t);

/** An exam whose first `drafts` questions are pending AI drafts. */
async function examWithDrafts(drafts: number) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 6 });
  const rows = await t.ctx.db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.examId, exam.id));
  const ids = rows.slice(0, drafts).map((row) => row.id);
  await t.ctx.db
    .update(questions)
    .set({ isAiGenerated: true, approvalStatus: 'pending' })
    .where(inArray(questions.id, ids));
  return { exam, ids, handWritten: rows[drafts]!.id };
}

const review = (examId: string, payload: Record<string, unknown>, headers = admin.headers) =>
  t.request({ method: 'POST', url: `/api/admin/exams/${examId}/questions/review`, headers, payload });

async function statuses(ids: string[]) {
  const rows = await t.ctx.db
    .select({ id: questions.id, status: questions.approvalStatus, reason: questions.rejectionReason })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((row) => [row.id, { status: row.status, reason: row.reason }]));
}

describe('bulk review of AI questions', () => {
  it('rejects several with one reason, restores them, then approves them, each recorded once', async () => {
    const { exam, ids } = await examWithDrafts(3);
    const rejected = await review(exam.id, {
      action: 'reject',
      questionIds: ids,
      rejectionReason: 'Outdated guideline',
    });
    expect(rejected.json()).toEqual({ message: '3 questions rejected', updated: 3 });
    expect([...(await statuses(ids)).values()]).toEqual(
      ids.map(() => ({ status: 'rejected', reason: 'Outdated guideline' })),
    );
    const restored = await review(exam.id, { action: 'restore', questionIds: ids.slice(0, 2) });
    expect(restored.json()).toEqual({ message: '2 questions restored to pending', updated: 2 });
    const approved = await review(exam.id, { action: 'approve', questionIds: ids.slice(0, 2) });
    expect(approved.json()).toEqual({ message: '2 questions approved', updated: 2 });
    const now = await statuses(ids);
    expect(now.get(ids[0]!)).toEqual({ status: 'approved', reason: null });
    expect(now.get(ids[2]!)).toEqual({ status: 'rejected', reason: 'Outdated guideline' });

    const log = (
      await t.request({
        method: 'GET',
        url: '/api/admin/audit?entityType=exam&limit=10',
        headers: admin.headers,
      })
    ).json<{ entries: Array<{ summary: string; entityId: string }> }>();
    expect(log.entries.filter((entry) => entry.entityId === exam.id).map((entry) => entry.summary)).toEqual([
      `Approved 2 questions in "${exam.title}" together`,
      `Restored 2 questions in "${exam.title}" to pending`,
      `Rejected 3 questions in "${exam.title}" together`,
    ]);
  });

  it('changes nothing when one question is not in the expected state, and checks its input', async () => {
    const { exam, ids, handWritten } = await examWithDrafts(2);
    const mixed = await review(exam.id, { action: 'approve', questionIds: [...ids, handWritten] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toEqual({
      message: 'Some of the chosen questions are no longer in that state. Reload the list and try again.',
    });
    expect([...(await statuses(ids)).values()].every((row) => row.status === 'pending')).toBe(true);
    // Restoring a pending question is refused the same way.
    expect((await review(exam.id, { action: 'restore', questionIds: ids })).statusCode).toBe(409);

    for (const [payload, message] of [
      [{ action: 'reject', questionIds: ids }, 'Please provide a reason for rejection.'],
      [{ action: 'approve', questionIds: [] }, 'Choose at least one question'],
      [{ action: 'approve', questionIds: [ids[0], ids[0]] }, 'A question is listed twice'],
      [{ action: 'publish', questionIds: ids }, 'action must be approve, reject or restore'],
    ] as const) {
      const bad = await review(exam.id, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message });
    }
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID());
    expect((await review(exam.id, { action: 'approve', questionIds: tooMany })).statusCode).toBe(400);
    // Another exam's questions are not this exam's.
    const other = await examWithDrafts(1);
    expect((await review(exam.id, { action: 'approve', questionIds: other.ids })).statusCode).toBe(409);
    const learner = await createLearner(t);
    expect((await review(exam.id, { action: 'approve', questionIds: ids }, learner.headers)).statusCode).toBe(
      401,
    );
    expect(
      (await review('0198c0de-0000-7000-8000-000000000000', { action: 'approve', questionIds: ids }))
        .statusCode,
    ).toBe(404);
  });
});
