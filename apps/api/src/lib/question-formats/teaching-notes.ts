import { ObjectiveInputSchema, ReferencesInputSchema, type QuestionReference } from '@mlp/contract';

/*
 * What a question teaches besides its explanation (decision 0050), written where a format has room for it
 * (decision 0039, addendum 2026-11-27):
 * - a reference is one line: its title, then '|' and its link when it has one ('Title | https://…');
 * - a CSV 'references' cell holds one reference a line;
 * - Moodle XML and GIFT have no field for an objective or references, so they follow the explanation in
 *   the general feedback, each a paragraph starting with 'Objective:' or a line 'References:', which is
 *   how a Moodle learner reads them too, and how our importer finds them again.
 */

type ReferenceInput = { title: string; url: string | null };

/** A link as an administrator would write one: a scheme and '://', or a scheme a link must never have. */
const LINK_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/\S*|(?:javascript|data|vbscript|file):\S*)$/i;

/** A reference as one line: 'Title' or 'Title | https://link' (a line break in a title becomes a space). */
export function referenceLine(reference: QuestionReference): string {
  const title = reference.title.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return reference.url ? `${title} | ${reference.url}` : title;
}

/**
 * A reference read from one line: the text after the last '|' is its link when it looks like one, so a
 * title may hold '|' itself ('Harrison | Chapter 12' is all title). A line that is only a link is a
 * reference titled by its link. Links are checked afterwards by the contract (http(s) only).
 */
export function readReferenceLine(line: string): ReferenceInput {
  const text = line.trim();
  if (LINK_LIKE.test(text)) return { title: text, url: text };
  const bar = text.lastIndexOf('|');
  if (bar !== -1) {
    const link = text.slice(bar + 1).trim();
    if (LINK_LIKE.test(link)) return { title: text.slice(0, bar).trim(), url: link };
  }
  return { title: text, url: null };
}

/** A CSV 'references' cell: one reference a line, blank lines skipped. */
export function readReferencesCell(cell: string): ReferenceInput[] {
  return cell
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .map(readReferenceLine);
}

export function referencesCell(references: readonly QuestionReference[]): string {
  return references.map(referenceLine).join('\n');
}

const OBJECTIVE = /^Objective:[ \t]*/i;
const REFERENCES = /^References:\s*$/i;

/**
 * The general feedback of a Moodle XML or GIFT export: the explanation, then 'Objective: …' and
 * 'References:' with one reference a line, as paragraphs ('' when the question has none of them).
 */
export function feedbackWithNotes(question: {
  explanation: string;
  objective: string;
  references: readonly QuestionReference[];
}): string {
  const paragraphs = [question.explanation.trim()];
  if (question.objective.trim()) paragraphs.push(`Objective: ${question.objective.trim()}`);
  if (question.references.length > 0) {
    paragraphs.push(['References:', ...question.references.map(referenceLine)].join('\n'));
  }
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
}

/**
 * A general feedback split into the explanation and the notes feedbackWithNotes writes: a last paragraph
 * starting 'Objective:' and a closing 'References:' list, each starting a paragraph. Notes that would not
 * be valid (a sixth reference, an over-long objective, a javascript: link) are left in the explanation,
 * as written, rather than refusing a question for its feedback.
 */
export function readFeedbackNotes(feedback: string): {
  explanation: string;
  objective: string;
  references: ReferenceInput[];
} {
  const whole = { explanation: feedback.trim(), objective: '', references: [] };
  const lines = feedback.split(/\r\n|\r|\n/);
  const startsParagraph = (index: number) => index === 0 || lines[index - 1]?.trim() === '';

  let end = lines.length;
  let references: ReferenceInput[] = [];
  const referencesAt = lines.findLastIndex((line, i) => REFERENCES.test(line.trim()) && startsParagraph(i));
  const listed = referencesAt === -1 ? [] : lines.slice(referencesAt + 1).filter((line) => line.trim());
  // A 'References:' line with nothing under it is text, not an empty list.
  if (listed.length > 0) {
    references = listed.map(readReferenceLine);
    end = referencesAt;
  }
  while (end > 0 && lines[end - 1]?.trim() === '') end -= 1;

  let objective = '';
  // The objective is the last paragraph before the references: from its 'Objective:' line to `end`.
  let start = end;
  while (start > 0 && lines[start - 1]?.trim() !== '') start -= 1;
  if (start < end && OBJECTIVE.test(lines[start]?.trimStart() ?? '')) {
    objective = lines.slice(start, end).join('\n').trimStart().replace(OBJECTIVE, '').trim();
    end = start;
  }
  const checked =
    ObjectiveInputSchema.safeParse(objective).success && ReferencesInputSchema.safeParse(references).success;
  if (!checked) return whole;
  return { explanation: lines.slice(0, end).join('\n').trim(), objective, references };
}
