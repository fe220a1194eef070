import type { ImportRefusal } from '@mlp/contract';
import { excerptOf } from '../../lib/question-formats/validate.ts';
import type { ParsedQuestion, ParseResult } from '../../lib/question-formats/index.ts';

/** A question text compared ignoring case and spacing (as AI drafts are, question-drafts.ts). */
export function normaliseQuestion(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * What an import into this exam would do with a parsed file (pure): a topic must be one of the exam's
 * topics (matched ignoring case, stored as the exam lists it); a question the exam already has, or that
 * an earlier row of the file has, is refused. Refusals come back in file order.
 */
export function planImport(
  parsed: ParseResult,
  exam: { topics: string[]; existingQuestions: string[] },
): ParseResult {
  const topics = new Map(exam.topics.map((topic) => [topic.toLowerCase(), topic]));
  const known = new Set(exam.existingQuestions.map(normaliseQuestion));
  const firstItem = new Map<string, number>();
  const questions: ParsedQuestion[] = [];
  const refused: ImportRefusal[] = [...parsed.refused];
  const refuse = (q: ParsedQuestion, reason: string) =>
    refused.push({ item: q.item, line: q.line, excerpt: excerptOf(q.question), reason });

  for (const q of parsed.questions) {
    const key = normaliseQuestion(q.question);
    if (known.has(key)) {
      refuse(q, 'The exam already has this question');
      continue;
    }
    const earlier = firstItem.get(key);
    if (earlier !== undefined) {
      refuse(q, `The same question as question ${earlier} of the file`);
      continue;
    }
    let topic: string | null = null;
    if (q.topic) {
      topic = topics.get(q.topic.toLowerCase()) ?? null;
      if (!topic) {
        refuse(
          q,
          exam.topics.length > 0
            ? `The topic "${q.topic}" is not one of this exam's topics (${exam.topics.join(', ')})`
            : `The topic "${q.topic}" is not one of this exam's topics (the exam has none: add it on the exam first)`,
        );
        continue;
      }
    }
    firstItem.set(key, q.item);
    questions.push({ ...q, topic });
  }
  refused.sort((a, b) => a.item - b.item);
  return { questions, refused };
}
