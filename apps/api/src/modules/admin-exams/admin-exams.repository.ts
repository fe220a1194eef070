import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exams, questions, subscriptions } from '../../db/schema/index.ts';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

// Written out in full: inside a correlated subquery Drizzle would print the outer column unqualified.
const counts = {
  questionCount: sql<number>`(select count(*)::int from questions q where q.exam_id = "exams"."id" and q.approval_status = 'approved')`,
  pendingCount: sql<number>`(select count(*)::int from questions q where q.exam_id = "exams"."id" and q.approval_status = 'pending')`,
};

export type ExamWithCounts = ExamRow & { questionCount: number; pendingCount: number };

export async function listExamsWithCounts(db: Executor, limit: number): Promise<ExamWithCounts[]> {
  return db
    .select({ ...getTableColumns(exams), ...counts })
    .from(exams)
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .limit(limit);
}

export async function findExamWithCounts(
  db: Executor,
  id: string,
  lock = false,
): Promise<ExamWithCounts | undefined> {
  if (lock) await db.select({ id: exams.id }).from(exams).where(eq(exams.id, id)).for('update');
  const [row] = await db
    .select({ ...getTableColumns(exams), ...counts })
    .from(exams)
    .where(eq(exams.id, id))
    .limit(1);
  return row;
}

export async function listQuestions(db: Executor, examId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.createdAt), asc(questions.id));
}

export async function insertExam(db: Executor, values: typeof exams.$inferInsert): Promise<ExamRow> {
  const [row] = await db.insert(exams).values(values).returning();
  if (!row) throw new Error('exam insert returned nothing');
  return row;
}

export async function updateExam(
  db: Executor,
  id: string,
  values: Partial<typeof exams.$inferInsert>,
): Promise<void> {
  await db.update(exams).set(values).where(eq(exams.id, id));
}

export async function deleteExam(db: Executor, id: string): Promise<void> {
  await db.delete(exams).where(eq(exams.id, id));
}

export async function countActiveSubscribers(db: Executor, examId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.examId, examId), gt(subscriptions.endDate, sql`now()`)));
  return row?.value ?? 0;
}

export async function findQuestion(
  db: Executor,
  examId: string,
  questionId: string,
): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.examId, examId), eq(questions.id, questionId)))
    .limit(1);
  return row;
}

export async function insertQuestions(
  db: Executor,
  values: Array<typeof questions.$inferInsert>,
): Promise<QuestionRow[]> {
  if (values.length === 0) return [];
  return db.insert(questions).values(values).returning();
}

export async function updateQuestion(
  db: Executor,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
): Promise<QuestionRow | undefined> {
  const [row] = await db.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row;
}

export async function deleteQuestion(db: Executor, id: string): Promise<void> {
  await db.delete(questions).where(eq(questions.id, id));
}

/**
 * Moves the exam's questions among `ids` that are in state `from` to the new values; returns how many
 * moved. The caller compares with the ids it was given (all or nothing, in its transaction).
 */
export async function reviewQuestions(
  db: Executor,
  examId: string,
  ids: string[],
  from: 'pending' | 'rejected',
  values: Partial<typeof questions.$inferInsert>,
): Promise<number> {
  const rows = await db
    .update(questions)
    .set(values)
    .where(
      and(
        eq(questions.examId, examId),
        inArray(questions.id, ids),
        eq(questions.approvalStatus, from),
        eq(questions.isAiGenerated, true),
      ),
    )
    .returning({ id: questions.id });
  return rows.length;
}
