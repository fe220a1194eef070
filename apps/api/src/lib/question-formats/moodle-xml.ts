import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { htmlToText } from '../html/sanitize.ts';
import { categoriesBefore, topicOfCategory } from './categories.ts';
import { feedbackWithNotes, readFeedbackNotes } from './teaching-notes.ts';
import { QuestionFileError, type ExportedQuestion, type ParseResult } from './types.ts';
import { holdsMedia, MEDIA_REFUSAL, ParseCollector } from './validate.ts';

/*
 * Moodle XML (docs.moodle.org "Moodle XML format"): a <quiz> of <question type="…"> elements. Only
 * single-answer multiple choice (type="multichoice", <single>true</single>) is imported; its key is the
 * answer with fraction="100", each answer's <feedback> is that option's rationale, and the general
 * feedback becomes the explanation (with the objective and references our export writes after it,
 * teaching-notes.ts). A category entry sets the topic of the questions after it (categories.ts); <tags>
 * are not topics. Every other type is refused with a row saying so, and so is a question whose text or
 * answers hold media (images, audio, @@PLUGINFILE@@ files), which are not imported. Text in HTML (the
 * default format) becomes plain text.
 */

interface TextNode {
  '@_format'?: string;
  text?: unknown;
  /** files Moodle embeds in the text (base64), which @@PLUGINFILE@@ links point at */
  file?: unknown;
}
interface AnswerNode extends TextNode {
  '@_fraction'?: string;
  feedback?: TextNode;
}
interface QuestionNode {
  '@_type'?: string;
  name?: TextNode;
  questiontext?: TextNode;
  generalfeedback?: TextNode;
  single?: unknown;
  answer?: AnswerNode[];
  category?: TextNode;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities defined in a DOCTYPE are refused before parsing (no entity expansion from the file).
  processEntities: true,
  htmlEntities: false,
  isArray: (name, jpath) => jpath === 'quiz.question' || jpath === 'quiz.question.answer',
});

/** The text of a Moodle text element as the file wrote it. */
function rawTextOf(node: TextNode | undefined): string {
  if (!node || typeof node !== 'object') return '';
  const raw = node.text;
  return typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
}

/** The plain text of a Moodle text element: HTML formats become text, others are taken as written. */
function textOf(node: TextNode | undefined): string {
  const text = rawTextOf(node);
  const format = node?.['@_format'] ?? 'html';
  return format === 'html' ? htmlToText(text) : text.trim();
}

/** Whether a text element holds media: embedded files, or media in its text. */
function elementHoldsMedia(node: TextNode | undefined): boolean {
  return (typeof node === 'object' && node.file !== undefined) || holdsMedia(rawTextOf(node));
}

/** The line each <question> starts on, in order (for the refusal rows). */
function questionLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (const match of text.matchAll(/<question\b/g)) {
    for (let i = last; i < match.index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    last = match.index;
    lines.push(line);
  }
  return lines;
}

const TYPE_NAMES: Record<string, string> = {
  truefalse: 'a true/false',
  shortanswer: 'a short-answer',
  numerical: 'a numerical',
  essay: 'an essay',
  matching: 'a matching',
  cloze: 'an embedded-answers (Cloze)',
  description: 'a description',
  ddwtos: 'a drag-and-drop',
  gapselect: 'a select-missing-words',
  calculated: 'a calculated',
};

export function parseMoodleXml(text: string): ParseResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new QuestionFileError('The XML file declares a DOCTYPE or entities, which imports do not accept.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new QuestionFileError(`The file is not valid XML: ${valid.err.msg} (line ${valid.err.line}).`);
  }
  let document: { quiz?: { question?: QuestionNode[] } | string };
  try {
    document = parser.parse(text) as typeof document;
  } catch (err) {
    throw new QuestionFileError(
      `The file is not valid XML: ${err instanceof Error ? err.message : 'unreadable'}.`,
    );
  }
  if (!document.quiz || typeof document.quiz !== 'object') {
    throw new QuestionFileError('The file is not Moodle XML: it has no <quiz> element.');
  }
  const lines = questionLines(text);
  const collector = new ParseCollector();
  let topic: string | null = null;
  (document.quiz.question ?? []).forEach((node, index) => {
    const type = node['@_type'] ?? '';
    if (type === 'category') {
      topic = topicOfCategory(rawTextOf(node.category));
      return;
    }
    const item = collector.next();
    const line = lines[index] ?? null;
    const question = textOf(node.questiontext) || textOf(node.name);
    if (type !== 'multichoice') {
      const kind = TYPE_NAMES[type] ?? (type ? `a "${type}"` : 'an untyped');
      collector.refuse(
        item,
        line,
        question,
        `Only multiple-choice questions can be imported; this is ${kind} question`,
      );
      return;
    }
    const single = typeof node.single === 'string' ? node.single.trim().toLowerCase() : 'true';
    if (single === 'false' || single === '0') {
      collector.refuse(item, line, question, 'Only single-answer multiple-choice questions can be imported');
      return;
    }
    const answers = node.answer ?? [];
    const fractions = answers.map((answer) => Number(answer['@_fraction'] ?? '0'));
    if (fractions.some((fraction) => fraction > 0 && fraction < 100)) {
      collector.refuse(
        item,
        line,
        question,
        'Answers with partial credit cannot be imported: mark one answer 100% and the others 0%',
      );
      return;
    }
    const keys = fractions.filter((fraction) => fraction === 100).length;
    if (keys > 1) {
      collector.refuse(item, line, question, 'A question must have exactly one correct answer');
      return;
    }
    if ([node.questiontext, ...answers].some(elementHoldsMedia)) {
      collector.refuse(item, line, question, MEDIA_REFUSAL);
      return;
    }
    collector.add(item, line, {
      question,
      options: answers.map((answer) => textOf(answer)),
      correctAnswer: fractions.indexOf(100),
      rationales: answers.map((answer) => textOf(answer.feedback)),
      ...readFeedbackNotes(textOf(node.generalfeedback)),
      topic,
    });
  });
  return collector.result;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function textElement(tag: string, text: string, format = 'plain_text'): string {
  return `<${tag} format="${format}"><text>${escapeXml(text)}</text></${tag}>`;
}

/**
 * The questions as a Moodle XML quiz of single-answer multiple-choice questions (plain-text format): each
 * option's rationale as its answer's <feedback>, the explanation, objective and references as the general
 * feedback, and a category entry wherever the topic changes (categories.ts).
 */
export function exportMoodleXml(questions: ExportedQuestion[], bank: string): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const categories = categoriesBefore(questions, bank);
  questions.forEach((q, index) => {
    const category = categories[index];
    if (category) {
      parts.push(
        '  <question type="category">',
        `    <category><text>${escapeXml(category)}</text></category>`,
        '  </question>',
      );
    }
    const name = q.question.replace(/\s+/g, ' ').trim().slice(0, 60) || `Question ${index + 1}`;
    parts.push(
      '  <question type="multichoice">',
      `    <name><text>${escapeXml(name)}</text></name>`,
      `    ${textElement('questiontext', q.question)}`,
      `    ${textElement('generalfeedback', feedbackWithNotes(q))}`,
      '    <defaultgrade>1</defaultgrade>',
      '    <penalty>0.3333333</penalty>',
      '    <hidden>0</hidden>',
      '    <single>true</single>',
      '    <shuffleanswers>true</shuffleanswers>',
      '    <answernumbering>abc</answernumbering>',
      ...q.options.map((option, i) => {
        const rationale = q.rationales[i] ? textElement('feedback', q.rationales[i]) : '';
        return `    <answer fraction="${i === q.correctAnswer ? 100 : 0}" format="plain_text"><text>${escapeXml(option)}</text>${rationale}</answer>`;
      }),
      '  </question>',
    );
  });
  parts.push('</quiz>', '');
  return parts.join('\n');
}
