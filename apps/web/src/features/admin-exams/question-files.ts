import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@mlp/contract/constants';
import type { QuestionFormat } from '@mlp/contract';

/** The formats in the panel's words, in the order they are offered. */
export const FORMAT_LABELS: Record<QuestionFormat, string> = {
  csv: 'CSV',
  'moodle-xml': 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
};

/** What each format's file holds, said under the format picker. */
export const FORMAT_HELP: Record<QuestionFormat, string> = {
  csv: 'Header row: question, option1 to option6, correct (the number of the correct option), explanation, topic; optionally rationale1 to rationale6, objective and references (one a line: Title | link).',
  'moodle-xml':
    "Moodle's XML export. Single-answer multiple-choice questions are imported; the answer at 100% is the correct one, each answer's feedback its rationale, and a category sets the topic.",
  gift: 'Multiple choice with =right and ~wrong answers; #feedback after an answer is its rationale, #### general feedback the explanation, and $CATEGORY sets the topic.',
  aiken: 'The question, options A. to F. on their own lines, then ANSWER: and the letter.',
};

/**
 * What an export in the format leaves out, said next to it in the Export menu (decision 0039). Aiken has
 * no room and no comment syntax for anything but the question, its options and its answer.
 */
export const EXPORT_LEAVES_OUT: Partial<Record<QuestionFormat, string>> = {
  aiken:
    'Question, options and answer only: explanations, rationales, objectives, references and topics are left out',
};

/**
 * The format a file's name suggests: .csv, .xml, .gift (or .gift.txt) and .aiken.txt; undefined for
 * anything else (a plain .txt may be GIFT or Aiken).
 */
export function formatFromFileName(name: string): QuestionFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xml')) return 'moodle-xml';
  if (lower.endsWith('.gift') || lower.endsWith('.gift.txt')) return 'gift';
  if (lower.endsWith('.aiken') || lower.endsWith('.aiken.txt')) return 'aiken';
  return undefined;
}

/** Why a chosen file cannot be sent, or null: empty, or over the import's 5 MB. */
export function fileProblem(file: { size: number }): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_TOO_LARGE_MESSAGE;
  return null;
}

/** Bytes as base64, in chunks (a 5 MB file would overflow the call stack as one spread). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** A new idempotency key for one confirmation (a double click or a retry imports once). */
export function newImportKey(): string {
  return crypto.randomUUID();
}
