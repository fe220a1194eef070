import { and, desc, eq, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { TIMED_PAUSE_LIMIT_SECONDS } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { executeNamed, prepared } from '../../db/prepared.ts';
import {
  examAttempts,
  exams,
  mockExams,
  questions,
  subscriptions,
  users,
  type Certainty,
  type PracticeSetDefinition,
  type SittingMode,
} from '../../db/schema/index.ts';
import { untouchedAttempt } from '../../db/shared-queries.ts';
import { uuidv7 } from '../../lib/ids.ts';
import type { AttemptRow } from './attempts.repository.ts';

/*
 * A learner's sittings while they are open (decisions 0018, 0031, 0063, 0064, 0065): start, resume, save,
 * lock a tutor answer, pause, the signs of life that count active time, the auto-submit's expired ones, and
 * a live mock's hand-in and release (decision 0077).
 */

export async function findOpenAttempt(
  db: Executor,
  userId: string,
  examId: string,
): Promise<AttemptRow | undefined> {
  const statement = prepared(db, 'open_attempt', (on) =>
    on
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          eq(examAttempts.examId, sql.placeholder('examId')),
          isNull(examAttempts.submittedAt),
          isNull(examAttempts.mockId),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ userId, examId });
  return row;
}

/**
 * Inserts an open attempt unless one exists (the partial unique index settles races) and returns it;
 * undefined when another request opened one first.
 */
export interface NewOpenAttempt {
  userId: string;
  examId: string | null;
  questionIds: string[];
  mode: SittingMode;
  deadlineAt: Date | null;
  kind?: 'exam' | 'practice';
  title?: string;
  practice?: PracticeSetDefinition;
  /** a live mock's sitting (decision 0077) */
  mockId?: string;
}

/**
 * Turns the learner's open practice set `replacing` into the new one if it is still untouched (decision
 * 0047); undefined when it is not (anymore): an answer saved since, or another request replaced it first.
 */
export async function replaceUntouchedAttempt(
  db: Executor,
  values: NewOpenAttempt,
  replacing: string,
): Promise<AttemptRow | undefined> {
  // One statement: the untouched set becomes the new one (a new id, so a page still showing the old set
  // finds it gone). The 'untouched' test is repeated here: an answer saved since the caller read it
  // keeps the set.
  // Prepared: it is half of every practice-set build (built once per handle, parsed once per connection).
  const [row] = await prepared(db, 'replace_untouched_attempt', (on) => {
    const value = (name: string) => sql`${sql.placeholder(name)}`;
    return on
      .update(examAttempts)
      .set({
        id: value('newId'),
        examId: value('examId'),
        kind: value('kind'),
        title: value('title'),
        practice: sql`${sql.placeholder('practice')}::jsonb`,
        questionIds: sql`${sql.placeholder('questionIds')}::jsonb`,
        mode: value('mode'),
        deadlineAt: value('deadlineAt'),
        savedAnswers: {},
        flags: [],
        strikes: {},
        certainties: {},
        saveSeq: 0,
        pausedAt: null,
        currentIndex: 0,
        activeSeconds: 0,
        lastActiveAt: sql`now()`,
        startedAt: sql`now()`,
      })
      .where(
        and(
          eq(examAttempts.id, sql.placeholder('id')),
          eq(examAttempts.userId, sql.placeholder('userId')),
          isNull(examAttempts.submittedAt),
          untouchedAttempt,
        ),
      )
      .returning();
  }).execute({
    id: replacing,
    newId: uuidv7(),
    userId: values.userId,
    examId: values.examId,
    kind: values.kind ?? 'exam',
    title: values.title ?? null,
    practice: values.practice ? JSON.stringify(values.practice) : null,
    questionIds: JSON.stringify(values.questionIds),
    mode: values.mode,
    deadlineAt: values.deadlineAt,
  });
  return row;
}

/** Inserts an open attempt; undefined when the learner has one of this exam open already. */
export async function insertOpenAttempt(
  db: Executor,
  values: NewOpenAttempt,
): Promise<AttemptRow | undefined> {
  // The partial unique index (one open sitting per exam) settles a race between two starts of one exam.
  const [row] = await db.insert(examAttempts).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * An open practice set of the learner's with nothing done in it yet (the latest), which a new set or review
 * session replaces (decision 0047); `untouched` is always true.
 */
export async function findOpenPracticeSet(
  db: Executor,
  userId: string,
): Promise<{ id: string; untouched: boolean } | undefined> {
  // Prepared: asked before every review session is built.
  const [row] = await prepared(db, 'open_practice_set', (on) =>
    on
      .select({ id: examAttempts.id, untouched: untouchedAttempt })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          sql`${examAttempts.kind} = 'practice'`,
          isNull(examAttempts.submittedAt),
          untouchedAttempt,
        ),
      )
      .orderBy(desc(examAttempts.lastActiveAt))
      .limit(1),
  ).execute({ userId });
  return row;
}

/** The learner's own attempt, without a lock (submit claims it atomically in `recordResult`). */
export async function findOwnAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  const statement = prepared(db, 'own_attempt', (on) =>
    on
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.id, sql.placeholder('attemptId')),
          eq(examAttempts.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ attemptId, userId });
  return row;
}

export async function findOwnAttemptForUpdate(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function latestSubmittedAttempt(
  db: Executor,
  userId: string,
  examId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        eq(examAttempts.examId, examId),
        sql`${examAttempts.submittedAt} is not null`,
        isNull(examAttempts.mockId),
      ),
    )
    .orderBy(desc(examAttempts.submittedAt))
    .limit(1);
  return row;
}

/**
 * A gap longer than this between two signs of life from the page (start, save, heartbeat, submit) is
 * time away from the exam and adds nothing to its active time (ADR 0018). The page beats every 15 s.
 */
const ACTIVE_GAP_SECONDS = 45;

/** Seconds since the page was last heard from, when short enough to count as time in the exam. */
const countedGap = sql`(case
  when ${examAttempts.pausedAt} is null and now() >= ${examAttempts.lastActiveAt}
   and now() - ${examAttempts.lastActiveAt} <= make_interval(secs => ${ACTIVE_GAP_SECONDS})
  then floor(extract(epoch from now() - ${examAttempts.lastActiveAt}))::int
  else null end)`;

/** The id of the question the learner was on before this statement (SET expressions read the old row). */
const questionOn = sql`(${examAttempts.questionIds} ->> ${examAttempts.currentIndex})`;

/**
 * A counted gap added to the question the learner was on (decision 0065), so the seconds per question add
 * up to the active seconds; nothing when no gap counts or the index names no served question.
 */
export function questionSecondsAdding(gap: SQL): SQL<Record<string, number>> {
  return sql<Record<string, number>>`(case
  when coalesce(${gap}, 0) > 0 and ${questionOn} is not null
  then ${examAttempts.questionSeconds} || jsonb_build_object(${questionOn},
    coalesce((${examAttempts.questionSeconds} ->> ${questionOn})::int, 0) + ${gap})
  else ${examAttempts.questionSeconds} end)`;
}

/**
 * The gap a claim counts: none for a mock sitting already handed in, whose time was counted up to the
 * hand-in (`handInAttempt`); the wait for the release is not time spent on the paper.
 */
export const openGap = sql`(case when ${examAttempts.submittedAt} is null then ${countedGap} end)`;

/**
 * The update that records a sign of life: a short gap is added to the active seconds in whole seconds
 * (the remainder stays counted from `last_active_at`), and to the question the learner was on; a long one
 * only restarts the clock.
 */
const activeTimeUpdate = {
  activeSeconds: sql<number>`${examAttempts.activeSeconds} + coalesce(${countedGap}, 0)`,
  questionSeconds: questionSecondsAdding(countedGap),
  lastActiveAt: sql<Date>`coalesce(${examAttempts.lastActiveAt} + make_interval(secs => ${countedGap}), now())`,
};

/**
 * Saves an open attempt's answers, flags, struck options and position. With a sequence number the save
 * applies only if it is newer than the last one applied (a stale or replayed save never overwrites a newer
 * one); false when it did not apply.
 */
export async function saveAnswers(
  db: Executor,
  attemptId: string,
  save: {
    answers?: Record<string, string> | undefined;
    currentIndex?: number | undefined;
    flags?: string[] | undefined;
    strikes?: Record<string, string[]> | undefined;
    certainties?: Record<string, Certainty> | undefined;
    seq?: number | undefined;
  },
): Promise<boolean> {
  const updated = await db
    .update(examAttempts)
    .set({
      ...(save.answers !== undefined ? { savedAnswers: save.answers } : {}),
      ...(save.currentIndex !== undefined ? { currentIndex: save.currentIndex } : {}),
      ...(save.flags !== undefined ? { flags: save.flags } : {}),
      ...(save.strikes !== undefined ? { strikes: save.strikes } : {}),
      ...(save.certainties !== undefined ? { certainties: save.certainties } : {}),
      ...(save.seq !== undefined ? { saveSeq: save.seq } : {}),
      ...activeTimeUpdate,
    })
    .where(
      and(
        eq(examAttempts.id, attemptId),
        isNull(examAttempts.submittedAt),
        save.seq !== undefined ? sql`${examAttempts.saveSeq} < ${save.seq}` : undefined,
      ),
    )
    .returning({ id: examAttempts.id });
  return updated.length > 0;
}

/**
 * Tutor mode: records one answer and locks it (only if the question has no answer yet), in the same
 * statement; false when it was answered already.
 */
export async function lockAnswer(
  db: Executor,
  attemptId: string,
  questionId: string,
  answer: string,
  currentIndex: number | undefined,
  certainty?: Certainty,
): Promise<boolean> {
  const updated = await db
    .update(examAttempts)
    .set({
      savedAnswers: sql`${examAttempts.savedAnswers} || jsonb_build_object(${questionId}::text, ${answer}::text)`,
      ...(certainty
        ? {
            certainties: sql`${examAttempts.certainties} || jsonb_build_object(${questionId}::text, ${certainty}::text)`,
          }
        : {}),
      saveSeq: sql`${examAttempts.saveSeq} + 1`,
      ...(currentIndex !== undefined ? { currentIndex } : {}),
      ...activeTimeUpdate,
    })
    .where(
      and(
        eq(examAttempts.id, attemptId),
        isNull(examAttempts.submittedAt),
        sql`not (${examAttempts.savedAnswers} ? ${questionId}::text)`,
      ),
    )
    .returning({ id: examAttempts.id });
  return updated.length > 0;
}

/**
 * Tutor mode's usual answer in one prepared statement (no transaction, no read before the write): locks
 * the answer only when every rule holds — the learner's own open tutor sitting, not paused, time not up
 * (`deadline_at` is at or after `oldestDeadline`), the question served in it and not yet answered, the
 * answer one of its choices, and not a review session (whose answer also reschedules a card). Returns what
 * the reveal needs, or undefined when nothing was written (the caller then works out why, or answers a
 * retried request). The row lock taken by the update makes a concurrent answer to the same question wait
 * and then find it answered.
 */
export async function lockTutorAnswer(
  db: Executor,
  values: {
    attemptId: string;
    userId: string;
    questionId: string;
    answer: string;
    currentIndex: number | null;
    certainty: Certainty | null;
    oldestDeadline: Date;
  },
) {
  const [row] = await prepared(db, 'lock_tutor_answer', (on) => {
    const questionId = sql`${sql.placeholder('questionId')}::text`;
    return on
      .update(examAttempts)
      .set({
        savedAnswers: sql`${examAttempts.savedAnswers} || jsonb_build_object(${questionId}, ${sql.placeholder('answer')}::text)`,
        certainties: sql`case when ${sql.placeholder('certainty')}::text is null then ${examAttempts.certainties}
          else ${examAttempts.certainties} || jsonb_build_object(${questionId}, ${sql.placeholder('certainty')}::text) end`,
        saveSeq: sql`${examAttempts.saveSeq} + 1`,
        // Never past the last served question.
        currentIndex: sql`coalesce(least(${sql.placeholder('currentIndex')}::int, greatest(jsonb_array_length(${examAttempts.questionIds}) - 1, 0)), ${examAttempts.currentIndex})`,
        ...activeTimeUpdate,
      })
      .from(questions)
      .where(
        and(
          eq(examAttempts.id, sql.placeholder('attemptId')),
          eq(examAttempts.userId, sql.placeholder('userId')),
          isNull(examAttempts.submittedAt),
          eq(examAttempts.mode, 'tutor'),
          isNull(examAttempts.pausedAt),
          sql`(${examAttempts.deadlineAt} is null or ${examAttempts.deadlineAt} >= ${sql.placeholder('oldestDeadline')}::timestamptz)`,
          sql`(${examAttempts.practice} is null or ${examAttempts.practice}->>'source' is distinct from 'review')`,
          sql`${examAttempts.questionIds} ? ${questionId}`,
          sql`not (${examAttempts.savedAnswers} ? ${questionId})`,
          sql`${questions.id} = ${questionId}::uuid`,
          sql`${questions.options} ? ${sql.placeholder('answer')}::text`,
        ),
      )
      .returning({
        id: questions.id,
        options: questions.options,
        correctAnswer: questions.correctAnswer,
        explanation: questions.explanation,
        explanationImage: questions.explanationImage,
        rationales: questions.rationales,
        objective: questions.objective,
        references: questions.references,
      });
  }).execute({ ...values, oldestDeadline: values.oldestDeadline.toISOString() });
  return row;
}

/**
 * Whether a timed sitting may pause (decision 0064): where its exam allows it; a practice set (no exam, the
 * learner's own study drawn from several exams) always may, within the same pause limit.
 */
export async function timedPauseAllowed(db: Executor, examId: string | null): Promise<boolean> {
  if (!examId) return true;
  const [row] = await db
    .select({ allowed: exams.timedPauseAllowed })
    .from(exams)
    .where(eq(exams.id, examId))
    .limit(1);
  return row?.allowed ?? false;
}

/** Seconds of pause a timed sitting has left (decision 0064). */
const pauseLeft = sql`greatest(${TIMED_PAUSE_LIMIT_SECONDS} - ${examAttempts.pausedSeconds}, 0)`;

/**
 * Pauses an open attempt at `now`; the gap before a pause still counts, time while paused does not. A timed
 * one only before its deadline and with pause time left (decision 0064); pausing a paused one keeps when
 * it was paused. The attempt as it now is, or undefined when none was paused.
 */
export async function pauseAttempt(
  db: Executor,
  attemptId: string,
  now: Date,
): Promise<AttemptRow | undefined> {
  const at = now.toISOString();
  const [row] = await db
    .update(examAttempts)
    .set({ ...activeTimeUpdate, pausedAt: sql`coalesce(${examAttempts.pausedAt}, ${at}::timestamptz)` })
    .where(
      and(
        eq(examAttempts.id, attemptId),
        isNull(examAttempts.submittedAt),
        sql`(${examAttempts.deadlineAt} is null or ${examAttempts.pausedAt} is not null
          or (${examAttempts.deadlineAt} > ${at}::timestamptz and ${pauseLeft} > 0))`,
      ),
    )
    .returning();
  return row;
}

/**
 * Resumes an open attempt at `now`, in one statement (decision 0064): a timed one's deadline moves on by
 * the time it was paused, at most the pause time it had left, and that time is added to its pause used.
 * Read from the row itself, so a repeated or concurrent resume moves nothing twice. Resuming an attempt
 * that is not paused changes only its last sign of life.
 */
export async function resumeAttempt(
  db: Executor,
  attemptId: string,
  now: Date,
): Promise<AttemptRow | undefined> {
  const at = now.toISOString();
  // Seconds of pause the deadline moves by: the time paused, never more than what is left, never negative.
  const counted = sql`greatest(least(extract(epoch from ${at}::timestamptz - ${examAttempts.pausedAt}), ${pauseLeft}), 0)`;
  const timedAndPaused = sql`${examAttempts.pausedAt} is not null and ${examAttempts.deadlineAt} is not null`;
  const [row] = await db
    .update(examAttempts)
    .set({
      deadlineAt: sql`case when ${timedAndPaused}
        then ${examAttempts.deadlineAt} + make_interval(secs => ${counted})
        else ${examAttempts.deadlineAt} end`,
      pausedSeconds: sql`case when ${timedAndPaused}
        then least(${examAttempts.pausedSeconds} + ceil(${counted})::int, ${TIMED_PAUSE_LIMIT_SECONDS})
        else ${examAttempts.pausedSeconds} end`,
      pausedAt: null,
      lastActiveAt: sql`now()`,
    })
    .where(and(eq(examAttempts.id, attemptId), isNull(examAttempts.submittedAt)))
    .returning();
  return row;
}

/**
 * Open timed sittings whose time (and grace) is up, oldest deadline first (the auto-submit job). A paused one
 * only once its pause time has run out too (decision 0064): its deadline is frozen until then.
 */
export async function expiredAttempts(db: Executor, before: Date, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(examAttempts)
    .where(
      and(
        isNull(examAttempts.submittedAt),
        sql`${examAttempts.deadlineAt} < ${before}`,
        sql`(${examAttempts.pausedAt} is null
          or ${examAttempts.deadlineAt} + make_interval(secs => ${pauseLeft}) < ${before})`,
      ),
    )
    .orderBy(examAttempts.deadlineAt)
    .limit(limit);
}

/**
 * Records that the learner is in the exam (resume, heartbeat), with the question they are on when
 * given, in one statement; the open attempt as it now is, or undefined when it is not the learner's
 * open attempt.
 */
export async function touchAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
  currentIndex?: number,
): Promise<AttemptRow | undefined> {
  const open = and(
    eq(examAttempts.id, sql.placeholder('attemptId')),
    eq(examAttempts.userId, sql.placeholder('userId')),
    isNull(examAttempts.submittedAt),
  );
  // Prepared: the page's heartbeat runs every 15 s for every learner taking an exam.
  const [row] =
    currentIndex === undefined
      ? await prepared(db, 'touch_attempt', (on) =>
          on.update(examAttempts).set(activeTimeUpdate).where(open).returning(),
        ).execute({ attemptId, userId })
      : await prepared(db, 'touch_attempt_at_index', (on) =>
          on
            .update(examAttempts)
            .set({
              // Never past the last served question.
              currentIndex: sql<number>`least(${sql.placeholder('currentIndex')}::int, greatest(jsonb_array_length(${examAttempts.questionIds}) - 1, 0))`,
              ...activeTimeUpdate,
            })
            .where(open)
            .returning(),
        ).execute({ attemptId, userId, currentIndex });
  return row;
}

/** The learner's open attempts at exams they may still take, most recently active first (dashboard). */
/**
 * An open attempt the learner can go on with: a practice set always; an exam while it is published and
 * they hold a live subscription to it. The in-progress list shows these, and only these count towards the
 * open limit (decision 0063), so a sitting of an exam that lapsed never blocks a new one.
 */
const goesOn = sql`${examAttempts.mockId} is null and (${examAttempts.kind} = 'practice' or (${exams.isActive} and exists (select 1 from ${subscriptions} s where s.user_id = ${examAttempts.userId} and s.exam_id = ${examAttempts.examId} and s.end_date > now())))`;

/**
 * Locks the learner's row for the rest of the transaction, then counts their open attempts that go on:
 * two starts at once (two tabs, twenty parallel requests) count one after the other, so the open limit holds.
 */
export async function lockAndCountOpenAttempts(db: Executor, userId: string): Promise<number> {
  await executeNamed(
    db,
    'lock_learner_for_sittings',
    sql`select 1 from ${users} where ${users.id} = ${userId} for update`,
  );
  const [row] = await executeNamed<{ open: number }>(
    db,
    'count_open_attempts',
    sql`select count(*)::int as open from ${examAttempts}
      left join ${exams} on ${exams.id} = ${examAttempts.examId}
      where ${examAttempts.userId} = ${userId} and ${examAttempts.submittedAt} is null and ${goesOn}`,
  );
  return row?.open ?? 0;
}

/** Deletes the learner's open attempt `attemptId` (discarded); undefined when it is not theirs or not open. */
export async function deleteOpenAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .delete(examAttempts)
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, userId),
        isNull(examAttempts.submittedAt),
        // A live mock's sitting is never discarded: there is one each (decision 0077).
        isNull(examAttempts.mockId),
      ),
    )
    .returning({ id: examAttempts.id });
  return row;
}

export async function openAttempts(db: Executor, userId: string, limit: number) {
  return prepared(db, 'open_attempts_of_user', (on) =>
    on
      .select({
        id: examAttempts.id,
        examId: examAttempts.examId,
        kind: examAttempts.kind,
        mode: examAttempts.mode,
        paused: sql<boolean>`${examAttempts.pausedAt} is not null`,
        examTitle: sql<string>`coalesce(${exams.title}, ${examAttempts.title}, 'Practice set')`,
        startedAt: examAttempts.startedAt,
        answered: sql<number>`(select count(*) from jsonb_object_keys(${examAttempts.savedAnswers}))::int`,
        totalQuestions: sql<number>`jsonb_array_length(${examAttempts.questionIds})::int`,
        deadlineAt: examAttempts.deadlineAt,
        pausedAt: examAttempts.pausedAt,
        pausedSeconds: examAttempts.pausedSeconds,
        lastActiveAt: examAttempts.lastActiveAt,
      })
      .from(examAttempts)
      .leftJoin(exams, eq(exams.id, examAttempts.examId))
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          isNull(examAttempts.submittedAt),
          // A practice set is always the learner's to finish; an exam only while they may still take it.
          goesOn,
        ),
      )
      .orderBy(desc(examAttempts.lastActiveAt))
      .limit(sql.placeholder('limit')),
  ).execute({ userId, limit });
}

/** The learner's sitting of a mock, open or handed in. */
export async function findMockAttempt(
  db: Executor,
  userId: string,
  mockId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.mockId, mockId), eq(examAttempts.userId, userId)))
    .limit(1);
  return row;
}

/** Hands an open mock sitting in with `answers`, unscored; undefined when it was no longer open. */
export async function handInAttempt(
  db: Executor,
  attemptId: string,
  answers: Record<string, string>,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(examAttempts)
    .set({ ...activeTimeUpdate, submittedAt: sql`now()`, savedAnswers: answers })
    .where(
      and(
        eq(examAttempts.id, attemptId),
        isNull(examAttempts.submittedAt),
        sql`${examAttempts.mockId} is not null`,
      ),
    )
    .returning();
  return row;
}

/** Whether the results of the mock are out at `now` (false for an unknown mock). */
export async function mockReleased(db: Executor, mockId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: mockExams.id })
    .from(mockExams)
    .where(and(eq(mockExams.id, mockId), sql`${mockExams.resultsAt} <= ${now}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Handed-in mock sittings whose mock's results are out at `now` and that have no result yet, with the
 * mock's title: the first `limit` in id order after `after` (the release pages through them, so batches in
 * flight at once never overlap). Two releases at once may read the same rows: each is claimed once.
 */
export async function releasedHandedIn(
  db: Executor,
  now: Date,
  limit: number,
  after?: string,
): Promise<Array<{ attempt: AttemptRow; title: string }>> {
  return db
    .select({ attempt: getTableColumns(examAttempts), title: mockExams.title })
    .from(examAttempts)
    .innerJoin(mockExams, eq(mockExams.id, examAttempts.mockId))
    .where(
      and(
        // The partial index exam_attempts_mock_unscored holds just these rows.
        sql`${examAttempts.mockId} is not null and ${examAttempts.submittedAt} is not null`,
        isNull(examAttempts.resultId),
        sql`${mockExams.resultsAt} <= ${now}`,
        after ? gt(examAttempts.id, after) : undefined,
      ),
    )
    .orderBy(examAttempts.id)
    .limit(limit);
}
