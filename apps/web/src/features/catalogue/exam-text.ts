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

/** Spec §2 Exam list: 'Showing N of M exams' (N on this page, M across all pages). */
export function showingLabel(shown: number, total: number): string {
  return `Showing ${shown} of ${total} exams`;
}

/** Spec §2 Exam list empty states. */
export function emptyCatalogueMessage(search: string): string {
  return search ? `No exams found matching "${search}"` : 'No exams available';
}
