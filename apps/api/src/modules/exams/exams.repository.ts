import { and, count, desc, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ExamInside } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { newestFirstPage, rowsOf } from '../../db/shared-queries.ts';
import { exams, questions, subscriptions } from '../../db/schema/index.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { likePattern } from '../../lib/paging.ts';

/**
 * The catalogue's short-lived caches: totals per search and category, the first key of every page and the
 * categories that have published exams. One per app (built by createAppContext), so each app and each
 * test has its own (decision 0028).
 */
export interface CatalogueCache {
  totals: CountCache;
  pageStarts: CountCache<PageStart[]>;
  categories: CountCache<string[]>;
  /** Each published exam's public 'What's inside' (decision 0061), null for none: the same for everyone. */
  inside: CountCache<ExamInside | null>;
  /** Drops everything (after an administrator changes exams through this process). */
  clear(): void;
}

export function createCatalogueCache(): CatalogueCache {
  const totals = new CountCache();
  const pageStarts = new CountCache<PageStart[]>();
  const categories = new CountCache<string[]>();
  const inside = new CountCache<ExamInside | null>();
  return {
    totals,
    pageStarts,
    categories,
    inside,
    clear() {
      totals.clear();
      pageStarts.clear();
      categories.clear();
      inside.clear();
    },
  };
}

/** What the catalogue is filtered by: '' for all. */
export interface CatalogueFilters {
  search: string;
  /** matched whatever its case (decision 0057) */
  category: string;
}

export type ExamRow = typeof exams.$inferSelect;

/**
 * The expression the trigram index `exams_search_trgm` is built on (migration 0002); searching
 * exactly this expression lets PostgreSQL use the index for `%term%`.
 */
const searchText = sql`lower(${exams.title} || ' ' || ${exams.description} || ' ' || ${exams.category})`;

/** The expression the index `exams_published_category` leads with (migration 0026, decision 0057). */
const categoryKey = sql`lower(${exams.category})`;

const publicExamColumns = {
  id: exams.id,
  title: exams.title,
  description: exams.description,
  category: exams.category,
  pricePence: exams.pricePence,
  numberOfQuestions: exams.numberOfQuestions,
  tags: exams.tags,
  createdAt: exams.createdAt,
  modes: exams.modes,
  secondsPerQuestion: exams.secondsPerQuestion,
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
  modes: Array<'exam' | 'timed' | 'tutor'>;
  secondsPerQuestion: number;
};

/** The page's rows: ids from the ordered index first, then only those rows (deferred join). */
function publishedPageQuery(
  db: Executor,
  filter: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return newestFirstPage(db, exams, publicExamColumns, filter, limit, offset);
}

/**
 * A search for a rare term finds its matches through the trigram index first (a materialised CTE), then
 * orders only those. Left to itself, PostgreSQL walks the ordered index and tests every row against the
 * pattern, expecting matches to be spread evenly; for a term in 1% of exams that was five times slower,
 * and a term in no exam tests the whole table. A common term goes the other way (see below).
 */
function searchPageIds(
  filter: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  return sql`(with matches as materialized (
      select ${exams.id} as id, ${exams.createdAt} as created_at from ${exams} where ${filter}
    ) select id from matches order by created_at desc, id desc limit ${limit} offset ${offset})`;
}

/** Deep pages of the plain catalogue start from a remembered key instead of skipping rows. */
const KEYSET_FROM_OFFSET = 200;
const KEYSET_MAX_ROWS = 200_000;
type PageStart = { createdAt: string; id: string };

/**
 * The first key of every page of the published catalogue for a page size, kept a few seconds like the
 * totals: one pass over the ordered index instead of an `offset` scan per request, so page 400 costs
 * what page 1 costs.
 */
async function publishedPageStarts(db: Executor, cache: CatalogueCache, limit: number): Promise<PageStart[]> {
  return cache.pageStarts.get(String(limit), async () => {
    const result: unknown = await db.execute(sql`
      select created_at::text as "createdAt", id::text as id from (
        select created_at, id, row_number() over (order by created_at desc, id desc) as n
        from exams where is_active
      ) ordered where (n - 1) % ${limit} = 0 order by n`);
    return (result as { rows: PageStart[] }).rows;
  });
}

/** Published exams in the category (any case) and matching the search; '' leaves either out. */
function publishedFilter({ search, category }: CatalogueFilters): SQL | undefined {
  return and(
    eq(exams.isActive, true),
    // Lower-cased by PostgreSQL on both sides, so the comparison is the index's own.
    category ? sql`${categoryKey} = lower(${category}::text)` : undefined,
    search ? sql`${searchText} like ${likePattern(search.toLowerCase())}` : undefined,
  );
}

/** How many published exams pass the filters: the page's total, counted now. */
export function countPublishedQuery(db: Executor, filters: CatalogueFilters) {
  return db.select({ value: count() }).from(exams).where(publishedFilter(filters));
}

/** Published exams passing the filters, from the short-lived cache. */
function countPublished(db: Executor, cache: CatalogueCache, filters: CatalogueFilters): Promise<number> {
  const key = JSON.stringify([filters.category.toLowerCase(), filters.search.toLowerCase()]);
  return cache.totals.get(key, async () => {
    const [row] = await countPublishedQuery(db, filters);
    return row?.value ?? 0;
  });
}

/**
 * The categories that have published exams, one spelling each whatever the case (the newest exam's), in
 * order. PostgreSQL (before 18) has no skip scan, and `select distinct` would read every published exam;
 * the recursive query jumps from one category to the next through `exams_published_category` instead,
 * one index probe a category (as the articles' categories are found, decision 0057).
 */
export function publishedCategoriesQuery(): SQL {
  return sql`with recursive keys (key) as (
      (select lower(category) from exams where is_active order by lower(category) limit 1)
      union all
      select (select lower(category) from exams
                where is_active and lower(category) > keys.key order by lower(category) limit 1)
      from keys where keys.key is not null
    )
    select (select category from exams where is_active and lower(category) = keys.key
              order by created_at desc, id desc limit 1) as category
    from keys where keys.key is not null order by keys.key`;
}

/** The categories that have published exams (publishedCategoriesQuery), kept a few seconds. */
export function publishedCategories(db: Executor, cache: CatalogueCache): Promise<string[]> {
  return cache.categories.get('published', async () =>
    rowsOf<{ category: string }>(await db.execute(publishedCategoriesQuery())).map((row) => row.category),
  );
}

/** One category's page (no search): the category index read in list order, prepared like the plain page. */
export function categoryPageQuery(
  db: Executor,
  category: string | Placeholder,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return publishedPageQuery(
    db,
    and(eq(exams.isActive, true), sql`${categoryKey} = lower(${category}::text)`),
    limit,
    offset,
  );
}

export async function pagePublishedExams(
  db: Executor,
  cache: CatalogueCache,
  options: CatalogueFilters & { limit: number; offset: number },
) {
  const filter = publishedFilter(options);
  const total = await countPublished(db, cache, options);
  if (options.search) {
    // A term in more than 1 exam in 20 (of the category, when one is chosen) is met at once walking an
    // ordered index; a rarer one is found through the trigram index first. The match count (needed for
    // the total anyway) tells which.
    if (total * 20 > (await countPublished(db, cache, { search: '', category: options.category }))) {
      const rows = await publishedPageQuery(db, filter, options.limit, options.offset);
      return { rows: rows as PublicExamRow[], total };
    }
    if (options.category) {
      const rows = await db
        .select(publicExamColumns)
        .from(exams)
        .where(inArray(exams.id, searchPageIds(filter, options.limit, options.offset)))
        .orderBy(desc(exams.createdAt), desc(exams.id));
      return { rows: rows as PublicExamRow[], total };
    }
    const rows = await prepared(db, 'published_exams_search', (on) =>
      on
        .select(publicExamColumns)
        .from(exams)
        .where(
          inArray(
            exams.id,
            searchPageIds(
              and(eq(exams.isActive, true), sql`${searchText} like ${sql.placeholder('pattern')}`),
              sql.placeholder('limit'),
              sql.placeholder('offset'),
            ),
          ),
        )
        .orderBy(desc(exams.createdAt), desc(exams.id)),
    ).execute({
      pattern: likePattern(options.search.toLowerCase()),
      limit: options.limit,
      offset: options.offset,
    });
    return { rows: rows as PublicExamRow[], total };
  }
  if (options.category) {
    // One range of the category index, read in list order; deep pages skip their offset in that range
    // (the remembered page keys below are the whole catalogue's).
    const rows = await prepared(db, 'published_exams_category', (on) =>
      categoryPageQuery(on, sql.placeholder('category'), sql.placeholder('limit'), sql.placeholder('offset')),
    ).execute({ category: options.category, limit: options.limit, offset: options.offset });
    return { rows: rows as PublicExamRow[], total };
  }
  if (options.offset >= KEYSET_FROM_OFFSET && total <= KEYSET_MAX_ROWS) {
    const start = (await publishedPageStarts(db, cache, options.limit))[options.offset / options.limit];
    if (!start) return { rows: [], total };
    const rows = await prepared(db, 'published_exams_from_key', (on) =>
      on
        .select(publicExamColumns)
        .from(exams)
        .where(
          and(
            eq(exams.isActive, true),
            sql`(${exams.createdAt}, ${exams.id}) <= (${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
          ),
        )
        .orderBy(desc(exams.createdAt), desc(exams.id))
        .limit(sql.placeholder('limit')),
    ).execute({ createdAt: start.createdAt, id: start.id, limit: options.limit });
    return { rows: rows as PublicExamRow[], total };
  }
  // The plain catalogue's first pages are the busiest query: prepared once.
  const rows = await prepared(db, 'published_exams_page', (on) =>
    publishedPageQuery(on, filter, sql.placeholder('limit'), sql.placeholder('offset')),
  ).execute({ limit: options.limit, offset: options.offset });
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

/** What a course shows and checks of the exams its units use (any status). */
export interface ExamSummary {
  id: string;
  title: string;
  pricePence: number;
  isActive: boolean;
  topics: string[];
  modes: Array<'exam' | 'timed' | 'tutor'>;
}

export async function examSummaries(db: Executor, ids: string[]): Promise<ExamSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: exams.id,
      title: exams.title,
      pricePence: exams.pricePence,
      isActive: exams.isActive,
      topics: exams.topics,
      modes: exams.modes,
    })
    .from(exams)
    .where(inArray(exams.id, ids));
}

/**
 * How many approved questions each (exam, topics) pair has: what a practice set drawn from the exam's
 * topics (all when none are given) can take. Answers in the order asked.
 */
export async function approvedQuestionCounts(
  db: Executor,
  draws: Array<{ examId: string; topics: string[] }>,
): Promise<number[]> {
  return Promise.all(
    draws.map(async ({ examId, topics }) => {
      const [row] = await db
        .select({ value: count() })
        .from(questions)
        .where(
          and(
            eq(questions.examId, examId),
            eq(questions.approvalStatus, 'approved'),
            topics.length > 0
              ? sql`coalesce(${questions.topic}, 'General') = any(${sql.param(topics)}::text[])`
              : undefined,
          ),
        );
      return row?.value ?? 0;
    }),
  );
}

/** What a published exam's public page says of what is inside it (decision 0061). */
export interface ExamInsideRow {
  id: string;
  topics: string[];
  modes: Array<'exam' | 'timed' | 'tutor'>;
  numberOfQuestions: number;
  secondsPerQuestion: number;
}

export async function findPublishedExamInside(db: Executor, id: string): Promise<ExamInsideRow | undefined> {
  const [row] = await prepared(db, 'published_exam_inside', (on) =>
    on
      .select({
        id: exams.id,
        topics: exams.topics,
        modes: exams.modes,
        numberOfQuestions: exams.numberOfQuestions,
        secondsPerQuestion: exams.secondsPerQuestion,
      })
      .from(exams)
      .where(and(eq(exams.id, sql.placeholder('id')), eq(exams.isActive, true)))
      .limit(1),
  ).execute({ id });
  return row;
}

/**
 * The exam's approved questions per topic (null: none), from the draw index alone
 * (`questions_exam_draw`: exam, status, id, topic).
 */
export async function approvedTopicCounts(
  db: Executor,
  examId: string,
): Promise<Array<{ topic: string | null; questionCount: number }>> {
  return prepared(db, 'approved_topic_counts', (on) =>
    on
      .select({ topic: questions.topic, questionCount: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.examId, sql.placeholder('examId')), eq(questions.approvalStatus, 'approved')))
      .groupBy(questions.topic),
  ).execute({ examId });
}

const sampleColumns = {
  id: questions.id,
  question: questions.question,
  options: questions.options,
  topic: questions.topic,
  image: questions.image,
};

/** A sample as the public page shows it: never its key, explanation or rationales. */
export type SampleRow = { [K in keyof typeof sampleColumns]: (typeof questions.$inferSelect)[K] };

/** The exam's approved samples, oldest first, at most `limit` (the partial index `questions_exam_samples`). */
export async function approvedSamples(db: Executor, examId: string, limit: number): Promise<SampleRow[]> {
  return prepared(db, 'approved_samples', (on) =>
    on
      .select(sampleColumns)
      .from(questions)
      .where(
        and(
          eq(questions.examId, sql.placeholder('examId')),
          eq(questions.isSample, true),
          eq(questions.approvalStatus, 'approved'),
        ),
      )
      .orderBy(questions.createdAt, questions.id)
      .limit(sql.placeholder('limit')),
  ).execute({ examId, limit });
}

export type SampleAnswerRow = typeof questions.$inferSelect;

/**
 * One sample with its answer: only when it is an approved sample of this exam and the exam is published
 * (undefined otherwise).
 */
export async function findSampleWithAnswer(
  db: Executor,
  examId: string,
  questionId: string,
): Promise<SampleAnswerRow | undefined> {
  const [row] = await db
    .select({ question: questions })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .where(
      and(
        eq(questions.id, questionId),
        eq(questions.examId, examId),
        eq(questions.isSample, true),
        eq(questions.approvalStatus, 'approved'),
        eq(exams.isActive, true),
      ),
    )
    .limit(1);
  return row?.question;
}
