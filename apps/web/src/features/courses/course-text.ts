import { formatBritishDate } from '../../lib/format.ts';
import type {
  CourseListItem,
  CourseUnit,
  CourseUnitKind,
  SittingMode,
  UnitProgress,
  UnitProgressStatus,
} from '@mlp/contract';

type CourseCategory = CourseListItem['category'];

/** The category chips, in this order after 'All' (a Record, so a new category fails to compile here). */
export const COURSE_CATEGORY_LABELS: Record<CourseCategory, string> = {
  medical: 'Medical',
  nursing: 'Nursing',
  pharmacy: 'Pharmacy',
  other: 'Other',
};

export const COURSE_CATEGORIES = Object.keys(COURSE_CATEGORY_LABELS) as CourseCategory[];

/** 'medical' → 'Medical'; an unknown value (an old shared URL) as it is. */
export function courseCategoryLabel(category: string): string {
  return (COURSE_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

/** Whether a `?category=` value names a category. */
export function isCourseCategory(value: string): value is CourseCategory {
  return Object.hasOwn(COURSE_CATEGORY_LABELS, value);
}

/** '1 unit', '5 units'. */
export function unitCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'unit' : 'units'}`;
}

/** 'Free', or the paid exams a subscription to which unlocks the course: 'Subscription: A, B'. */
export function courseAccessLabel(paidExams: CourseListItem['paidExams']): string {
  if (paidExams.length === 0) return 'Free';
  return `Subscription: ${paidExams.map((exam) => exam.title).join(', ')}`;
}

/** What the list says when it has no course to show. */
export function emptyCoursesMessage(search: string, category: string): string {
  if (search) return 'No courses match your search.';
  if (category) return 'No courses in this category yet.';
  return 'No courses yet.';
}

export const UNIT_KIND_LABELS: Record<CourseUnitKind, string> = {
  article: 'Article',
  practice: 'Practice set',
  checkpoint: 'Checkpoint',
};

const MODE_LABELS: Record<SittingMode, string> = {
  exam: 'Exam mode',
  timed: 'Timed mode',
  tutor: 'Tutor mode',
};

/**
 * The lines under a unit's title: a practice set's size and mode ('10 questions · Tutor mode') and its
 * topics; a checkpoint's pass mark ('Pass mark 70%'); nothing for an article.
 */
export function unitDetails(unit: CourseUnit): string[] {
  switch (unit.kind) {
    case 'article':
      return [];
    case 'practice': {
      const parts = [
        ...(unit.size !== null ? [`${unit.size} ${unit.size === 1 ? 'question' : 'questions'}`] : []),
        ...(unit.mode !== null ? [MODE_LABELS[unit.mode]] : []),
      ];
      return [
        ...(parts.length > 0 ? [parts.join(' · ')] : []),
        unit.topics.length > 0 ? `Topics: ${unit.topics.join(', ')}` : 'All topics',
      ];
    }
    case 'checkpoint':
      return unit.passMark !== null ? [`Pass mark ${unit.passMark}%`] : [];
  }
}

const STATUS_LABELS: Record<UnitProgressStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  read: 'Read',
  done: 'Done',
  passed: 'Passed',
  failed: 'Not passed yet',
};

/** 'Not started', 'In progress', 'Read', 'Done · 80%', 'Passed · 85%', 'Not passed yet · 55%'. */
export function unitStatusLabel(progress: Pick<UnitProgress, 'status' | 'score'>): string {
  const label = STATUS_LABELS[progress.status];
  const scored = ['done', 'passed', 'failed'].includes(progress.status) && progress.score !== null;
  return scored ? `${label} · ${progress.score}%` : label;
}

/** '3 of 5 units complete' (the progress bar's text and its aria-valuetext). */
export function progressLabel(completed: number, total: number): string {
  return `${completed} of ${total} ${total === 1 ? 'unit' : 'units'} complete`;
}

/** The bar's value in per cent (0 for an empty course). */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((completed / total) * 100)));
}

/** A locked unit: 'Subscribe to Cardiology Basics to unlock'. */
export function lockedLabel(examTitle: string | null): string {
  return `Subscribe to ${examTitle || 'its exam'} to unlock`;
}

/**
 * The certificate's date, British long form: '5 March 2025' (a certificate is a UK document; the app's
 * other dates follow the spec's 'March 5, 2025'). Empty for an invalid date.
 */
export const formatCertificateDate = formatBritishDate;
