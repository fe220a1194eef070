import { parse, type GIFTQuestion, type TextFormat } from 'gift-pegjs';
import { htmlToText } from '../html/sanitize.ts';
import { categoriesBefore, topicOfCategory } from './categories.ts';
import { feedbackWithNotes, readFeedbackNotes } from './teaching-notes.ts';
import type { ExportedQuestion, ParseResult } from './types.ts';
import { holdsMedia, MEDIA_REFUSAL, ParseCollector } from './validate.ts';

/*
 * GIFT (docs.moodle.org "GIFT format"), read with gift-pegjs (a maintained PEG grammar of the format,
 * decision 0039). Questions are separated by blank lines; each block is parsed on its own so one broken
 * question is refused with its line instead of failing the file. Multiple choice with = (the key) and ~
 * is imported, ::title:: is dropped, `#feedback` after an answer is that option's rationale, and ####
 * general feedback becomes the explanation (with the objective and references our export writes after
 * it, teaching-notes.ts); // comments and the escapes \: \= \~ \# \{ \} \n are the grammar's. A
 * `$CATEGORY:` line sets the topic of the questions after it (categories.ts); other types are refused.
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

/** A text as the file wrote it (before HTML becomes plain text), to look for media in. */
function raw(text: TextFormat | null | undefined): string {
  return text?.text ?? '';
}

const isComment = (line: string) => line.trim().startsWith('//');

/**
 * The file's blocks of non-blank lines, each with the line it starts on. A block made only of comments is
 * no question: Moodle drops it before counting, so it must not take a number here either.
 */
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
  return blocks.filter((block) => !block.text.split('\n').every(isComment));
}

/**
 * The kind of a question gift-pegjs could not read, told from its answer braces as Moodle's own reader
 * tells it (qformat_gift): {#…} numerical, {T}/{F} true/false, '->' matching, only '=' answers short
 * answer, {} essay. Undefined when the braces say nothing clear.
 */
function kindOfUnreadable(block: string): string | undefined {
  const code = block
    .split('\n')
    .filter((line) => !isComment(line))
    .join('\n')
    .replace(/\\./g, '');
  const open = code.indexOf('{');
  const close = code.lastIndexOf('}');
  if (open === -1 || close < open) return undefined;
  const answers = code
    .slice(open + 1, close)
    .replace(/####[\s\S]*$/, '')
    .trim();
  if (answers === '') return TYPE_NAMES.Essay;
  if (answers.startsWith('#')) return TYPE_NAMES.Numerical;
  if (/^(?:T|F|TRUE|FALSE)\b/.test(answers)) return TYPE_NAMES.TF;
  if (answers.includes('->')) return TYPE_NAMES.Matching;
  if (!answers.includes('~') && answers.startsWith('=')) return TYPE_NAMES.Short;
  return undefined;
}

const notMultipleChoice = (kind: string) =>
  `Only multiple-choice questions can be imported; this is ${kind} question`;

/** The first line of a block that is not a comment, to recognise a refused question by. */
function firstText(block: string): string {
  return block.split('\n').find((line) => !isComment(line)) ?? block;
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
      // A $CATEGORY line is the grammar's own, and the question's ::title:: may follow on the next line.
      const category = /^\s*\$CATEGORY:.*$/.exec(line);
      if (category) {
        out += category[0];
        continue;
      }
      started = true;
      // The question's ::title:: is the grammar's own.
      const title = /^\s*::.*?::/.exec(line);
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
  let topic: string | null = null;
  for (const block of blocksOf(text.replace(/^\uFEFF/, ''))) {
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(escapeTextOutsideAnswers(block.text));
    } catch (err) {
      // A question the grammar cannot read is still refused for its kind when its braces tell it, as
      // a numerical question whose ranges gift-pegjs does not know: that is what the administrator needs.
      const kind = kindOfUnreadable(block.text);
      const detail = err instanceof Error ? err.message : 'unreadable';
      collector.refuse(
        collector.next(),
        block.line,
        firstText(block.text),
        kind ? notMultipleChoice(kind) : `Not valid GIFT: ${detail}`,
      );
      continue;
    }
    for (const question of parsed) {
      if (question.type === 'Category') {
        topic = topicOfCategory(question.title);
        continue;
      }
      const item = collector.next();
      const stem = plain(question.stem);
      if (question.type !== 'MC') {
        collector.refuse(
          item,
          block.line,
          stem,
          notMultipleChoice(TYPE_NAMES[question.type] ?? 'another kind of'),
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
      if ([question.stem, ...question.choices.map((choice) => choice.text)].some((t) => holdsMedia(raw(t)))) {
        collector.refuse(item, block.line, stem, MEDIA_REFUSAL);
        continue;
      }
      collector.add(item, block.line, {
        question: stem,
        options: question.choices.map((choice) => plain(choice.text)),
        correctAnswer: correct.indexOf(true),
        rationales: question.choices.map((choice) => plain(choice.feedback)),
        ...readFeedbackNotes(plain(question.globalFeedback)),
        topic,
      });
    }
  }
  return collector.result;
}

/**
 * A text with GIFT's special characters escaped, on one line (a blank line would end the question): a line
 * break is written `\\n`, as Moodle's own GIFT export writes it and both Moodle and gift-pegjs read it.
 */
function giftText(text: string): string {
  return text
    .trim()
    .replace(/[\\~=#{}:]/g, (character) => `\\${character}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * The questions as GIFT multiple choice: =key and ~other options, each with `#rationale` when it has
 * one, `####` the explanation followed by the objective and references; a `$CATEGORY:` line wherever the
 * topic changes (categories.ts); a blank line between.
 */
export function exportGift(questions: ExportedQuestion[], bank: string): string {
  const categories = categoriesBefore(questions, bank);
  return questions
    .map((q, index) => {
      const lines: string[] = [];
      const category = categories[index];
      if (category) lines.push(`$CATEGORY: ${category}`, '');
      lines.push(`${giftText(q.question)} {`);
      q.options.forEach((option, i) => {
        const rationale = q.rationales[i] ? `#${giftText(q.rationales[i])}` : '';
        lines.push(`  ${i === q.correctAnswer ? '=' : '~'}${giftText(option)}${rationale}`);
      });
      const feedback = feedbackWithNotes(q);
      if (feedback) lines.push(`  ####${giftText(feedback)}`);
      lines.push('}');
      return lines.join('\n');
    })
    .join('\n\n')
    .concat('\n');
}
