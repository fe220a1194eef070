import { GENERAL_TOPIC, normaliseRationales, type ExamPreview, type PreviewQuestion } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { findOr404 } from '../../lib/errors.ts';
import { shuffled } from '../../lib/random.ts';
import { drawSittingQuestions } from '../attempts/attempts.service.ts';
import { toQuestionImage } from '../media/media.service.ts';
import { findExamWithCounts, questionsOfExam, type QuestionRow } from './admin-exams.repository.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';

/**
 * A question as a sitting shows it, with its answer. A learner's page shuffles the choices once per load
 * (Fisher–Yates, exam-taking/choice-order.ts); the preview shuffles them here with the server's own
 * Fisher–Yates, which has the same uniform distribution, and names the answer by its text.
 */
function toPreviewQuestion(row: QuestionRow): PreviewQuestion {
  const rationales = normaliseRationales(row.rationales, row.options.length);
  // The options' positions, shuffled: each rationale stays beside its option.
  const order = shuffled(row.options.map((_option, index) => index));
  return {
    _id: row.id,
    question: row.question,
    choices: order.map((index) => row.options[index] ?? ''),
    topic: row.topic ?? GENERAL_TOPIC,
    image: toQuestionImage(row.image),
    correctAnswer: row.options[row.correctAnswer] ?? '',
    explanation: row.explanation,
    explanationImage: toQuestionImage(row.explanationImage),
    rationales: rationales.length > 0 ? order.map((index) => rationales[index] ?? '') : [],
    objective: row.objective,
    references: row.references,
  };
}

/**
 * The exam as a learner's new sitting would serve it (decision 0043): the same draw from the approved
 * questions, in served order, with shuffled choices, plus the answers and explanations an administrator
 * may see. Reads only: no attempt, result, answer or analytics row is written, so nothing counts anywhere,
 * and a draft exam can be previewed before it is published.
 */
export async function previewExam(db: Executor, examId: string): Promise<ExamPreview> {
  const exam = await findOr404(examId, () => findExamWithCounts(db, examId), EXAM_MESSAGES.notFound);
  const { questionIds, available } = await drawSittingQuestions(db, exam.id, exam.numberOfQuestions);
  const byId = new Map((await questionsOfExam(db, exam.id, questionIds)).map((row) => [row.id, row]));
  return {
    examId: exam.id,
    examTitle: exam.title,
    isActive: exam.isActive,
    numberOfQuestions: exam.numberOfQuestions,
    approvedCount: available,
    questions: questionIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPreviewQuestion(row)] : [];
    }),
  };
}
