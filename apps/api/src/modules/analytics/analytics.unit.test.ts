import { describe, expect, it } from 'vitest';
import { nextStep, percentileOf } from './analytics.service.ts';

describe('percentileOf', () => {
  it('says nothing below 20 learners', () => {
    expect(percentileOf(19, 18, 1)).toBeNull();
    expect(percentileOf(0, 0, 0)).toBeNull();
  });

  it('is the share of the other learners averaging lower, ties counted half', () => {
    // 21 learners: 10 lower, me and 4 others the same, 6 higher → (10 + 4/2) / 20 = 60 %.
    expect(percentileOf(21, 10, 5)).toBe(60);
    // Top of 20, nobody tied.
    expect(percentileOf(20, 19, 1)).toBe(100);
    // Bottom.
    expect(percentileOf(20, 0, 1)).toBe(0);
    // Everyone the same.
    expect(percentileOf(20, 0, 20)).toBe(50);
  });
});

describe('nextStep', () => {
  const topic = (name: string, seen: number, percentCorrect: number) => ({
    examId: 'e',
    examTitle: 'E',
    topic: name,
    seen,
    answered: seen,
    correct: Math.round((seen * percentCorrect) / 100),
    percentCorrect,
    trend: { at: [], score: [] },
  });

  it('sends the learner to due reviews first, then the weakest topics, then unused questions', () => {
    expect(nextStep(3, [topic('Renal', 10, 20)], 1)).toMatchObject({
      kind: 'review',
      title: 'Review 3 questions due',
    });
    expect(
      nextStep(
        0,
        [topic('Renal', 10, 20), topic('Cardiology', 10, 50), topic('Neuro', 3, 0), topic('Endo', 10, 90)],
        1,
      ),
    ).toMatchObject({
      kind: 'weak-areas',
      topics: ['Renal', 'Cardiology'],
    });
    expect(nextStep(0, [topic('Endo', 10, 90)], 1).kind).toBe('practice');
    expect(nextStep(0, [], 0).kind).toBe('start');
  });
});
