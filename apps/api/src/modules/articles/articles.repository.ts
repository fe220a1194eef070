import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { newestFirstPage } from '../../db/shared-queries.ts';
import { prepared } from '../../db/prepared.ts';
import { articles } from '../../db/schema/index.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { likePattern } from '../../lib/paging.ts';

/** The public article list's short-lived caches, one per app (built by createAppContext, decision 0028). */
export interface ArticleListCache {
  totals: CountCache;
  categories: CountCache<ArticleCategory[]>;
  /** Drops everything (after an administrator changes articles through this process). */
  clear(): void;
}

export function createArticleListCache(): ArticleListCache {
  const totals = new CountCache();
  const categories = new CountCache<ArticleCategory[]>();
  return {
    totals,
    categories,
    clear() {
      totals.clear();
      categories.clear();
    },
  };
}

export type ArticleRow = typeof articles.$inferSelect;

/** The expression behind the trigram index `articles_search_trgm` (migration 0002). */
const searchText = sql`lower(${articles.title} || ' ' || ${articles.summary})`;

const listColumns = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  category: articles.category,
  status: articles.status,
  preview: articles.preview,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type ArticleListRow = Omit<ArticleRow, 'content'>;

function searchFilter(term: string): SQL | undefined {
  return term ? sql`${searchText} like ${likePattern(term.toLowerCase())}` : undefined;
}

/**
 * With `cached` the total may come from the short-lived cache (public lists); without, it is counted
 * now. `preparedAs` names a prepared statement for a filter without values (the plain public list).
 */
export async function pageArticles(
  db: Executor,
  options: {
    filter: SQL | undefined;
    limit: number;
    offset: number;
    /** a cache and key for the total (public lists) */
    cached?: { cache: ArticleListCache; key: string };
    preparedAs?: string;
  },
) {
  const countNow = async () => {
    const [row] = await db.select({ value: count() }).from(articles).where(options.filter);
    return row?.value ?? 0;
  };
  const page = options.preparedAs
    ? prepared(db, options.preparedAs, (on) =>
        newestFirstPage(
          on,
          articles,
          listColumns,
          options.filter,
          sql.placeholder('limit'),
          sql.placeholder('offset'),
        ),
      ).execute({ limit: options.limit, offset: options.offset })
    : newestFirstPage(db, articles, listColumns, options.filter, options.limit, options.offset);
  const [rows, total] = await Promise.all([
    page,
    options.cached ? options.cached.cache.totals.get(options.cached.key, countNow) : countNow(),
  ]);
  return { rows: rows as ArticleListRow[], total };
}

export function publishedFilter(category?: ArticleCategory, search = ''): SQL | undefined {
  return and(
    eq(articles.status, 'published'),
    category ? eq(articles.category, category) : undefined,
    searchFilter(search),
  );
}

export function adminFilter(keyword: string): SQL | undefined {
  return keyword
    ? or(
        ilike(articles.title, likePattern(keyword)),
        ilike(articles.summary, likePattern(keyword)),
        ilike(articles.category, likePattern(keyword)),
      )
    : undefined;
}

/** Categories that have at least one published article (one index probe each, kept a few seconds). */
export async function publishedCategories(db: Executor, cache: ArticleListCache): Promise<ArticleCategory[]> {
  return cache.categories.get('published', async () => {
    const checks = await Promise.all(
      ARTICLE_CATEGORIES.map(async (category) => {
        const [row] = await db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.status, 'published'), eq(articles.category, category)))
          .limit(1);
        return row ? category : undefined;
      }),
    );
    return checks.filter((category): category is ArticleCategory => category !== undefined);
  });
}

export async function findArticle(
  db: Executor,
  id: string,
  publishedOnly: boolean,
): Promise<ArticleRow | undefined> {
  const statement = publishedOnly
    ? prepared(db, 'published_article', (on) =>
        on
          .select()
          .from(articles)
          .where(and(eq(articles.id, sql.placeholder('id')), eq(articles.status, 'published')))
          .limit(1),
      )
    : prepared(db, 'any_article', (on) =>
        on
          .select()
          .from(articles)
          .where(eq(articles.id, sql.placeholder('id')))
          .limit(1),
      );
  const [row] = await statement.execute({ id });
  return row;
}

export async function insertArticle(db: Executor, values: typeof articles.$inferInsert): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  if (!row) throw new Error('article insert returned nothing');
  return row;
}

export async function updateArticle(
  db: Executor,
  id: string,
  values: Partial<typeof articles.$inferInsert>,
): Promise<ArticleRow | undefined> {
  const [row] = await db.update(articles).set(values).where(eq(articles.id, id)).returning();
  return row;
}

export async function deleteArticle(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** Every article's id, content and stored preview (the one-time preview refresh reads them). */
export async function articlePreviewSources(
  db: Executor,
): Promise<Array<{ id: string; content: string; preview: string }>> {
  return db.select({ id: articles.id, content: articles.content, preview: articles.preview }).from(articles);
}

/** Rewrites a stored preview, leaving updatedAt as it was (the article itself did not change). */
export async function setArticlePreview(db: Executor, id: string, preview: string): Promise<void> {
  await db
    .update(articles)
    .set({ preview, updatedAt: sql`${articles.updatedAt}` })
    .where(eq(articles.id, id));
}

/** What a course shows and checks of the articles its units use (any status). */
export async function articleSummaries(
  db: Executor,
  ids: string[],
): Promise<Array<{ id: string; title: string; status: 'draft' | 'published' }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: articles.id, title: articles.title, status: articles.status })
    .from(articles)
    .where(inArray(articles.id, ids));
}
