import { z } from 'zod';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';
import { safeString } from './strings.ts';

/*
 * A learner's private notes on questions they have been shown, and 'My notebook' (decision 0059). A note
 * belongs to one learner and one question; saving again replaces it. It keeps the question's version the
 * learner was looking at, so the notebook can say when the question has changed since.
 */

/** The longest note, in characters (after trimming). */
export const NOTE_TEXT_MAX = 5000;
/** How many notes one learner may keep: far above honest use, a bound on what one account can store. */
export const NOTES_PER_LEARNER_MAX = 10_000;
/** The longest notebook search, in characters. */
export const NOTEBOOK_SEARCH_MAX = 200;
/** Notebook items per page. */
export const NOTEBOOK_PAGE_SIZE = 20;

export const NOTE_MESSAGES = {
  saved: 'Note saved',
  deleted: 'Note deleted',
  empty: 'Write something in your note, or delete it',
  tooLong: `A note must be ${NOTE_TEXT_MAX} characters or less`,
  /** a question the learner has not been shown answers as if it did not exist (nobody probes the bank) */
  notSeen: 'Question not found',
  notFound: 'Note not found',
  resultNotFound: 'No result found',
  tooMany: `You have ${NOTES_PER_LEARNER_MAX} notes, the most one learner can keep. Delete some to add more.`,
} as const;

export const NoteParamsSchema = z.object({ questionId: z.uuid({ message: 'Invalid question id' }) });

export const SaveNoteBodySchema = z.object({
  text: safeString({ message: NOTE_MESSAGES.empty })
    .trim()
    .min(1, NOTE_MESSAGES.empty)
    .max(NOTE_TEXT_MAX, NOTE_MESSAGES.tooLong),
  /**
   * The result the learner is reviewing, when they write from a result: the note keeps the version that
   * result showed. Without it (tutor mode) the question's current version is kept.
   */
  resultId: IdSchema.optional(),
});
export type SaveNoteBody = z.input<typeof SaveNoteBodySchema>;

/** A learner's note on one question. */
export const NoteSchema = z.object({
  questionId: safeString(),
  text: safeString(),
  /** the question's version the learner saw when they last saved the note */
  version: z.number().int(),
  /** the question's version now */
  currentVersion: z.number().int(),
  /** the question has been edited since the note was saved (currentVersion > version) */
  questionChanged: z.boolean(),
  createdAt: safeString(),
  updatedAt: safeString(),
});
export type Note = z.infer<typeof NoteSchema>;

export const SaveNoteResponseSchema = z.object({ message: safeString(), note: NoteSchema });
export type SaveNoteResponse = z.infer<typeof SaveNoteResponseSchema>;

/** One question's note, or null when the learner has none on it. */
export const NoteResponseSchema = z.object({ note: NoteSchema.nullable() });

/** The notes on a result's questions (the result review shows each next to its question). */
export const ResultNotesResponseSchema = z.object({ notes: z.array(NoteSchema) });
export type ResultNotesResponse = z.infer<typeof ResultNotesResponseSchema>;

export const NotebookQuerySchema = pageQuery({ defaultLimit: NOTEBOOK_PAGE_SIZE, maxLimit: 50 }).extend({
  /** words that must all appear in the note or the question's text (case ignored) */
  search: safeString()
    .trim()
    .max(NOTEBOOK_SEARCH_MAX, `Search must be ${NOTEBOOK_SEARCH_MAX} characters or less`)
    .optional(),
});
export type NotebookQuery = z.input<typeof NotebookQuerySchema>;

/** A notebook entry: the note, where its question comes from, and where to go back to it. */
export const NotebookItemSchema = NoteSchema.extend({
  /** the question's text now, cut to an excerpt */
  question: safeString(),
  examId: safeString(),
  examTitle: safeString(),
  topic: safeString(),
  /** the learner's latest result with this question (the link back), null when none is submitted yet */
  resultId: safeString().nullable(),
});
export type NotebookItem = z.infer<typeof NotebookItemSchema>;

export const NotebookResponseSchema = pagedResponse({
  notes: z.array(NotebookItemSchema),
  total: z.number().int(),
});
export type NotebookResponse = z.infer<typeof NotebookResponseSchema>;

/*
 * 'Take it to Anki' (decision 0059): the learner's missed, flagged or noted questions, optionally from one
 * exam, as a file Anki's text import reads. Only questions the learner has answered in a submitted sitting.
 */

export const ANKI_SOURCES = ['missed', 'flagged', 'noted'] as const;
export type AnkiSource = (typeof ANKI_SOURCES)[number];
/** The sources as the learner reads them. */
export const ANKI_SOURCE_LABELS: Record<AnkiSource, string> = {
  missed: 'Questions I answered wrongly last time',
  flagged: 'Questions I flagged',
  noted: 'Questions I wrote a note on',
};
/** The most questions one file holds (the most recently answered first). */
export const ANKI_EXPORT_MAX = 1000;

export const AnkiExportQuerySchema = z.object({
  source: z.enum(ANKI_SOURCES, { message: 'Choose missed, flagged or noted questions' }),
  examId: z.uuid({ message: 'Invalid exam id' }).optional(),
});
export type AnkiExportQuery = z.input<typeof AnkiExportQuerySchema>;
/** The file (its type and name are in the Content-Type and Content-Disposition headers). */
export const AnkiFileSchema = safeString();

export const ANKI_MESSAGES = {
  nothing: 'There are no questions to export from this choice yet.',
} as const;
