import { describe, expect, it } from 'vitest';
import { courseFigures, unitProgress, type LearnerFacts } from './course-progress.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));
const none: LearnerFacts = { reads: new Map(), sittings: [], examSittings: [] };
const checkpoint = { id: 'u1', kind: 'checkpoint' as const, examId: 'e1', passMark: 60 };

describe('unitProgress', () => {
  it('says not started to a learner not enrolled, whatever they did, and keeps the lock', () => {
    const facts: LearnerFacts = { ...none, reads: new Map([['u1', at(1)]]) };
    expect(
      unitProgress({ id: 'u1', kind: 'article', examId: null, passMark: null }, facts, null, true),
    ).toEqual({
      unitId: 'u1',
      status: 'not-started',
      score: null,
      completedAt: null,
      locked: true,
      openAttemptId: null,
      resultId: null,
    });
  });

  it('passes a checkpoint from the first sitting at the pass mark, showing the best (earliest of equals)', () => {
    const sitting = (resultId: string, score: number, minute: number) => ({
      resultId,
      examId: 'e1',
      score,
      completedAt: at(minute),
    });
    const facts: LearnerFacts = {
      ...none,
      examSittings: [
        sitting('before', 100, 0),
        sitting('low', 40, 2),
        sitting('pass', 60, 3),
        sitting('best', 90, 4),
        sitting('equal', 90, 5),
        sitting('other-exam', 100, 6),
      ].map((row) => (row.resultId === 'other-exam' ? { ...row, examId: 'e2' } : row)),
    };
    expect(unitProgress(checkpoint, facts, at(1), false)).toMatchObject({
      status: 'passed',
      score: 90,
      resultId: 'best',
      completedAt: at(3).toISOString(),
    });
    expect(
      unitProgress(checkpoint, { ...none, examSittings: facts.examSittings.slice(1, 2) }, at(1), false),
    ).toMatchObject({ status: 'failed', score: 40, resultId: 'low', completedAt: null });
  });
});

describe('courseFigures', () => {
  it('never completes a course without units, and dates completion by the last unit completed', () => {
    expect(courseFigures([])).toEqual({
      completedUnits: 0,
      totalUnits: 0,
      nextUnitId: null,
      allComplete: false,
      reachedAt: null,
    });
    const read = (unitId: string, minute: number) => ({
      unitId,
      status: 'read' as const,
      score: null,
      completedAt: at(minute).toISOString(),
      locked: false,
      openAttemptId: null,
      resultId: null,
    });
    expect(courseFigures([read('a', 5), read('b', 2)])).toMatchObject({
      completedUnits: 2,
      nextUnitId: null,
      allComplete: true,
      reachedAt: at(5),
    });
    const failed = { ...read('c', 0), status: 'failed' as const, completedAt: null };
    expect(courseFigures([read('a', 5), failed, read('b', 2)])).toMatchObject({
      completedUnits: 2,
      totalUnits: 3,
      nextUnitId: 'c',
      allComplete: false,
      reachedAt: null,
    });
  });
});
