import type { AdminExamDetail, AdminQuestion, QuestionBody } from '@mlp/contract';
import { buildAdminExamDetail, buildAdminQuestion } from '../../test/factories.ts';

/* What the exam editor's tests answer with (GET /api/admin/exams/{id}/info and its questions). */

export const EXAM_ID = '0190f3a2-0000-7000-8000-000000000001';

/** An approved question 'Question text {id}' with options Alpha to Delta, Beta right; override what matters. */
export const question = (id: string, overrides: Partial<AdminQuestion> = {}): AdminQuestion =>
  buildAdminQuestion({
    _id: id,
    question: `Question text ${id}`,
    options: ['Alpha', 'Beta', 'Gamma', 'Delta'],
    correctAnswer: 1,
    ...overrides,
  });

/** The questions with the counts the API reports for them: approved ones count, AI drafts are pending. */
export const counted = (questions: AdminQuestion[]) => ({
  questions,
  questionCount: questions.filter((q) => q.approvalStatus === 'approved').length,
  pendingCount: questions.filter((q) => q.approvalStatus === 'pending').length,
});

/** 'Cardiology basics', a draft of two approved questions (q1, q2); override what matters. */
export const exam = (overrides: Partial<AdminExamDetail> = {}): AdminExamDetail =>
  buildAdminExamDetail({
    _id: EXAM_ID,
    description: 'Hearts',
    price: 4.99,
    numberOfQuestions: 2,
    tags: ['ecg'],
    ...counted(overrides.questions ?? [question('q1'), question('q2')]),
    ...overrides,
  });

/** What the question form sends when only the stem, the four options and the key are filled in. */
export const questionBody = (
  filled: Pick<QuestionBody, 'question' | 'options' | 'correctAnswer'>,
): QuestionBody => ({
  ...filled,
  explanation: '',
  topic: null,
  rationales: ['', '', '', ''],
  objective: '',
  references: [],
  image: null,
  explanationImage: null,
  isSample: false,
});
