import { sql } from 'drizzle-orm';
import { examAttempts, type QuestionImage } from './schema/index.ts';

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
