import type { QuestionFormat } from '@mlp/contract';
import { exportAiken, parseAiken } from './aiken.ts';
import { exportCsv, parseCsv } from './csv.ts';
import { decodeQuestionFile } from './decode.ts';
import { exportGift, parseGift } from './gift.ts';
import { exportMoodleXml, parseMoodleXml } from './moodle-xml.ts';
import type { ExportedQuestion, ParseResult } from './types.ts';

/*
 * Question files in and out (decision 0039): pure functions, no database. Every parser applies
 * the rules of manual question creation and returns the questions it can create and the refused ones with
 * reasons; a file that cannot be read at all throws QuestionFileError.
 */

export { QuestionFileError, type ParsedQuestion, type ParseResult, type ExportedQuestion } from './types.ts';
export { decodeQuestionFile } from './decode.ts';

const PARSERS: Record<QuestionFormat, (text: string) => ParseResult> = {
  csv: parseCsv,
  'moodle-xml': parseMoodleXml,
  gift: parseGift,
  aiken: parseAiken,
};

/** Each exporter takes the questions and the bank's name (the exam's title), which names its categories. */
const EXPORTERS: Record<QuestionFormat, (questions: ExportedQuestion[], bank: string) => string> = {
  csv: exportCsv,
  'moodle-xml': exportMoodleXml,
  gift: exportGift,
  aiken: exportAiken,
};

/** How each format's file is named and served. */
export const FORMAT_FILES: Record<QuestionFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  'moodle-xml': { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
  gift: { extension: 'gift.txt', contentType: 'text/plain; charset=utf-8' },
  aiken: { extension: 'aiken.txt', contentType: 'text/plain; charset=utf-8' },
};

/** A file's questions: its bytes decoded (decodeQuestionFile), then read as the format. */
export function parseQuestionFile(format: QuestionFormat, bytes: Uint8Array): ParseResult {
  return PARSERS[format](decodeQuestionFile(bytes));
}

/** A text's questions in the format. */
export function parseQuestions(format: QuestionFormat, text: string): ParseResult {
  return PARSERS[format](text);
}

/** The questions as a file of the format; `bank` is the exam's title. */
export function exportQuestions(format: QuestionFormat, questions: ExportedQuestion[], bank: string): string {
  return EXPORTERS[format](questions, bank);
}
