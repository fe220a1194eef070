import { diffWords } from 'diff';
import { normaliseRationales, type QuestionReference, type QuestionTextContent } from '@mlp/contract';

/** What two versions of a question are compared on: a version's content but its images (decision 0050). */
export type ComparableQuestion = QuestionTextContent;
type Keyed = Pick<ComparableQuestion, 'options' | 'correctAnswer'>;

/*
 * What an AI second opinion would change in a question (decision 0042), and what one version of a
 * question changed from the one before (decision 0050), as the dialogs show them: word differences in
 * the texts, each option added, removed or changed, and the key's move in words.
 */

/** A run of words kept, removed or added. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export const OPTION_LETTERS = 'ABCDEF';

/** An option's letter as the editor shows it (A–F; a number past F). */
export function optionLetter(index: number): string {
  return OPTION_LETTERS[index] ?? String(index + 1);
}

/** Word-level differences between two texts (jsdiff's diffWords; spaces travel with their words). */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  return diffWords(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

export interface OptionChange {
  letter: string;
  /** matched by position, as the key refers to positions */
  kind: 'same' | 'changed' | 'added' | 'removed';
  before: string | null;
  after: string | null;
  parts: DiffPart[];
  /** whether this option is the key now, and in the suggestion */
  keyNow: boolean;
  keySuggested: boolean;
}

/** Each option position of either version, with what the suggestion does to it. */
export function optionChanges(current: Keyed, suggestion: Keyed): OptionChange[] {
  const count = Math.max(current.options.length, suggestion.options.length);
  return Array.from({ length: count }, (_, index) => {
    const before = current.options[index] ?? null;
    const after = suggestion.options[index] ?? null;
    const kind =
      before === null ? 'added' : after === null ? 'removed' : before === after ? 'same' : 'changed';
    return {
      letter: optionLetter(index),
      kind,
      before,
      after,
      parts:
        kind === 'changed'
          ? wordDiff(before ?? '', after ?? '')
          : [
              {
                kind: kind === 'added' ? 'added' : kind === 'removed' ? 'removed' : 'same',
                text: before ?? after ?? '',
              },
            ],
      keyNow: index === current.correctAnswer,
      keySuggested: index === suggestion.correctAnswer,
    };
  });
}

/**
 * The key's move in words, never only in colour: 'Correct answer: B → C' when it moves (or when the
 * option at its letter changes), 'Correct answer: B (unchanged)' otherwise.
 */
export function keyChangeText(current: Keyed, suggestion: Keyed): string {
  const before = optionLetter(current.correctAnswer);
  const after = optionLetter(suggestion.correctAnswer);
  return before === after ? `Correct answer: ${before} (unchanged)` : `Correct answer: ${before} → ${after}`;
}

/** Each option's rationale, one per option ('' for none), so lists of different lengths compare. */
export function rationalesOf(question: Pick<ComparableQuestion, 'options' | 'rationales'>): string[] {
  const texts = normaliseRationales(question.rationales, question.options.length);
  return texts.length > 0 ? texts : question.options.map(() => '');
}

/** References as lines of text ('NICE CG95 — https://…'), for a word diff. */
export function referencesText(references: QuestionReference[]): string {
  return references
    .map((reference) => (reference.url ? `${reference.title} — ${reference.url}` : reference.title))
    .join('\n');
}

/** Whether applying the suggestion would change anything the model may change. */
export function suggestionChanges(current: ComparableQuestion, suggestion: ComparableQuestion): boolean {
  return (
    current.question !== suggestion.question ||
    current.explanation !== suggestion.explanation ||
    current.correctAnswer !== suggestion.correctAnswer ||
    (current.topic ?? null) !== (suggestion.topic ?? null) ||
    current.options.length !== suggestion.options.length ||
    current.options.some((option, index) => option !== suggestion.options[index]) ||
    rationalesOf(current).join('\u0000') !== rationalesOf(suggestion).join('\u0000') ||
    current.objective !== suggestion.objective ||
    referencesText(current.references) !== referencesText(suggestion.references)
  );
}
