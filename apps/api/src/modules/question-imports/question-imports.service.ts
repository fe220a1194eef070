import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_QUESTIONS,
  IMPORT_PREVIEW_SAMPLE,
  IMPORT_REFUSED_LISTED,
  IMPORT_TOO_LARGE_MESSAGE,
  importedMessage,
  normaliseRationales,
  TOPICS_MAX,
  type ImportBodySchema,
  type ImportedQuestion,
  type ImportPreview,
  type ImportPreviewBodySchema,
  type ImportResult,
  type QuestionFormat,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, UnprocessableError } from '../../lib/errors.ts';
import {
  exportQuestions,
  FORMAT_FILES,
  parseQuestionFile,
  QuestionFileError,
  type ParseResult,
} from '../../lib/question-formats/index.ts';
import { loadExam, setExamTopics, type ExamWithCounts } from '../admin-exams/admin-exams.service.ts';
import { recordImportedVersions } from '../admin-exams/question-history.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { planImport, type ImportPlan } from './import-plan.ts';
import {
  findImport,
  insertImport,
  insertImportedQuestions,
  listApprovedQuestions,
  listQuestionTexts,
  type QuestionImportRow,
} from './question-imports.repository.ts';

/*
 * Importing questions into an exam and exporting them (decision 0039). A preview writes nothing; a
 * confirmation parses and checks the file again and writes every valid question with the
 * question_imports row, and with addTopics the topics the exam lacked, in one transaction, or nothing.
 */

type PreviewInput = z.output<typeof ImportPreviewBodySchema>;
type ImportInput = z.output<typeof ImportBodySchema>;

export const NOTHING_TO_IMPORT = 'Nothing to import: every question in the file was refused.';

/** The file's questions, read and checked; a file that cannot be read is a 422 with the reason (413 when too large). */
function readFile(format: QuestionFormat, base64: string): ParseResult {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, IMPORT_TOO_LARGE_MESSAGE);
  let parsed: ParseResult;
  try {
    parsed = parseQuestionFile(format, bytes);
  } catch (err) {
    if (err instanceof QuestionFileError) throw new UnprocessableError(err.message);
    throw err;
  }
  const items = parsed.questions.length + parsed.refused.length;
  if (items > IMPORT_MAX_QUESTIONS) {
    throw new UnprocessableError(
      `The file has ${items} questions; an import takes at most ${IMPORT_MAX_QUESTIONS}. Split it into smaller files.`,
    );
  }
  return parsed;
}

async function planFor(
  db: Executor,
  exam: ExamWithCounts,
  parsed: ParseResult,
  addTopics: boolean,
): Promise<ImportPlan> {
  const existing = await listQuestionTexts(db, exam.id);
  const plan = planImport(
    parsed,
    {
      topics: exam.topics,
      existingQuestions: existing.filter((q) => q.approvalStatus !== 'rejected').map((q) => q.question),
    },
    addTopics,
  );
  // The screens and hand-written calls alike: adding must not take the exam past its topic limit.
  const total = exam.topics.length + plan.newTopics.length;
  if (addTopics && total > TOPICS_MAX) {
    throw new UnprocessableError(
      `Adding the file's ${plan.newTopics.length === 1 ? 'new topic' : `${plan.newTopics.length} new topics`} would give this exam ${total} topics; an exam has at most ${TOPICS_MAX}. Merge or remove topics first, or import without adding them.`,
    );
  }
  return plan;
}

const toImported = (q: ImportedQuestion): ImportedQuestion => ({
  question: q.question,
  options: q.options,
  correctAnswer: q.correctAnswer,
  explanation: q.explanation,
  topic: q.topic,
  rationales: normaliseRationales(q.rationales, q.options.length),
  objective: q.objective,
  references: q.references,
});

export async function preview(ctx: AppContext, examId: string, body: PreviewInput): Promise<ImportPreview> {
  const exam = await loadExam(ctx.db, examId);
  const plan = await planFor(ctx.db, exam, readFile(body.format, body.content), body.addTopics);
  return {
    format: body.format,
    fileName: body.fileName,
    toCreate: plan.questions.length,
    refusedCount: plan.refused.length,
    sample: plan.questions.slice(0, IMPORT_PREVIEW_SAMPLE).map(toImported),
    refused: plan.refused.slice(0, IMPORT_REFUSED_LISTED),
    newTopics: plan.newTopics,
    topicsAvailable: Math.max(0, TOPICS_MAX - exam.topics.length),
  };
}

function outcome(row: QuestionImportRow, repeated: boolean): ImportResult {
  return {
    message: importedMessage(row.created, row.refused),
    importId: row.id,
    format: row.format,
    fileName: row.fileName,
    created: row.created,
    refused: row.refused,
    repeated,
  };
}

/**
 * Imports the file's valid questions as hand-written, approved questions at the end of the exam's order,
 * with the import row and the activity-log entry, in one transaction; with addTopics the topics the exam
 * lacked are added to its list first (422 and nothing written if that would exceed TOPICS_MAX). The same
 * key again answers the first outcome and creates nothing; a file with nothing valid is refused (422) and
 * writes nothing.
 */
export async function importQuestions(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: ImportInput,
): Promise<ImportResult> {
  const exam = await loadExam(ctx.db, examId);
  const done = await findImport(ctx.db, exam.id, body.key);
  if (done) return outcome(done, true);
  const parsed = readFile(body.format, body.content);

  return ctx.db.transaction(async (tx) => {
    // The exam's lock orders imports into one exam, so a repeated key waits and then finds the first.
    const locked = await loadExam(tx, exam.id, true);
    const first = await findImport(tx, locked.id, body.key);
    if (first) return outcome(first, true);
    const plan = await planFor(tx, locked, parsed, body.addTopics);
    if (plan.questions.length === 0) throw new UnprocessableError(NOTHING_TO_IMPORT);
    const addedTopics = body.addTopics ? plan.newTopics : [];
    if (addedTopics.length > 0) {
      await setExamTopics(tx, locked.id, [...locked.topics, ...addedTopics]);
    }
    const row = await insertImport(tx, {
      examId: locked.id,
      key: body.key,
      format: body.format,
      fileName: body.fileName,
      created: plan.questions.length,
      refused: plan.refused.length,
      adminId: actor.id,
    });
    await insertImportedQuestions(
      tx,
      plan.questions.map((q) => ({
        ...toImported(q),
        examId: locked.id,
        approvalStatus: 'approved' as const,
        isAiGenerated: false,
        importId: row.id,
      })),
    );
    await recordImportedVersions(tx, row.id, actor.id);
    ctx.caches.catalogue.clear();
    await recordAudit(tx, actor, {
      action: 'imported_questions',
      entityType: 'exam',
      entityId: locked.id,
      details: {
        label: locked.title,
        created: row.created,
        refused: row.refused,
        format: row.format,
        fileName: row.fileName,
        importId: row.id,
        addedTopics,
      },
    });
    return outcome(row, false);
  });
}

/** A file name from the exam's title: 'Cardiology basics' → 'cardiology-basics-questions.csv'. */
export function exportFileName(title: string, format: QuestionFormat): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'exam'}-questions.${FORMAT_FILES[format].extension}`;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** The exam's approved questions in the format (pending and rejected AI drafts stay out); recorded in the activity log. */
export async function exportFile(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  format: QuestionFormat,
): Promise<ExportFile> {
  const exam = await loadExam(ctx.db, examId);
  const questions = await listApprovedQuestions(ctx.db, exam.id);
  await recordAudit(ctx.db, actor, {
    action: 'exported_questions',
    entityType: 'exam',
    entityId: exam.id,
    details: { label: exam.title, exported: questions.length, format },
  });
  return {
    fileName: exportFileName(exam.title, format),
    contentType: FORMAT_FILES[format].contentType,
    body: exportQuestions(format, questions, exam.title),
  };
}
