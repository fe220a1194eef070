import { QuestionBodySchema } from '@mlp/contract';
import type { ImportRefusal } from '@mlp/contract';
import type { ParsedQuestion, ParseResult } from './types.ts';

/** A question as a file gave it, before the rules of manual question creation are applied. */
export interface QuestionCandidate {
  question: string;
  options: string[];
  /** zero-based; -1 when the file names no correct option */
  correctAnswer: number;
  explanation?: string;
  topic?: string | null;
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
    });
    if (!parsed.success) {
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      this.refuse(item, line, candidate.question, reasons.join('; '));
      return;
    }
    const question: ParsedQuestion = { item, line, ...parsed.data };
    this.result.questions.push(question);
  }
}
