import type { ArticleCategory } from '@mlp/contract';

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

export interface ArticleDraft {
  title: string;
  summary: string;
  category: ArticleCategory | '';
  status: 'draft' | 'published';
}

/** The fields spec §5 requires of an article, in the order the form shows them. */
export type RequiredArticleField = 'title' | 'category' | 'content';

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
 * Spec §5 Article: title, category and content are required. Returns the ones still empty, in the form's
 * order, so the first takes the focus. `contentText` is the editor's plain text, so markup with no words
 * in it counts as empty.
 */
export function missingArticleFields(draft: ArticleDraft, contentText: string): RequiredArticleField[] {
  const missing: RequiredArticleField[] = [];
  if (!draft.title.trim()) missing.push('title');
  if (!draft.category) missing.push('category');
  if (!contentText.trim()) missing.push('content');
  return missing;
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
