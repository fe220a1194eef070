/**
 * The question bank's authoring reads and writes in `npm run bench` (decision 0050): a 5,000-question exam
 * whose questions read like real ones (varied words, so trigram similarity has real work to do), one of
 * them with 100 versions. Scenarios: a question's history page, saving a question with the duplicate
 * check (4 editors at once, each on its own question: writes to one exam are serialised by its row lock,
 * so 50 connections would measure the queue, not a save), and what the edit page loads.
 */
import { sql } from 'drizzle-orm';
import { sketchUnsketched } from '../apps/api/src/modules/admin-exams/admin-exams.repository.ts';
import { CallRecorder, HttpError, measureLoops, type CallFigures } from './load.ts';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

export const BANK_TITLE = 'Benchmark 5,000-question bank';
const BANK_SIZE = 5000;
const VERSIONS = 100;
const EDITORS = 4;

const PATIENTS = [
  'man',
  'woman',
  'child',
  'pregnant woman',
  'nursing home resident',
  'student',
  'farmer',
  'runner',
];
const SIGNS = [
  'central chest pain',
  'a productive cough',
  'sudden breathlessness',
  'painless jaundice',
  'a swollen calf',
  'new confusion',
  'polyuria and thirst',
  'a widespread rash',
  'haematuria',
  'palpitations',
  'a thunderclap headache',
  'weight loss and night sweats',
];
const ASKS = [
  'What is the most appropriate first investigation?',
  'Which drug should be started first?',
  'What is the most likely diagnosis?',
  'Which finding would most change management?',
  'What is the next step?',
];

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/**
 * The bank exam, its 5,000 questions (each with four rationales and a topic) and the 100 versions of its
 * first question. Idempotent: an existing bank is reused.
 */
export async function ensureBank(
  target: Target,
  log: Log,
): Promise<{ examId: string; historyQuestion: string }> {
  return withDb(target, async (db) => {
    const existing = await rows<{ id: string }>(db, sql`select id from exams where title = ${BANK_TITLE}`);
    let examId = existing[0]?.id;
    if (!examId) {
      const started = Date.now();
      [{ id: examId }] = (await rows<{ id: string }>(
        db,
        sql`insert into exams (id, title, description, category, price_pence, number_of_questions, is_active, topics,
            created_at, updated_at)
          values (gen_random_uuid(), ${BANK_TITLE}, 'Used by npm run bench.', 'medical', 0, 100, false,
            '["Cardiology","Respiratory","Renal","Endocrine","Neurology"]'::jsonb, now(), now())
          returning id`,
      )) as [{ id: string }];
      await db.execute(sql`
        insert into questions (id, exam_id, question, options, correct_answer, explanation, topic, rationales,
          objective, approval_status, created_at, updated_at)
        select gen_random_uuid(), ${examId},
          'A ' || (18 + i % 70) || '-year-old ' || (${textArray(PATIENTS)})[1 + i % ${PATIENTS.length}]
            || ' presents with ' || (${textArray(SIGNS)})[1 + (i / 7) % ${SIGNS.length}] || ' for '
            || (1 + i % 13) || ' days (case ' || i || '). ' || (${textArray(ASKS)})[1 + (i / 3) % ${ASKS.length}],
          jsonb_build_array('Option A' || i, 'Option B' || i, 'Option C' || i, 'Option D' || i), i % 4,
          'Because of finding ' || i || '.',
          (array['Cardiology','Respiratory','Renal','Endocrine','Neurology'])[1 + i % 5],
          jsonb_build_array('Why A' || i, 'Why B' || i, 'Why C' || i, 'Why D' || i),
          'Objective ' || i, 'approved', now() - ((${BANK_SIZE} - i) || ' seconds')::interval, now()
        from generate_series(1, ${BANK_SIZE}) as i`);
      log(`bank exam: ${BANK_SIZE} questions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // Sketched as the application sketches what it writes (the job would, within minutes of start).
    let sketched = 0;
    for (let n = 1; n > 0; sketched += n) n = await sketchUnsketched(db, 1000, examId);
    if (sketched > 0) log(`bank exam: ${sketched} questions sketched`);
    const [first] = await rows<{ id: string; version: number }>(
      db,
      sql`select id, version from questions where exam_id = ${examId} order by created_at, id limit 1`,
    );
    if (first!.version < VERSIONS) {
      // A long history written as the application writes it: one row per version, each changing the
      // explanation, with the question at its newest.
      await db.execute(sql`delete from question_versions where question_id = ${first!.id}`);
      await db.execute(sql`
        insert into question_versions (question_id, version, exam_id, source, content, changes, created_at)
        select q.id, v, q.exam_id, case when v = 1 then 'existing' else 'edited' end,
          jsonb_build_object('question', q.question, 'options', q.options, 'correctAnswer', q.correct_answer,
            'explanation', 'Explanation, version ' || v, 'rationales', q.rationales, 'objective', q.objective,
            'references', q.reference_list, 'topic', q.topic, 'image', null, 'explanationImage', null),
          case when v = 1 then '[]'::jsonb else '["explanation"]'::jsonb end,
          now() - ((${VERSIONS} - v) || ' minutes')::interval
        from questions q cross join generate_series(1, ${VERSIONS}) as v where q.id = ${first!.id}`);
      await db.execute(
        sql`update questions set version = ${VERSIONS}, explanation = ${`Explanation, version ${VERSIONS}`}
          where id = ${first!.id}`,
      );
    }
    return { examId, historyQuestion: first!.id };
  });
}

/** One administrator's call; a failure is an HttpError, as the study loops count them. */
async function call<T>(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new HttpError(response.status, `${init.method ?? 'GET'} ${url} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface BankQuestion {
  _id: string;
  question: string;
  options: string[];
  correctAnswer: number;
}

/**
 * The exam page's samples (decision 0061): the first 3 questions of the exam marked as samples when it has
 * none, so 'exam page, what's inside' reads what a real exam page reads.
 */
export async function ensureSamples(target: Target, examId: string): Promise<void> {
  await withDb(target, async (db) => {
    await db.execute(sql`
      update questions set is_sample = true
      where id in (select id from questions where exam_id = ${examId} and approval_status = 'approved'
                   order by created_at, id limit 3)
        and not exists (select 1 from questions where exam_id = ${examId} and is_sample)`);
  });
}

/**
 * Each of the scenarios on the bank: the history page and saving with the duplicate check (4
 * administrators at once, closed loops), and the sizes of what the edit page loads.
 */
export async function contentScenarios(
  url: string,
  bank: { examId: string; historyQuestion: string },
  adminAuth: Record<string, string>,
  seconds: number,
  warmup: number,
  log: Log,
  wanted: (name: string) => boolean,
): Promise<CallFigures[]> {
  const out: CallFigures[] = [];
  const recorder = new CallRecorder();
  const headers = { ...adminAuth, 'content-type': 'application/json' };

  const historyName = `question history, ${VERSIONS} versions (${EDITORS} admins)`;
  if (wanted(historyName)) {
    const historyUrl = `${url}/api/admin/exams/${bank.examId}/questions/${bank.historyQuestion}/versions`;
    // Administrators at work: a handful at once, not 50 (those would measure the queue).
    await measureLoops(recorder, EDITORS, warmup, seconds, async () => {
      await recorder.time(historyName, () => call(historyUrl, { headers }));
    });
    out.push(recorder.figures(historyName));
  }

  const saveName = `save a question, duplicate check (${BANK_SIZE / 1000},000 bank, ${EDITORS} editors)`;
  if (wanted(saveName)) {
    const page = await call<{ questions: BankQuestion[] }>(
      `${url}/api/admin/exams/${bank.examId}/questions?limit=${EDITORS}&page=3`,
      { headers },
    );
    let round = 0;
    await measureLoops(recorder, EDITORS, warmup, seconds, async (worker) => {
      const question = page.questions[worker]!;
      round += 1;
      // The text changes on every save, so each one is checked against the other 4,999.
      const body = {
        question: `${question.question} (revised ${round})`,
        options: question.options,
        correctAnswer: question.correctAnswer,
        explanation: `Revised explanation ${round}.`,
      };
      await recorder.time(saveName, () =>
        call(`${url}/api/admin/exams/${bank.examId}/questions/${question._id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        }),
      );
    });
    out.push(recorder.figures(saveName));
  }

  if (wanted('edit page')) {
    // What opening the edit page loads now (the exam's fields and one page of 25) against the spec's
    // "exam with questions" it used to load.
    const size = async (path: string) =>
      (await (await fetch(`${url}${path}`, { headers })).arrayBuffer()).byteLength;
    const detail = await size(`/api/admin/exams/${bank.examId}`);
    const info = await size(`/api/admin/exams/${bank.examId}/info`);
    const list = await size(`/api/admin/exams/${bank.examId}/questions?status=current`);
    log(
      `  edit page of the ${BANK_SIZE}-question bank: info ${info} B + first page ${list} B (was the whole exam: ${detail} B)`,
    );
  }
  return out;
}
