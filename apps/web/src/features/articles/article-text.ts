/** Spec §9: article preview length. */
export const ARTICLE_PREVIEW_LENGTH = 150;

/**
 * Spec §2 Articles: the first 150 characters of the text (markup already removed by the server's stored
 * preview), with '...' when there is more. Whitespace runs collapse to one space first.
 */
export function articlePreview(
  text: string | null | undefined,
  maxLength: number = ARTICLE_PREVIEW_LENGTH,
): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  const characters = Array.from(plain);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}...` : plain;
}

/** 'exam-prep' → 'Exam Prep'. */
export function articleCategoryLabel(category: string): string {
  return category
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
