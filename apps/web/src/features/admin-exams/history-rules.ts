import type { QuestionContentField, QuestionVersionContent, QuestionVersionSource } from '@mlp/contract';

/* A question's history in words (decision 0050), free of React so it can be tested directly. */

/** How a version came about, as its entry says it. */
export const VERSION_SOURCE_TEXT: Record<QuestionVersionSource, string> = {
  existing: 'As it was when histories began',
  created: 'Written',
  'ai-draft': 'Drafted by AI',
  imported: 'Imported',
  edited: 'Edited',
  'second-opinion': 'AI suggestion applied',
  'bulk-topic': 'Topic set with others',
  'topic-renamed': 'Topic renamed',
  'topic-merged': 'Topics merged',
  'topic-removed': 'Topic removed',
  restored: 'Restored',
};

const FIELD_TEXT: Record<QuestionContentField, string> = {
  question: 'question',
  options: 'options',
  correctAnswer: 'correct answer',
  explanation: 'explanation',
  rationales: 'rationales',
  objective: 'learning objective',
  references: 'references',
  topic: 'topic',
  image: 'image',
  explanationImage: 'explanation image',
};

/** 'Changed: correct answer, topic', or 'No content changed' for a version that changed nothing shown. */
export function changedFieldsText(fields: readonly QuestionContentField[]): string {
  if (fields.length === 0) return 'No content changed';
  const words = fields.map((field) => FIELD_TEXT[field]);
  return `Changed: ${words.join(', ')}`;
}

/** The images that differ between two versions, named by their description ('None' when absent). */
export function imageChanges(
  before: QuestionVersionContent,
  after: QuestionVersionContent,
): Array<{ field: 'image' | 'explanationImage'; before: string | null; after: string | null }> {
  return (['image', 'explanationImage'] as const).flatMap((field) => {
    const old = before[field];
    const next = after[field];
    if ((old?.hash ?? null) === (next?.hash ?? null) && (old?.alt ?? null) === (next?.alt ?? null)) return [];
    return [{ field, before: old ? `“${old.alt}”` : null, after: next ? `“${next.alt}”` : null }];
  });
}
