import { and, count, desc, eq, getTableColumns, gt, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { TIMED_PAUSE_LIMIT_SECONDS } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { executeNamed, prepared } from '../../db/prepared.ts';
import {
  EXAM_TREND_POINTS,
  TOPIC_TREND_POINTS,
  examAttempts,
  examResults,
  exams,
  mockExams,
  learnerQuestions,
  questions,
  questionVersions,
  subscriptions,
  questionResponses,
  users,
  type Certainty,
  type MissTag,
  type PracticeSetDefinition,
  type QuestionReference,
  type ResultQuestionSnapshot,
  type SittingMode,
} from '../../db/schema/index.ts';
import { untouchedAttempt, type ServableQuestion } from '../../db/shared-queries.ts';
import { uuidv7 } from '../../lib/ids.ts';

/** What a stored result keeps of each question (its text, choices and answer at submit time). */
export type { PracticeSetDefinition, ResultQuestionSnapshot, SittingMode } from '../../db/schema/index.ts';

export type AttemptRow = typeof examAttempts.$inferSelect;
export type ResultRow = typeof examResults.$inferSelect;

export interface ExamForLearner {
  id: string;
  title: string;
  isActive: boolean;
  numberOfQuestions: number;
  modes: Array<'exam' | 'timed' | 'tutor'>;
  secondsPerQuestion: number;
  /** learners may pause its timed sittings (decision 0064) */
  timedPauseAllowed: boolean;
  /** the learner holds a subscription to it that has not ended */
  subscribed: boolean;
  /** the learner's attempt asked for (see `findExamForLearner`), if there is one */
  attempt: AttemptRow | null;
}

function examForLearnerQuery(on: Executor, attemptMatch: SQL) {
  return on
    .select({
      id: exams.id,
      title: exams.title,
      isActive: exams.isActive,
      numberOfQuestions: exams.numberOfQuestions,
      modes: exams.modes,
      secondsPerQuestion: exams.secondsPerQuestion,
      timedPauseAllowed: exams.timedPauseAllowed,
      // Qualified by hand: this raw subquery is copied into the SQL as written.
      subscribed: sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${sql.placeholder('userId')} and s.exam_id = "exams"."id" and s.end_date > now())`,
      attempt: getTableColumns(examAttempts),
    })
    .from(exams)
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.userId, sql.placeholder('userId')),
        eq(examAttempts.examId, exams.id),
        // A live mock's sitting is reached through its mock only (decision 0077).
        isNull(examAttempts.mockId),
        attemptMatch,
      ),
    )
    .where(eq(exams.id, sql.placeholder('examId')))
    .limit(1);
}

/**
 * The exam, whether the learner may take it, and their attempt at it, in one round trip: the attempt
 * with `attemptId` when given (submit), else the open one (start, resume, submit without an id).
 */
export async function findExamForLearner(
  db: Executor,
  examId: string,
  userId: string,
  attemptId?: string,
): Promise<ExamForLearner | undefined> {
  const [row] = attemptId
    ? await prepared(db, 'exam_for_learner_with_attempt', (on) =>
        examForLearnerQuery(on, eq(examAttempts.id, sql.placeholder('attemptId'))),
      ).execute({ examId, userId, attemptId })
    : await prepared(db, 'exam_for_learner_with_open_attempt', (on) =>
        examForLearnerQuery(on, isNull(examAttempts.submittedAt)),
      ).execute({ examId, userId });
  return row;
}

/** Ids of the questions learners may be served: hand-written or approved, never pending or rejected. */
export async function approvedQuestionIds(db: Executor, examId: string): Promise<string[]> {
  const rows = await prepared(db, 'approved_question_ids', (on) =>
    on
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.examId, sql.placeholder('examId')), eq(questions.approvalStatus, 'approved'))),
  ).execute({ examId });
  return rows.map((row) => row.id);
}

/** What a learner is served of each question: never the correct answer or the explanation. */
export async function servableQuestionsByIds(db: Executor, ids: string[]): Promise<ServableQuestion[]> {
  if (ids.length === 0) return [];
  return prepared(db, 'servable_questions_by_ids', (on) =>
    on
      .select({
        id: questions.id,
        question: questions.question,
        options: questions.options,
        topic: questions.topic,
        // The question's image only: the explanation's is part of the answer (decision 0040).
        image: questions.image,
      })
      .from(questions)
      .where(sql`${questions.id} = any(${sql.placeholder('ids')}::uuid[])`),
  ).execute({ ids });
}

const questionColumns = {
  id: questions.id,
  question: questions.question,
  options: questions.options,
  correctAnswer: questions.correctAnswer,
  explanation: questions.explanation,
  topic: questions.topic,
  examId: questions.examId,
  image: questions.image,
  explanationImage: questions.explanationImage,
};

/** The questions with their answers (a save checks choices against them). */
export async function questionsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return prepared(db, 'questions_by_ids', (on) =>
    on
      .select(questionColumns)
      .from(questions)
      .where(sql`${questions.id} = any(${sql.placeholder('ids')}::uuid[])`),
  ).execute({ ids });
}

/**
 * The questions with their answers and what they teach, and their version (decision 0050): what a reveal
 * and a result show, and the version a result's snapshot names.
 */
export async function questionsWithTeachingByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return prepared(db, 'questions_with_teaching_by_ids', (on) =>
    on
      .select({
        ...questionColumns,
        rationales: questions.rationales,
        objective: questions.objective,
        references: questions.references,
        version: questions.version,
      })
      .from(questions)
      .where(sql`${questions.id} = any(${sql.placeholder('ids')}::uuid[])`),
  ).execute({ ids });
}

/** What a question taught in a version: its options (to match rationales to choices by text) and the rest. */
export interface QuestionTeaching {
  options: string[];
  rationales: string[];
  objective: string;
  references: QuestionReference[];
}

/**
 * What each question of a stored result taught when it was sat (decision 0050): the version its snapshot
 * names, else (a version not kept, or a result stored before versions) the question as it is now. Deleted
 * questions are absent. One round trip, by primary keys.
 */
export async function teachingOf(
  db: Executor,
  refs: Array<{ questionId: string; version: number | null }>,
): Promise<Map<string, QuestionTeaching>> {
  if (refs.length === 0) return new Map();
  const result: unknown = await db.execute(sql`
    select s.qid as question_id,
      coalesce(v.content -> 'options', q.options) as options,
      coalesce(v.content -> 'rationales', q.rationales) as rationales,
      coalesce(v.content ->> 'objective', q.objective) as objective,
      coalesce(v.content -> 'references', q.reference_list) as refs
    from unnest(${sql.param(refs.map((ref) => ref.questionId))}::uuid[],
      ${sql.param(refs.map((ref) => ref.version))}::int[]) s(qid, version)
    left join ${questions} q on q.id = s.qid
    left join ${questionVersions} v on v.question_id = s.qid and v.version = s.version
      and q.version is distinct from s.version
    where q.id is not null or v.question_id is not null`);
  const rows = (
    result as {
      rows: Array<{
        question_id: string;
        options: string[];
        rationales: string[] | null;
        objective: string | null;
        refs: QuestionReference[] | null;
      }>;
    }
  ).rows;
  return new Map(
    rows.map((row) => [
      row.question_id,
      {
        options: row.options,
        rationales: row.rationales ?? [],
        objective: row.objective ?? '',
        references: row.refs ?? [],
      },
    ]),
  );
}

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
function questionSecondsAdding(gap: SQL): SQL<Record<string, number>> {
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
const openGap = sql`(case when ${examAttempts.submittedAt} is null then ${countedGap} end)`;

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

/**
 * The claim both result statements start with: the open attempt (or a live mock's sitting handed in and not
 * yet scored, decision 0077) marked submitted with the result's id, its active time and each question's
 * seconds counted up to now (decisions 0018, 0065). The update takes the attempt's row lock: a concurrent
 * claim waits, then finds nothing to claim. Returns the attempt's id, duration and question seconds.
 */
function claimAttempt(
  values: Pick<NewResult, 'attemptId' | 'userId' | 'maxDuration'>,
  resultId: string,
): SQL {
  return sql`
      update ${examAttempts} set submitted_at = coalesce(${examAttempts.submittedAt}, now()), result_id = ${resultId},
        active_seconds = ${examAttempts.activeSeconds} + coalesce(${openGap}, 0),
        question_seconds = ${questionSecondsAdding(openGap)}
      where ${examAttempts.id} = ${values.attemptId} and ${examAttempts.userId} = ${values.userId}
        and (${examAttempts.submittedAt} is null or (${examAttempts.mockId} is not null and ${examAttempts.resultId} is null))
      returning ${examAttempts.id}, least(${examAttempts.activeSeconds}, ${values.maxDuration}) as duration,
        ${examAttempts.questionSeconds} as question_seconds`;
}

/** The result's question snapshot, each question with its seconds from `claimed` (decision 0065). */
function snapshotWithSeconds(questions: ResultQuestionSnapshot[]): SQL {
  return sql`coalesce((select jsonb_agg(q || jsonb_build_object('seconds',
            coalesce((claimed.question_seconds ->> (q ->> 'questionId'))::int, 0)) order by n)
          from jsonb_array_elements(${JSON.stringify(questions)}::jsonb) with ordinality as e(q, n)),
          '[]'::jsonb)`;
}

export interface NewResult {
  userId: string;
  examId: string | null;
  attemptId: string;
  examTitle: string;
  mode: SittingMode;
  kind: 'exam' | 'practice';
  correctAnswers: number;
  totalQuestions: number;
  score: number;
  /** the longest duration stored; the duration itself is the attempt's active time, measured here */
  maxDuration: number;
  questions: ResultQuestionSnapshot[];
  /** a live mock's result (decision 0077) */
  mockId?: string | null;
  /** one row per served question, for question_responses and learner_questions (decision 0031) */
  responses: Array<{
    questionId: string;
    examId: string | null;
    topic: string;
    answered: boolean;
    correct: boolean;
    flagged: boolean;
    choice: number | null;
    certainty: Certainty | null;
  }>;
}

/**
 * How a learner's standing with a question takes in newer answers: counts add up, and the latest answer
 * (by time) sets the rest, so the backfill of older results and live submits can run in any order.
 */
const standingUpdate = sql.raw(`
  seen = learner_questions.seen + excluded.seen,
  wrong = learner_questions.wrong + excluded.wrong,
  last_correct = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.last_correct else learner_questions.last_correct end,
  flagged = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.flagged else learner_questions.flagged end,
  topic = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.topic else learner_questions.topic end,
  exam_id = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.exam_id else learner_questions.exam_id end,
  last_choice = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.last_choice else learner_questions.last_choice end,
  miss_tag = case when excluded.last_seen_at >= learner_questions.last_seen_at then null else learner_questions.miss_tag end,
  last_seen_at = greatest(excluded.last_seen_at, learner_questions.last_seen_at)`);

/** A timestamptz in milliseconds since 1970 (sub-millisecond digits dropped, as a JS Date drops them). */
const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/** The latest `n` points of a JSON array of [time in ms, …] points, oldest first. */
const latestPoints = (points: string, n: number) =>
  `(select coalesce(jsonb_agg(p order by (p->>0)::bigint), '[]'::jsonb) from (select p from jsonb_array_elements(${points}) p order by (p->>0)::bigint desc limit ${n}) latest)`;

/**
 * The analytics summaries a stored result feeds (decision 0035), as CTEs after `stored` (the results just
 * stored: id, user_id, exam_id, kind, score, duration, total_questions, completed_at) and `counted` (their
 * per-question rows: result_id, exam_id, topic, answered, correct): each result's score by exam and topic,
 * the learner's standing by exam and topic, and by exam for exam sittings, each with its trend line (the
 * latest points, merged by time, so results stored out of order still land in place). A result counts only
 * through the topic-score rows this statement inserts, so nothing is counted twice.
 */
const analyticsCtes = sql.raw(`
    topic_scores as (
      insert into result_topic_scores (result_id, user_id, exam_id, topic, correct, total, completed_at)
      select s.id, s.user_id, c.exam_id, c.topic, (count(*) filter (where c.correct))::int, count(*)::int, s.completed_at
      from stored s join counted c on c.result_id = s.id
      where c.exam_id is not null
      group by s.id, s.user_id, c.exam_id, c.topic, s.completed_at
      on conflict do nothing
      returning result_id, user_id, exam_id, topic, correct, total, completed_at
    ),
    topic_answers as (
      select c.result_id, c.exam_id, c.topic, (count(*) filter (where c.answered))::int as answered
      from counted c group by c.result_id, c.exam_id, c.topic
    ),
    topic_sums as (
      select t.user_id, t.exam_id, t.topic, sum(a.answered)::int as answered, sum(t.correct)::int as correct,
        sum(t.total)::int as seen, max(t.completed_at) as last_at,
        jsonb_agg(jsonb_build_array(${epochMs('t.completed_at')}, t.correct, t.total)) as points
      from topic_scores t join topic_answers a on a.result_id = t.result_id and a.exam_id = t.exam_id and a.topic = t.topic
      group by t.user_id, t.exam_id, t.topic
    ),
    topic_standing as (
      insert into learner_topic_stats (user_id, exam_id, topic, answered, correct, seen, last_at, trend)
      select user_id, exam_id, topic, answered, correct, seen, last_at, ${latestPoints('points', TOPIC_TREND_POINTS)}
      from topic_sums
      on conflict (user_id, exam_id, topic) do update set
        answered = learner_topic_stats.answered + excluded.answered,
        correct = learner_topic_stats.correct + excluded.correct,
        seen = learner_topic_stats.seen + excluded.seen,
        last_at = greatest(learner_topic_stats.last_at, excluded.last_at),
        trend = ${latestPoints('learner_topic_stats.trend || excluded.trend', TOPIC_TREND_POINTS)}
    ),
    fresh_results as (
      select distinct t.result_id from topic_scores t
    ),
    exam_sums as (
      select s.user_id, s.exam_id, count(*)::int as results, sum(s.score)::int as score_sum,
        round(avg(s.score))::int as avg_score,
        sum((select count(*) from counted c where c.result_id = s.id and c.answered))::int as answered,
        sum((select count(*) from counted c where c.result_id = s.id and c.correct))::int as correct,
        sum(s.total_questions)::int as questions, sum(s.duration)::int as seconds, max(s.completed_at) as last_at,
        jsonb_agg(jsonb_build_array(${epochMs('s.completed_at')}, s.score)) as points
      from stored s join fresh_results f on f.result_id = s.id
      where s.kind = 'exam' and s.exam_id is not null
      group by s.user_id, s.exam_id
    ),
    exam_standing as (
      insert into learner_exam_stats (user_id, exam_id, results, score_sum, avg_score, answered, correct, questions, seconds, last_at, trend)
      select user_id, exam_id, results, score_sum, avg_score, answered, correct, questions, seconds, last_at,
        ${latestPoints('points', EXAM_TREND_POINTS)}
      from exam_sums
      on conflict (user_id, exam_id) do update set
        results = learner_exam_stats.results + excluded.results,
        score_sum = learner_exam_stats.score_sum + excluded.score_sum,
        avg_score = round((learner_exam_stats.score_sum + excluded.score_sum)::numeric / (learner_exam_stats.results + excluded.results))::int,
        answered = learner_exam_stats.answered + excluded.answered,
        correct = learner_exam_stats.correct + excluded.correct,
        questions = learner_exam_stats.questions + excluded.questions,
        seconds = learner_exam_stats.seconds + excluded.seconds,
        last_at = greatest(learner_exam_stats.last_at, excluded.last_at),
        trend = ${latestPoints('learner_exam_stats.trend || excluded.trend', EXAM_TREND_POINTS)}
    )`);

/**
 * What a stored result derives (decision 0075, after 0031 and 0035): its `question_responses` rows (with
 * certainty), the learner's standing with each question, and the analytics summaries, for a batch of
 * results not yet applied (oldest first), in one statement that also marks them applied
 * (`responses_recorded`; a partial index finds the rest). The claim is an update of rows taken
 * `for update skip locked`, so two runners skip each other's results; only rows this statement inserts are
 * counted (`on conflict do nothing`), and the statement is atomic, so a run that fails half-way leaves
 * its results unapplied and a repeated run adds nothing twice. Also gives results stored before study
 * sittings (migration 0011) their rows. Returns how many results it took.
 */
export async function applyRecordedResponses(
  db: Executor,
  batch: number,
  only?: { resultId: string; userId: string },
): Promise<number> {
  // One result asked for by its learner waits for a runner holding it (then finds it applied); a batch
  // skips the results another runner holds.
  const take = only
    ? sql`select id from ${examResults} where not responses_recorded and id = ${only.resultId}
        and user_id = ${only.userId} for update`
    : sql`select id from ${examResults} where not responses_recorded
        order by completed_at, id limit ${batch} for update skip locked`;
  const result: unknown = await db.execute(sql`
    with pending as (
      update ${examResults} r set responses_recorded = true
      where r.id in (${take})
      returning r.id, r.user_id, r.exam_id, r.completed_at, r.questions, r.kind, r.score, r.duration,
        r.total_questions
    ),
    stored as (select * from pending),
    counted as (
      select p.id as result_id, coalesce((q->>'examId')::uuid, p.exam_id) as exam_id,
        coalesce(q->>'topic', 'General') as topic, q->>'userAnswer' is not null as answered,
        coalesce((q->>'isCorrect')::boolean, false) as correct
      from pending p cross join jsonb_array_elements(p.questions) q
      where q->>'questionId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    ),
    ${analyticsCtes},
    inserted as (
      insert into question_responses (result_id, question_id, user_id, exam_id, topic, answered, correct,
        flagged, choice, certainty, answered_at)
      select p.id, (q->>'questionId')::uuid, p.user_id, coalesce((q->>'examId')::uuid, p.exam_id),
        coalesce(q->>'topic', 'General'), q->>'userAnswer' is not null, coalesce((q->>'isCorrect')::boolean, false),
        coalesce((q->>'flagged')::boolean, false),
        case when q->>'userAnswer' is null then null
          else (select (ord - 1)::int from jsonb_array_elements_text(q->'choices') with ordinality c(choice, ord)
                where c.choice = q->>'userAnswer' limit 1) end,
        -- Only the levels a response may hold (decision 0035); anything else in hand-made data is none.
        case when q->>'certainty' in ('sure', 'fairly-sure', 'guessing') then q->>'certainty' end,
        p.completed_at
      from pending p cross join jsonb_array_elements(p.questions) q
      -- A snapshot entry without a real question id (hand-made data) has nothing to point at.
      where q->>'questionId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      on conflict do nothing
      returning *
    ),
    standing as (
      -- Two results of one learner in a batch: the later one's answer is the latest, as when each was
      -- applied on its own (ties by time go to the later id, as a later submit's row did).
      insert into ${learnerQuestions} (user_id, question_id, exam_id, topic, seen, wrong, last_correct,
        flagged, last_seen_at, last_choice)
      select user_id, question_id,
        (array_agg(exam_id order by answered_at desc, result_id desc))[1],
        (array_agg(topic order by answered_at desc, result_id desc))[1],
        count(*)::int, (count(*) filter (where not correct))::int,
        (array_agg(correct order by answered_at desc, result_id desc))[1],
        (array_agg(flagged order by answered_at desc, result_id desc))[1],
        max(answered_at), (array_agg(choice order by answered_at desc, result_id desc))[1]
      from inserted group by user_id, question_id
      on conflict (user_id, question_id) do update set ${standingUpdate}
    )
    select count(*)::int as n from pending`);
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/**
 * Whether any result waits for what it derives (decision 0075): its per-question rows, or, with those
 * recorded, its review cards. Two probes of the partial indexes of pending results.
 */
export async function resultsWaiting(db: Executor): Promise<boolean> {
  const [row] = await executeNamed<{ waiting: boolean }>(
    db,
    'results_waiting',
    sql`select exists (select 1 from ${examResults} where not ${examResults.responsesRecorded})
      or exists (select 1 from ${examResults} where not ${examResults.reviewApplied} and ${examResults.responsesRecorded})
      as waiting`,
  );
  return Boolean(row?.waiting);
}

/**
 * Claims the open attempt and stores its result in one statement, so the two happen together or not at
 * all without a transaction round trip. Only the result is written (decision 0075): what it derives (its
 * `question_responses` rows, the learner's standing, the analytics summaries, the review cards, item
 * statistics) is applied by the `derived-results` job from the stored snapshot (`responses_recorded` false
 * until then). A review session's result is marked as applied to the cards already: its answers
 * rescheduled them as they were given. The update takes the attempt's row lock: a concurrent submit of the
 * same attempt waits, then finds it no longer open and claims nothing, so nothing else is written either.
 * Returns undefined when the attempt was not open.
 */
export async function recordResult(
  db: Executor,
  values: Omit<NewResult, 'responses'> & { reviewApplied: boolean },
): Promise<
  { id: string; completedAt: Date; duration: number; questionSeconds: Record<string, number> } | undefined
> {
  const resultId = uuidv7();
  // The duration is the attempt's active time, the last short gap included (ADR 0018).
  const rowsOut = await executeNamed<{
    id: string;
    duration: number;
    completed_ms: number;
    question_seconds: Record<string, number>;
  }>(
    db,
    'record_result_only',
    sql`
    with claimed as (${claimAttempt(values, resultId)}),
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, review_applied, mock_id)
      select ${resultId}, ${values.userId}, ${values.examId}, claimed.id, ${values.examTitle}, ${values.mode},
        ${values.kind}, ${values.correctAnswers}, ${values.totalQuestions}, ${values.score}, claimed.duration,
        -- Each question keeps its seconds (decision 0065), the last short gap included.
        ${snapshotWithSeconds(values.questions)},
        false, ${values.reviewApplied}, ${values.mockId ?? null}::uuid
      from claimed
      returning id, duration, completed_at
    )
    select stored.id, stored.duration, (extract(epoch from stored.completed_at) * 1000)::float8 as completed_ms,
      claimed.question_seconds
    from stored cross join claimed`,
  );
  const [row] = rowsOut;
  return row
    ? {
        id: row.id,
        duration: Number(row.duration),
        completedAt: new Date(row.completed_ms),
        questionSeconds: row.question_seconds,
      }
    : undefined;
}

/**
 * A batch of handed-in mock sittings scored at the release (decision 0077): each claimed and its result
 * stored, all in one statement. A handed-in sitting's time was counted at the hand-in and no longer changes,
 * so each result arrives complete (its duration, and each question's seconds in its snapshot) and the claim
 * only marks the sitting scored. A sitting another release holds is skipped (`skip locked`, taken in id
 * order, so two releases never wait on each other in a cycle); one the learner's own read is scoring waits
 * for it, then finds it claimed. Returns how many results were stored.
 */
export async function recordHandedInResults(
  db: Executor,
  batch: Array<Omit<NewResult, 'responses' | 'maxDuration'> & { duration: number }>,
): Promise<number> {
  if (batch.length === 0) return 0;
  // Two inputs: the claims, small, joined where the plan needs them; the results (tens of kilobytes each)
  // read once, by the insert. As `json`: jsonb would parse the whole batch into one document first.
  const claims = JSON.stringify(
    batch.map((values) => ({ result_id: uuidv7(), attempt_id: values.attemptId, user_id: values.userId })),
  );
  const results = JSON.stringify(
    batch.map((values) => ({
      attempt_id: values.attemptId,
      exam_id: values.examId,
      exam_title: values.examTitle,
      mode: values.mode,
      kind: values.kind,
      correct_answers: values.correctAnswers,
      total_questions: values.totalQuestions,
      score: values.score,
      duration: values.duration,
      questions: values.questions,
      mock_id: values.mockId ?? null,
    })),
  );
  const [row] = await executeNamed<{ stored: number }>(
    db,
    'record_handed_in_results',
    sql`
    with claims as (
      select * from json_to_recordset(${claims}::json) as c(result_id uuid, attempt_id uuid, user_id uuid)
    ),
    locked as (
      select ${examAttempts.id} from ${examAttempts} join claims on claims.attempt_id = ${examAttempts.id}
      order by ${examAttempts.id} for update of ${examAttempts} skip locked
    ),
    claimed as (
      update ${examAttempts} set result_id = claims.result_id
      from claims join locked on locked.id = claims.attempt_id
      where ${examAttempts.id} = claims.attempt_id and ${examAttempts.userId} = claims.user_id
        and ${examAttempts.mockId} is not null and ${examAttempts.submittedAt} is not null
        and ${examAttempts.resultId} is null
      returning ${examAttempts.id}, ${examAttempts.userId}, ${examAttempts.resultId}
    ),
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, review_applied, mock_id)
      select claimed.result_id, claimed.user_id, r.exam_id, claimed.id, r.exam_title, r.mode, r.kind,
        r.correct_answers, r.total_questions, r.score, r.duration, r.questions, false, false, r.mock_id
      from json_to_recordset(${results}::json) as r(attempt_id uuid, exam_id uuid, exam_title text, mode text,
        kind text, correct_answers int, total_questions int, score int, duration int, questions jsonb,
        mock_id uuid)
      join claimed on claimed.id = r.attempt_id
      returning id
    )
    select count(*)::int as stored from stored`,
  );
  return Number(row?.stored ?? 0);
}

/**
 * The submit as it was before decision 0075, kept as the reference the `derived-results` job is tested
 * against (`derived-results.routes.test.ts` runs the same sittings through both): claims the open attempt
 * and stores its result in one statement: the result, one `question_responses` row per question and the
 * learner's standing with each question (`learner_questions`, decision 0031) are written by the same
 * statement (data-modifying CTEs run once, whether or not the final select reads them). The update takes the
 * attempt's row lock: a concurrent submit of the same attempt waits, then finds it no longer open and claims
 * nothing, so nothing else is written either. Returns undefined when the attempt was not open.
 */
export async function recordResultWithDerived(
  db: Executor,
  values: NewResult,
): Promise<
  { id: string; completedAt: Date; duration: number; questionSeconds: Record<string, number> } | undefined
> {
  const resultId = uuidv7();
  const responses = JSON.stringify(
    values.responses.map((r) => ({
      question_id: r.questionId,
      exam_id: r.examId,
      topic: r.topic,
      answered: r.answered,
      correct: r.correct,
      flagged: r.flagged,
      choice: r.choice,
      certainty: r.certainty,
    })),
  );
  const rows = sql`jsonb_to_recordset(${responses}::jsonb) as r(question_id uuid, exam_id uuid, topic text, answered boolean, correct boolean, flagged boolean, choice int, certainty text)`;
  // The duration is the attempt's active time, the last short gap included (ADR 0018).
  const rowsOut = await executeNamed<{
    id: string;
    duration: number;
    completed_ms: number;
    question_seconds: Record<string, number>;
  }>(
    db,
    'record_result_with_derived',
    sql`
    with claimed as (${claimAttempt(values, resultId)}),
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, mock_id)
      select ${resultId}, ${values.userId}, ${values.examId}, claimed.id, ${values.examTitle}, ${values.mode},
        ${values.kind}, ${values.correctAnswers}, ${values.totalQuestions}, ${values.score}, claimed.duration,
        -- Each question keeps its seconds (decision 0065), the last short gap included.
        ${snapshotWithSeconds(values.questions)},
        true, ${values.mockId ?? null}::uuid
      from claimed
      returning id, user_id, exam_id, kind, score, duration, total_questions, completed_at
    ),
    counted as (
      select stored.id as result_id, r.exam_id, r.topic, r.answered, r.correct from stored cross join ${rows}
    ),
    ${analyticsCtes},
    responses as (
      insert into question_responses (result_id, question_id, user_id, exam_id, topic, answered, correct,
        flagged, choice, certainty, answered_at)
      select stored.id, r.question_id, stored.user_id, r.exam_id, r.topic, r.answered, r.correct, r.flagged,
        r.choice, r.certainty, stored.completed_at
      from stored cross join ${rows}
    ),
    standing as (
      insert into ${learnerQuestions} (user_id, question_id, exam_id, topic, seen, wrong, last_correct,
        flagged, last_seen_at, last_choice)
      select stored.user_id, r.question_id, r.exam_id, r.topic, 1, case when r.correct then 0 else 1 end,
        r.correct, r.flagged, stored.completed_at, r.choice
      from stored cross join ${rows}
      on conflict (user_id, question_id) do update set ${standingUpdate}
    )
    select stored.id, stored.duration, (extract(epoch from stored.completed_at) * 1000)::float8 as completed_ms,
      claimed.question_seconds
    from stored cross join claimed`,
  );
  const [row] = rowsOut;
  return row
    ? {
        id: row.id,
        duration: Number(row.duration),
        completedAt: new Date(row.completed_ms),
        questionSeconds: row.question_seconds,
      }
    : undefined;
}

export async function findOwnResult(
  db: Executor,
  userId: string,
  resultId: string,
): Promise<ResultRow | undefined> {
  const [row] = await db
    .select()
    .from(examResults)
    .where(and(eq(examResults.id, resultId), eq(examResults.userId, userId)))
    .limit(1);
  return row;
}

const summaryColumns = {
  id: examResults.id,
  examId: examResults.examId,
  examTitle: examResults.examTitle,
  correctAnswers: examResults.correctAnswers,
  totalQuestions: examResults.totalQuestions,
  score: examResults.score,
  duration: examResults.duration,
  completedAt: examResults.completedAt,
  mode: examResults.mode,
  kind: examResults.kind,
};
export type ResultSummaryRow = {
  id: string;
  examId: string | null;
  examTitle: string;
  mode: SittingMode;
  kind: 'exam' | 'practice';
  correctAnswers: number;
  totalQuestions: number;
  score: number;
  duration: number;
  completedAt: Date;
};

export async function pageResults(db: Executor, userId: string, limit: number, offset: number) {
  const [rows, totals] = await Promise.all([
    prepared(db, 'results_page', (on) =>
      on
        .select(summaryColumns)
        .from(examResults)
        .where(eq(examResults.userId, sql.placeholder('userId')))
        .orderBy(desc(examResults.completedAt), desc(examResults.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ).execute({ userId, limit, offset }),
    prepared(db, 'results_count', (on) =>
      on
        .select({ value: count() })
        .from(examResults)
        .where(eq(examResults.userId, sql.placeholder('userId'))),
    ).execute({ userId }),
  ]);
  return { rows: rows as ResultSummaryRow[], total: totals[0]?.value ?? 0 };
}

/** The learner's last `limit` distinct exams, each with its latest result and number of attempts. */
export async function recentExams(db: Executor, userId: string, limit: number) {
  const result: unknown = await db.execute(sql`
    select exam_key, exam_id, exam_title, id, score, completed_at, attempts from (
      select coalesce(${examResults.examId}::text, ${examResults.examTitle}) as exam_key,
             ${examResults.examId} as exam_id, ${examResults.examTitle} as exam_title, ${examResults.id} as id,
             ${examResults.score} as score, ${examResults.completedAt} as completed_at,
             row_number() over (partition by coalesce(${examResults.examId}::text, ${examResults.examTitle}) order by ${examResults.completedAt} desc) as rn,
             count(*) over (partition by coalesce(${examResults.examId}::text, ${examResults.examTitle}))::int as attempts
      from ${examResults} where ${examResults.userId} = ${userId}
    ) ranked where rn = 1 order by completed_at desc limit ${limit}`);
  return (
    result as {
      rows: Array<{
        exam_id: string | null;
        exam_title: string;
        id: string;
        score: number;
        completed_at: Date | string;
        attempts: number;
      }>;
    }
  ).rows;
}

/** The learner's tags of why they missed questions of a result (decision 0035). */
export async function missTagsOf(db: Executor, resultId: string): Promise<Map<string, MissTag>> {
  const rows = await db
    .select({ questionId: questionResponses.questionId, missTag: questionResponses.missTag })
    .from(questionResponses)
    .where(and(eq(questionResponses.resultId, resultId), sql`${questionResponses.missTag} is not null`));
  return new Map(rows.flatMap((row) => (row.missTag ? [[row.questionId, row.missTag]] : [])));
}

/** Where an attempt stands: open (no `submittedAt`), or submitted with the result it produced. */
export interface AttemptOutcome {
  attemptId: string;
  submittedAt: Date | null;
  resultId: string | null;
  score: number | null;
  completedAt: Date | null;
}

/** The learner's own attempts among `attemptIds`, each with its result if submitted (others: absent). */
export async function attemptOutcomes(
  db: Executor,
  userId: string,
  attemptIds: string[],
): Promise<AttemptOutcome[]> {
  if (attemptIds.length === 0) return [];
  return prepared(db, 'attempt_outcomes', (on) =>
    on
      .select({
        attemptId: examAttempts.id,
        submittedAt: examAttempts.submittedAt,
        resultId: examResults.id,
        score: examResults.score,
        completedAt: examResults.completedAt,
      })
      .from(examAttempts)
      .leftJoin(examResults, eq(examResults.attemptId, examAttempts.id))
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          sql`${examAttempts.id} = any(${sql.placeholder('attemptIds')}::uuid[])`,
        ),
      ),
  ).execute({ userId, attemptIds });
}

/** A scored exam sitting of the learner (an exam, not a practice set, sat in exam mode). */
export interface ExamScore {
  resultId: string;
  examId: string;
  score: number;
  completedAt: Date;
}

/**
 * The learner's exam-mode sittings of these exams (not practice sets, not timed or tutor sittings) completed
 * at or after `since`.
 */
export async function examScoresSince(
  db: Executor,
  userId: string,
  examIds: string[],
  since: Date,
): Promise<ExamScore[]> {
  if (examIds.length === 0) return [];
  const rows = await prepared(db, 'exam_scores_since', (on) =>
    on
      .select({
        resultId: examResults.id,
        examId: examResults.examId,
        score: examResults.score,
        completedAt: examResults.completedAt,
      })
      .from(examResults)
      .where(
        and(
          eq(examResults.userId, sql.placeholder('userId')),
          sql`${examResults.examId} = any(${sql.placeholder('examIds')}::uuid[])`,
          sql`${examResults.kind} = 'exam' and ${examResults.mode} = 'exam'`,
          gte(examResults.completedAt, sql.placeholder('since')),
        ),
      )
      .orderBy(examResults.completedAt, examResults.id),
  ).execute({ userId, examIds, since });
  return rows.flatMap((row) => (row.examId ? [{ ...row, examId: row.examId }] : []));
}

/*
 * Live mocks (decision 0077). A mock's sitting is an exam attempt with `mock_id`: handed in (submitted, no
 * result) until the mock's results are released, then scored like any sitting.
 */

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
