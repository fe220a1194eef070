import { z } from 'zod';
import { safeString } from './strings.ts';
import { EXAM_PAGE_SIZE } from './constants.ts';
import { pageQuery, pagedResponse } from './common.ts';

export const EXAM_CATEGORIES = ['medical', 'nursing', 'pharmacy', 'other'] as const;

/** What anyone may see of a published exam. Never questions, answers or explanations. */
export const ExamPublicSchema = z.object({
  _id: safeString(),
  title: safeString(),
  description: safeString(),
  category: safeString(),
  /** monthly price in pounds with two decimals; 0 = free */
  price: z.number(),
  numberOfQuestions: z.number().int(),
  tags: z.array(safeString()),
  createdAt: safeString(),
  /** the ways learners may sit it (decision 0031), and the time per question of a timed sitting */
  modes: z.array(z.enum(['exam', 'timed', 'tutor'])),
  secondsPerQuestion: z.number().int(),
});
export type ExamPublic = z.infer<typeof ExamPublicSchema>;

export const PublishedExamsQuerySchema = pageQuery({ defaultLimit: EXAM_PAGE_SIZE, maxLimit: 50 }).extend({
  search: safeString().trim().max(200, 'search is too long').optional().default(''),
  /**
   * one of `categories`, matched whatever its case ('' for all; decision 0057). Exam categories are free
   * text on edit (spec §3), so any text is a valid filter, one that no exam has finds none.
   */
  category: safeString().trim().max(200, 'category is too long').optional().default(''),
});
export type PublishedExamsQuery = z.input<typeof PublishedExamsQuerySchema>;

export const PublishedExamsResponseSchema = pagedResponse({
  exams: z.array(ExamPublicSchema),
  totalExams: z.number().int(),
  /**
   * the categories that have published exams (the catalogue's chips), one spelling each whatever its case
   * (the newest exam's), in alphabetical order; the same whatever the filters (decision 0057)
   */
  categories: z.array(safeString()),
});
export type PublishedExamsResponse = z.infer<typeof PublishedExamsResponseSchema>;

export const UserExamsResponseSchema = z.object({ exams: z.array(ExamPublicSchema) });
export type UserExamsResponse = z.infer<typeof UserExamsResponseSchema>;

/** Pence → pounds as a number with two decimals (4.99), the spec's `price`. */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** Pounds as typed in a form (4.99, "4.99") → integer pence, exactly (no float drift). */
export function poundsToPence(pounds: number | string): number {
  const text = typeof pounds === 'number' ? pounds.toFixed(2) : pounds.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
