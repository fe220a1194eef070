import { penceToPounds, type ExamPublic } from '@mlp/contract';
import type { PublicExamRow } from './exams.repository.ts';

export function toExamPublic(row: PublicExamRow): ExamPublic {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    price: penceToPounds(row.pricePence),
    numberOfQuestions: row.numberOfQuestions,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    modes: row.modes,
    secondsPerQuestion: row.secondsPerQuestion,
  };
}
