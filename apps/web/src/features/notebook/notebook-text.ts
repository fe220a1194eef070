import type { NotebookItem } from '@mlp/contract';

/*
 * Where a notebook entry links back to, and how the list is counted (decision 0059).
 */

/**
 * The question in the learner's latest result that holds it (its review, scrolled to the question), or
 * its exam's page when no result has it yet (noted in tutor mode before submitting).
 */
export function noteLink(item: Pick<NotebookItem, 'questionId' | 'resultId' | 'examId'>): {
  to: string;
  label: string;
} {
  return item.resultId
    ? {
        to: `/exams/results/${encodeURIComponent(item.resultId)}#question-${item.questionId}`,
        label: 'Go to the question',
      }
    : { to: `/exams/${encodeURIComponent(item.examId)}`, label: 'Go to the exam' };
}

/** '1 note', '24 notes', '3 notes match "ecg"'. */
export function notebookCount(total: number, search: string): string {
  const notes = `${total} ${total === 1 ? 'note' : 'notes'}`;
  if (!search) return notes;
  return `${notes} ${total === 1 ? 'matches' : 'match'} "${search}"`;
}
