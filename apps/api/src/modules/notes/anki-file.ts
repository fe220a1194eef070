/*
 * Questions as a file Anki imports (decision 0059, 'Take it to Anki'): Anki's documented text import, one
 * note a line, tab-separated, with the file headers Anki 2.1.55 and later read (`#separator`, `#html`,
 * `#deck`, `#guid column`, `#tags column`), so the import needs no choices. Fields are HTML: every text of
 * the question is escaped, line breaks become <br>, and no field holds a tab or a line break, so no field
 * needs quoting. Each note's GUID is the question's id, so importing a newer file updates the notes it
 * already made instead of adding copies.
 */

import type { QuestionVersionContent } from '@mlp/contract';

export interface AnkiQuestion extends Pick<
  QuestionVersionContent,
  'question' | 'options' | 'correctAnswer' | 'explanation' | 'rationales' | 'objective' | 'references'
> {
  id: string;
  topic: string;
  examTitle: string;
  /** the learner's own note on it, if any */
  note: string | null;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Text as HTML: the five special characters escaped, line breaks as <br>, tabs as spaces. */
export function ankiHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\t/g, ' ')
    .replace(/\r\n?|\n/g, '<br>');
}

/**
 * A tag part: lower case, runs of anything but letters and digits as one '-', none at either end
 * ('Acute Kidney Injury (AKI)' → 'acute-kidney-injury-aki'); 'untitled' when nothing is left. Anki tags
 * hold no spaces, and '::' nests them (`exam::cardiology-finals`).
 */
export function ankiTagPart(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'untitled';
}

function front(question: AnkiQuestion): string {
  const options = question.options
    .map((option, index) => `<li><b>${LETTERS[index] ?? index + 1}.</b> ${ankiHtml(option)}</li>`)
    .join('');
  return `<div>${ankiHtml(question.question)}</div><ul style="list-style:none;padding-left:0">${options}</ul>`;
}

function back(question: AnkiQuestion): string {
  const key = question.options[question.correctAnswer] ?? '';
  const parts = [
    `<p><b>Answer: ${LETTERS[question.correctAnswer] ?? question.correctAnswer + 1}.</b> ${ankiHtml(key)}</p>`,
  ];
  if (question.explanation.trim()) parts.push(`<p>${ankiHtml(question.explanation.trim())}</p>`);
  const rationales = question.options
    .map((option, index) => ({
      letter: LETTERS[index] ?? String(index + 1),
      why: question.rationales[index]?.trim(),
    }))
    .filter((item) => item.why);
  if (rationales.length > 0)
    parts.push(
      `<ul>${rationales.map((item) => `<li><b>${item.letter}.</b> ${ankiHtml(item.why!)}</li>`).join('')}</ul>`,
    );
  if (question.objective.trim()) parts.push(`<p><b>Remember:</b> ${ankiHtml(question.objective.trim())}</p>`);
  const references = question.references.filter((reference) => reference.title.trim());
  if (references.length > 0)
    parts.push(
      `<p><small>${references
        .map((reference) =>
          reference.url && /^https?:\/\//i.test(reference.url)
            ? `<a href="${ankiHtml(reference.url)}">${ankiHtml(reference.title)}</a>`
            : ankiHtml(reference.title),
        )
        .join('<br>')}</small></p>`,
    );
  if (question.note?.trim()) parts.push(`<p><b>My note:</b> ${ankiHtml(question.note.trim())}</p>`);
  return parts.join('');
}

/** The whole file: headers, then one line a question (GUID, Front, Back, tags). */
export function ankiFile(questions: AnkiQuestion[], deck: string): string {
  const headers = [
    '#separator:tab',
    '#html:true',
    `#deck:${deck.replace(/[\t\r\n]+/g, ' ')}`,
    '#guid column:1',
    '#tags column:4',
  ];
  const lines = questions.map((question) =>
    [
      `mlp-${question.id}`,
      front(question),
      back(question),
      `exam::${ankiTagPart(question.examTitle)} topic::${ankiTagPart(question.topic)}`,
    ].join('\t'),
  );
  return `${[...headers, ...lines].join('\n')}\n`;
}
