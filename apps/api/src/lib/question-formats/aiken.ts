import type { ExportedQuestion, ParseResult } from './types.ts';
import { ParseCollector } from './validate.ts';

/*
 * Aiken (docs.moodle.org "Aiken format"): the question on a line, then each option on its own line
 * starting with a capital letter and '.' or ')' and a space, then 'ANSWER: ' and the letter of the
 * correct option. Questions are separated by blank lines. The format has nothing more (no explanation,
 * rationale, objective, reference or topic). Written here: no maintained npm parser exists (decision 0039).
 */

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

interface Draft {
  line: number;
  question: string[];
  options: Array<{ letter: string; text: string }>;
}

export function parseAiken(text: string): ParseResult {
  const collector = new ParseCollector();
  let draft: Draft | undefined;

  const refuseDraft = (reason: string) => {
    if (!draft) return;
    collector.refuse(collector.next(), draft.line, draft.question.join(' '), reason);
    draft = undefined;
  };

  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '') {
        // A blank line inside a question (before its options) is allowed; after them it must have ended.
        if (draft && draft.options.length > 0) refuseDraft('No "ANSWER:" line after the options');
        return;
      }
      if (!draft) {
        draft = { line: index + 1, question: [line], options: [] };
        return;
      }
      const answer = ANSWER.exec(line);
      if (answer) {
        const letter = (answer[1] ?? '').trim().toUpperCase();
        const position = draft.options.findIndex((option) => option.letter === letter);
        const item = collector.next();
        const { line: start, question, options } = draft;
        draft = undefined;
        if (position === -1) {
          collector.refuse(
            item,
            start,
            question.join(' '),
            letter ? `The answer "${letter}" is not one of the options` : 'No correct answer is marked',
          );
          return;
        }
        collector.add(item, start, {
          question: question.join('\n'),
          options: options.map((option) => option.text),
          correctAnswer: position,
        });
        return;
      }
      const option = OPTION.exec(line);
      if (option) {
        draft.options.push({ letter: option[1] ?? '', text: option[2] ?? '' });
        return;
      }
      if (draft.options.length > 0) {
        refuseDraft('Expected another option (A. …) or the "ANSWER:" line');
        draft = { line: index + 1, question: [line], options: [] };
        return;
      }
      draft.question.push(line);
    });
  if (draft)
    refuseDraft(draft.options.length > 0 ? 'No "ANSWER:" line after the options' : 'No options found');
  return collector.result;
}

/**
 * A text on one line for Aiken, where a line break ends it: each break (with the spaces around it)
 * becomes one space, and everything else is kept as written, tabs inside an option included.
 */
function aikenLine(text: string): string {
  return text.replace(/[ \t]*(?:\r\n|\r|\n)[ \t]*/g, ' ').trim();
}

/**
 * The questions in Aiken: each on one line, options A. to F., ANSWER: letter. Aiken has nothing else, so
 * explanations, rationales, objectives, references and topics are left out (the export menu says so).
 */
export function exportAiken(questions: ExportedQuestion[]): string {
  return questions
    .map((q) =>
      [
        aikenLine(q.question),
        ...q.options.map((option, i) => `${String.fromCharCode(65 + i)}. ${aikenLine(option)}`),
        `ANSWER: ${String.fromCharCode(65 + q.correctAnswer)}`,
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}
