import type { ExamResult } from '@mlp/contract';
import type { ResultQuestionSnapshot } from './attempts.repository.ts';

/*
 * Certainty-based marking (decision 0035; UCL's scheme, Gardner-Medwin): each answer marked with how sure the
 * learner was scores guessing 1/0, fairly sure 2/−2, sure 3/−6 (right/wrong). It pays to say 'sure' only
 * above about 80 % accuracy and 'fairly sure' above about 67 %.
 */

const LEVELS = ['guessing', 'fairly-sure', 'sure'] as const;
const MARKS = { guessing: [1, 0], 'fairly-sure': [2, -2], sure: [3, -6] } as const;
/** Answers marked at a level before its accuracy says anything about calibration. */
const ENOUGH = 3;

type Summary = NonNullable<ExamResult['certainty']>;

/** Accuracy by certainty, the certainty-based mark, and over- or under-confidence; null when none marked. */
export function certaintySummary(questions: ResultQuestionSnapshot[]): Summary | null {
  const marked = questions.filter((q) => q.certainty && q.userAnswer !== null);
  if (marked.length === 0) return null;
  const levels = LEVELS.map((level) => {
    const at = marked.filter((q) => q.certainty === level);
    const correct = at.filter((q) => q.isCorrect).length;
    return {
      level,
      answered: at.length,
      correct,
      percentCorrect: at.length > 0 ? Math.round((correct / at.length) * 100) : 0,
    };
  });
  const mark = marked.reduce((total, q) => total + MARKS[q.certainty!][q.isCorrect ? 0 : 1], 0);
  const accuracy = (level: (typeof LEVELS)[number]) => {
    const row = levels.find((candidate) => candidate.level === level)!;
    return row.answered >= ENOUGH ? row.correct / row.answered : undefined;
  };
  const sure = accuracy('sure');
  const fairly = accuracy('fairly-sure');
  const guessing = accuracy('guessing');
  const over = (sure !== undefined && sure < 0.8) || (fairly !== undefined && fairly < 0.67);
  const under = (guessing !== undefined && guessing > 0.67) || (fairly !== undefined && fairly > 0.8);
  const known = sure !== undefined || fairly !== undefined || guessing !== undefined;
  return {
    levels,
    mark,
    maxMark: marked.length * 3,
    calibration: !known
      ? null
      : over && !under
        ? 'over'
        : under && !over
          ? 'under'
          : over && under
            ? null
            : 'good',
  };
}
