import type { ExamInside, SittingMode } from '@mlp/contract';

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

/** Decision 0061: how the exam page names the ways to sit an exam, given by the route (the sitting's own words). */
export interface ModeText {
  name: (mode: SittingMode) => string;
  /** the one-line description the mode picker shows */
  description: (mode: SittingMode, questions: number, secondsPerQuestion: number) => string;
  /** a whole sitting's time in words ('1 h 15 min') */
  allowance: (seconds: number) => string;
}

/**
 * The timing lines of 'What's inside' (decision 0061): the questions a sitting has, then the countdown of
 * a timed sitting, then the modes that have none.
 */
export function timingLines(
  inside: Pick<ExamInside, 'modes' | 'questionsPerSitting' | 'secondsPerQuestion'>,
  text: ModeText,
): string[] {
  const { modes, questionsPerSitting: questions, secondsPerQuestion } = inside;
  const lines = [`${questionCountLabel(questions)} a sitting`];
  if (modes.includes('timed'))
    lines.push(
      `${text.name('timed')}: ${text.allowance(questions * secondsPerQuestion)} in all, ${secondsPerQuestion} s a question`,
    );
  const untimed = modes.filter((mode) => mode !== 'timed').map((mode) => text.name(mode));
  if (untimed.length > 0) lines.push(`${untimed.join(' and ')}: no time limit`);
  return lines;
}
