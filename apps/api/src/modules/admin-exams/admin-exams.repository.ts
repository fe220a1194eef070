import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { GENERAL_TOPIC, type QuestionAuthor, type QuestionListStatus } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { exams, questions, subscriptions } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/paging.ts';
import { MIN_SHARED_BANDS, textSketch, withSketch } from '../../lib/near-duplicates.ts';

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

/** The exam's own row, without counts (a question's content edit needs its title and topics only). */
export async function findExam(
  db: Executor,
  id: string,
  lock: 'share' | 'update' | false = false,
): Promise<ExamRow | undefined> {
  const query = db.select().from(exams).where(eq(exams.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Whether an exam with this id exists (no counts, no lock: the question list only needs to know). */
export async function examExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: exams.id }).from(exams).where(eq(exams.id, id)).limit(1);
  return row !== undefined;
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

/** The exam's questions among `ids` (in no particular order). */
export async function questionsOfExam(db: Executor, examId: string, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.examId, examId), inArray(questions.id, ids)));
}

export async function insertQuestions(
  db: Executor,
  values: Array<typeof questions.$inferInsert>,
): Promise<QuestionRow[]> {
  if (values.length === 0) return [];
  return db.insert(questions).values(values.map(withSketch)).returning();
}

export async function updateQuestion(
  db: Executor,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
): Promise<QuestionRow | undefined> {
  const [row] = await db.update(questions).set(withSketch(values)).where(eq(questions.id, id)).returning();
  return row;
}

/** How many of the exam's questions are marked as samples, leaving one question out (decision 0061). */
export async function countSamples(db: Executor, examId: string, excludeId: string | null): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(questions)
    .where(
      and(
        eq(questions.examId, examId),
        eq(questions.isSample, true),
        excludeId ? ne(questions.id, excludeId) : undefined,
      ),
    );
  return row?.value ?? 0;
}

/** Changes a question's content and moves it to its next version (decision 0050); the row as it now is. */
export async function updateQuestionContent(
  db: Executor,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
): Promise<QuestionRow | undefined> {
  const [row] = await db
    .update(questions)
    .set({ ...withSketch(values), version: sql`${questions.version} + 1` })
    .where(eq(questions.id, id))
    .returning();
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

// ---- The question list, a page at a time (decision 0043) -----------------------------------------------

export interface QuestionListFilters {
  status?: QuestionListStatus | undefined;
  topic?: string | undefined;
  author?: QuestionAuthor | undefined;
  search?: string | undefined;
}

/**
 * The text a search looks in: the question, its explanation and its options, as the list showed them. The
 * options are read as their JSON text, which costs a cast rather than a function call per row (a quote or
 * a backslash in an option is escaped there, so such a word is found in the question and the explanation
 * only).
 */
const searchText = sql`(${questions.question} || ' ' || ${questions.explanation} || ' ' || ${questions.options}::text)`;

/** The filters other than the status, on the questions table (every word of the search must appear). */
function otherFilters(filters: QuestionListFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.topic) conditions.push(sql`coalesce(${questions.topic}, ${GENERAL_TOPIC}) = ${filters.topic}`);
  if (filters.author) conditions.push(eq(questions.isAiGenerated, filters.author === 'ai'));
  const words = (filters.search ?? '').split(/\s+/).filter(Boolean);
  for (const word of words) conditions.push(sql`${searchText} ilike ${likePattern(word)}`);
  return conditions;
}

function statusFilter(status: QuestionListStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  return status === 'current'
    ? ne(questions.approvalStatus, 'rejected')
    : eq(questions.approvalStatus, status);
}

/**
 * How many of the exam's questions are in each approval state, under the other filters. One pass over the
 * exam's questions (the `(exam_id, approval_status)` index when nothing else filters).
 */
export function questionStatusCounts(db: Executor, examId: string, filters: QuestionListFilters) {
  return db
    .select({
      all: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${questions.approvalStatus} = 'pending'))::int`,
      approved: sql<number>`(count(*) filter (where ${questions.approvalStatus} = 'approved'))::int`,
      rejected: sql<number>`(count(*) filter (where ${questions.approvalStatus} = 'rejected'))::int`,
    })
    .from(questions)
    .where(and(eq(questions.examId, examId), ...otherFilters(filters)));
}

/**
 * One page of the exam's questions matching the filters, in creation order (the order of the exam detail's
 * list), each with its number in the whole list whatever the filters: running counts over the exam's
 * questions in creation order, taken before the filters apply (PostgreSQL never pushes a filter on a
 * window's output below it). One pass over the exam's questions, found through an index (decision 0043).
 */
export function questionPage(
  db: Executor,
  examId: string,
  filters: QuestionListFilters,
  page: { limit: number; offset: number },
) {
  const order = sql`order by ${questions.createdAt}, ${questions.id}`;
  const numbered = db
    .select({
      ...getTableColumns(questions),
      number: sql<number>`(case when ${questions.approvalStatus} = 'rejected'
        then count(*) filter (where ${questions.approvalStatus} = 'rejected') over (${order})
        else count(*) filter (where ${questions.approvalStatus} <> 'rejected') over (${order}) end)::int`.as(
        'number',
      ),
      matches:
        sql<boolean>`coalesce(${and(sql`true`, statusFilter(filters.status), ...otherFilters(filters))}, false)`.as(
          'matches',
        ),
    })
    .from(questions)
    .where(eq(questions.examId, examId))
    .as('numbered');
  const { matches, ...columns } = numbered._.selectedFields;
  return db
    .select(columns)
    .from(numbered)
    .where(sql`${matches}`)
    .orderBy(asc(numbered.createdAt), asc(numbered.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The topics the exam's questions use ('General' for none), sorted as the list showed them. */
export async function questionTopics(db: Executor, examId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ topic: sql<string>`coalesce(${questions.topic}, ${GENERAL_TOPIC})` })
    .from(questions)
    .where(eq(questions.examId, examId));
  return rows.map((row) => row.topic).sort((a, b) => a.localeCompare(b));
}

// ---- Nearly the same text (decision 0050) -----------------------------------------------------------------

/**
 * How similar (pg_trgm's similarity, 0–1) two question texts must be to count as nearly the same: the same
 * stem re-typed, re-punctuated or renumbered scores 0.93–1, while two real questions that differ in one
 * clinical detail ('a 45-year-old man of African family origin' / 'woman of White family origin') score
 * about 0.84 (measured on PostgreSQL 15, decision 0050).
 */
export const DUPLICATE_SIMILARITY = 0.9;

export interface SimilarQuestionRow {
  id: string;
  question: string;
  approvalStatus: 'pending' | 'approved' | 'rejected';
  similarity: number;
  number: number;
}

/**
 * The exam's questions (rejected ones aside) whose text is nearly the same as `text`, most similar first,
 * each with its number in the list. The sketch index finds the questions that share a MinHash band with
 * the text, of which those sharing MIN_SHARED_BANDS or more, and those not sketched yet, are checked with
 * pg_trgm's similarity(), which decides (decision 0050). Not prepared: the plan depends on the values.
 */
export async function similarQuestions(
  db: Executor,
  examId: string,
  text: string,
  excludeId: string | null,
  limit = 3,
): Promise<SimilarQuestionRow[]> {
  const sketch = textSketch(text);
  const result: unknown = await db.execute(sql`
    select s.id, s.question, s.approval_status, s.similarity,
      (select count(*)::int from ${questions} n where n.exam_id = ${examId} and n.approval_status <> 'rejected'
        and (n.created_at, n.id) <= (s.created_at, s.id)) as number
    from (
      select c.*, similarity(c.question, ${text})::float8 as similarity
      from (
        select q.id, q.question, q.approval_status, q.created_at
        from ${questions} q
        where q.exam_id = ${examId} and q.approval_status <> 'rejected' and q.id is distinct from ${excludeId}::uuid
          and (q.text_sketch is null or (q.text_sketch && ${sql.param(sketch)}::int[]
            and (select count(*) from unnest(q.text_sketch) k where k = any(${sql.param(sketch)}::int[]))
              >= ${MIN_SHARED_BANDS}))
        -- OFFSET 0 keeps the planner from checking similarity() before the cheaper band count.
        offset 0
      ) c
    ) s
    where s.similarity >= ${DUPLICATE_SIMILARITY}
    order by s.similarity desc, s.created_at
    limit ${limit}`);
  return (
    result as {
      rows: Array<{
        id: string;
        question: string;
        approval_status: SimilarQuestionRow['approvalStatus'];
        similarity: number;
        number: number;
      }>;
    }
  ).rows.map((row) => ({
    id: row.id,
    question: row.question,
    approvalStatus: row.approval_status,
    similarity: Number(row.similarity),
    number: Number(row.number),
  }));
}

/**
 * Sketches up to `batch` questions that have none (written by SQL: the demo seed, the bench, questions from
 * before sketches existed), of one exam when given, in one statement. Returns how many it sketched.
 */
export async function sketchUnsketched(db: Executor, batch: number, examId?: string): Promise<number> {
  const rows = await db
    .select({ id: questions.id, question: questions.question })
    .from(questions)
    .where(
      examId
        ? sql`${questions.textSketch} is null and ${questions.examId} = ${examId}`
        : sql`${questions.textSketch} is null`,
    )
    .limit(batch);
  if (rows.length === 0) return 0;
  await db.execute(sql`
    update ${questions} q set text_sketch = s.sketch::int[]
    from unnest(${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(rows.map((row) => `{${textSketch(row.question).join(',')}}`))}::text[]) s(id, sketch)
    where q.id = s.id and q.text_sketch is null`);
  return rows.length;
}
