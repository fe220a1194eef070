import type { UnitProgress, UnitProgressStatus } from '@mlp/contract';

/*
 * A learner's progress in a course (decision 0053), computed from what they did, never stored per unit:
 * an article unit marked read, the practice sets started from a practice unit (open, or submitted with a
 * result), the exam-mode sittings of a checkpoint's exam since they enrolled. Pure: the service reads the facts
 * with a fixed number of queries for any number of units (and of courses, for the enrolled list).
 */

export interface ProgressUnit {
  id: string;
  kind: 'article' | 'practice' | 'checkpoint';
  examId: string | null;
  passMark: number | null;
}

/** A practice set started from a unit, where it stands (an outcome the attempts module reports). */
export interface LinkedSitting {
  unitId: string;
  attemptId: string;
  /** null while open */
  submittedAt: Date | null;
  resultId: string | null;
  score: number | null;
  completedAt: Date | null;
}

export interface ExamSitting {
  resultId: string;
  examId: string;
  score: number;
  completedAt: Date;
}

/** What the learner did, across the units of one or more courses. */
export interface LearnerFacts {
  /** article unit id → when it was marked read */
  reads: Map<string, Date>;
  sittings: LinkedSitting[];
  /** exam-mode sittings of the checkpoints' exams, since the earliest enrolment concerned */
  examSittings: ExamSitting[];
}

const COMPLETE: ReadonlySet<UnitProgressStatus> = new Set(['read', 'done', 'passed']);

function notStarted(unitId: string, locked: boolean): UnitProgress {
  return {
    unitId,
    status: 'not-started',
    score: null,
    completedAt: null,
    locked,
    openAttemptId: null,
    resultId: null,
  };
}

function practiceProgress(unit: ProgressUnit, facts: LearnerFacts, locked: boolean): UnitProgress {
  const linked = facts.sittings.filter((sitting) => sitting.unitId === unit.id);
  const open = linked.find((sitting) => sitting.submittedAt === null);
  const scored = linked
    .filter((sitting) => sitting.resultId !== null && sitting.completedAt !== null)
    .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime());
  const latest = scored.at(-1);
  const base = {
    ...notStarted(unit.id, locked),
    score: latest?.score ?? null,
    resultId: latest?.resultId ?? null,
  };
  // A set in progress comes first ('Continue'); the latest result is still shown with it.
  if (open) return { ...base, status: 'in-progress', openAttemptId: open.attemptId };
  if (!latest) return base;
  return { ...base, status: 'done', completedAt: scored[0]!.completedAt!.toISOString() };
}

function checkpointProgress(
  unit: ProgressUnit,
  facts: LearnerFacts,
  enrolledAt: Date,
  locked: boolean,
): UnitProgress {
  const sittings = facts.examSittings
    .filter((sitting) => sitting.examId === unit.examId && sitting.completedAt >= enrolledAt)
    .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
  if (sittings.length === 0) return notStarted(unit.id, locked);
  // The best score (the earliest of equal ones); passed from the first sitting at or above the pass mark.
  const best = sittings.reduce((top, sitting) => (sitting.score > top.score ? sitting : top));
  const firstPass = sittings.find((sitting) => sitting.score >= (unit.passMark ?? 100));
  return {
    ...notStarted(unit.id, locked),
    status: firstPass ? 'passed' : 'failed',
    score: best.score,
    resultId: best.resultId,
    completedAt: firstPass ? firstPass.completedAt.toISOString() : null,
  };
}

/** One unit's progress; not enrolled, every unit is not started (locked is still said). */
export function unitProgress(
  unit: ProgressUnit,
  facts: LearnerFacts,
  enrolledAt: Date | null,
  locked: boolean,
): UnitProgress {
  if (!enrolledAt) return notStarted(unit.id, locked);
  switch (unit.kind) {
    case 'article': {
      const readAt = facts.reads.get(unit.id);
      return readAt
        ? { ...notStarted(unit.id, locked), status: 'read', completedAt: readAt.toISOString() }
        : notStarted(unit.id, locked);
    }
    case 'practice':
      return practiceProgress(unit, facts, locked);
    case 'checkpoint':
      return checkpointProgress(unit, facts, enrolledAt, locked);
  }
}

export function isComplete(progress: UnitProgress): boolean {
  return COMPLETE.has(progress.status);
}

/** The course's figures from its units' progress, in course order. */
export function courseFigures(units: UnitProgress[]): {
  completedUnits: number;
  totalUnits: number;
  nextUnitId: string | null;
  /** every unit is complete (a course without units never is) */
  allComplete: boolean;
  /** when the last unit became complete, if all are */
  reachedAt: Date | null;
} {
  const complete = units.filter(isComplete);
  const allComplete = units.length > 0 && complete.length === units.length;
  const times = complete.flatMap((unit) => (unit.completedAt ? [Date.parse(unit.completedAt)] : []));
  return {
    completedUnits: complete.length,
    totalUnits: units.length,
    nextUnitId: units.find((unit) => !isComplete(unit))?.unitId ?? null,
    allComplete,
    reachedAt: allComplete && times.length > 0 ? new Date(Math.max(...times)) : null,
  };
}
