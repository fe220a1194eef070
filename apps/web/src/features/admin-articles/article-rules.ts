import { REQUIRED_FIELDS_MESSAGE, type ArticleCategory } from '@mlp/contract';

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

/**
 * Spec §5 Article: title, category and content are required ('Please fill in all required fields').
 * `contentText` is the editor's plain text, so markup with no words in it counts as empty.
 */
export function articleProblem(draft: ArticleDraft, contentText: string): string | null {
  if (!draft.title.trim() || !draft.category || !contentText.trim()) return REQUIRED_FIELDS_MESSAGE;
  return null;
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
