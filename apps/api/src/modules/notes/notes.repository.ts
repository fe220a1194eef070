import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { rowsOf, seenQuestion } from '../../db/shared-queries.ts';
import {
  examResults,
  exams,
  learnerQuestions,
  questionNotes,
  questionResponses,
  questions,
} from '../../db/schema/index.ts';

/** Learners' private notes on questions and their notebook (decision 0059). */

/**
 * The current version of a question the learner has been shown: answered in a submitted sitting, or served
 * in one of their open sittings (tutor mode notes before submitting; decision 0041 draws the same line for
 * reports). Null otherwise, so a note is never a way to learn that a question exists.
 */
export async function versionOfSeenQuestion(
  db: Executor,
  userId: string,
  questionId: string,
): Promise<number | null> {
  return (await seenQuestion(db, userId, questionId))?.version ?? null;
}

/**
 * The version of the question that one of the learner's results showed (its snapshot names it, decision
 * 0050); null when the result is not theirs, does not hold the question or predates versions.
 */
export async function versionInResult(
  db: Executor,
  userId: string,
  resultId: string,
  questionId: string,
): Promise<number | null> {
  const [row] = rowsOf<{ version: string | null }>(
    await db.execute(sql`
      select item->>'version' as version
      from ${examResults} r, jsonb_array_elements(r.questions) item
      where r.id = ${resultId} and r.user_id = ${userId} and item->>'questionId' = ${questionId}
      limit 1`),
  );
  const version = row?.version == null ? NaN : Number(row.version);
  return Number.isInteger(version) && version > 0 ? version : null;
}

/** True when the result is the learner's own. */
export async function ownsResult(db: Executor, userId: string, resultId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`select 1 as one from ${examResults} where id = ${resultId} and user_id = ${userId}`),
  );
  return rows.length > 0;
}

export interface NoteRow {
  question_id: string;
  text: string;
  version: number;
  current_version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * Writes the learner's note on a question, or replaces the one there (one per learner and question). Saving
 * the same text on the same version again changes nothing, not even its place in the notebook. A new note
 * is refused (null) once the learner has `max` notes; replacing one never is.
 */
export async function saveNote(
  db: Executor,
  values: { userId: string; questionId: string; text: string; version: number; max: number },
): Promise<NoteRow | null> {
  const { userId, questionId, text, version, max } = values;
  const [row] = rowsOf<NoteRow>(
    await db.execute(sql`
      with saved as (
        insert into ${questionNotes} as n (user_id, question_id, text, version, search_text)
        select ${userId}, ${questionId}, ${text}, ${version},
          lower(${text} || ' ' || (select q.question from ${questions} q where q.id = ${questionId}))
        where exists (select 1 from ${questionNotes} o where o.user_id = ${userId} and o.question_id = ${questionId})
          or (select count(*) from ${questionNotes} o where o.user_id = ${userId}) < ${max}
        on conflict (user_id, question_id) do update set
          text = excluded.text,
          version = excluded.version,
          search_text = excluded.search_text,
          updated_at = case when n.text = excluded.text and n.version = excluded.version
            then n.updated_at else now() end
        returning n.question_id, n.text, n.version, n.created_at, n.updated_at
      )
      select saved.*, q.version as current_version from saved join ${questions} q on q.id = saved.question_id`),
  );
  return row ?? null;
}

/** Deletes the learner's note on a question; false when there was none. */
export async function deleteNote(db: Executor, userId: string, questionId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      delete from ${questionNotes} where user_id = ${userId} and question_id = ${questionId}
      returning 1 as one`),
  );
  return rows.length > 0;
}

const noteColumns = sql`n.question_id, n.text, n.version, q.version as current_version, n.created_at, n.updated_at`;

/** The learner's note on a question, or null. */
export async function findNote(db: Executor, userId: string, questionId: string): Promise<NoteRow | null> {
  const [row] = rowsOf<NoteRow>(
    await db.execute(sql`
      select ${noteColumns} from ${questionNotes} n join ${questions} q on q.id = n.question_id
      where n.user_id = ${userId} and n.question_id = ${questionId}`),
  );
  return row ?? null;
}

/**
 * The learner's notes on the questions of one of their results (the caller checks the result is theirs).
 * Snapshot ids that are not UUIDs (none should be) are skipped rather than cast.
 */
export async function notesOnResult(db: Executor, userId: string, resultId: string): Promise<NoteRow[]> {
  return rowsOf<NoteRow>(
    await db.execute(sql`
      select ${noteColumns} from ${questionNotes} n join ${questions} q on q.id = n.question_id
      where n.user_id = ${userId} and n.question_id in (
        select (item->>'questionId')::uuid
        from ${examResults} r, jsonb_array_elements(r.questions) item
        where r.id = ${resultId} and r.user_id = ${userId}
          and item->>'questionId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      )`),
  );
}

export interface NotebookRow extends NoteRow {
  /** ISO 8601 text, as `toISOString` writes it */
  created_at: string;
  updated_at: string;
  question: string;
  exam_id: string;
  exam_title: string;
  topic: string | null;
  result_id: string | null;
  total: number;
}

/**
 * The learner's notes whose note or question text holds every word (case ignored), read from the note's own
 * `search_text` (the two texts lower-cased, kept current by migration 0034's trigger): no join per note. A
 * word is found with `strpos`, what `like '%word%'` found, at a fraction of its cost on each of the
 * learner's notes (docs/performance-history.md, 2026-12-06).
 */
function matching(userId: string, words: string[]): SQL {
  const conditions: SQL[] = [sql`n.user_id = ${userId}`];
  for (const word of words) conditions.push(sql`strpos(n.search_text, lower(${word})) > 0`);
  return sql.join(conditions, sql` and `);
}

/** A timestamp as the API writes it (`toISOString`), formatted by the database: no date parsed a row. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The longest question text the notebook carries (the page shows an excerpt). */
export const NOTEBOOK_QUESTION_CHARS = 280;

/**
 * A page of the learner's notebook, newest first, each note with its question's text (cut), exam, topic and
 * the learner's latest result holding the question (the link back). `words` must each appear in the note
 * or the question's text, case ignored. The page is chosen from the learner's own notes alone
 * (question_notes_user_recent, and `search_text` for a search), read once for the page and the total;
 * questions, exams and the link back are read for the page's rows only.
 */
export async function notebookPage(
  db: Executor,
  userId: string,
  options: { words: string[]; limit: number; offset: number },
): Promise<NotebookRow[]> {
  // Named per number of words (the statement's text depends on nothing else): planned once per
  // connection, where planning cost more than running it (docs/performance-history.md, 2026-12-02).
  return executeNamed<NotebookRow>(
    db,
    `notebook_page_${options.words.length}`,
    // Without words the page is an index range (question_notes_user_recent) and the total an index-only
    // count; a search reads the learner's notes once for both.
    sql`
      with matches as ${options.words.length === 0 ? sql`not materialized` : sql`materialized`} (
        select n.question_id, n.text, n.version, n.created_at, n.updated_at
        from ${questionNotes} n
        where ${matching(userId, options.words)}
      ), page as (
        select * from matches
        order by updated_at desc, question_id desc
        limit ${options.limit} offset ${options.offset}
      )
      select page.question_id, page.text, page.version, ${isoText(sql`page.created_at`)} as created_at,
        ${isoText(sql`page.updated_at`)} as updated_at,
        q.version as current_version, left(q.question, ${NOTEBOOK_QUESTION_CHARS + 1}) as question,
        q.exam_id, e.title as exam_title, q.topic, (
          select r.result_id from ${questionResponses} r
          where r.user_id = ${userId} and r.question_id = page.question_id
          order by r.answered_at desc limit 1
        ) as result_id,
        (select count(*) from matches) as total
      from page
      join ${questions} q on q.id = page.question_id
      join ${exams} e on e.id = q.exam_id
      order by page.updated_at desc, page.question_id desc`,
  );
}

/** How many of the learner's notes match: the notebook's total (an index range of their own rows). */
export async function countNotebook(db: Executor, userId: string, words: string[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${questionNotes} n where ${matching(userId, words)}`),
  );
  return Number(row?.n ?? 0);
}

export interface AnkiRow {
  id: string;
  question: string;
  options: string[];
  correct_answer: number;
  explanation: string;
  rationales: string[];
  objective: string;
  reference_list: Array<{ title: string; url: string | null }>;
  topic: string | null;
  exam_title: string;
  note: string | null;
}

/**
 * The questions of a Take-it-to-Anki file, the most recently answered first: only questions the learner
 * answered in a submitted sitting (learner_questions is written with the result), so the key on the back
 * of a card is one the review already showed them. 'missed' is answered wrongly the last time (a skipped
 * question is not, as in practice sets, decision 0031), 'flagged' flagged the last time, 'noted' with a
 * note. Read through the learner's own rows (learner_questions' primary key), at most `limit`.
 */
export async function ankiQuestions(
  db: Executor,
  userId: string,
  options: { source: 'missed' | 'flagged' | 'noted'; examId?: string | undefined; limit: number },
): Promise<AnkiRow[]> {
  const source = {
    missed: sql`lq.last_correct = false and lq.last_choice is not null`,
    flagged: sql`lq.flagged`,
    noted: sql`n.question_id is not null`,
  }[options.source];
  return rowsOf<AnkiRow>(
    await db.execute(sql`
      select q.id, q.question, q.options, q.correct_answer, q.explanation, q.rationales, q.objective,
        q.reference_list, q.topic, e.title as exam_title, n.text as note
      from ${learnerQuestions} lq
      join ${questions} q on q.id = lq.question_id
      join ${exams} e on e.id = q.exam_id
      left join ${questionNotes} n on n.user_id = lq.user_id and n.question_id = lq.question_id
      where lq.user_id = ${userId} and ${source}
        ${options.examId ? sql`and q.exam_id = ${options.examId}` : sql``}
      order by lq.last_seen_at desc, lq.question_id
      limit ${options.limit}`),
  );
}
