import { describe, expect, it } from 'vitest';
import type { PreviewQuestion } from '@mlp/contract';
import { previewDrawText, previewOutcome, previewReveal, previewScore } from './preview-rules.ts';

const question = (id: string, correctAnswer: string): PreviewQuestion => ({
  _id: id,
  question: `${id}?`,
  choices: ['a', 'b', 'c', 'd'],
  topic: 'General',
  correctAnswer,
  explanation: `why ${id}`,
  rationales: [],
  objective: '',
  references: [],
});

describe('preview marking (decision 0043)', () => {
  const questions = [question('q1', 'a'), question('q2', 'b'), question('q3', 'c')];
  const answers = { q1: 'a', q2: 'c' };

  it('marks each question right, wrong or unanswered, and scores as a result would', () => {
    expect(questions.map((q) => previewOutcome(q, answers))).toEqual(['correct', 'incorrect', 'unanswered']);
    expect(previewScore(questions, answers)).toEqual({ right: 1, total: 3, percent: 33 });
    expect(previewScore([], {})).toEqual({ right: 0, total: 0, percent: 0 });
  });

  it('reveals like tutor mode: the pick, the answer, the explanation and what the question teaches', () => {
    const taught = {
      ...questions[1]!,
      rationales: ['a is wrong', 'b is right', 'c is wrong', 'd is wrong'],
      objective: 'Remember b',
      references: [{ title: 'NICE', url: null }],
    };
    expect(previewReveal(taught, answers)).toEqual({
      questionId: 'q2',
      answer: 'c',
      isCorrect: false,
      correctAnswer: 'b',
      explanation: 'why q2',
      explanationImage: null,
      rationales: ['a is wrong', 'b is right', 'c is wrong', 'd is wrong'],
      objective: 'Remember b',
      references: [{ title: 'NICE', url: null }],
    });
    expect(previewReveal(questions[2]!, answers).answer).toBe('');
  });

  it('says what a sitting draws', () => {
    expect(previewDrawText({ numberOfQuestions: 2, approvedCount: 5 })).toMatch(
      /^A sitting draws 2 of the 5 approved questions at random/,
    );
    expect(previewDrawText({ numberOfQuestions: 5, approvedCount: 5 })).toMatch(
      /^A sitting serves all 5 approved questions/,
    );
    expect(previewDrawText({ numberOfQuestions: 10, approvedCount: 3 })).toMatch(
      /^The exam asks for 10 questions but has 3 approved, so a sitting serves those 3/,
    );
  });
});
