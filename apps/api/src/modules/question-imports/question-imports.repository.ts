import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { questionImports, questions } from '../../db/schema/index.ts';
import { withSketch } from '../../lib/near-duplicates.ts';

export type QuestionImportRow = typeof questionImports.$inferSelect;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 500;

export async function findImport(
  db: Executor,
  examId: string,
  key: string,
): Promise<QuestionImportRow | undefined> {
  const [row] = await db
    .select()
    .from(questionImports)
    .where(and(eq(questionImports.examId, examId), eq(questionImports.key, key)))
    .limit(1);
  return row;
}

export async function insertImport(
  db: Executor,
  values: typeof questionImports.$inferInsert,
): Promise<QuestionImportRow> {
  const [row] = await db.insert(questionImports).values(values).returning();
  if (!row) throw new Error('import insert returned nothing');
  return row;
}

/** Inserts the questions in file order (their UUIDv7 ids keep that order within the same created_at). */
export async function insertImportedQuestions(
  db: Executor,
  values: Array<typeof questions.$inferInsert>,
): Promise<void> {
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    await db.insert(questions).values(values.slice(start, start + INSERT_CHUNK).map(withSketch));
  }
}

/** The texts of an exam's questions that are not rejected (an import does not repeat them). */
export async function listQuestionTexts(db: Executor, examId: string) {
  return db
    .select({ question: questions.question, approvalStatus: questions.approvalStatus })
    .from(questions)
    .where(eq(questions.examId, examId));
}

/** An exam's approved questions in the exam's order, as exported. */
export async function listApprovedQuestions(db: Executor, examId: string) {
  return db
    .select({
      question: questions.question,
      options: questions.options,
      correctAnswer: questions.correctAnswer,
      explanation: questions.explanation,
      topic: questions.topic,
      rationales: questions.rationales,
      objective: questions.objective,
      references: questions.references,
    })
    .from(questions)
    .where(and(eq(questions.examId, examId), eq(questions.approvalStatus, 'approved')))
    .orderBy(asc(questions.createdAt), asc(questions.id));
}
