import type { Answers, ExamPreview, PreviewQuestion, Reveal } from '@mlp/contract';

/*
 * The administrator's preview (decision 0043): marked in the browser from the answers the preview
 * carries (it is for administrators only), never sent anywhere.
 */

/** How a previewed question was answered: right, wrong, or not at all. */
export type PreviewOutcome = 'correct' | 'incorrect' | 'unanswered';

export function previewOutcome(question: PreviewQuestion, answers: Answers): PreviewOutcome {
  const answer = answers[question._id];
  if (answer === undefined) return 'unanswered';
  return answer === question.correctAnswer ? 'correct' : 'incorrect';
}

/** Right answers out of the questions served, and the percentage a learner's result would show. */
export function previewScore(
  questions: readonly PreviewQuestion[],
  answers: Answers,
): { right: number; total: number; percent: number } {
  const right = questions.filter((question) => previewOutcome(question, answers) === 'correct').length;
  const total = questions.length;
  return { right, total, percent: total === 0 ? 0 : Math.round((right / total) * 100) };
}

/** What the checked preview shows of one question, in the shape of a tutor-mode reveal. */
export function previewReveal(question: PreviewQuestion, answers: Answers): Reveal {
  const answer = answers[question._id] ?? '';
  return {
    questionId: question._id,
    answer,
    isCorrect: answer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    explanationImage: question.explanationImage ?? null,
    rationales: question.rationales,
    objective: question.objective,
    references: question.references,
  };
}

/** What the preview draws, in words: how many of the approved questions, and what a learner would get. */
export function previewDrawText(preview: Pick<ExamPreview, 'numberOfQuestions' | 'approvedCount'>): string {
  const { numberOfQuestions: asked, approvedCount: approved } = preview;
  if (approved < asked)
    return `The exam asks for ${asked} questions but has ${approved} approved, so a sitting serves those ${approved}, shuffled, with their options shuffled.`;
  if (approved === asked)
    return `A sitting serves all ${approved} approved questions, shuffled, with their options shuffled.`;
  return `A sitting draws ${asked} of the ${approved} approved questions at random, shuffled, with their options shuffled.`;
}
