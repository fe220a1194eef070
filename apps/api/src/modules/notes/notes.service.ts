import {
  ANKI_EXPORT_MAX,
  ANKI_MESSAGES,
  GENERAL_TOPIC,
  NOTE_MESSAGES,
  NOTES_PER_LEARNER_MAX,
  type AnkiSource,
  type Note,
  type NotebookResponse,
  type SaveNoteBody,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { ankiFile } from './anki-file.ts';
import {
  NOTEBOOK_QUESTION_CHARS,
  ankiQuestions,
  countNotebook,
  deleteNote,
  findNote,
  notebookPage,
  notesOnResult,
  ownsResult,
  saveNote,
  versionInResult,
  versionOfSeenQuestion,
  type NoteRow,
} from './notes.repository.ts';

/** Saves and deletes a learner may make a minute (decision 0059): typing never needs more, a script would. */
const NOTE_WRITES_PER_MINUTE: RateLimitRule = { max: 60, windowMs: 60_000 };
const TOO_MANY_WRITES = 'You have saved many notes in a short time. Please try again in a minute.';
/** The most words a notebook search looks for (each must appear). */
const SEARCH_WORDS_MAX = 8;

/** `toISOString`'s own form: the notebook's statement writes its timestamps so (no Date per note). */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const iso = (value: Date | string) =>
  typeof value === 'string' && ISO_UTC.test(value) ? value : new Date(value).toISOString();

function toNote(row: NoteRow): Note {
  const version = Number(row.version);
  const currentVersion = Number(row.current_version);
  return {
    questionId: row.question_id,
    text: row.text,
    version,
    currentVersion,
    questionChanged: currentVersion > version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A question's text cut at a word near `max` characters, with an ellipsis when cut. */
export function excerpt(text: string, max = NOTEBOOK_QUESTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The words of a notebook search: split on spaces, repeated ones once, at most SEARCH_WORDS_MAX. */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/**
 * Writes or replaces the learner's note on a question they have been shown (decision 0059). The note keeps
 * the version the learner is looking at: the one their result showed when they write from a result,
 * otherwise the question's current one (tutor mode serves the current version).
 */
export async function save(
  ctx: AppContext,
  actor: Actor,
  questionId: string,
  body: Omit<SaveNoteBody, 'text'> & { text: string },
): Promise<Note> {
  await ctx.limiter.hit(`note:user:${actor.id}`, NOTE_WRITES_PER_MINUTE, TOO_MANY_WRITES);
  const current = await versionOfSeenQuestion(ctx.db, actor.id, questionId);
  if (current === null) throw new NotFoundError(NOTE_MESSAGES.notSeen);
  // A result id that is not the learner's, or does not hold the question, is dropped, not trusted.
  const seen = body.resultId ? await versionInResult(ctx.db, actor.id, body.resultId, questionId) : null;
  const row = await saveNote(ctx.db, {
    userId: actor.id,
    questionId,
    text: body.text,
    version: seen ?? current,
    max: NOTES_PER_LEARNER_MAX,
  });
  if (!row) throw new ConflictError(NOTE_MESSAGES.tooMany);
  return toNote(row);
}

export async function remove(ctx: AppContext, actor: Actor, questionId: string): Promise<void> {
  await ctx.limiter.hit(`note:user:${actor.id}`, NOTE_WRITES_PER_MINUTE, TOO_MANY_WRITES);
  // Only the learner's own note can go: someone else's is as missing as none.
  if (!(await deleteNote(ctx.db, actor.id, questionId))) throw new NotFoundError(NOTE_MESSAGES.notFound);
}

/** The learner's note on one question, or null (the same answer for a question they have no note on). */
export async function read(ctx: AppContext, actor: Actor, questionId: string): Promise<Note | null> {
  const row = await findNote(ctx.db, actor.id, questionId);
  return row ? toNote(row) : null;
}

/** The learner's notes on one of their results' questions; someone else's result is a 404. */
export async function forResult(ctx: AppContext, actor: Actor, resultId: string): Promise<Note[]> {
  if (!isUuid(resultId) || !(await ownsResult(ctx.db, actor.id, resultId)))
    throw new NotFoundError(NOTE_MESSAGES.resultNotFound);
  return (await notesOnResult(ctx.db, actor.id, resultId)).map(toNote);
}

/** My notebook: a page of the learner's notes, newest first, optionally searched. */
export async function notebook(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<NotebookResponse> {
  const words = searchWords(query.search);
  const rows = await notebookPage(ctx.db, actor.id, {
    words,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  // The page's rows carry the total; a page past the end has none, so it is counted apart.
  const total = rows[0] ? Number(rows[0].total) : await countNotebook(ctx.db, actor.id, words);
  return {
    notes: rows.map((row) => ({
      ...toNote(row),
      question: excerpt(row.question),
      examId: row.exam_id,
      examTitle: row.exam_title,
      topic: row.topic ?? GENERAL_TOPIC,
      resultId: row.result_id,
    })),
    total,
    page: query.page,
    pages: pageCount(total, query.limit),
  };
}

const ANKI_DECK_NAMES: Record<AnkiSource, string> = {
  missed: 'Missed questions',
  flagged: 'Flagged questions',
  noted: 'Noted questions',
};

/**
 * 'Take it to Anki' (decision 0059): the learner's missed, flagged or noted questions (optionally of one
 * exam), the most recently answered first, at most ANKI_EXPORT_MAX, as Anki's text import. Nothing to
 * export is a 404 with a message rather than an empty file.
 */
export async function ankiExport(
  ctx: AppContext,
  actor: Actor,
  query: { source: AnkiSource; examId?: string | undefined },
): Promise<{ fileName: string; body: string; count: number }> {
  const rows = await ankiQuestions(ctx.db, actor.id, { ...query, limit: ANKI_EXPORT_MAX });
  if (rows.length === 0) throw new NotFoundError(ANKI_MESSAGES.nothing);
  const { siteName } = await ctx.settings.get();
  const body = ankiFile(
    rows.map((row) => ({
      id: row.id,
      question: row.question,
      options: row.options,
      correctAnswer: Number(row.correct_answer),
      explanation: row.explanation,
      rationales: row.rationales,
      objective: row.objective,
      references: row.reference_list,
      topic: row.topic ?? GENERAL_TOPIC,
      examTitle: row.exam_title,
      note: row.note,
    })),
    `${siteName}::${ANKI_DECK_NAMES[query.source]}`,
  );
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { fileName: `anki-${query.source}-questions-${day}.txt`, body, count: rows.length };
}
