/**
 * Study sittings and spaced review (decisions 0031, 0035) in `npm run bench`: the study data (about 2,000,000
 * answered-question rows, written by real sittings through the API so every summary the analytics read is
 * what production would hold, and one learner with 500 results across ten exams), and the scenarios
 * autocannon cannot express: building a 40-question practice set from 'answered wrongly before', a tutor-mode
 * answer (save + reveal), and the server's auto-submit of 1,000 timed sittings whose time is up.
 */
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { closeAppContext, createAppContext } from '../apps/api/src/context.ts';
import { submitExpiredSittings } from '../apps/api/src/modules/attempts/attempts.service.ts';
import { call, CallRecorder, measureLoops, type CallFigures } from './load.ts';

export interface Target {
  databaseUrl?: string;
  dataDir: string;
}

const STUDY_EXAMS = 10;
const ANSWERED_ROWS = 2_000_000;
/** bench-0 sits each study exam this often: 500 results in all */
const OWN_SITTINGS_PER_EXAM = 50;
const STUDY_LEARNERS = 600;
const TOPIC_NAMES = [
  'Cardiology',
  'Respiratory',
  'Renal',
  'Endocrine',
  'Neurology',
  'Pharmacology',
  'Haematology',
  'Infection',
  'Paediatrics',
  'Emergency Care',
];

type Log = (line: string) => void;

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function withDb<T>(target: Target, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

interface StudyExam {
  id: string;
  questions: number;
}

/** The benchmark exam and the ten study exams (the newest seeded ones), with topics on their questions. */
async function studyExams(db: Db): Promise<{ bench: StudyExam; study: StudyExam[] }> {
  const bench = (
    await rows<{ id: string }>(db, sql`select id from exams where title = 'Benchmark 100-question exam'`)
  )[0]!;
  const study = await rows<{ id: string }>(
    db,
    sql`select id from exams where title <> 'Benchmark 100-question exam' and is_active
        order by created_at desc, id desc limit ${STUDY_EXAMS}`,
  );
  return {
    bench: { id: bench.id, questions: 100 },
    study: study.map((exam) => ({ id: exam.id, questions: 50 })),
  };
}

/** Topics on the exams used, subscriptions for the learners who sit them. Idempotent. */
async function prepareExams(db: Db, exams: { bench: StudyExam; study: StudyExam[] }): Promise<void> {
  const all = [exams.bench.id, ...exams.study.map((exam) => exam.id)];
  const topicArray = sql.raw(`array[${TOPIC_NAMES.map((t) => `'${t}'`).join(',')}]::text[]`);
  for (const [index, examId] of all.entries()) {
    // The benchmark exam covers all ten topics, each study exam five of them.
    const count = index === 0 ? 10 : 5;
    const offset = index % 5;
    await db.execute(sql`
      update exams set topics = (
        select jsonb_agg((${topicArray})[1 + (${offset} + k) % 10] order by k) from generate_series(0, ${count - 1}) k
      ) where id = ${examId}`);
    await db.execute(sql`
      with numbered as (select id, row_number() over (order by created_at, id) as n from questions where exam_id = ${examId})
      update questions q set topic = (${topicArray})[1 + (${offset} + numbered.n % ${count}) % 10]
      from numbered where q.id = numbered.id`);
  }
  // bench-0 … bench-999 sit the benchmark exam (the auto-submit scenario needs 1,000 of them);
  // bench-0 … bench-49 (the load scenarios' learners) sit the study exams too.
  await db.execute(sql`
    insert into subscriptions (id, user_id, exam_id, start_date, end_date, auto_renew, is_free, created_at, updated_at)
    select gen_random_uuid(), u.id, ${exams.bench.id}::uuid, now(), now() + interval '60 days', false, true, now(), now()
    from users u where u.email in (select 'bench-' || i || '@example.com' from generate_series(0, 999) i)
    on conflict (user_id, exam_id) do update set end_date = excluded.end_date`);
  for (const exam of exams.study)
    await db.execute(sql`
      insert into subscriptions (id, user_id, exam_id, start_date, end_date, auto_renew, is_free, created_at, updated_at)
      select gen_random_uuid(), u.id, ${exam.id}::uuid, now(), now() + interval '60 days', false, true, now(), now()
      from users u where u.email in (select 'bench-' || i || '@example.com' from generate_series(0, 49) i)
      on conflict (user_id, exam_id) do update set end_date = excluded.end_date`);
}

interface Keys {
  /** question id → its correct option's text */
  correct: Map<string, string>;
}

async function answerKeys(db: Db, examIds: string[]): Promise<Keys> {
  const list = await rows<{ id: string; options: string[]; correct_answer: number }>(
    db,
    sql`select id, options, correct_answer from questions where exam_id in (${sql.join(
      examIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return { correct: new Map(list.map((q) => [q.id, q.options[q.correct_answer]!])) };
}

/** A repeatable pseudo-random number in [0, 1) from a string. */
function unit(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return ((hash >>> 0) % 100_000) / 100_000;
}

interface LearnerQuestion {
  _id: string;
  choices: string[];
}

/** A learner's answers: right with a chance from their skill and the question's difficulty; some skipped. */
function answersFor(
  learner: number,
  round: number,
  questions: LearnerQuestion[],
  keys: Keys,
): Record<string, string> {
  const skill = 0.45 + 0.4 * unit(`skill-${learner}`);
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const roll = unit(`${learner}-${round}-${question._id}`);
    if (roll > 0.97) continue;
    const difficulty = (unit(question._id) - 0.5) * 0.4;
    const key = keys.correct.get(question._id);
    const wrong = question.choices.filter((choice) => choice !== key);
    answers[question._id] =
      roll < skill - difficulty && key ? key : wrong[Math.floor(unit(`w${roll}`) * wrong.length)]!;
  }
  return answers;
}

async function sit(
  url: string,
  token: string,
  examId: string,
  learner: number,
  round: number,
  keys: Keys,
  mode?: 'timed',
): Promise<void> {
  const attempt = await call<{ _id: string; questions: LearnerQuestion[] }>(
    `${url}/api/exams/${examId}/attempts`,
    token,
    'POST',
    mode ? { mode } : {},
  );
  await call(`${url}/api/exams/${examId}/submit`, token, 'POST', {
    attemptId: attempt._id,
    answers: answersFor(learner, round, attempt.questions, keys),
  });
}

async function count(db: Db, query: SQL): Promise<number> {
  return Number((await rows<{ n: number }>(db, query))[0]?.n ?? 0);
}

/**
 * Waits until the server's jobs have caught up with what the sittings wrote (peer roll-up, reviews) and
 * with the seed's questions (written by SQL without a near-duplicate sketch, which a job adds 10,000 a
 * minute): a job still at work would take its CPU from the measured scenarios.
 */
async function settle(target: Target, log: Log): Promise<void> {
  const started = Date.now();
  for (;;) {
    const pending = await withDb(target, (db) =>
      count(
        db,
        sql`select (select count(*) from (select 1 from question_responses where not rolled_up limit 100000) a)
             + (select count(*) from exam_results where not review_applied)
             + (select count(*) from exam_results where not item_counted and kind = 'exam')
             + (select count(*) from (select 1 from questions where text_sketch is null limit 100000) s) as n`,
      ),
    );
    if (pending === 0) break;
    if (Date.now() - started > 20 * 60_000) throw new Error(`the jobs did not catch up (${pending} left)`);
    log(`  waiting for the server's jobs to catch up (${pending} rows and results left)…`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  await withDb(target, (db) => db.execute(sql`vacuum analyze`));
}

/**
 * Writes the study data through the running server once (about 20,000 sittings), unless the database
 * already holds it. `login(count)` returns tokens of bench-0 … bench-(count-1).
 */
export async function ensureStudyData(
  target: Target,
  url: string,
  login: (count: number) => Promise<string[]>,
  log: Log,
): Promise<void> {
  // The generated results' snapshots are made up (no real question ids): nothing for the jobs to do.
  const exams = await withDb(target, async (db) => {
    await db.execute(sql`
      update exam_results set responses_recorded = true, review_applied = true, item_counted = true
      where (not responses_recorded or not review_applied or not item_counted) and questions->0->>'questionId' = 'x'`);
    return studyExams(db);
  });
  const existing = await withDb(target, (db) =>
    count(db, sql`select count(*)::int as n from question_responses`),
  );
  if (existing >= ANSWERED_ROWS * 0.97) {
    log(`Study data present: ${existing} answered-question rows.`);
    return;
  }
  const started = Date.now();
  const keys = await withDb(target, async (db) => {
    await prepareExams(db, exams);
    return answerKeys(db, [exams.bench.id, ...exams.study.map((exam) => exam.id)]);
  });
  log(`Study data: logging in ${STUDY_LEARNERS} learners…`);
  const tokens = await login(STUDY_LEARNERS);
  // Work is queued per learner and exam: a learner has one open sitting per exam.
  const queues: Array<{ learner: number; examId: string; sittings: number }> = [];
  for (const exam of exams.study) {
    queues.push({ learner: 0, examId: exam.id, sittings: OWN_SITTINGS_PER_EXAM });
    for (let learner = 1; learner < 50; learner += 1) queues.push({ learner, examId: exam.id, sittings: 1 });
  }
  const studyRows = (OWN_SITTINGS_PER_EXAM + 49) * STUDY_EXAMS * 50;
  const benchSittings = Math.ceil((ANSWERED_ROWS - existing - studyRows) / 100);
  for (let learner = 1; learner < STUDY_LEARNERS; learner += 1)
    queues.push({
      learner,
      examId: exams.bench.id,
      sittings:
        Math.floor(benchSittings / (STUDY_LEARNERS - 1)) +
        (learner <= benchSittings % (STUDY_LEARNERS - 1) ? 1 : 0),
    });
  const total = queues.reduce((sum, queue) => sum + queue.sittings, 0);
  log(`Study data: ${total} sittings through the API (once; kept in the bench database)…`);
  let next = 0;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 40 }, async () => {
      while (next < queues.length) {
        const queue = queues[next++]!;
        for (let round = 0; round < queue.sittings; round += 1) {
          try {
            await sit(url, tokens[queue.learner]!, queue.examId, queue.learner, round, keys);
          } catch (error) {
            failed += 1;
            if (failed <= 5) log(`  a sitting failed: ${(error as Error).message.slice(0, 200)}`);
          }
          done += 1;
          if (done % 2000 === 0) log(`  ${done} / ${total} sittings`);
        }
      }
    }),
  );
  log(
    `Study data: ${done - failed} sittings in ${((Date.now() - started) / 1000).toFixed(0)} s, ${failed} failed.`,
  );
  await settle(target, log);
  const answered = await withDb(target, (db) =>
    count(db, sql`select count(*)::int as n from question_responses`),
  );
  log(`Study data ready: ${answered} answered-question rows.`);
}

interface PracticeAttempt {
  _id: string;
  questions: LearnerQuestion[];
}

/** Practice sets built from 'answered wrongly before', and tutor answers (save + reveal). */
export async function studyScenarios(
  target: Target,
  url: string,
  tokens: string[],
  seconds: number,
  warmup: number,
  log: Log,
): Promise<CallFigures[]> {
  const exams = await withDb(target, async (db) => {
    // Sets left open by an interrupted run would answer 409 'in progress'.
    await db.execute(sql`delete from exam_attempts where kind = 'practice' and submitted_at is null`);
    return studyExams(db);
  });
  const keys = await withDb(target, (db) => answerKeys(db, [exams.bench.id]));
  const figures: CallFigures[] = [];
  const print = (row: CallFigures) => {
    log(
      `  ${row.scenario.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}`,
    );
    figures.push(row);
  };

  // Each build replaces the learner's previous set, untouched (decision 0047): a build a loop.
  const building = new CallRecorder();
  await measureLoops(building, tokens.length, warmup, seconds, async (worker) => {
    await building.time('build', () =>
      call<PracticeAttempt>(`${url}/api/practice-sets`, tokens[worker], 'POST', {
        source: 'wrong',
        size: 40,
        mode: 'tutor',
      }),
    );
  });
  print(building.figures('build', "practice set: 40 'wrong', all exams"));

  const tutoring = new CallRecorder();
  const open = new Map<number, { set: PracticeAttempt; next: number }>();
  await measureLoops(tutoring, tokens.length, warmup, seconds, async (worker) => {
    const token = tokens[worker]!;
    let current = open.get(worker);
    if (!current || current.next >= current.set.questions.length) {
      if (current)
        await call(`${url}/api/practice-sets/${current.set._id}/submit`, token, 'POST', { answers: {} });
      const set = await call<PracticeAttempt>(`${url}/api/practice-sets`, token, 'POST', {
        examIds: [exams.bench.id],
        source: 'all',
        size: 100,
        mode: 'tutor',
      });
      current = { set, next: 0 };
      open.set(worker, current);
    }
    const question = current.set.questions[current.next++]!;
    await tutoring.time('answer', () =>
      call(`${url}/api/exams/attempts/${current.set._id}/answer`, token, 'POST', {
        questionId: question._id,
        answer: answersFor(worker, current.next, [question], keys)[question._id] ?? question.choices[0]!,
        currentIndex: current.next - 1,
      }),
    );
  });
  print(tutoring.figures('answer', 'tutor answer (save + reveal)'));
  return figures;
}

/**
 * 1,000 timed sittings (bench-0 … bench-999 on the benchmark exam, three answers saved each)
 * run out of time; the auto-submit job, run as the server runs it, submits them all. Call with the server
 * stopped after `startTimedSittings` (so its own minute job does not share the work).
 */
export async function startTimedSittings(
  target: Target,
  url: string,
  tokens: string[],
  examId: string,
): Promise<Map<string, Record<string, string>>> {
  // A load scenario stopped between start and submit leaves exam-mode sittings open.
  await withDb(target, (db) =>
    db.execute(sql`delete from exam_attempts where exam_id = ${examId} and submitted_at is null`),
  );
  const saved = new Map<string, Record<string, string>>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        const attempt = await call<PracticeAttempt & { mode: string }>(
          `${url}/api/exams/${examId}/attempts`,
          token,
          'POST',
          { mode: 'timed' },
        );
        if (attempt.mode !== 'timed') throw new Error('an exam-mode sitting was left open');
        const answers = Object.fromEntries(attempt.questions.slice(0, 3).map((q) => [q._id, q.choices[1]!]));
        await call(`${url}/api/exams/attempts/${attempt._id}/answers`, token, 'PUT', {
          answers,
          seq: 1,
          currentIndex: 2,
        });
        saved.set(attempt._id, answers);
      }
    }),
  );
  return saved;
}

export async function autoSubmitExpired(
  target: Target,
  env: Record<string, string>,
  saved: Map<string, Record<string, string>>,
  log: Log,
): Promise<{ attempts: number; seconds: number; submitted: number; results: number; answersKept: boolean }> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const ctx = createAppContext(loadConfig({ ...process.env, ...env, RUN_JOBS: 'false' }), database);
  try {
    const ids = [...saved.keys()];
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await ctx.db.execute(
      sql`update exam_attempts set deadline_at = now() - interval '5 minutes' where id in (${idList})`,
    );
    const started = process.hrtime.bigint();
    const submitted = await submitExpiredSittings(ctx);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const stored = await rows<{
      attempt_id: string;
      questions: Array<{ questionId: string; userAnswer: string | null }>;
    }>(ctx.db, sql`select attempt_id, questions from exam_results where attempt_id in (${idList})`);
    const answersKept = stored.every((result) =>
      Object.entries(saved.get(result.attempt_id) ?? {}).every(([questionId, answer]) =>
        result.questions.some((q) => q.questionId === questionId && q.userAnswer === answer),
      ),
    );
    log(
      `  auto-submit of ${ids.length} expired timed sittings: ${seconds.toFixed(2)} s, ${submitted} submitted, ${stored.length} results, saved answers kept: ${answersKept}`,
    );
    return { attempts: ids.length, seconds, submitted, results: stored.length, answersKept };
  } finally {
    await closeAppContext(ctx);
    await database.close();
  }
}
