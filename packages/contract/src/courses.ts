import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';
import { ARTICLE_STATUSES } from './articles.ts';
import { EXAM_CATEGORIES } from './exams.ts';
import { PRACTICE_SIZE } from './practice.ts';
import { SittingModeSchema } from './results.ts';

/*
 * Structured courses (decision 0053): an ordered list of units, each an article to read, a practice set
 * drawn from an exam (topics, size, mode) or a checkpoint exam with a pass mark. Learners enrol, and their
 * progress per unit comes from what they did: an article marked read, a practice set started from the unit
 * and submitted, the checkpoint exam sat (exam mode) since they enrolled. Access follows the exams a course
 * draws from: a unit of a paid exam needs a subscription to that exam; no new payment path.
 */

export const COURSE_UNIT_KINDS = ['article', 'practice', 'checkpoint'] as const;
export type CourseUnitKind = (typeof COURSE_UNIT_KINDS)[number];
export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_LIMITS = {
  title: 200,
  summary: 2000,
  units: 50,
  unitTitle: 200,
  topics: 20,
} as const;

export const COURSE_MESSAGES = {
  required: 'Please fill in all required fields',
  unitsRequired: 'A published course needs at least one unit',
} as const;

/** A unit as everyone sees it. `title` is the administrator's, or the article's / exam's title. */
export const CourseUnitSchema = z.object({
  _id: safeString(),
  position: z.number().int(),
  kind: z.enum(COURSE_UNIT_KINDS),
  title: safeString(),
  /** article units */
  articleId: safeString().nullable(),
  /** practice and checkpoint units */
  examId: safeString().nullable(),
  examTitle: safeString().nullable(),
  /** practice units: the exam's topics to draw from (empty: all) */
  topics: z.array(safeString()),
  /** practice units: how many questions */
  size: z.number().int().nullable(),
  /** practice units: the sitting's mode (a checkpoint is always sat in exam mode) */
  mode: SittingModeSchema.nullable(),
  /** checkpoint units: the score (%) that passes */
  passMark: z.number().int().nullable(),
  /** the unit's exam costs money: a learner needs a subscription to it */
  requiresSubscription: z.boolean(),
});
export type CourseUnit = z.infer<typeof CourseUnitSchema>;

const CourseFieldsSchema = z.object({
  _id: safeString(),
  title: safeString(),
  summary: safeString(),
  category: z.enum(EXAM_CATEGORIES),
  /** the cover image's URL (/api/media/<hash>), or none */
  coverImageUrl: safeString().nullable(),
  coverImageAlt: safeString(),
  status: z.enum(COURSE_STATUSES),
  unitCount: z.number().int(),
  /** the paid exams the course draws from: subscribing to them unlocks their units */
  paidExams: z.array(z.object({ _id: safeString(), title: safeString() })),
  createdAt: safeString(),
  updatedAt: safeString(),
});

export const CourseListItemSchema = CourseFieldsSchema;
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

export const CourseSchema = CourseFieldsSchema.extend({ units: z.array(CourseUnitSchema) });
export type Course = z.infer<typeof CourseSchema>;

/** GET /api/courses: published courses, newest first, searched in title and summary. */
export const CoursesQuerySchema = pageQuery({ defaultLimit: 24, maxLimit: 100 }).extend({
  search: safeString().trim().max(200, 'search is too long').optional().default(''),
  category: z.enum(EXAM_CATEGORIES, { message: 'Unknown course category' }).optional(),
});
export const CoursesResponseSchema = pagedResponse({
  courses: z.array(CourseListItemSchema),
  total: z.number().int(),
});
export type CoursesResponse = z.infer<typeof CoursesResponseSchema>;

/*
 * A learner's progress. A unit is 'not-started', 'in-progress' (a practice set started from it is open),
 * 'read' (article), 'done' (practice set submitted: `score` is the latest), 'passed' or 'failed'
 * (checkpoint: the best exam-mode score since enrolling against the pass mark). Complete means read, done
 * or passed.
 */
export const UNIT_PROGRESS_STATUSES = [
  'not-started',
  'in-progress',
  'read',
  'done',
  'passed',
  'failed',
] as const;
export type UnitProgressStatus = (typeof UNIT_PROGRESS_STATUSES)[number];

export const UnitProgressSchema = z.object({
  unitId: safeString(),
  status: z.enum(UNIT_PROGRESS_STATUSES),
  /** practice: the latest score; checkpoint: the best (%); otherwise null */
  score: z.number().int().nullable(),
  /** when it became complete */
  completedAt: safeString().nullable(),
  /** the learner cannot open it: its exam needs a subscription they do not have */
  locked: z.boolean(),
  /** an open practice set started from this unit (resume it at /practice/<id>) */
  openAttemptId: safeString().nullable(),
  /** the result to look at (the latest practice result, the best checkpoint result) */
  resultId: safeString().nullable(),
});
export type UnitProgress = z.infer<typeof UnitProgressSchema>;

export const CourseProgressSchema = z.object({
  courseId: safeString(),
  enrolled: z.boolean(),
  enrolledAt: safeString().nullable(),
  /** when every unit was complete (the certificate's date), kept once reached */
  completedAt: safeString().nullable(),
  completedUnits: z.number().int(),
  totalUnits: z.number().int(),
  /** the first unit that is not complete, in course order ('Continue') */
  nextUnitId: safeString().nullable(),
  units: z.array(UnitProgressSchema),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

/** GET /api/courses/enrolled: the learner's courses with their progress (dashboard, Courses page). */
export const EnrolledCoursesResponseSchema = z.object({
  courses: z.array(
    z.object({
      course: CourseListItemSchema,
      enrolledAt: safeString(),
      completedAt: safeString().nullable(),
      completedUnits: z.number().int(),
      totalUnits: z.number().int(),
      nextUnitId: safeString().nullable(),
    }),
  ),
});
export type EnrolledCoursesResponse = z.infer<typeof EnrolledCoursesResponseSchema>;

export const CourseUnitParamsSchema = z.object({
  id: safeString().max(64),
  unitId: safeString().max(64),
});

/**
 * POST /api/courses/:id/units/:unitId/start: a practice unit builds a practice set (or resumes the one
 * started from it) and answers its attempt id; a checkpoint answers its exam, sat at /exams/<id>/take.
 */
export const StartUnitResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('practice'), attemptId: safeString() }),
  z.object({ kind: z.literal('checkpoint'), examId: safeString() }),
]);
export type StartUnitResponse = z.infer<typeof StartUnitResponseSchema>;

/** GET /api/courses/:id/certificate: only once the course is complete (404 before). */
export const CourseCertificateSchema = z.object({
  certificateId: safeString(),
  courseTitle: safeString(),
  learnerName: safeString(),
  completedAt: safeString(),
  totalUnits: z.number().int(),
});
export type CourseCertificate = z.infer<typeof CourseCertificateSchema>;

/* ---- Administrators ---- */

/**
 * A unit as the course editor sends it: `_id` keeps an existing unit (and the learners' progress on it);
 * a unit without one is new; an existing unit left out is removed with its progress.
 */
export const CourseUnitBodySchema = z.object({
  _id: IdSchema.optional(),
  kind: z.enum(COURSE_UNIT_KINDS, { message: 'A unit is an article, a practice set or a checkpoint' }),
  title: safeString()
    .trim()
    .max(COURSE_LIMITS.unitTitle, `A unit title must be at most ${COURSE_LIMITS.unitTitle} characters`)
    .optional()
    .default(''),
  articleId: IdSchema.nullable().optional().default(null),
  examId: IdSchema.nullable().optional().default(null),
  topics: z
    .array(safeString().trim().min(1).max(60, 'A topic must be at most 60 characters'))
    .max(COURSE_LIMITS.topics, `At most ${COURSE_LIMITS.topics} topics`)
    .optional()
    .default([]),
  size: z
    .number({ message: 'Size must be a number' })
    .int('Size must be a whole number')
    .min(PRACTICE_SIZE.min, `A practice set has ${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions`)
    .max(PRACTICE_SIZE.max, `A practice set has ${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions`)
    .nullable()
    .optional()
    .default(null),
  mode: SittingModeSchema.nullable().optional().default(null),
  passMark: z
    .number({ message: 'Pass mark must be a number' })
    .int('Pass mark must be a whole number')
    .min(1, 'Pass mark must be between 1 and 100')
    .max(100, 'Pass mark must be between 1 and 100')
    .nullable()
    .optional()
    .default(null),
});
export type CourseUnitBody = z.input<typeof CourseUnitBodySchema>;

export const CourseBodySchema = z.object({
  title: safeString({ message: COURSE_MESSAGES.required })
    .trim()
    .min(1, COURSE_MESSAGES.required)
    .max(COURSE_LIMITS.title, `Title must be at most ${COURSE_LIMITS.title} characters`),
  summary: safeString()
    .trim()
    .max(COURSE_LIMITS.summary, `Summary must be at most ${COURSE_LIMITS.summary} characters`)
    .optional()
    .default(''),
  category: z.enum(EXAM_CATEGORIES, { message: 'Category must be medical, nursing, pharmacy or other' }),
  /** an uploaded image's hash (POST /api/admin/media), or none */
  coverImage: safeString()
    .regex(/^[0-9a-f]{64}$/, 'Upload the cover image first')
    .nullable()
    .optional()
    .default(null),
  coverImageAlt: safeString()
    .trim()
    .max(250, 'Alt text must be at most 250 characters')
    .optional()
    .default(''),
  status: z
    .enum(COURSE_STATUSES, { message: 'Status must be draft or published' })
    .optional()
    .default('draft'),
  units: z
    .array(CourseUnitBodySchema)
    .max(COURSE_LIMITS.units, `A course has at most ${COURSE_LIMITS.units} units`)
    .optional()
    .default([]),
});
export type CourseBody = z.input<typeof CourseBodySchema>;

export const AdminCoursesQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 }).extend({
  keyword: safeString().trim().max(200, 'keyword is too long').optional().default(''),
});
export const AdminCourseListItemSchema = CourseListItemSchema.extend({
  enrolments: z.number().int(),
  completions: z.number().int(),
});
export const AdminCoursesResponseSchema = pagedResponse({
  courses: z.array(AdminCourseListItemSchema),
  total: z.number().int(),
});
export type AdminCoursesResponse = z.infer<typeof AdminCoursesResponseSchema>;

/** A unit as the editor loads it: what learners see, and what only the editor needs. */
export const AdminCourseUnitSchema = CourseUnitSchema.extend({
  /** the administrator's own title; '' when the unit shows its article's or exam's title */
  customTitle: safeString(),
  /** article units: the article's title and state, as the article picker shows them */
  article: z.object({ title: safeString(), status: z.enum(ARTICLE_STATUSES) }).nullable(),
});
export type AdminCourseUnit = z.infer<typeof AdminCourseUnitSchema>;

/** The editor's view: the course with each unit's own fields (no learner figures). */
export const AdminCourseSchema = CourseSchema.extend({
  units: z.array(AdminCourseUnitSchema),
  coverImage: safeString().nullable(),
  enrolments: z.number().int(),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

export const CourseMessageSchema = z.object({ message: safeString(), course: AdminCourseSchema });
