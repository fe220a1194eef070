import { mediaUrl, type Course, type CourseListItem, type CourseUnit } from '@mlp/contract';
import type { CourseRow, CourseUnitRow } from './courses.repository.ts';

/** What a course shows of the articles and exams its units use (read through their modules' services). */
export interface CourseContent {
  articles: Map<string, { title: string; status: 'draft' | 'published' }>;
  exams: Map<string, { title: string; pricePence: number }>;
}

/** The unit's title: the administrator's, else its article's or exam's. */
export function unitTitle(unit: CourseUnitRow, content: CourseContent): string {
  if (unit.title) return unit.title;
  if (unit.articleId) return content.articles.get(unit.articleId)?.title ?? '';
  if (unit.examId) return content.exams.get(unit.examId)?.title ?? '';
  return '';
}

export function toCourseUnit(unit: CourseUnitRow, content: CourseContent): CourseUnit {
  const exam = unit.examId ? content.exams.get(unit.examId) : undefined;
  return {
    _id: unit.id,
    position: unit.position,
    kind: unit.kind,
    title: unitTitle(unit, content),
    articleId: unit.articleId,
    examId: unit.examId,
    examTitle: exam?.title ?? null,
    topics: unit.topics,
    size: unit.size,
    mode: unit.mode,
    passMark: unit.passMark,
    requiresSubscription: (exam?.pricePence ?? 0) > 0,
  };
}

/** The paid exams the units draw from, each once, by title. */
function paidExams(units: CourseUnitRow[], content: CourseContent): CourseListItem['paidExams'] {
  const paid = new Map<string, string>();
  for (const unit of units) {
    const exam = unit.examId ? content.exams.get(unit.examId) : undefined;
    if (unit.examId && exam && exam.pricePence > 0) paid.set(unit.examId, exam.title);
  }
  return [...paid]
    .map(([id, title]) => ({ _id: id, title }))
    .sort((a, b) => a.title.localeCompare(b.title) || a._id.localeCompare(b._id));
}

export function toCourseListItem(
  row: CourseRow,
  units: CourseUnitRow[],
  content: CourseContent,
): CourseListItem {
  return {
    _id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    coverImageUrl: row.coverImage ? mediaUrl(row.coverImage) : null,
    coverImageAlt: row.coverImageAlt,
    status: row.status,
    unitCount: units.length,
    paidExams: paidExams(units, content),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCourse(row: CourseRow, units: CourseUnitRow[], content: CourseContent): Course {
  return {
    ...toCourseListItem(row, units, content),
    units: units.map((unit) => toCourseUnit(unit, content)),
  };
}
