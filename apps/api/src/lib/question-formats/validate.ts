import { normaliseRationales, QuestionBodySchema } from '@mlp/contract';
import type { ImportRefusal } from '@mlp/contract';
import type { ParseResult } from './types.ts';

/** A question as a file gave it, before the rules of manual question creation are applied. */
export interface QuestionCandidate {
  question: string;
  options: string[];
  /** zero-based; -1 when the file names no correct option */
  correctAnswer: number;
  explanation?: string;
  topic?: string | null;
  /** one per option in the options' order ('' for none); fewer is fine, more is refused */
  rationales?: string[];
  objective?: string;
  references?: Array<{ title: string; url: string | null }>;
}

/**
 * The reason a question holding media is refused: its images, audio or video are not imported, and a
 * question that shows "which rhythm is this?" without its ECG cannot be answered.
 */
export const MEDIA_REFUSAL =
  'Contains media that is not imported (an image, audio or video): without it the question cannot be answered. Add the question by hand with its image.';

/**
 * Whether a text as written in the file (before HTML becomes plain text) holds media: Moodle's
 * @@PLUGINFILE@@ links to the files it embeds, or an image, audio, video or embedded object.
 */
export function holdsMedia(raw: string): boolean {
  return /@@PLUGINFILE@@|<(?:img|audio|video|source|object|embed|iframe)\b/i.test(raw);
}

const EXCERPT_LENGTH = 80;

/** The start of a question's text, on one line, to recognise a refused row by. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}\u2026` : line;
}

/**
 * Collects a file's questions, each checked with the same schema as manual question creation
 * (QuestionBodySchema: 4–6 different options, one correct answer, length limits).
 */
export class ParseCollector {
  readonly result: ParseResult = { questions: [], refused: [] };
  private items = 0;

  /** Counts the next question or row of the file and returns its 1-based position. */
  next(): number {
    this.items += 1;
    return this.items;
  }

  refuse(item: number, line: number | null, text: string, reason: string): void {
    const refusal: ImportRefusal = { item, line, excerpt: excerptOf(text), reason };
    this.result.refused.push(refusal);
  }

  /** Applies the rules of a hand-written question; a question that breaks one is refused with its message. */
  add(item: number, line: number | null, candidate: QuestionCandidate): void {
    if (candidate.correctAnswer < 0) {
      this.refuse(item, line, candidate.question, 'No correct answer is marked');
      return;
    }
    const parsed = QuestionBodySchema.safeParse({
      question: candidate.question,
      options: candidate.options,
      correctAnswer: candidate.correctAnswer,
      explanation: candidate.explanation ?? '',
      topic: candidate.topic ?? '',
      // Trailing empty rationales are no rationale: a 4-option row with six rationale columns is fine.
      rationales: withoutTrailingEmpty(candidate.rationales ?? []),
      objective: candidate.objective ?? '',
      references: candidate.references ?? [],
    });
    if (!parsed.success) {
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      this.refuse(item, line, candidate.question, reasons.join('; '));
      return;
    }
    const { question, options, correctAnswer, explanation, topic, rationales, objective, references } =
      parsed.data;
    this.result.questions.push({
      item,
      line,
      question,
      options,
      correctAnswer,
      explanation,
      topic,
      rationales: normaliseRationales(rationales, options.length),
      objective: objective ?? '',
      references: references ?? [],
    });
  }
}

function withoutTrailingEmpty(texts: string[]): string[] {
  const last = texts.findLastIndex((text) => text.trim() !== '');
  return texts.slice(0, last + 1);
}
