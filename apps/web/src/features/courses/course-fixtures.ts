import type {
  Course,
  CourseCertificate,
  CourseListItem,
  CourseProgress,
  CourseUnit,
  EnrolledCoursesResponse,
  UnitProgress,
} from '@mlp/contract';
import { buildCourseUnit } from '../../test/factories.ts';

/*
 * Contract-shaped answers of the courses endpoints for the web tests (typed with the contract's own types,
 * so a change there fails to compile here). Override what a test is about.
 */

const CREATED = '2025-03-01T10:00:00.000Z';

/** A published course as GET /api/courses lists it: free, 3 units, no cover. */
export function buildCourseListItem(overrides: Partial<CourseListItem> = {}): CourseListItem {
  return {
    _id: 'c1',
    title: 'Cardiology in 3 steps',
    summary: 'Read, practise and check what you know about the heart.',
    category: 'medical',
    coverImageUrl: null,
    coverImageAlt: '',
    status: 'published',
    unitCount: 3,
    paidExams: [],
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

export function articleUnit(id: string, position: number, overrides: Partial<CourseUnit> = {}): CourseUnit {
  return buildCourseUnit({
    _id: id,
    position,
    kind: 'article',
    title: `Article unit ${id}`,
    articleId: `article-${id}`,
    ...overrides,
  });
}

export function practiceUnit(id: string, position: number, overrides: Partial<CourseUnit> = {}): CourseUnit {
  return buildCourseUnit({
    _id: id,
    position,
    kind: 'practice',
    title: `Practice unit ${id}`,
    examId: 'exam-1',
    examTitle: 'Cardiology Basics',
    topics: ['Heart failure', 'Arrhythmia'],
    size: 10,
    mode: 'tutor',
    ...overrides,
  });
}

export function checkpointUnit(
  id: string,
  position: number,
  overrides: Partial<CourseUnit> = {},
): CourseUnit {
  return buildCourseUnit({
    _id: id,
    position,
    kind: 'checkpoint',
    title: `Checkpoint unit ${id}`,
    examId: 'exam-1',
    examTitle: 'Cardiology Basics',
    mode: 'exam',
    passMark: 70,
    ...overrides,
  });
}

/** GET /api/courses/c1: an article (u1), a practice set (u2) and a checkpoint (u3). */
export function buildCourse(overrides: Partial<Course> = {}): Course {
  const units = overrides.units ?? [articleUnit('u1', 0), practiceUnit('u2', 1), checkpointUnit('u3', 2)];
  return { ...buildCourseListItem(), unitCount: units.length, ...overrides, units };
}

export function unitProgress(unitId: string, overrides: Partial<UnitProgress> = {}): UnitProgress {
  return {
    unitId,
    status: 'not-started',
    score: null,
    completedAt: null,
    locked: false,
    openAttemptId: null,
    resultId: null,
    ...overrides,
  };
}

/** GET /api/courses/c1/progress of an enrolled learner who has done nothing yet (units u1–u3). */
export function buildProgress(overrides: Partial<CourseProgress> = {}): CourseProgress {
  const units = overrides.units ?? ['u1', 'u2', 'u3'].map((id) => unitProgress(id));
  return {
    courseId: 'c1',
    enrolled: true,
    enrolledAt: '2025-03-02T10:00:00.000Z',
    completedAt: null,
    completedUnits: 0,
    totalUnits: units.length,
    nextUnitId: units[0]?.unitId ?? null,
    ...overrides,
    units,
  };
}

type EnrolledCourse = EnrolledCoursesResponse['courses'][number];

/** One course of GET /api/courses/enrolled: 3 of 5 units complete. */
export function buildEnrolledCourse(overrides: Partial<EnrolledCourse> = {}): EnrolledCourse {
  return {
    course: buildCourseListItem({ unitCount: 5 }),
    enrolledAt: '2025-03-02T10:00:00.000Z',
    completedAt: null,
    completedUnits: 3,
    totalUnits: 5,
    nextUnitId: 'u4',
    ...overrides,
  };
}

/** GET /api/courses/c1/certificate. */
export function buildCertificate(overrides: Partial<CourseCertificate> = {}): CourseCertificate {
  return {
    certificateId: 'cert-0192f0c1',
    courseTitle: 'Cardiology in 3 steps',
    learnerName: 'Ada Lovelace',
    completedAt: new Date(2025, 2, 5, 12).toISOString(),
    totalUnits: 3,
    ...overrides,
  };
}
