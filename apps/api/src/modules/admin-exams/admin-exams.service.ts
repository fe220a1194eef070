import {
  MAX_SAMPLE_QUESTIONS,
  normaliseRationales,
  publishRefusal,
  SAMPLE_LIMIT_MESSAGE,
  type AuditAction,
  publishedCountRefusal,
  questionKeepsSubscribers,
  type AdminExamDetail,
  type AdminExamInfo,
  type AdminExamSummary,
  type SimilarQuestions,
  type AdminQuestion,
  type AdminQuestionList,
  type AdminQuestionListQuerySchema,
  type CreateExamBodySchema,
  type QuestionBodySchema,
  type UpdateExamBodySchema,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/database-errors.ts';
import {
  ConflictError,
  findOr404,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
} from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit, type AuditRecord } from '../audit/audit.service.ts';
import { toExamPublic } from '../exams/exams.dto.ts';
import {
  countActiveSubscribers,
  countSamples,
  deleteExam,
  deleteQuestion,
  examExists,
  findExam,
  findExamWithCounts,
  findQuestion,
  insertExam,
  insertQuestions,
  listExamsWithCounts,
  listQuestions,
  questionPage,
  questionStatusCounts,
  questionTopics,
  updateExam,
  reviewQuestions,
  similarQuestions,
  sketchUnsketched,
  updateQuestion,
  type ExamRow,
  type ExamWithCounts,
  type QuestionRow,
} from './admin-exams.repository.ts';
import * as adminExamsRepository from './admin-exams.repository.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';
import { resolveQuestionImages, toQuestionImage } from '../media/media.service.ts';
import { appendVersions } from './question-history.repository.ts';
import { topicUsage } from './exam-topics.repository.ts';
import { assertNotDuplicate, changeQuestion, examTopic, rationalesFor } from './question-changes.ts';

/** Most exams an administrator list shows; the panel is for tens to hundreds of exams. */
const ADMIN_LIST_LIMIT = 1000;

export function toAdminQuestion(row: QuestionRow): AdminQuestion {
  return {
    _id: row.id,
    question: row.question,
    options: row.options,
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    isAIGenerated: row.isAiGenerated,
    approvalStatus: row.approvalStatus,
    rejectionReason: row.rejectionReason,
    topic: row.topic,
    image: toQuestionImage(row.image),
    explanationImage: toQuestionImage(row.explanationImage),
    rationales: normaliseRationales(row.rationales, row.options.length),
    objective: row.objective,
    references: row.references,
    version: row.version,
    isSample: row.isSample,
  };
}

/** The public view of the exam with its state and counts (the contract orders the keys on the wire). */
function toSummary(row: ExamWithCounts): AdminExamSummary {
  return {
    ...toExamPublic(row),
    isActive: row.isActive,
    questionCount: row.questionCount,
    pendingCount: row.pendingCount,
    topics: row.topics,
    timedPauseAllowed: row.timedPauseAllowed,
  };
}

export type { ExamWithCounts } from './admin-exams.repository.ts';

/** The exam with its question counts (`lock`: for update, till the transaction ends); a 404 if none. */
export async function loadExam(db: Executor, id: string, lock = false): Promise<ExamWithCounts> {
  return findOr404(id, () => findExamWithCounts(db, id, lock), EXAM_MESSAGES.notFound);
}

/**
 * The exam's row without counts, for a read about one question (its history) or a change of one question's
 * content; `lock` 'share' keeps it from changing meanwhile (edits of other questions run side by side, a
 * topic change or a publish waits).
 */
export async function loadExamRow(
  db: Executor,
  id: string,
  lock: 'share' | 'update' | false = false,
): Promise<ExamRow> {
  return findOr404(id, () => findExam(db, id, lock), EXAM_MESSAGES.notFound);
}

export async function loadQuestion(db: Executor, examId: string, questionId: string): Promise<QuestionRow> {
  return findOr404(questionId, () => findQuestion(db, examId, questionId), EXAM_MESSAGES.questionNotFound);
}

/**
 * What follows every change to an exam or its questions, in its transaction: this app's cached catalogue
 * totals go (any such change may change the catalogue), and the activity log records the change.
 */
export async function recordExamChange(
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  examId: string,
  action: AuditAction,
  details: AuditRecord['details'],
): Promise<void> {
  ctx.caches.catalogue.clear();
  await recordAudit(tx, actor, { action, entityType: 'exam', entityId: examId, details });
}

export async function detail(db: Executor, id: string): Promise<AdminExamDetail> {
  const exam = await loadExam(db, id);
  const [questions, activeSubscribers] = await Promise.all([
    listQuestions(db, exam.id),
    countActiveSubscribers(db, exam.id),
  ]);
  return { ...toSummary(exam), activeSubscribers, questions: questions.map(toAdminQuestion) };
}

/**
 * The exam's own fields, counts and active subscribers without its questions: what the edit page reads
 * (a bank of thousands of questions is paged by `questionList`, decision 0050).
 */
export async function info(db: Executor, id: string): Promise<AdminExamInfo> {
  const exam = await loadExam(db, id);
  return { ...toSummary(exam), activeSubscribers: await countActiveSubscribers(db, exam.id) };
}

/** The exam's questions whose text is nearly the same as `text` (writes nothing). */
export async function similar(
  db: Executor,
  examId: string,
  body: { question: string; excludeId?: string | undefined },
): Promise<SimilarQuestions> {
  const exam = await loadExam(db, examId);
  const exclude = body.excludeId && isUuid(body.excludeId) ? body.excludeId : null;
  const rows = await similarQuestions(db, exam.id, body.question, exclude);
  return {
    similar: rows.map((row) => ({
      _id: row.id,
      question: row.question,
      number: row.number,
      approvalStatus: row.approvalStatus,
      similarity: Math.round(row.similarity * 100) / 100,
    })),
  };
}

type QuestionListQuery = z.output<typeof AdminQuestionListQuerySchema>;

/**
 * A page of the exam's questions for the editor (decision 0043): filtered and paged in SQL, with
 * each approval state's count under the other filters and the topics in use. Never loads the exam's other
 * questions: a bank may hold thousands.
 */
export async function questionList(
  db: Executor,
  examId: string,
  query: QuestionListQuery,
): Promise<AdminQuestionList> {
  if (!isUuid(examId) || !(await examExists(db, examId))) throw new NotFoundError(EXAM_MESSAGES.notFound);
  const { page, limit, status, ...others } = query;
  const filters = { status, ...others };
  const [[counts], rows, topics] = await Promise.all([
    questionStatusCounts(db, examId, others),
    questionPage(db, examId, filters, { limit, offset: (page - 1) * limit }),
    questionTopics(db, examId),
  ]);
  const tally = counts ?? { all: 0, pending: 0, approved: 0, rejected: 0 };
  const total = !status ? tally.all : status === 'current' ? tally.all - tally.rejected : tally[status];
  return {
    questions: rows.map((row) => ({ ...toAdminQuestion(row), number: row.number })),
    total,
    page,
    limit,
    counts: tally,
    topics,
  };
}

export async function list(ctx: AppContext): Promise<AdminExamSummary[]> {
  return (await listExamsWithCounts(ctx.db, ADMIN_LIST_LIMIT)).map(toSummary);
}

/** Publishing needs at least numberOfQuestions usable questions (spec §5; pending and rejected never count). */
function assertPublishable(required: number, count: number): void {
  if (count < required) throw new UnprocessableError(publishRefusal(required, count));
}

/**
 * A topic list sent with the exam's fields may add topics but never drop one its questions use (they would
 * be left under a topic the exam does not have): that is a removal, which says where they go (decision 0050).
 */
async function assertTopicsKept(db: Executor, examId: string, topics: string[]): Promise<void> {
  const usage = await topicUsage(db, examId);
  for (const [topic, count] of usage) {
    if (topic !== null && !topics.includes(topic)) {
      throw new ConflictError(
        `${count} question${count === 1 ? ' uses' : 's use'} the topic "${topic}". Remove it from the exam's topics, choosing where its questions go, instead of leaving it out.`,
      );
    }
  }
}

/** Bodies as the routes' schemas output them (already validated; fees in pence). */
type CreateExamInput = z.output<typeof CreateExamBodySchema>;
type UpdateExamInput = z.output<typeof UpdateExamBodySchema>;
type QuestionInput = z.output<typeof QuestionBodySchema>;

/** A question's input split: plain fields, the two images, and the parts adding and editing treat apart. */
function inputParts(body: QuestionInput) {
  const { image, explanationImage, allowDuplicate, rationales, objective, references, isSample, ...fields } =
    body;
  return {
    fields,
    images: { image, explanationImage },
    allowDuplicate,
    rationales,
    objective,
    references,
    isSample,
  };
}

export async function create(ctx: AppContext, actor: Actor, body: CreateExamInput): Promise<AdminExamDetail> {
  if (!(await ctx.settings.get()).examCreationEnabled)
    throw new ForbiddenError(EXAM_MESSAGES.creationDisabled);
  // A new exam has no questions, so it can only be published once it has them.
  if (body.isActive) assertPublishable(body.numberOfQuestions, 0);
  return ctx.db.transaction(async (tx) => {
    const exam = await insertExam(tx, {
      title: body.title,
      category: body.category,
      description: body.description,
      isActive: false,
      numberOfQuestions: body.numberOfQuestions,
      pricePence: body.monthlySubscriptionFee,
      ...(body.topics ? { topics: body.topics } : {}),
      ...(body.secondsPerQuestion ? { secondsPerQuestion: body.secondsPerQuestion } : {}),
      ...(body.modes ? { modes: body.modes } : {}),
      ...(body.timedPauseAllowed !== undefined ? { timedPauseAllowed: body.timedPauseAllowed } : {}),
    });
    await recordExamChange(ctx, tx, actor, exam.id, 'created', { label: exam.title });
    return detail(tx, exam.id);
  });
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: UpdateExamInput,
): Promise<AdminExamDetail> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, id, true);
    if (body.isActive && exam.isActive && body.numberOfQuestions > exam.questionCount)
      throw new UnprocessableError(publishedCountRefusal(body.numberOfQuestions, exam.questionCount));
    if (body.isActive) assertPublishable(body.numberOfQuestions, exam.questionCount);
    if (body.topics) await assertTopicsKept(tx, exam.id, body.topics);
    const { price, ...fields } = body;
    await updateExam(tx, exam.id, { ...fields, pricePence: price });
    // The activity log shows what changed: the body's fields, in its schema's order, against the stored
    // ones (the price in pence, as stored).
    const changes = changedFields<UpdateExamInput>({ ...exam, price: exam.pricePence }, body);
    await recordExamChange(ctx, tx, actor, exam.id, 'updated', {
      label: body.title,
      isActive: body.isActive,
      changes,
    });
    return detail(tx, exam.id);
  });
}

export async function publish(ctx: AppContext, actor: Actor, id: string): Promise<AdminExamDetail> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, id, true);
    assertPublishable(exam.numberOfQuestions, exam.questionCount);
    await updateExam(tx, exam.id, { isActive: true });
    await recordExamChange(ctx, tx, actor, exam.id, 'published', { label: exam.title });
    return detail(tx, exam.id);
  });
}

/** The foreign key of a course unit's exam (schema/courses.ts): ON DELETE RESTRICT. */
const COURSE_UNIT_EXAM_KEY = 'course_units_exam_id_exams_id_fk';

/**
 * Deletes an exam nobody is actively subscribed to (decision 0009) and no course unit uses (409, decision
 * 0053). Past results keep their own snapshot; expired subscriptions go with the exam; payments stay,
 * detached.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, id, true);
    if ((await countActiveSubscribers(tx, exam.id)) > 0)
      throw new ConflictError(EXAM_MESSAGES.hasSubscribers);
    try {
      await deleteExam(tx, exam.id);
    } catch (error) {
      // A course unit's exam (schema/courses.ts, ON DELETE RESTRICT): the database refuses the delete.
      if (isForeignKeyViolation(error, COURSE_UNIT_EXAM_KEY)) throw new ConflictError(EXAM_MESSAGES.inCourse);
      throw error;
    }
    await recordExamChange(ctx, tx, actor, exam.id, 'deleted', { label: exam.title });
  });
}

/**
 * Refuses (409) marking one more sample when the exam already has 3 (decision 0061). The caller holds the
 * exam's row lock for update, so two requests marking samples of one exam run one after the other and the
 * second counts the first's.
 */
async function assertRoomForSample(db: Executor, examId: string, questionId: string | null): Promise<void> {
  if ((await countSamples(db, examId, questionId)) >= MAX_SAMPLE_QUESTIONS)
    throw new ConflictError(SAMPLE_LIMIT_MESSAGE);
}

export async function addQuestion(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: QuestionInput,
): Promise<AdminQuestion> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const { fields, images, allowDuplicate, rationales, objective, references, isSample } = inputParts(body);
    const topic = examTopic(exam.topics, fields.topic);
    if (isSample) await assertRoomForSample(tx, exam.id, null);
    if (!allowDuplicate) await assertNotDuplicate(tx, exam.id, fields.question, null);
    const [row] = await insertQuestions(tx, [
      {
        examId: exam.id,
        ...fields,
        topic,
        rationales: rationalesFor(rationales, fields.options),
        objective: objective ?? '',
        references: references ?? [],
        ...(await resolveQuestionImages(tx, images)),
        approvalStatus: 'approved',
        isAiGenerated: false,
        isSample: isSample ?? false,
      },
    ]);
    if (!row) throw new Error('question insert returned nothing');
    await appendVersions(tx, { questionIds: [row.id], source: 'created', adminId: actor.id });
    await recordExamChange(ctx, tx, actor, exam.id, 'added_question', {
      label: exam.title,
      questionId: row.id,
      ...(row.isSample ? { changes: [{ field: 'isSample', before: false, after: true }] } : {}),
    });
    return toAdminQuestion(row);
  });
}

export async function editQuestion(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  questionId: string,
  body: QuestionInput,
): Promise<AdminQuestion> {
  return ctx.db.transaction(async (tx) => {
    // Marking a sample counts the exam's samples: the exam's row is locked for update, so two such requests
    // never both see room for the third (decision 0061). Other edits take the share lock (decision 0050).
    const exam = await loadExamRow(tx, examId, body.isSample ? 'update' : 'share');
    const existing = await loadQuestion(tx, exam.id, questionId);
    // Images and the teaching fields not sent keep what the question has; null removes an image (decision 0040).
    const { fields, images, allowDuplicate, rationales, objective, references, isSample } = inputParts(body);
    const sampleChange = isSample !== undefined && isSample !== existing.isSample;
    if (sampleChange && isSample) await assertRoomForSample(tx, exam.id, existing.id);
    const topic = examTopic(exam.topics, fields.topic);
    if (!allowDuplicate && fields.question !== existing.question)
      await assertNotDuplicate(tx, exam.id, fields.question, existing.id);
    const { row, changes } = await changeQuestion(
      tx,
      actor,
      existing,
      {
        ...fields,
        topic,
        rationales: rationalesFor(rationales ?? existing.rationales, fields.options),
        ...(objective === undefined ? {} : { objective }),
        ...(references === undefined ? {} : { references }),
        ...(await resolveQuestionImages(tx, images)),
      },
      'edited',
    );
    // Being a sample is not content (no version, decision 0061), but the activity log says it changed.
    const saved = sampleChange ? await updateQuestion(tx, row.id, { isSample }) : row;
    if (!saved) throw new NotFoundError(EXAM_MESSAGES.questionNotFound);
    if (changes.length > 0 || sampleChange) {
      await recordExamChange(ctx, tx, actor, exam.id, 'edited_question', {
        label: exam.title,
        questionId: row.id,
        version: row.version,
        ...(sampleChange
          ? { changes: [{ field: 'isSample', before: existing.isSample, after: isSample }] }
          : {}),
      });
    }
    return toAdminQuestion(saved);
  });
}

/**
 * Deletes a question. A published exam must keep enough usable questions so learners are never served a
 * short exam (decision 0016): when this question is one of the last `numberOfQuestions` that count, the
 * delete is refused while learners hold active subscriptions to the exam, and otherwise unpublishes the
 * exam (recorded with the delete in the activity log).
 */
export async function removeQuestion(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  questionId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const existing = await loadQuestion(tx, exam.id, questionId);
    const counted = existing.approvalStatus === 'approved';
    const unpublishes = exam.isActive && counted && exam.questionCount - 1 < exam.numberOfQuestions;
    if (unpublishes && (await countActiveSubscribers(tx, exam.id)) > 0)
      throw new ConflictError(questionKeepsSubscribers(exam.numberOfQuestions));
    await deleteQuestion(tx, existing.id);
    if (unpublishes) await updateExam(tx, exam.id, { isActive: false });
    await recordExamChange(ctx, tx, actor, exam.id, 'deleted_question', {
      label: exam.title,
      questionId: existing.id,
      question: existing.question,
      ...(unpublishes ? { unpublished: true } : {}),
    });
  });
}

export async function review(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  questionId: string,
  action: 'approve' | 'reject',
  reason: string | undefined,
): Promise<AdminQuestion> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const existing = await loadQuestion(tx, exam.id, questionId);
    if (!existing.isAiGenerated || existing.approvalStatus !== 'pending')
      throw new ConflictError(EXAM_MESSAGES.notPending);
    const row = await updateQuestion(
      tx,
      existing.id,
      action === 'approve'
        ? { approvalStatus: 'approved', rejectionReason: null }
        : { approvalStatus: 'rejected', rejectionReason: reason ?? '' },
    );
    if (!row) throw new NotFoundError(EXAM_MESSAGES.questionNotFound);
    await recordExamChange(
      ctx,
      tx,
      actor,
      exam.id,
      action === 'approve' ? 'approved_question' : 'rejected_question',
      { label: exam.title, questionId: row.id, ...(reason ? { reason } : {}) },
    );
    return toAdminQuestion(row);
  });
}

/**
 * Reviews many AI questions at once (decision 0043): approve or reject pending ones (one reason for all), or
 * restore rejected ones to pending (their reason goes; the activity log keeps it). All or nothing: if
 * any of them is not (or no longer) in the expected state, nothing changes and the answer is 409.
 */
export async function bulkReview(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: {
    action: 'approve' | 'reject' | 'restore';
    questionIds: string[];
    rejectionReason?: string | undefined;
  },
): Promise<{ message: string; updated: number }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const { action, questionIds } = body;
    const updated = await reviewQuestions(
      tx,
      exam.id,
      questionIds,
      action === 'restore' ? 'rejected' : 'pending',
      action === 'approve'
        ? { approvalStatus: 'approved', rejectionReason: null }
        : action === 'reject'
          ? { approvalStatus: 'rejected', rejectionReason: body.rejectionReason ?? '' }
          : { approvalStatus: 'pending', rejectionReason: null },
    );
    if (updated !== questionIds.length) throw new ConflictError(EXAM_MESSAGES.bulkStale);
    await recordExamChange(
      ctx,
      tx,
      actor,
      exam.id,
      action === 'approve'
        ? 'approved_questions'
        : action === 'reject'
          ? 'rejected_questions'
          : 'restored_questions',
      {
        label: exam.title,
        count: updated,
        ...(body.rejectionReason ? { reason: body.rejectionReason } : {}),
      },
    );
    const noun = updated === 1 ? 'question' : 'questions';
    const done = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'restored to pending';
    return { message: `${updated} ${noun} ${done}`, updated };
  });
}

/**
 * The job that sketches questions written without a sketch (decision 0050), a batch at a time until none
 * is left or `rounds` have run; returns how many it sketched.
 */
export async function sketchQuestions(ctx: AppContext, batch = 500, rounds = 20): Promise<number> {
  let done = 0;
  for (let round = 0; round < rounds; round += 1) {
    const n = await sketchUnsketched(ctx.db, batch);
    done += n;
    if (n < batch) break;
  }
  return done;
}

/**
 * Sets the exam's topic list (an import adds the topics the exam lacked), in the caller's transaction
 * (decision 0051: other modules change an exam here, not in the repository).
 */
export function setExamTopics(db: Executor, id: string, topics: string[]): Promise<void> {
  return adminExamsRepository.updateExam(db, id, { topics });
}
