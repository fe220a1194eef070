import type { ImportRefusal } from '@mlp/contract';
import { excerptOf } from '../../lib/question-formats/validate.ts';
import type { ParsedQuestion, ParseResult } from '../../lib/question-formats/index.ts';

/** A question text compared ignoring case and spacing (as AI drafts are, question-drafts.ts). */
export function normaliseQuestion(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What an import would create and refuse, and the topics it would add to the exam. */
export interface ImportPlan extends ParseResult {
  /**
   * The topics of the importable questions that the exam lacks, in file order, spelt as the file first
   * spells them (one entry for 'renal' and 'Renal'). With addTopics they are the topics to add.
   */
  newTopics: string[];
}

/**
 * What an import into this exam would do with a parsed file (pure): a topic must be one of the exam's
 * topics (matched ignoring case, stored as the exam lists it), or, with `addTopics`, becomes one; a
 * question the exam already has, or that an earlier row of the file has, is refused. Refusals come back
 * in file order.
 */
export function planImport(
  parsed: ParseResult,
  exam: { topics: string[]; existingQuestions: string[] },
  addTopics = false,
): ImportPlan {
  const topics = new Map(exam.topics.map((topic) => [topic.toLowerCase(), topic]));
  const known = new Set(exam.existingQuestions.map(normaliseQuestion));
  const firstItem = new Map<string, number>();
  const questions: ParsedQuestion[] = [];
  const refused: ImportRefusal[] = [...parsed.refused];
  const newTopics = new Map<string, string>();
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
      const lower = q.topic.toLowerCase();
      topic = topics.get(lower) ?? null;
      if (!topic) {
        // Listed whether or not it is added, so the preview can offer to add it.
        if (!newTopics.has(lower)) newTopics.set(lower, q.topic);
        if (addTopics) {
          topic = newTopics.get(lower) ?? q.topic;
        } else {
          const listed = exam.topics.length > 0 ? exam.topics.join(', ') : 'it has none yet';
          refuse(
            q,
            `The topic "${q.topic}" is not one of this exam's topics (${listed}); tick "Add new topics to this exam" to add it`,
          );
          continue;
        }
      }
    }
    firstItem.set(key, q.item);
    questions.push({ ...q, topic });
  }
  refused.sort((a, b) => a.item - b.item);
  return { questions, refused, newTopics: [...newTopics.values()] };
}
