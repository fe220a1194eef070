import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import {
  examAttempts,
  examResults,
  questionResponses,
  questions,
  type QuestionImage,
} from './schema/index.ts';

/*
 * What the repositories of more than one module build their queries on. A repository is private to its
 * module (decision 0051), so a query piece two modules' repositories share lives here, beside the schema.
 */

/** The rows of a raw `db.execute(sql\`…\`)`, typed as the statement selects them (both drivers answer `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What a sitting serves of a question: never its answer, explanation or the explanation's image. */
export interface ServableQuestion {
  id: string;
  question: string;
  options: string[];
  topic: string | null;
  image: QuestionImage | null;
}

/**
 * Nothing was done in the attempt yet (no answer, flag, struck option or certainty): a new practice set
 * replaces such a set instead of being refused (decision 0047), since nothing in it can be lost.
 */
export const untouchedAttempt = sql<boolean>`(${examAttempts.savedAnswers} = '{}'::jsonb and ${examAttempts.flags} = '[]'::jsonb
  and ${examAttempts.strikes} = '{}'::jsonb and ${examAttempts.certainties} = '{}'::jsonb)`;

/**
 * Whether the question is in one of the learner's results submitted moments ago whose per-question rows the
 * derived-results job has not written yet (decision 0075): what reads `question_responses` or
 * `learner_questions` to know a learner answered a question asks this too. Read from the learner's
 * results (an index range) filtered to the pending ones.
 */
export function inPendingResult(userId: string, questionId: string): SQL {
  return sql`exists (
    select 1 from ${examResults} res
    where res.user_id = ${userId} and not res.responses_recorded
      and res.questions @> jsonb_build_array(jsonb_build_object('questionId', ${questionId}::text))
  )`;
}

/**
 * A question the learner has been shown — answered in a submitted sitting (its rows written or still to be,
 * decision 0075), or served in one of their open
 * sittings (tutor mode acts before submitting) — with its exam and current version; null otherwise, so
 * nobody can probe the bank. Learners' reports (decision 0041) and notes (decision 0059) draw this line.
 */
export async function seenQuestion(
  db: Executor,
  userId: string,
  questionId: string,
): Promise<{ examId: string; version: number } | null> {
  const [row] = rowsOf<{ exam_id: string; version: number }>(
    await db.execute(sql`
      select q.exam_id, q.version from ${questions} q
      where q.id = ${questionId} and (
        exists (select 1 from ${questionResponses} r where r.user_id = ${userId} and r.question_id = q.id)
        or ${inPendingResult(userId, questionId)}
        or exists (
          select 1 from ${examAttempts} a
          where a.user_id = ${userId} and a.submitted_at is null
            and a.question_ids @> jsonb_build_array(${questionId}::text)
        )
      )`),
  );
  return row ? { examId: row.exam_id, version: Number(row.version) } : null;
}

/**
 * A page of `table`'s rows newest first (created_at, then id) by a deferred join: the page's ids from the
 * ordered index first, then only those rows (the public article list and the catalogue).
 */
export function newestFirstPage(
  db: Executor,
  table: PgTable & { id: PgColumn; createdAt: PgColumn },
  columns: SelectedFields,
  filter: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const newestFirst = [desc(table.createdAt), desc(table.id)];
  const pageIds = db
    .select({ id: table.id })
    .from(table)
    .where(filter)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return db
    .select(columns)
    .from(table)
    .where(inArray(table.id, pageIds))
    .orderBy(...newestFirst);
}
