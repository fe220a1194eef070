import { and, count, desc, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { exams, subscriptions } from '../../db/schema/index.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { likePattern } from '../../lib/paging.ts';

const publishedTotals = new CountCache();

/** Drops cached catalogue totals (after an administrator changes exams in this process). */
export function forgetCatalogueTotals(): void {
  publishedTotals.clear();
}

export type ExamRow = typeof exams.$inferSelect;

/**
 * The expression the trigram index `exams_search_trgm` is built on (migration 0002); searching
 * exactly this expression lets PostgreSQL use the index for `%term%`.
 */
const searchText = sql`lower(${exams.title} || ' ' || ${exams.description} || ' ' || ${exams.category})`;

export const publicExamColumns = {
  id: exams.id,
  title: exams.title,
  description: exams.description,
  category: exams.category,
  pricePence: exams.pricePence,
  numberOfQuestions: exams.numberOfQuestions,
  tags: exams.tags,
  createdAt: exams.createdAt,
};
export type PublicExamRow = {
  id: string;
  title: string;
  description: string;
  category: string;
  pricePence: number;
  numberOfQuestions: number;
  tags: string[];
  createdAt: Date;
};

/** The page's rows: ids from the ordered index first, then only those rows (deferred join). */
function publishedPageQuery(
  db: Executor,
  filter: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageIds = db
    .select({ id: exams.id })
    .from(exams)
    .where(filter)
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .limit(limit)
    .offset(offset);
  return db
    .select(publicExamColumns)
    .from(exams)
    .where(inArray(exams.id, pageIds))
    .orderBy(desc(exams.createdAt), desc(exams.id));
}

export async function pagePublishedExams(
  db: Executor,
  options: { search: string; limit: number; offset: number },
) {
  const filter = and(
    eq(exams.isActive, true),
    options.search ? sql`${searchText} like ${likePattern(options.search.toLowerCase())}` : undefined,
  );
  // The plain catalogue is the busiest query: prepared once. A search is planned for its own term.
  const page = options.search
    ? publishedPageQuery(db, filter, options.limit, options.offset)
    : prepared(db, 'published_exams_page', (on) =>
        publishedPageQuery(on, filter, sql.placeholder('limit'), sql.placeholder('offset')),
      ).execute({ limit: options.limit, offset: options.offset });
  const [rows, total] = await Promise.all([
    page,
    publishedTotals.get(`published:${options.search.toLowerCase()}`, async () => {
      const [row] = await db.select({ value: count() }).from(exams).where(filter);
      return row?.value ?? 0;
    }),
  ]);
  return { rows: rows as PublicExamRow[], total };
}

export async function findPublishedExam(db: Executor, id: string): Promise<PublicExamRow | undefined> {
  const statement = prepared(db, 'published_exam', (on) =>
    on
      .select(publicExamColumns)
      .from(exams)
      .where(and(eq(exams.id, sql.placeholder('id')), eq(exams.isActive, true)))
      .limit(1),
  );
  const [row] = await statement.execute({ id });
  return row;
}

export async function findExam(db: Executor, id: string): Promise<ExamRow | undefined> {
  const statement = prepared(db, 'exam_by_id', (on) =>
    on
      .select()
      .from(exams)
      .where(eq(exams.id, sql.placeholder('id')))
      .limit(1),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/** Published exams the learner has an active subscription to, most recently subscribed first. */
export async function examsOfLearner(db: Executor, userId: string): Promise<PublicExamRow[]> {
  const rows = await db
    .select(publicExamColumns)
    .from(subscriptions)
    .innerJoin(exams, eq(exams.id, subscriptions.examId))
    .where(
      and(eq(subscriptions.userId, userId), gt(subscriptions.endDate, sql`now()`), eq(exams.isActive, true)),
    )
    .orderBy(desc(subscriptions.startDate))
    .limit(200);
  return rows;
}
