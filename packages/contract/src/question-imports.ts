import { z } from 'zod';
import { safeString } from './strings.ts';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from './constants.ts';
import { QuestionReferenceSchema } from './question-content.ts';

/*
 * Importing questions into an exam from a file and exporting them (decision 0039).
 */

/** The file formats questions come in and go out as. */
export const QUESTION_FORMATS = ['csv', 'moodle-xml', 'gift', 'aiken'] as const;
export type QuestionFormat = (typeof QUESTION_FORMATS)[number];
export const QuestionFormatSchema = z.enum(QUESTION_FORMATS, {
  message: 'Format must be csv, moodle-xml, gift or aiken',
});

/** At most this many questions in one file (the bank has no other limit). */
export const IMPORT_MAX_QUESTIONS = 10_000;
/** How many of the questions to be created a preview shows, and how many refused rows it lists. */
export const IMPORT_PREVIEW_SAMPLE = 10;
export const IMPORT_REFUSED_LISTED = 500;

/**
 * The documented CSV header (spec: question, options 1–6, correct option number, explanation, topic), then
 * what a question teaches (decision 0050): a rationale per option, the objective and the references. The
 * spec's ten columns stay first, so a file written for them still imports; the later ones are optional.
 */
export const CSV_HEADER = [
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'option5',
  'option6',
  'correct',
  'explanation',
  'topic',
  'rationale1',
  'rationale2',
  'rationale3',
  'rationale4',
  'rationale5',
  'rationale6',
  'objective',
  'references',
] as const;

const fileFields = {
  format: QuestionFormatSchema,
  fileName: safeString()
    .trim()
    .max(255, 'The file name must be at most 255 characters')
    .optional()
    .default(''),
  /** the file's bytes, base64: the server decodes them (UTF-8 with or without BOM, or UTF-16 with BOM) */
  content: safeString({ message: 'Choose a file to import' })
    .min(1, 'The file is empty')
    // base64 of IMPORT_MAX_BYTES, rounded up; the decoded size is checked again on the server
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4, IMPORT_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file content must be base64'),
  /**
   * 'Add new topics to this exam': a topic the exam lacks is added to its topics (at most TOPICS_MAX in
   * all) and its questions keep it; without it those questions are refused.
   */
  addTopics: z.boolean({ message: 'addTopics must be true or false' }).optional().default(false),
};

export const ImportPreviewBodySchema = z.object(fileFields);
export type ImportPreviewBody = z.input<typeof ImportPreviewBodySchema>;

export const ImportBodySchema = z.object({
  ...fileFields,
  /** chosen by the page for this confirmation: a repeat with the same key imports nothing more */
  key: safeString({ message: 'An import key is required' })
    .trim()
    .min(8, 'The import key must be 8 to 100 characters')
    .max(100, 'The import key must be 8 to 100 characters'),
});
export type ImportBody = z.input<typeof ImportBodySchema>;

/** A question of the file as it would be created. */
export const ImportedQuestionSchema = z.object({
  question: safeString(),
  options: z.array(safeString()),
  /** zero-based */
  correctAnswer: z.number().int(),
  explanation: safeString(),
  topic: safeString().nullable(),
  /** one per option in the options' order ('' for an option without one), or [] when none is written */
  rationales: z.array(safeString()),
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
});
export type ImportedQuestion = z.infer<typeof ImportedQuestionSchema>;

/** A question or row of the file that will not be created, and why. */
export const ImportRefusalSchema = z.object({
  /** 1-based position among the file's questions or rows */
  item: z.number().int(),
  /** the line of the file it starts on, when known */
  line: z.number().int().nullable(),
  /** the start of its question text, to recognise it */
  excerpt: safeString(),
  reason: safeString(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

export const ImportPreviewSchema = z.object({
  format: QuestionFormatSchema,
  fileName: safeString(),
  /** how many questions the import would create */
  toCreate: z.number().int(),
  /** how many questions or rows would be refused */
  refusedCount: z.number().int(),
  /** the first questions that would be created (at most IMPORT_PREVIEW_SAMPLE) */
  sample: z.array(ImportedQuestionSchema),
  /** the refused ones with their reasons (at most IMPORT_REFUSED_LISTED) */
  refused: z.array(ImportRefusalSchema),
  /**
   * the topics of the file's importable questions that the exam lacks, as the file first spells them:
   * refused without addTopics, added to the exam with it
   */
  newTopics: z.array(safeString()),
  /** how many more topics the exam can take (an exam has at most TOPICS_MAX) */
  topicsAvailable: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  message: safeString(),
  importId: safeString(),
  format: QuestionFormatSchema,
  fileName: safeString(),
  created: z.number().int(),
  refused: z.number().int(),
  /** true when this key had already been imported: nothing more was created */
  repeated: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ExportQuerySchema = z.object({ format: QuestionFormatSchema });
/** The exported file (its type and name are in the Content-Type and Content-Disposition headers). */
export const ExportFileSchema = safeString();

/** The message after a confirmed import. */
export function importedMessage(created: number, refused: number): string {
  const made = `Imported ${created} question${created === 1 ? '' : 's'}`;
  return refused > 0
    ? `${made}; ${refused} refused ${refused === 1 ? 'row was' : 'rows were'} left out.`
    : `${made}.`;
}
