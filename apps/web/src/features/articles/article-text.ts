/** Spec §9: article preview length. */
const ARTICLE_PREVIEW_LENGTH = 150;

const ELLIPSIS = '\u2026';

/**
 * Spec §2 Articles: the first 150 characters of the text (markup already removed by the server's stored
 * preview, which is already cut). Longer text is cut at the last word boundary within 150 characters and
 * ends with '…' (decision 0022). Whitespace runs collapse to one space first.
 */
export function articlePreview(
  text: string | null | undefined,
  maxLength: number = ARTICLE_PREVIEW_LENGTH,
): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  const characters = Array.from(plain);
  if (characters.length <= maxLength) return plain;
  // The server's preview: 150 characters and its ellipsis.
  if (characters.length === maxLength + 1 && plain.endsWith(ELLIPSIS)) return plain;
  const cut = characters.slice(0, maxLength + 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > 0 ? cut.slice(0, lastSpace) : characters.slice(0, maxLength).join('');
  return `${words.replace(/[\s,;:.!?\u2013\u2014-]+$/u, '')}${ELLIPSIS}`;
}

/** 'exam-prep' → 'Exam Prep'. */
export function articleCategoryLabel(category: string): string {
  return category
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
