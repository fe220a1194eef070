import { SITTING_MODES, type SittingMode } from '@mlp/contract';

/** How the mode picker and the exam page name each mode (decision 0037). */
export const MODE_NAMES: Record<SittingMode, string> = {
  exam: 'Exam',
  timed: 'Timed',
  tutor: 'Tutor',
};

/** '1 min 30 s', '45 min', '1 h 15 min': a whole sitting's time, for the picker. */
export function formatAllowance(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [
    ...(hours > 0 ? [`${hours} h`] : []),
    ...(minutes > 0 ? [`${minutes} min`] : []),
    ...(rest > 0 || seconds === 0 ? [`${rest} s`] : []),
  ];
  return parts.join(' ');
}

/** The one-line description of a mode; a timed sitting says how long it gives. */
export function modeDescription(mode: SittingMode, questions: number, secondsPerQuestion: number): string {
  switch (mode) {
    case 'exam':
      return 'The exam as it is: answers and explanations when you submit.';
    case 'timed':
      return `A countdown of ${formatAllowance(questions * secondsPerQuestion)} (${secondsPerQuestion} s a question); at zero your answers are submitted.`;
    case 'tutor':
      return 'See whether you were right, the correct answer and the explanation after each question.';
  }
}

/** The modes an exam allows, in the usual order, 'exam' first. */
export function allowedModes(modes: readonly SittingMode[]): SittingMode[] {
  return SITTING_MODES.filter((mode) => modes.includes(mode));
}

/** The take page's address for a mode: the plain exam keeps the spec's address, without a mode. */
export function takePath(examId: string, mode: SittingMode): string {
  const base = `/exams/${encodeURIComponent(examId)}/take`;
  return mode === 'exam' ? base : `${base}?mode=${mode}`;
}

/** The mode a take page's `?mode=` asks for, if it names one. */
export function parseMode(value: string | null): SittingMode | undefined {
  return SITTING_MODES.find((mode) => mode === value);
}
