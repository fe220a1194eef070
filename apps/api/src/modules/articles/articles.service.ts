import { pageCount } from '../../lib/paging.ts';
import {
  ARTICLE_CATEGORIES,
  type Article,
  type ArticleBodySchema,
  type ArticleCategory,
  type ArticleListItem,
  type GeneratedArticle,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { isForeignKeyViolation } from '../../lib/database-errors.ts';
import {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  findOr404,
  NotFoundError,
} from '../../lib/errors.ts';
import { articlePreview, sanitizeArticleHtml } from '../../lib/html/sanitize.ts';
import { isUuid } from '../../lib/ids.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as articlesRepository from './articles.repository.ts';
import {
  adminFilter,
  articlePreviewSources,
  deleteArticle,
  findArticle,
  insertArticle,
  pageArticles,
  publishedCategories,
  publishedFilter,
  setArticlePreview,
  updateArticle,
  type ArticleListRow,
  type ArticleRow,
} from './articles.repository.ts';
import { ARTICLE_MESSAGES } from './articles.messages.ts';

const ARTICLE_NOT_FOUND = 'Article not found';
type ArticleInput = z.output<typeof ArticleBodySchema>;

function toListItem(row: ArticleListRow): ArticleListItem {
  return {
    _id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    status: row.status,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toArticle(row: ArticleRow): Article {
  const { preview: _preview, ...rest } = toListItem(row);
  return { ...rest, content: row.content };
}

/**
 * Previews are computed on write; rows written by an older rule (no space between blocks, cut mid-word,
 * or empty from before the column existed) are recomputed here. Idempotent: returns how many changed.
 */
export async function refreshArticlePreviews(ctx: AppContext): Promise<number> {
  let changed = 0;
  for (const row of await articlePreviewSources(ctx.db)) {
    const preview = articlePreview(row.content);
    if (preview === row.preview) continue;
    await setArticlePreview(ctx.db, row.id, preview);
    changed += 1;
  }
  return changed;
}

/** The refresh runs once per process (per context), before the first list is served; no migration. */
const previewsRefreshed = new WeakMap<AppContext, Promise<void>>();
function previewsFresh(ctx: AppContext): Promise<void> {
  let done = previewsRefreshed.get(ctx);
  if (!done) {
    done = refreshArticlePreviews(ctx).then(
      () => undefined,
      () => {
        // A failed refresh only leaves old previews on screen; the next list tries again.
        previewsRefreshed.delete(ctx);
      },
    );
    previewsRefreshed.set(ctx, done);
  }
  return done;
}

export async function listPublished(
  ctx: AppContext,
  options: { page: number; limit: number; search: string; category?: ArticleCategory },
) {
  await previewsFresh(ctx);
  const [{ rows, total }, categories] = await Promise.all([
    pageArticles(ctx.db, {
      filter: publishedFilter(options.category, options.search),
      limit: options.limit,
      offset: (options.page - 1) * options.limit,
      cached: {
        cache: ctx.caches.articles,
        key: `published:${options.category ?? ''}:${options.search.toLowerCase()}`,
      },
      preparedAs: !options.category && !options.search ? 'published_articles_page' : undefined,
    }),
    publishedCategories(ctx.db, ctx.caches.articles),
  ]);
  return {
    articles: rows.map(toListItem),
    page: options.page,
    pages: pageCount(total, options.limit),
    total,
    categories,
  };
}

export async function getPublished(ctx: AppContext, id: string): Promise<Article> {
  const row = await findOr404(id, () => findArticle(ctx.db, id, true), ARTICLE_NOT_FOUND);
  return toArticle(row);
}

export async function listForAdmin(
  ctx: AppContext,
  options: { page: number; limit: number; keyword: string },
) {
  await previewsFresh(ctx);
  const { rows, total } = await pageArticles(ctx.db, {
    filter: adminFilter(options.keyword),
    limit: options.limit,
    offset: (options.page - 1) * options.limit,
  });
  return {
    articles: rows.map(toListItem),
    page: options.page,
    pages: pageCount(total, options.limit),
    total,
  };
}

export async function getForAdmin(ctx: AppContext, id: string): Promise<Article> {
  const row = await findOr404(id, () => findArticle(ctx.db, id, false), ARTICLE_NOT_FOUND);
  return toArticle(row);
}

/** Sanitised on every write; content that is empty once cleaned counts as missing. */
function cleanBody(body: ArticleInput) {
  const content = sanitizeArticleHtml(body.content);
  if (!content) throw new BadRequestError(ARTICLE_MESSAGES.requiredFields);
  return { ...body, content, preview: articlePreview(content) };
}

export async function create(ctx: AppContext, actor: Actor, body: ArticleInput): Promise<Article> {
  const values = cleanBody(body);
  const article = await ctx.db.transaction(async (tx) => {
    const row = await insertArticle(tx, values);
    await recordAudit(tx, actor, {
      action: 'created',
      entityType: 'article',
      entityId: row.id,
      details: { label: row.title, status: row.status },
    });
    return toArticle(row);
  });
  ctx.caches.articles.clear();
  return article;
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ArticleInput,
): Promise<Article> {
  if (!isUuid(id)) throw new NotFoundError(ARTICLE_NOT_FOUND);
  const values = cleanBody(body);
  ctx.caches.articles.clear();
  return ctx.db.transaction(async (tx) => {
    const before = await findArticle(tx, id, false);
    const row = before && (await updateArticle(tx, id, values));
    if (!row) throw new NotFoundError(ARTICLE_NOT_FOUND);
    // The activity log shows what changed; the body only as 'changed' (it is long, and kept in the row).
    const changes = changedFields(
      {
        title: before.title,
        summary: before.summary,
        category: before.category,
        status: before.status,
        content: before.content,
      },
      {
        title: row.title,
        summary: row.summary,
        category: row.category,
        status: row.status,
        content: row.content,
      },
      ['content'],
    );
    await recordAudit(tx, actor, {
      action: 'updated',
      entityType: 'article',
      entityId: row.id,
      details: { label: row.title, status: row.status, changes },
    });
    return toArticle(row);
  });
}

/** The foreign key of a course unit's article (schema/courses.ts): ON DELETE RESTRICT. */
const COURSE_UNIT_ARTICLE_KEY = 'course_units_article_id_articles_id_fk';

/**
 * Deletes the article; one that a course unit uses is refused by the database (the course's foreign key),
 * answered 409 here, so this module needs nothing of the courses module.
 */
async function deleteUnlessInCourse(tx: Executor, id: string): Promise<boolean> {
  try {
    return await deleteArticle(tx, id);
  } catch (error) {
    if (isForeignKeyViolation(error, COURSE_UNIT_ARTICLE_KEY))
      throw new ConflictError(ARTICLE_MESSAGES.inCourse);
    throw error;
  }
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError(ARTICLE_NOT_FOUND);
  ctx.caches.articles.clear();
  await ctx.db.transaction(async (tx) => {
    const existing = await findArticle(tx, id, false);
    if (!existing || !(await deleteUnlessInCourse(tx, id))) throw new NotFoundError(ARTICLE_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'deleted',
      entityType: 'article',
      entityId: id,
      details: { label: existing.title },
    });
  });
}

const ARTICLE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  // Strict structured outputs need every property listed as required.
  required: ['title', 'summary', 'content', 'category'],
  properties: {
    title: { type: 'string' },
    summary: { type: 'string', description: 'one or two sentences' },
    content: {
      type: 'string',
      description:
        'the article body as HTML: h2/h3, p, ul/ol/li, strong, em, blockquote, table; no scripts or styles',
    },
    category: {
      type: 'string',
      enum: [...ARTICLE_CATEGORIES],
      description:
        'the category that fits the article best: medical (clinical topics), education (teaching and learning), exam-prep, career or research',
    },
  },
} as const;

/**
 * The model's category as one of the article categories, or null. Providers that ignore the schema may
 * answer 'Exam Prep' or a category of their own; a suggestion is only a convenience, so anything that is
 * not a category is dropped rather than failing the whole draft (decision 0011, addendum 2026-11-27).
 */
function suggestedCategory(value: unknown): ArticleCategory | null {
  if (typeof value !== 'string') return null;
  const slug = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return ARTICLE_CATEGORIES.find((category) => category === slug) ?? null;
}

/** Drafts an article with the AI provider; the HTML is sanitised before it reaches the editor. */
export async function generate(ctx: AppContext, prompt: string): Promise<GeneratedArticle> {
  const answer = await ctx.ai.completeJson({
    system:
      'You write clear, accurate articles for medical, nursing and pharmacy learners and professionals in the UK, consistent with current guidance (NICE, BNF, GMC, NMC). Use British English. Structure the body with headings, short paragraphs and lists. Answer only with the JSON requested.',
    user: `Write an article (500 to 900 words). Brief from the editor: ${prompt}`,
    schemaName: 'article',
    schema: ARTICLE_SCHEMA,
    maxTokens: 6000,
  });
  const draft = answer as Partial<Record<'title' | 'summary' | 'content' | 'category', unknown>>;
  if (
    typeof draft !== 'object' ||
    draft === null ||
    typeof draft.title !== 'string' ||
    typeof draft.content !== 'string'
  ) {
    throw new BadGatewayError(ARTICLE_MESSAGES.aiUnusable);
  }
  const content = sanitizeArticleHtml(draft.content);
  if (!draft.title.trim() || !content) throw new BadGatewayError(ARTICLE_MESSAGES.aiEmpty);
  return {
    title: draft.title.trim().slice(0, 300),
    summary: typeof draft.summary === 'string' ? draft.summary.trim().slice(0, 1000) : '',
    content,
    category: suggestedCategory(draft.category),
  };
}

/** The title and status of these articles, published or not (courses' units). */
export function articleSummaries(
  db: Executor,
  ids: string[],
): Promise<Array<{ id: string; title: string; status: 'draft' | 'published' }>> {
  return articlesRepository.articleSummaries(db, ids);
}
