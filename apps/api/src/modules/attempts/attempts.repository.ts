import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examAttempts,
  type examResults,
  exams,
  questions,
  questionVersions,
  subscriptions,
  type QuestionReference,
} from '../../db/schema/index.ts';
import type { ServableQuestion } from '../../db/shared-queries.ts';

/*
 * The attempts module's persistence is four files: this one (the exam and its questions as a learner sits
 * them, and the row types), sittings.repository.ts (open sittings), results.repository.ts (submitting and
 * reading results) and derived-results.repository.ts (what a result derives, applied by the job).
 */

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
