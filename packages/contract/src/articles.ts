import { z } from 'zod';
import { safeString } from './strings.ts';
import { pageQuery, pagedResponse } from './common.ts';

export const ARTICLE_CATEGORIES = ['medical', 'education', 'exam-prep', 'career', 'research'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

export const ArticleSchema = z.object({
  _id: safeString(),
  title: safeString(),
  summary: safeString(),
  /** sanitised HTML */
  content: safeString(),
  category: z.enum(ARTICLE_CATEGORIES),
  status: z.enum(ARTICLE_STATUSES),
  createdAt: safeString(),
  updatedAt: safeString(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** A list item: the body is replaced by a plain-text preview (keeps lists light). */
export const ArticleListItemSchema = ArticleSchema.omit({ content: true }).extend({ preview: safeString() });
export type ArticleListItem = z.infer<typeof ArticleListItemSchema>;

export const ArticlesQuerySchema = pageQuery({ defaultLimit: 50, maxLimit: 100 }).extend({
  search: safeString().trim().max(200, 'search is too long').optional().default(''),
});

export const ArticlesResponseSchema = pagedResponse({
  articles: z.array(ArticleListItemSchema),
  total: z.number().int(),
  /** categories that have published articles (the list page's chips) */
  categories: z.array(z.enum(ARTICLE_CATEGORIES)),
});
export type ArticlesResponse = z.infer<typeof ArticlesResponseSchema>;

export const ArticleCategoryParamsSchema = z.object({
  category: z.enum(ARTICLE_CATEGORIES, { message: 'Unknown article category' }),
});

export const ArticleBodySchema = z.object({
  title: safeString({ message: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(300, 'Title must be at most 300 characters'),
  summary: safeString().trim().max(1000, 'Summary must be at most 1000 characters').optional().default(''),
  category: z.enum(ARTICLE_CATEGORIES, { message: REQUIRED_FIELDS_MESSAGE }),
  content: safeString({ message: REQUIRED_FIELDS_MESSAGE })
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(500_000, 'Content is too long'),
  status: z
    .enum(ARTICLE_STATUSES, { message: 'Status must be draft or published' })
    .optional()
    .default('draft'),
});
export type ArticleBody = z.input<typeof ArticleBodySchema>;

export const AdminArticlesQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 }).extend({
  keyword: safeString().trim().max(200, 'keyword is too long').optional().default(''),
});

export const AdminArticlesResponseSchema = pagedResponse({
  articles: z.array(ArticleListItemSchema),
  total: z.number().int(),
});

export const ArticleMessageSchema = z.object({ message: safeString(), article: ArticleSchema });

export const GenerateArticleBodySchema = z.object({
  prompt: safeString({ message: 'A prompt is required' })
    .trim()
    .min(1, 'A prompt is required')
    .max(2000, 'The prompt must be at most 2000 characters'),
});
export const GeneratedArticleSchema = z.object({
  title: safeString(),
  summary: safeString(),
  content: safeString(),
  /** the model's suggestion; null when it named none, or a category outside the list (decision 0011) */
  category: z.enum(ARTICLE_CATEGORIES).nullable(),
});
export type GeneratedArticle = z.infer<typeof GeneratedArticleSchema>;
