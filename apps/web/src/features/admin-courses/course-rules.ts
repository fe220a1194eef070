import {
  CourseBodySchema,
  PRACTICE_SIZE,
  mediaUrl,
  type AdminCourse,
  type CourseStatus,
  type CourseUnitKind,
  type EXAM_CATEGORIES,
  type SittingMode,
} from '@mlp/contract';
import type { z } from 'zod';

/*
 * The course builder's wording and rules (decision 0053): what the form holds, how it becomes the
 * contract's CourseBody, and which problems it shows under which field.
 */

export type CourseCategory = (typeof EXAM_CATEGORIES)[number];

/** 'medical' → 'Medical'. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

export const UNIT_KIND_LABELS: Record<CourseUnitKind, string> = {
  article: 'Article',
  practice: 'Practice set',
  checkpoint: 'Checkpoint',
};

export const DEFAULT_PASS_MARK = 70;

/** What the status select says under it. */
export const STATUS_NOTE = 'Learners see a course once it is published.';

/** What the list's delete dialog asks. */
export const DELETE_COURSE_QUESTION = 'Delete this course? Learners lose their progress in it.';

/** An article as its picker shows it. */
export interface PickedArticle {
  title: string;
  status: 'draft' | 'published';
}

/** The uploaded cover image: its hash is what the body sends; the rest is for the preview. */
export interface CoverImageValue {
  hash: string;
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * One unit as the form holds it. Number fields hold their text, so what was typed stays on screen and the
 * contract's own messages ('Size must be a number') say what is wrong with it. Only the fields of the
 * unit's kind are sent.
 */
export interface UnitFormValue {
  /** an existing unit's id: sent back, so learners keep their progress on it */
  _id?: string | undefined;
  kind: CourseUnitKind;
  /** the administrator's title; empty: the article's or the exam's */
  title: string;
  articleId: string | null;
  /** shown by the article picker (not sent) */
  article: PickedArticle | null;
  examId: string | null;
  /** shown by the exam picker until the exam list has loaded (not sent) */
  examTitle: string | null;
  topics: string[];
  size: string;
  mode: SittingMode;
  passMark: string;
}

export interface CourseFormValues {
  title: string;
  summary: string;
  category: CourseCategory | '';
  coverImage: CoverImageValue | null;
  coverImageAlt: string;
  status: CourseStatus;
  units: UnitFormValue[];
}

/** What the form sends once the contract's schema accepted it. */
export type CourseBodyOutput = z.output<typeof CourseBodySchema>;

/** A new unit of a kind, with the contract's defaults (a practice set of 20 in tutor mode, pass mark 70). */
export function newUnit(kind: CourseUnitKind): UnitFormValue {
  return {
    kind,
    title: '',
    articleId: null,
    article: null,
    examId: null,
    examTitle: null,
    topics: [],
    size: String(PRACTICE_SIZE.default),
    mode: 'tutor',
    passMark: String(DEFAULT_PASS_MARK),
  };
}

/**
 * The form's starting values: empty for a new course, else the loaded course. The 'Unit title' field
 * holds the administrator's own title (`customTitle`, '' when the unit shows its article's or exam's), so
 * saving never turns a default into an override.
 */
export function courseFormValues(course?: AdminCourse): CourseFormValues {
  if (!course) {
    return {
      title: '',
      summary: '',
      category: '',
      coverImage: null,
      coverImageAlt: '',
      status: 'draft',
      units: [],
    };
  }
  return {
    title: course.title,
    summary: course.summary,
    category: course.category,
    coverImage: course.coverImage
      ? { hash: course.coverImage, url: course.coverImageUrl ?? mediaUrl(course.coverImage) }
      : null,
    coverImageAlt: course.coverImageAlt,
    status: course.status,
    units: course.units.map((unit): UnitFormValue => {
      return {
        _id: unit._id,
        kind: unit.kind,
        title: unit.customTitle,
        articleId: unit.articleId,
        article: unit.article,
        examId: unit.examId,
        examTitle: unit.examTitle,
        topics: unit.topics,
        size: String(unit.size ?? PRACTICE_SIZE.default),
        mode: unit.mode ?? 'tutor',
        passMark: String(unit.passMark ?? DEFAULT_PASS_MARK),
      };
    }),
  };
}

/** A number field's text as the schema reads it: empty or not a number is NaN ('… must be a number'). */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The body the form would send, before the schema checks it: each unit with only its kind's fields. */
export function courseBodyCandidate(values: CourseFormValues) {
  return {
    title: values.title,
    summary: values.summary,
    category: values.category,
    coverImage: values.coverImage?.hash ?? null,
    coverImageAlt: values.coverImageAlt,
    status: values.status,
    units: values.units.map((unit) => ({
      ...(unit._id ? { _id: unit._id } : {}),
      kind: unit.kind,
      title: unit.title,
      articleId: unit.kind === 'article' ? unit.articleId : null,
      examId: unit.kind === 'article' ? null : unit.examId,
      topics: unit.kind === 'practice' ? unit.topics : [],
      size: unit.kind === 'practice' ? numberOf(unit.size) : null,
      mode: unit.kind === 'practice' ? unit.mode : null,
      passMark: unit.kind === 'checkpoint' ? numberOf(unit.passMark) : null,
    })),
  };
}

/** Whether two sets of values would send the same course (the unsaved-changes guard). */
export function sameCourse(a: CourseFormValues, b: CourseFormValues): boolean {
  return JSON.stringify(courseBodyCandidate(a)) === JSON.stringify(courseBodyCandidate(b));
}

/** A problem with one field: its path in the form ('units.1.size') and the message shown under it. */
export interface CourseFormIssue {
  path: string;
  message: string;
}

export const CHOOSE_ARTICLE = 'Choose an article';
export const CHOOSE_EXAM = 'Choose an exam';

/**
 * Checks the form with the contract's CourseBodySchema, plus what each kind of unit needs and the schema
 * leaves to the server (an article unit's article, a practice set's or checkpoint's exam). Returns the
 * body to send, or every problem by field.
 */
export function checkCourseForm(
  values: CourseFormValues,
): { ok: true; body: CourseBodyOutput } | { ok: false; issues: CourseFormIssue[] } {
  const parsed = CourseBodySchema.safeParse(courseBodyCandidate(values));
  const issues: CourseFormIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  values.units.forEach((unit, index) => {
    if (unit.kind === 'article' && !unit.articleId) {
      issues.push({ path: `units.${index}.articleId`, message: CHOOSE_ARTICLE });
    }
    if (unit.kind !== 'article' && !unit.examId) {
      issues.push({ path: `units.${index}.examId`, message: CHOOSE_EXAM });
    }
  });
  if (parsed.success && issues.length === 0) return { ok: true, body: parsed.data };
  // One message per field: the first found.
  const byPath = new Map<string, CourseFormIssue>();
  for (const issue of issues) if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  return { ok: false, issues: [...byPath.values()] };
}

/**
 * After an update the form stays: the units that were new get the ids the server gave them (the ones it
 * answers that the form did not send, in order), so saving again keeps them rather than replacing them.
 */
export function withSavedUnitIds(values: CourseFormValues, saved: AdminCourse): CourseFormValues {
  const sent = new Set(values.units.flatMap((unit) => (unit._id ? [unit._id] : [])));
  const fresh = saved.units.filter((unit) => !sent.has(unit._id)).map((unit) => unit._id);
  const added = values.units.filter((unit) => !unit._id).length;
  if (fresh.length !== added) return values;
  return {
    ...values,
    units: values.units.map((unit) => (unit._id ? unit : { ...unit, _id: fresh.shift() })),
  };
}
