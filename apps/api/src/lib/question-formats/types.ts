import type { ImportedQuestion, ImportRefusal } from '@mlp/contract';

/** A question read from a file that passed the rules of a hand-written question, with where it was. */
export interface ParsedQuestion extends ImportedQuestion {
  /** 1-based position among the file's questions or rows */
  item: number;
  /** the line of the file it starts on, when known */
  line: number | null;
}

/** What a parser makes of a file: the questions it can create and the ones it refuses, with reasons. */
export interface ParseResult {
  questions: ParsedQuestion[];
  refused: ImportRefusal[];
}

/** A file that cannot be read at all (broken XML, an unreadable CSV, wrong encoding, too large). */
export class QuestionFileError extends Error {
  override readonly name = 'QuestionFileError';
}

/** A question as exported: what a hand-written question holds. */
export type ExportedQuestion = ImportedQuestion;
