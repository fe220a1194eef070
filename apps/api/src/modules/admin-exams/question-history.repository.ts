import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { QUESTION_CONTENT_FIELDS } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import {
  questionVersions,
  questions,
  type QuestionVersionContent,
  type QuestionVersionSource,
} from '../../db/schema/index.ts';

/*
 * Question histories (decision 0050). Every change of a question's content bumps `questions.version` and,
 * in the same transaction, appends the new version here with what changed; nothing here ever rewrites a
 * version (the table refuses updates).
 */

export type QuestionVersionRow = typeof questionVersions.$inferSelect;
/** A question's content as a version stores it (images with their content type). */
export type StoredContent = QuestionVersionContent;

/**
 * A question's content as a version keeps it, built from the questions row `q` by PostgreSQL. One
 * definition for every writer (an edit, a bulk topic change, an import, a restore).
 */
const contentOf = sql`jsonb_build_object('question', q.question, 'options', q.options,
  'correctAnswer', q.correct_answer, 'explanation', q.explanation, 'rationales', q.rationales,
  'objective', q.objective, 'references', q.reference_list, 'topic', q.topic, 'image', q.image,
  'explanationImage', q.explanation_image)`;

/**
 * Appends the current version of each question in `questionIds` (call it after the change, in its
 * transaction): its content, the fields that differ from the version before (in the contract's order),
 * who made it (the administrator's name as it is now, kept if they are deleted) and how. For one question
 * whose content before the change is given (`previous`), that content is also kept as its version if no
 * version holds it yet, in the same statement (see keepBaselines), and the change is read against it.
 */
export async function appendVersions(
  db: Executor,
  values: {
    /** the questions, or every question an import brought in */
    questionIds: string[] | { importId: string };
    source: QuestionVersionSource;
    adminId: string | null;
    restoredFrom?: number | null;
    previous?: { version: number; content: StoredContent; at: Date };
  },
): Promise<void> {
  const ids = values.questionIds;
  if (Array.isArray(ids) && ids.length === 0) return;
  const which = Array.isArray(ids)
    ? sql`q.id = any(${sql.param(ids)}::uuid[])`
    : sql`q.import_id = ${ids.importId}::uuid`;
  const previous = values.previous;
  const before = previous ? sql`${JSON.stringify(previous.content)}::jsonb` : sql`p.content`;
  await db.execute(sql`
    ${
      previous
        ? sql`with baseline as (
      insert into ${questionVersions} (question_id, version, exam_id, source, content, created_at)
      select q.id, ${previous.version}::int, q.exam_id, 'existing', ${before}, ${previous.at.toISOString()}::timestamptz
      from ${questions} q where ${which}
      on conflict do nothing
    )`
        : sql``
    }
    insert into ${questionVersions} (question_id, version, exam_id, source, content, changes, admin_id,
      admin_name, restored_from)
    select q.id, q.version, q.exam_id, ${values.source}, c.content,
      coalesce((select jsonb_agg(f.field order by f.ord) from unnest(${sql.param([...QUESTION_CONTENT_FIELDS])}::text[])
        with ordinality f(field, ord)
        where ${before} is not null and c.content -> f.field is distinct from (${before}) -> f.field), '[]'::jsonb),
      a.id, a.name, ${values.restoredFrom ?? null}::int
    from ${questions} q
    cross join lateral (select ${contentOf} as content) c
    left join ${questionVersions} p on p.question_id = q.id and p.version = q.version - 1
    left join admins a on a.id = ${values.adminId}::uuid
    where ${which}`);
}

/**
 * Keeps the current content of each question as its version if no version holds it yet ('existing'): a
 * question written before histories began, or inserted by hand (the demo seed, tests), so that the first
 * change recorded never loses what was there before it. Call it before the change.
 */
export async function keepBaselines(db: Executor, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await db.execute(sql`
    insert into ${questionVersions} (question_id, version, exam_id, source, content, created_at)
    select q.id, q.version, q.exam_id, 'existing', ${contentOf}, q.updated_at
    from ${questions} q
    where q.id = any(${sql.param(questionIds)}::uuid[])
    on conflict do nothing`);
}

/** One page of a question's versions, newest first, with how many there are. */
export async function versionPage(
  db: Executor,
  questionId: string,
  paging: { limit: number; offset: number },
): Promise<{ rows: QuestionVersionRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, questionId))
      .orderBy(desc(questionVersions.version))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ value: count() }).from(questionVersions).where(eq(questionVersions.questionId, questionId)),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

/**
 * The question's version `version` ('at'), or the newest one older than it ('before': a page's last entry
 * is diffed with it), if there is one.
 */
export async function findVersion(
  db: Executor,
  questionId: string,
  version: number,
  which: 'at' | 'before' = 'at',
): Promise<QuestionVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(questionVersions)
    .where(
      and(
        eq(questionVersions.questionId, questionId),
        which === 'at' ? eq(questionVersions.version, version) : lt(questionVersions.version, version),
      ),
    )
    .orderBy(desc(questionVersions.version))
    .limit(1);
  return row;
}
