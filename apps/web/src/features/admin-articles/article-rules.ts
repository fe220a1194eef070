import { z } from 'zod';
import { ArticleBodySchema, safeString, type ArticleBody, type ArticleCategory } from '@mlp/contract';
import { checkedBy } from '../../lib/contract-rule.ts';

const CATEGORY_LABELS: Record<ArticleCategory, string> = {
  medical: 'Medical',
  education: 'Education',
  'exam-prep': 'Exam Prep',
  career: 'Career',
  research: 'Research',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as ArticleCategory] ?? category;
}

/**
 * The article form's values. `content` is the editor's HTML, or '' while the editor has no words (markup
 * without text counts as empty), so the contract's 'required' applies to what the reader would see.
 */
export interface ArticleFormValues {
  title: string;
  summary: string;
  /** one of ARTICLE_CATEGORIES, '' until one is picked */
  category: string;
  /** 'draft' or 'published' */
  status: string;
  content: string;
}

/** The fields spec §5 requires of an article, in the order the form shows them. */
export const REQUIRED_ARTICLE_FIELDS = ['title', 'category', 'content'] as const;
export type RequiredArticleField = (typeof REQUIRED_ARTICLE_FIELDS)[number];

/**
 * What each missing required field says next to it. Spec §5 gives only the form's message ('Please fill
 * in all required fields', kept above the fields); these name the field (decision 0011, addendum
 * 2026-11-27).
 */
export const FIELD_REQUIRED_TEXT: Record<RequiredArticleField, string> = {
  title: 'Title is required',
  category: 'Category is required',
  content: 'Article content is required',
};

/**
 * Spec §5 Article: title, category and content are required. The contract's ArticleBodySchema checks each
 * field (its length limits, its lists, with its messages); a missing required field says which it is
 * (FIELD_REQUIRED_TEXT) rather than the contract's form-wide message, which the form shows above them.
 */
export const articleFormSchema = z.object({
  title: safeString()
    .trim()
    .min(1, { message: FIELD_REQUIRED_TEXT.title, abort: true })
    .transform(checkedBy(ArticleBodySchema.shape.title)),
  summary: safeString().transform(checkedBy(ArticleBodySchema.shape.summary)),
  category: safeString().transform(checkedBy(ArticleBodySchema.shape.category, FIELD_REQUIRED_TEXT.category)),
  status: safeString().transform(checkedBy(ArticleBodySchema.shape.status)),
  content: safeString()
    .min(1, { message: FIELD_REQUIRED_TEXT.content, abort: true })
    .transform(checkedBy(ArticleBodySchema.shape.content)),
}) satisfies z.ZodType<ArticleBody, ArticleFormValues>;

/** Whether a required field is missing (the form then says 'Please fill in all required fields'). */
export function requiredFieldMissing(errors: Partial<Record<string, { message?: string | undefined }>>) {
  return REQUIRED_ARTICLE_FIELDS.some((name) => errors[name]?.message === FIELD_REQUIRED_TEXT[name]);
}

/**
 * Spec: links may use only http, https or mailto. Returns the URL to store (an address typed without a
 * scheme gets https://), or null when it is not allowed.
 */
export function normaliseLinkUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? withScheme : null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return withScheme;
}
