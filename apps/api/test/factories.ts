import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { exams, questions } from '../src/db/schema/index.ts';

let sequence = 0;

export interface ExamInput {
  title?: string;
  description?: string;
  category?: string;
  pricePence?: number;
  numberOfQuestions?: number;
  isActive?: boolean;
  tags?: string[];
  createdAt?: Date;
}

/** Valid exam values; override what the test is about. */
export function buildExam(overrides: ExamInput = {}) {
  sequence += 1;
  return {
    title: `Exam ${sequence}`,
    description: `Description of exam ${sequence}`,
    category: 'medical',
    pricePence: 0,
    numberOfQuestions: 3,
    isActive: true,
    tags: [],
    ...overrides,
  };
}

export function buildQuestion(index: number) {
  return {
    question: `Question ${index}: which option is correct?`,
    options: [`Option A${index}`, `Option B${index}`, `Option C${index}`, `Option D${index}`],
    correctAnswer: index % 4,
    explanation: `Explanation ${index}`,
  };
}

/** Inserts an exam with `questionCount` approved questions (default: numberOfQuestions). */
export async function createExam(db: Db, overrides: ExamInput = {}, questionCount?: number) {
  const values = buildExam(overrides);
  const [exam] = await db.insert(exams).values(values).returning();
  if (!exam) throw new Error('exam insert failed');
  const count = questionCount ?? values.numberOfQuestions;
  if (count > 0) {
    await db
      .insert(questions)
      .values(Array.from({ length: count }, (_, i) => ({ ...buildQuestion(i), examId: exam.id })));
  }
  return exam;
}

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
