/** 'pharmacy' → 'Pharmacy', 'exam-prep' → 'Exam Prep' (categories are stored lower-case). */
export function categoryLabel(category: string): string {
  return category
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** '25 questions' (one question reads '1 question'). */
export function questionCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'question' : 'questions'}`;
}

/**
 * Spec §2 Exam list count line. When every exam is on this page it is the spec's 'Showing N of M exams';
 * otherwise it says which ones: 'Showing 21–23 of 23 exams' (en dash; decision 0022).
 */
export function showingLabel(page: number, pageSize: number, shown: number, total: number): string {
  if (page === 1 && shown === total) return `Showing ${shown} of ${total} exams`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}\u2013${first + shown - 1} of ${total} exams`;
}

/** Decision 0022: a page number past the last page (an old link, or exams were removed). */
export function pastLastPageMessage(pages: number): string {
  return `There is no such page: the exams end on page ${pages}.`;
}

/**
 * Spec §2 Exam list empty states; a chosen category without a search has its own (decision 0057), and
 * with a search the spec's text stands.
 */
export function emptyCatalogueMessage(search: string, category = ''): string {
  if (search) return `No exams found matching "${search}"`;
  return category ? 'No exams in this category' : 'No exams available';
}
