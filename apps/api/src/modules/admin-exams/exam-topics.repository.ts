import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { GENERAL_TOPIC } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';

/** How many of the exam's questions (rejected ones aside) use each topic; null for none. */
export async function topicUsage(db: Executor, examId: string): Promise<Map<string | null, number>> {
  const rows = await db
    .select({ topic: questions.topic, n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.examId, examId), ne(questions.approvalStatus, 'rejected')))
    .groupBy(questions.topic);
  return new Map(rows.map((row) => [row.topic, Number(row.n)]));
}

/** The exam's questions (of any state) filed under these topics. */
export async function questionIdsWithTopics(
  db: Executor,
  examId: string,
  topics: string[],
): Promise<string[]> {
  if (topics.length === 0) return [];
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.examId, examId), inArray(questions.topic, topics)));
  return rows.map((row) => row.id);
}

/**
 * Files these questions of the exam under `topic` (null: none), each moving to its next version when its
 * topic changes (decision 0050); returns the ids that changed. The caller keeps their versions before and
 * appends the new ones.
 */
export async function setQuestionsTopic(
  db: Executor,
  examId: string,
  questionIds: string[],
  topic: string | null,
): Promise<string[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .update(questions)
    .set({ topic, version: sql`${questions.version} + 1` })
    .where(
      and(
        eq(questions.examId, examId),
        inArray(questions.id, questionIds),
        sql`${questions.topic} is distinct from ${topic}`,
      ),
    )
    .returning({ id: questions.id });
  return rows.map((row) => row.id);
}

/** The name learners' figures file a topic under: the topic, or 'General' for none. */
export function figuresTopic(topic: string | null): string {
  return topic ?? GENERAL_TOPIC;
}
