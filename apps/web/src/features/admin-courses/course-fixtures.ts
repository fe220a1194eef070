import {
  mediaUrl,
  type AdminCourse,
  type AdminCoursesResponse,
  type AdminExamSummary,
  type ArticleListItem,
  type AdminCourseUnit,
  type CourseUnitBody,
} from '@mlp/contract';
import { buildCourseUnit } from '../../test/factories.ts';

/* What the course builder's tests answer with, typed by the contract. */

export const COURSE_ID = '0190f3a2-0000-7000-8000-0000000000c1';
export const ARTICLE_ID = '0190f3a2-0000-7000-8000-0000000000a1';
export const DRAFT_ARTICLE_ID = '0190f3a2-0000-7000-8000-0000000000a2';
export const EXAM_ID = '0190f3a2-0000-7000-8000-0000000000e1';
export const CHECKPOINT_EXAM_ID = '0190f3a2-0000-7000-8000-0000000000e2';
export const UNIT_IDS = [
  '0190f3a2-0000-7000-8000-0000000000b1',
  '0190f3a2-0000-7000-8000-0000000000b2',
  '0190f3a2-0000-7000-8000-0000000000b3',
  '0190f3a2-0000-7000-8000-0000000000b4',
] as const;
export const COVER_HASH = 'c'.repeat(64);

const CREATED = '2026-11-20T10:00:00.000Z';

export function buildExam(overrides: Partial<AdminExamSummary> = {}): AdminExamSummary {
  return {
    _id: EXAM_ID,
    title: 'Advanced Life Support',
    description: '',
    category: 'medical',
    price: 0,
    numberOfQuestions: 40,
    isActive: true,
    tags: [],
    questionCount: 40,
    pendingCount: 0,
    createdAt: CREATED,
    topics: ['Airway', 'Cardiology'],
    secondsPerQuestion: 60,
    modes: ['exam', 'timed', 'tutor'],
    timedPauseAllowed: false,
    ...overrides,
  };
}

/** GET /api/admin/exams: a published exam with topics, and a checkpoint exam without timed mode. */
export const EXAMS = {
  exams: [
    buildExam(),
    buildExam({
      _id: CHECKPOINT_EXAM_ID,
      title: 'Pharmacology Final',
      topics: [],
      modes: ['exam', 'tutor'],
    }),
  ],
};

export function buildArticleItem(overrides: Partial<ArticleListItem> = {}): ArticleListItem {
  return {
    _id: ARTICLE_ID,
    title: 'Sepsis six',
    summary: '',
    preview: '',
    category: 'medical',
    status: 'published',
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

/** GET /api/admin/articles?keyword=: a published article and a draft. */
export const ARTICLES = {
  articles: [
    buildArticleItem(),
    buildArticleItem({ _id: DRAFT_ARTICLE_ID, title: 'Fluids in sepsis', status: 'draft' }),
  ],
  page: 1,
  pages: 1,
  total: 2,
};

export function buildUnit(overrides: Partial<AdminCourseUnit> = {}): AdminCourseUnit {
  return {
    ...buildCourseUnit({ _id: UNIT_IDS[0] }),
    customTitle: '',
    article: null,
    ...overrides,
  };
}

/** A unit as the form sends it (in POST and PUT /api/admin/courses…): what the unit does not use is empty. */
export function unitBody(overrides: Partial<CourseUnitBody> & Pick<CourseUnitBody, 'kind'>): CourseUnitBody {
  return {
    title: '',
    articleId: null,
    examId: null,
    topics: [],
    size: null,
    mode: null,
    passMark: null,
    ...overrides,
  };
}

/**
 * GET /api/admin/courses/{id}: an article unit (its title is the article's), a practice set with the
 * administrator's title and a checkpoint (its title is the exam's).
 */
export function buildCourse(overrides: Partial<AdminCourse> = {}): AdminCourse {
  return {
    _id: COURSE_ID,
    title: 'Sepsis pathway',
    summary: 'From recognition to the first hour',
    category: 'nursing',
    coverImage: COVER_HASH,
    coverImageUrl: mediaUrl(COVER_HASH),
    coverImageAlt: 'A drip stand',
    status: 'published',
    unitCount: 3,
    paidExams: [],
    createdAt: CREATED,
    updatedAt: '2026-11-25T09:30:00.000Z',
    units: [
      buildUnit({
        _id: UNIT_IDS[0],
        position: 0,
        kind: 'article',
        articleId: ARTICLE_ID,
        title: 'Sepsis six',
        article: { title: 'Sepsis six', status: 'published' },
      }),
      buildUnit({
        _id: UNIT_IDS[1],
        position: 1,
        kind: 'practice',
        title: 'Warm-up',
        customTitle: 'Warm-up',
        examId: EXAM_ID,
        examTitle: 'Advanced Life Support',
        topics: ['Cardiology'],
        size: 30,
        mode: 'timed',
      }),
      buildUnit({
        _id: UNIT_IDS[2],
        position: 2,
        kind: 'checkpoint',
        title: 'Pharmacology Final',
        examId: CHECKPOINT_EXAM_ID,
        examTitle: 'Pharmacology Final',
        passMark: 80,
      }),
    ],
    enrolments: 12,
    ...overrides,
  };
}

type CourseRow = AdminCoursesResponse['courses'][number];

export function buildCourseRow(overrides: Partial<CourseRow> = {}): CourseRow {
  const { units: _units, coverImage: _cover, ...course } = buildCourse();
  return { ...course, completions: 4, ...overrides };
}
