import { describe, expect, it } from 'vitest';
import type { AdminCourse, AdminCourseUnit } from '@mlp/contract';
import { buildUnit, unitBody } from './course-fixtures.ts';
import {
  CHOOSE_ARTICLE,
  CHOOSE_EXAM,
  categoryLabel,
  checkCourseForm,
  courseFormValues,
  newUnit,
  sameCourse,
  withSavedUnitIds,
  type CourseFormValues,
} from './course-rules.ts';

const ARTICLE_ID = '0190f3a2-0000-7000-8000-0000000000a1';
const EXAM_ID = '0190f3a2-0000-7000-8000-0000000000e1';
const UNIT_IDS = ['0190f3a2-0000-7000-8000-0000000000b1', '0190f3a2-0000-7000-8000-0000000000b2'];

function unit(overrides: Partial<AdminCourseUnit>): AdminCourseUnit {
  return buildUnit({ _id: UNIT_IDS[0] ?? '', ...overrides });
}

function course(units: AdminCourseUnit[]): AdminCourse {
  return {
    _id: '0190f3a2-0000-7000-8000-0000000000c1',
    title: 'Sepsis pathway',
    summary: '',
    category: 'medical',
    coverImage: null,
    coverImageUrl: null,
    coverImageAlt: '',
    status: 'draft',
    unitCount: units.length,
    paidExams: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    units,
    enrolments: 0,
  };
}

function values(overrides: Partial<CourseFormValues> = {}): CourseFormValues {
  return { ...courseFormValues(), title: 'Sepsis pathway', category: 'medical', ...overrides };
}

describe('categoryLabel', () => {
  it('capitalises the exam categories', () => {
    expect(['medical', 'nursing', 'pharmacy', 'other'].map(categoryLabel)).toEqual([
      'Medical',
      'Nursing',
      'Pharmacy',
      'Other',
    ]);
  });
});

describe('checkCourseForm', () => {
  it("sends each unit with its kind's fields only, numbers as numbers", () => {
    const practice = { ...newUnit('practice'), examId: EXAM_ID, articleId: ARTICLE_ID, size: ' 30 ' };
    const checkpoint = { ...newUnit('checkpoint'), examId: EXAM_ID, topics: ['Cardiology'], passMark: '80' };
    const article = { ...newUnit('article'), _id: UNIT_IDS[0], articleId: ARTICLE_ID, examId: EXAM_ID };
    const checked = checkCourseForm(values({ units: [article, practice, checkpoint] }));
    expect(checked).toEqual({
      ok: true,
      body: {
        title: 'Sepsis pathway',
        summary: '',
        category: 'medical',
        coverImage: null,
        coverImageAlt: '',
        status: 'draft',
        units: [
          unitBody({ _id: UNIT_IDS[0], kind: 'article', articleId: ARTICLE_ID }),
          unitBody({ kind: 'practice', examId: EXAM_ID, size: 30, mode: 'tutor' }),
          unitBody({ kind: 'checkpoint', examId: EXAM_ID, passMark: 80 }),
        ],
      },
    });
  });

  it("says the contract's message under each field, and what each kind of unit needs", () => {
    const checked = checkCourseForm({
      ...courseFormValues(),
      units: [
        newUnit('article'),
        { ...newUnit('practice'), size: '3' },
        { ...newUnit('checkpoint'), passMark: '' },
      ],
    });
    expect(checked).toEqual({
      ok: false,
      issues: expect.arrayContaining([
        { path: 'title', message: 'Please fill in all required fields' },
        { path: 'category', message: 'Category must be medical, nursing, pharmacy or other' },
        { path: 'units.1.size', message: 'A practice set has 5 to 100 questions' },
        { path: 'units.2.passMark', message: 'Pass mark must be a number' },
        { path: 'units.0.articleId', message: CHOOSE_ARTICLE },
        { path: 'units.1.examId', message: CHOOSE_EXAM },
        { path: 'units.2.examId', message: CHOOSE_EXAM },
      ]) as unknown,
    });
  });

  it('refuses a title over the limit and more than 50 units', () => {
    const unitOk = { ...newUnit('article'), articleId: ARTICLE_ID };
    const checked = checkCourseForm(
      values({ title: 'x'.repeat(201), units: Array.from({ length: 51 }, () => unitOk) }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues).toEqual([
      { path: 'title', message: 'Title must be at most 200 characters' },
      { path: 'units', message: 'A course has at most 50 units' },
    ]);
  });
});

describe('courseFormValues', () => {
  it("fills a unit's title only when it is not its article's or exam's own title", () => {
    const loaded = course([
      unit({
        kind: 'article',
        articleId: ARTICLE_ID,
        title: 'Sepsis six',
        article: { title: 'Sepsis six', status: 'published' },
      }),
      unit({
        _id: UNIT_IDS[1],
        kind: 'checkpoint',
        examId: EXAM_ID,
        examTitle: 'ALS',
        title: 'Final check',
        customTitle: 'Final check',
        passMark: 80,
      }),
      unit({ kind: 'practice', examId: EXAM_ID, examTitle: 'ALS', title: 'ALS', size: 30, mode: 'timed' }),
    ]);
    const form = courseFormValues(loaded);
    expect(form.units.map((u) => u.title)).toEqual(['', 'Final check', '']);
    expect(form.units[0]?.article).toEqual({ title: 'Sepsis six', status: 'published' });
    expect(form.units[1]).toMatchObject({ _id: UNIT_IDS[1], passMark: '80', examTitle: 'ALS' });
    expect(form.units[2]).toMatchObject({ size: '30', mode: 'timed' });
  });

  it("keeps an administrator's own title, even one equal to the article's", () => {
    const loaded = course([
      unit({
        kind: 'article',
        articleId: ARTICLE_ID,
        title: 'Sepsis six',
        customTitle: 'Sepsis six',
        article: { title: 'Sepsis six', status: 'published' },
      }),
    ]);
    expect(courseFormValues(loaded).units[0]?.title).toBe('Sepsis six');
  });

  it('shows a stored cover image at its media URL', () => {
    const hash = 'a'.repeat(64);
    const form = courseFormValues({ ...course([]), coverImage: hash, coverImageUrl: `/api/media/${hash}` });
    expect(form.coverImage).toEqual({ hash, url: `/api/media/${hash}` });
  });
});

describe('sameCourse and withSavedUnitIds', () => {
  it('ignores what the pickers only show, but not a changed field', () => {
    const start = values({ units: [{ ...newUnit('article'), articleId: ARTICLE_ID }] });
    const relabelled = {
      ...start,
      units: start.units.map((u) => ({ ...u, article: { title: 'x', status: 'draft' as const } })),
    };
    expect(sameCourse(start, relabelled)).toBe(true);
    expect(sameCourse(start, { ...start, summary: 'New' })).toBe(false);
  });

  it('gives the new units the ids the server answered, and keeps the others', () => {
    const form = values({ units: [newUnit('checkpoint'), { ...newUnit('article'), _id: UNIT_IDS[0] }] });
    const saved = course([unit({ _id: UNIT_IDS[0] }), unit({ _id: UNIT_IDS[1], kind: 'checkpoint' })]);
    expect(withSavedUnitIds(form, saved).units.map((u) => u._id)).toEqual([UNIT_IDS[1], UNIT_IDS[0]]);
  });
});
