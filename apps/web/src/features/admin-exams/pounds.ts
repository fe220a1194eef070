/*
 * Kept apart from exam-rules.ts: the exam list needs only this, and should not load the editor's rules.
 */

/** Admin money: always '£' and two decimals, '£0.00' included (the learner side says 'Free'). */
export function formatPounds(pounds: number): string {
  return `£${(Number.isFinite(pounds) ? pounds : 0).toFixed(2)}`;
}
