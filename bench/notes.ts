/**
 * 'My notebook' and 'Take it to Anki' in `npm run bench` (decision 0059): bench-1 (a learner of its own, so
 * the other scenarios' learner keeps its figures) has answered 2,000 questions of the question-bank exam
 * (`ensureBank`), every one wrongly the last time, and keeps a note of about 120 characters on each, written
 * over the past 60 days; one note in 20 names 'potassium', so a search finds 100 of them and reads every one
 * of the learner's notes with its question to know which. The Anki export of the missed questions takes the
 * 1,000 most recent.
 */
import { sql } from 'drizzle-orm';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

export const BENCH_NOTES = 2_000;
/** The learner's e-mail: bench-1 is logged in by the scenarios (the second token). */
const NOTER_EMAIL = 'bench-1@example.com';
/** The word the search scenario looks for, in one note in 20 (and in no bank question's text). */
export const NOTE_SEARCH_WORD = 'potassium';

const NOTES = [
  'Remember the first step, not the definitive treatment: the stem asks what to do now.',
  'I picked C twice. The timing of the symptoms is what decides it, not the drug in the stem.',
  'Dose is per kilogram here. Write the adult dose next to it on the revision card.',
  'Airway, breathing, circulation first; the investigation comes after the patient is safe.',
  'Guidance changed last year: older notes say the opposite, so trust the explanation here.',
];

/** Fills bench-1's notebook (and answers) to BENCH_NOTES when it holds fewer; returns the learner's id. */
export async function ensureNotes(target: Target, bankExamId: string, log: Log): Promise<string> {
  return withDb(target, async (db) => {
    const [learner] = await rows<{ id: string; notes: number }>(
      db,
      sql`select u.id, (select count(*)::int from question_notes n where n.user_id = u.id) as notes
        from users u where u.email = ${NOTER_EMAIL}`,
    );
    if (!learner) throw new Error(`${NOTER_EMAIL} is missing: seed the bench database first`);
    if (learner.notes >= BENCH_NOTES) return learner.id;
    const started = Date.now();
    const texts = sql.raw(`array[${NOTES.map((text) => `'${text.replace(/'/g, "''")}'`).join(',')}]::text[]`);
    await db.execute(sql`
      insert into question_notes (user_id, question_id, text, version, created_at, updated_at)
      select ${learner.id}::uuid, q.id,
        (${texts})[1 + q.n % ${NOTES.length}] || ' Case ' || q.n
          || case when q.n % 20 = 0 then ${` Check the ${NOTE_SEARCH_WORD} first.`} else '' end,
        1, now() - (q.n * 2592 || ' seconds')::interval, now() - (q.n * 2592 || ' seconds')::interval
      from (
        select id, row_number() over (order by created_at, id) as n from questions where exam_id = ${bankExamId}
        limit ${BENCH_NOTES}
      ) q
      on conflict (user_id, question_id) do nothing`);
    // What the API writes with each note (decision 0059): the note and the question's text, for the search.
    await db.execute(sql`
      update question_notes n set search_text = lower(n.text || ' ' || q.question)
      from questions q where q.id = n.question_id and n.user_id = ${learner.id}::uuid and n.search_text = ''`);
    // Answered, wrongly, when the note was written: the export reads these rows.
    await db.execute(sql`
      insert into learner_questions (user_id, question_id, exam_id, topic, seen, wrong, last_correct, flagged,
        last_seen_at, last_choice)
      select n.user_id, n.question_id, q.exam_id, coalesce(q.topic, 'General'), 1, 1, false, false, n.updated_at,
        (q.correct_answer + 1) % 4
      from question_notes n join questions q on q.id = n.question_id
      where n.user_id = ${learner.id}
      on conflict (user_id, question_id) do nothing`);
    log(`notebook: ${BENCH_NOTES} notes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return learner.id;
  });
}
