import type { ResultSummary } from '@mlp/contract';
import { formatDate } from '../../lib/format.ts';

/** Spec §4: score percent = round(correct / total × 100); 0 when there were no questions. */
export function scorePercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 100);
}

/** '80%' (rounded). */
export function formatScore(score: number): string {
  return `${Math.round(score)}%`;
}

/** Spec §2 Exam history: 'Score: {n}%' rounded. */
export function scoreLabel(score: number): string {
  return `Score: ${formatScore(score)}`;
}

/** Spec §2 Exam result: 'You answered X out of Y questions correctly.' */
export function scoreSentence(correct: number, total: number): string {
  return `You answered ${correct} out of ${total} questions correctly.`;
}

/** The newest result for one exam (by completion time), or undefined. */
export function pickLatestResultForExam<T extends Pick<ResultSummary, 'examId' | 'completedAt'>>(
  results: readonly T[],
  examId: string,
): T | undefined {
  let latest: T | undefined;
  for (const result of results) {
    if (result.examId !== examId) continue;
    if (!latest || Date.parse(result.completedAt) > Date.parse(latest.completedAt)) latest = result;
  }
  return latest;
}

export interface ScorePoint {
  label: string;
  examId: string;
  title: string;
  score: number;
  completedAt: string;
}

/** History (newest first, as the API sends it) as chart points, oldest → newest. */
export function scorePoints(
  history: ReadonlyArray<Pick<ResultSummary, 'exam' | 'score' | 'completedAt'>>,
): ScorePoint[] {
  return [...history]
    .sort((a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt))
    .map((result, index) => ({
      label: `${index + 1}`,
      // A deleted exam has no id any more: its attempts still form one line, by title.
      examId: result.exam._id ?? `deleted:${result.exam.title}`,
      title: result.exam.title,
      score: Math.round(result.score),
      completedAt: result.completedAt,
    }));
}

/** What the chart shows, in words, for screen readers. */
export function scoreChartSummary(points: readonly ScorePoint[]): string {
  if (points.length === 0) return 'No scores yet.';
  const items = points.map(
    (point) => `${point.title}, ${formatScore(point.score)} on ${formatDate(point.completedAt)}`,
  );
  return `Scores over time, oldest to newest: ${items.join('; ')}.`;
}

export interface ScoreSeries {
  examId: string;
  title: string;
  /** One value per attempt on the shared axis: this exam's score, or null for another exam's attempt. */
  data: Array<number | null>;
}

/**
 * One line per exam (decision 0022): different exams are never joined into one line. Series keep the
 * order in which each exam was first taken; every series spans the shared attempt axis.
 */
export function scoreSeries(points: readonly ScorePoint[]): ScoreSeries[] {
  const byExam = new Map<string, ScoreSeries>();
  points.forEach((point, index) => {
    let series = byExam.get(point.examId);
    if (!series) {
      series = { examId: point.examId, title: point.title, data: points.map(() => null) };
      byExam.set(point.examId, series);
    }
    series.data[index] = point.score;
  });
  return [...byExam.values()];
}

const MODE_LABELS = { exam: '', timed: 'Timed', tutor: 'Tutor mode' } as const;

/**
 * How a result is labelled in history and on its page (decision 0037): 'Practice set', the mode when it was
 * not the plain exam ('Practice set · Timed'); null for the spec's exam, which keeps its look.
 */
export function sittingLabel(result: Pick<ResultSummary, 'kind' | 'mode'>): string | null {
  const parts = [result.kind === 'practice' ? 'Practice set' : '', MODE_LABELS[result.mode]].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
