import { parse, type GIFTQuestion, type TextFormat } from 'gift-pegjs';
import { htmlToText } from '../html/sanitize.ts';
import type { ExportedQuestion, ParseResult } from './types.ts';
import { ParseCollector } from './validate.ts';

/*
 * GIFT (docs.moodle.org "GIFT format"), read with gift-pegjs (a maintained PEG grammar of the format,
 * decision 0039). Questions are separated by blank lines; each block is parsed on its own so one broken
 * question is refused with its line instead of failing the file. Multiple choice with = (the key) and ~
 * is imported, ::title:: is dropped, #### general feedback becomes the explanation; // comments and the
 * escapes \: \= \~ \# \{ \} are the grammar's. $CATEGORY lines are skipped; other types are refused.
 */

const TYPE_NAMES: Record<string, string> = {
  TF: 'a true/false',
  Short: 'a short-answer',
  Numerical: 'a numerical',
  Essay: 'an essay',
  Matching: 'a matching',
  Description: 'a description',
};

function plain(text: TextFormat | null | undefined): string {
  if (!text) return '';
  return text.format === 'html' ? htmlToText(text.text) : text.text.trim();
}

/** The file's blocks of non-blank lines, each with the line it starts on. */
function blocksOf(text: string): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; text: string }> = [];
  let current: string[] = [];
  let start = 1;
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') {
      if (current.length > 0) blocks.push({ line: start, text: current.join('\n') });
      current = [];
      return;
    }
    if (current.length === 0) start = index + 1;
    current.push(line);
  });
  if (current.length > 0) blocks.push({ line: start, text: current.join('\n') });
  return blocks;
}

/** The first line of a block that is not a comment, to recognise a refused question by. */
function firstText(block: string): string {
  return block.split('\n').find((line) => !line.trim().startsWith('//')) ?? block;
}

/**
 * Moodle's own GIFT reader takes `=`, `~`, `#` and `:` literally in a question's text (outside its answer
 * braces and its ::title::): `::Q1:: 1+1=2 {T}` in Moodle's documentation. gift-pegjs wants them escaped,
 * so they are escaped here before parsing; inside the braces they keep their meaning, and escapes already
 * written stay as they are. Comment lines are left alone.
 */
export function escapeTextOutsideAnswers(block: string): string {
  let out = '';
  let depth = 0;
  let started = false;
  for (const [index, line] of block.split('\n').entries()) {
    if (index > 0) out += '\n';
    // A comment line (outside the answers) is kept as written.
    if (depth === 0 && line.trimStart().startsWith('//')) {
      out += line;
      continue;
    }
    let i = 0;
    if (!started) {
      started = true;
      // The question's ::title:: (or a $CATEGORY line) is the grammar's own.
      const title = /^\s*::.*?::/.exec(line) ?? /^\s*\$CATEGORY:.*$/.exec(line);
      if (title) {
        out += title[0];
        i = title[0].length;
      }
    }
    for (; i < line.length; i += 1) {
      const char = line[i]!;
      if (char === '\\') {
        out += char + (line[i + 1] ?? '');
        i += 1;
      } else if (char === '{') {
        depth += 1;
        out += char;
      } else if (char === '}') {
        depth = Math.max(0, depth - 1);
        out += char;
      } else if (depth === 0 && (char === '=' || char === '~' || char === '#' || char === ':')) {
        out += `\\${char}`;
      } else {
        out += char;
      }
    }
  }
  return out;
}

export function parseGift(text: string): ParseResult {
  const collector = new ParseCollector();
  for (const block of blocksOf(text.replace(/^\uFEFF/, ''))) {
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(escapeTextOutsideAnswers(block.text));
    } catch (err) {
      const detail = err instanceof Error ? err.message : 'unreadable';
      collector.refuse(collector.next(), block.line, firstText(block.text), `Not valid GIFT: ${detail}`);
      continue;
    }
    for (const question of parsed) {
      if (question.type === 'Category') continue;
      const item = collector.next();
      const stem = plain(question.stem);
      if (question.type !== 'MC') {
        collector.refuse(
          item,
          block.line,
          stem,
          `Only multiple-choice questions can be imported; this is ${TYPE_NAMES[question.type] ?? 'another kind of'} question`,
        );
        continue;
      }
      const correct = question.choices.map((choice) => choice.isCorrect || choice.weight === 100);
      if (
        question.choices.some(
          (choice) => !choice.isCorrect && choice.weight !== null && choice.weight > 0 && choice.weight < 100,
        )
      ) {
        collector.refuse(
          item,
          block.line,
          stem,
          'Answers with partial credit cannot be imported: mark one answer with = and the others with ~',
        );
        continue;
      }
      if (correct.filter(Boolean).length > 1) {
        collector.refuse(item, block.line, stem, 'A question must have exactly one correct answer');
        continue;
      }
      collector.add(item, block.line, {
        question: stem,
        options: question.choices.map((choice) => plain(choice.text)),
        correctAnswer: correct.indexOf(true),
        explanation: plain(question.globalFeedback),
      });
    }
  }
  return collector.result;
}

/** A text with GIFT's special characters escaped, on one line (a blank line would end the question). */
function giftText(text: string): string {
  return text
    .replace(/[\\~=#{}:]/g, (character) => `\\${character}`)
    .replace(/\s*\r?\n\s*/g, ' ')
    .trim();
}

/** The questions as GIFT multiple choice: =key, ~other options, #### explanation; a blank line between. */
export function exportGift(questions: ExportedQuestion[]): string {
  return questions
    .map((q) => {
      const lines = [`${giftText(q.question)} {`];
      q.options.forEach((option, i) =>
        lines.push(`  ${i === q.correctAnswer ? '=' : '~'}${giftText(option)}`),
      );
      if (q.explanation) lines.push(`  ####${giftText(q.explanation)}`);
      lines.push('}');
      return lines.join('\n');
    })
    .join('\n\n')
    .concat('\n');
}
