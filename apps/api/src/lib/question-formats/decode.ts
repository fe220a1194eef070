import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@mlp/contract';
import { QuestionFileError } from './types.ts';

const NOT_UTF8 = 'The file is not UTF-8 text. Save it as UTF-8 (in Excel: "CSV UTF-8") and try again.';

/** Whether the bytes look like UTF-16 without a byte-order mark: many NULs on one side of each pair. */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 4) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenNuls += 1;
    if (bytes[i + 1] === 0) oddNuls += 1;
  }
  const pairs = sample / 2;
  if (oddNuls > pairs * 0.4 && evenNuls < pairs * 0.05) return 'utf-16le';
  if (evenNuls > pairs * 0.4 && oddNuls < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * A file's text: UTF-8 with or without a byte-order mark, or UTF-16 (with a mark, or recognised by its
 * NUL bytes, as Excel's "Unicode text" saves). Over IMPORT_MAX_BYTES, invalid UTF-8 or a NUL in the text
 * is refused with a QuestionFileError saying what to do, never a crash.
 */
export function decodeQuestionFile(bytes: Uint8Array): string {
  if (bytes.length > IMPORT_MAX_BYTES) throw new QuestionFileError(IMPORT_TOO_LARGE_MESSAGE);
  if (bytes.length === 0) throw new QuestionFileError('The file is empty.');
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else encoding = utf16Without(bytes) ?? 'utf-8';

  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    throw new QuestionFileError(
      encoding === 'utf-8' ? NOT_UTF8 : 'The file is not valid UTF-16 text. Save it as UTF-8 and try again.',
    );
  }
  if (text.includes('\u0000')) throw new QuestionFileError(NOT_UTF8);
  if (text.trim() === '') throw new QuestionFileError('The file is empty.');
  return text;
}
