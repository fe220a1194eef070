import { parse } from 'csv-parse/sync';
import { CSV_HEADER, MAX_OPTIONS } from '@mlp/contract';
import { readReferencesCell, referencesCell } from './teaching-notes.ts';
import { QuestionFileError, type ExportedQuestion, type ParseResult } from './types.ts';
import { ParseCollector } from './validate.ts';

/*
 * CSV with the documented header (decision 0039): question, option1..option6, correct (the 1-based
 * number of the correct option), explanation, topic, then rationale1..rationale6 (one per option),
 * objective and references (one reference a line: 'Title | https://link'). Columns may come in any
 * order; all but question, option1..option4 and correct may be left out. A header name is read ignoring
 * case, spaces and underscores, so 'Rationale 1' is rationale1. Read with csv-parse (RFC 4180: quoted
 * cells, "" for a quote, line breaks inside quotes).
 */

const REQUIRED = ['question', 'option1', 'option2', 'option3', 'option4', 'correct'] as const;
/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The delimiter of the header line: a comma, or the semicolon or tab some spreadsheets save with. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/** A cell as written, less the apostrophe our export puts before a would-be formula. */
function cellText(value: string | undefined): string {
  const text = value ?? '';
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function parseCsv(text: string): ParseResult {
  const delimiter = delimiterOf(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const where =
      typeof err === 'object' && err !== null && 'lines' in err ? ` (near line ${String(err.lines)})` : '';
    throw new QuestionFileError(
      `The CSV file could not be read${where}: check that every quoted cell has its closing quote.`,
    );
  }
  const [header, ...rows] = records;
  if (!header) throw new QuestionFileError('The file is empty.');
  const columns = new Map(
    header.record.map((name, index) => [name.toLowerCase().replace(/[\s_]+/g, ''), index]),
  );
  const missing = REQUIRED.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    throw new QuestionFileError(
      `The first row must be the header ${CSV_HEADER.join(',')} (missing: ${missing.join(', ')}).`,
    );
  }
  const cell = (record: string[], name: string): string => {
    const index = columns.get(name);
    return index === undefined ? '' : cellText(record[index]);
  };

  const collector = new ParseCollector();
  for (const { record, info } of rows) {
    if (record.every((value) => value.trim() === '')) continue;
    // info.lines is the line the record ends on; a record with line breaks in quotes starts earlier.
    const line = info.lines - record.reduce((breaks, value) => breaks + (value.match(/\n/g)?.length ?? 0), 0);
    const item = collector.next();
    const question = cell(record, 'question');
    const cells = Array.from({ length: MAX_OPTIONS }, (_, i) => cell(record, `option${i + 1}`).trim());
    const lastFilled = cells.findLastIndex((option) => option !== '');
    const firstEmpty = cells.indexOf('');
    if (firstEmpty !== -1 && firstEmpty < lastFilled) {
      collector.refuse(
        item,
        line,
        question,
        `Option ${firstEmpty + 1} is empty but a later option is filled in`,
      );
      continue;
    }
    const options = cells.slice(0, lastFilled + 1);
    const correct = cell(record, 'correct').trim();
    if (!/^\d+$/.test(correct)) {
      collector.refuse(
        item,
        line,
        question,
        correct
          ? `"correct" must be the number of the correct option (1 to ${MAX_OPTIONS})`
          : 'No correct answer is marked',
      );
      continue;
    }
    collector.add(item, line, {
      question,
      options,
      correctAnswer: Number(correct) - 1,
      explanation: cell(record, 'explanation'),
      topic: cell(record, 'topic'),
      rationales: Array.from({ length: MAX_OPTIONS }, (_, i) => cell(record, `rationale${i + 1}`)),
      objective: cell(record, 'objective'),
      references: readReferencesCell(cell(record, 'references')),
    });
  }
  return collector.result;
}

/**
 * A cell for the export: a text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) gets a leading apostrophe, which the import takes off again; quoted when it must be.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The questions as CSV with the documented header, UTF-8 with a byte-order mark (Excel reads it right). */
export function exportCsv(questions: ExportedQuestion[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const q of questions) {
    const options = Array.from({ length: MAX_OPTIONS }, (_, i) => q.options[i] ?? '');
    const rationales = Array.from({ length: MAX_OPTIONS }, (_, i) => q.rationales[i] ?? '');
    lines.push(
      [
        q.question,
        ...options,
        String(q.correctAnswer + 1),
        q.explanation,
        q.topic ?? '',
        ...rationales,
        q.objective,
        referencesCell(q.references),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
