import type { ExamResult } from '@mlp/contract';

/** A scored attempt as `GET /api/exams/results/:id` answers it (1 of 3 right); override what the test is about. */
export function buildExamResult(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    _id: 'result-1',
    examId: 'exam-1',
    exam: { _id: 'exam-1', title: 'Cardiology Basics' },
    correctAnswers: 1,
    totalQuestions: 3,
    score: 33,
    completedAt: '2025-03-05T10:30:00.000Z',
    duration: 1800,
    mode: 'exam',
    kind: 'exam',
    topics: [],
    certainty: null,
    questions: [],
    ...overrides,
  };
}
