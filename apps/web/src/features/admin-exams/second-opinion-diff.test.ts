import { describe, expect, it } from 'vitest';
import type { AdminQuestion, SuggestedQuestion } from '@mlp/contract';
import { buildAdminQuestion } from '../../test/factories.ts';
import { keyChangeText, optionChanges, suggestionChanges, wordDiff } from './second-opinion-diff.ts';

const current: AdminQuestion = buildAdminQuestion({
  question: 'Which drug improves survival?',
  options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'],
  correctAnswer: 1,
  explanation: 'Loop diuretics relieve congestion.',
  topic: 'Heart failure',
});

const same: SuggestedQuestion = {
  question: current.question,
  options: [...current.options],
  correctAnswer: current.correctAnswer,
  explanation: current.explanation,
  topic: current.topic,
  rationales: [],
  objective: '',
  references: [],
};

describe('wordDiff', () => {
  it('marks removed and added words and keeps the rest', () => {
    const parts = wordDiff('Loop diuretics relieve congestion.', 'Beta-blockers relieve congestion.');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['Loop diuretics']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['Beta-blockers']);
    expect(parts.map((p) => (p.kind === 'added' ? '' : p.text)).join('')).toBe(
      'Loop diuretics relieve congestion.',
    );
  });

  it('gives one unchanged part for equal texts and nothing for two empty ones', () => {
    expect(wordDiff('Same words', 'Same words')).toEqual([{ kind: 'same', text: 'Same words' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
});

describe('optionChanges and keyChangeText', () => {
  it('matches options by position: changed, added, removed, and where the key is', () => {
    const suggestion = {
      ...same,
      options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Ramipril', 'Ivabradine'],
      correctAnswer: 2,
    };
    const rows = optionChanges(current, suggestion);
    expect(rows.map((r) => [r.letter, r.kind, r.keyNow, r.keySuggested])).toEqual([
      ['A', 'same', false, false],
      ['B', 'same', true, false],
      ['C', 'same', false, true],
      ['D', 'changed', false, false],
      ['E', 'added', false, false],
    ]);
    expect(rows[3]?.parts).toEqual([
      { kind: 'removed', text: 'Amlodipine' },
      { kind: 'added', text: 'Ramipril' },
    ]);
    expect(keyChangeText(current, suggestion)).toBe('Correct answer: B → C');
    expect(optionChanges(current, { ...same, options: same.options.slice(0, 3) }).at(-1)).toMatchObject({
      letter: 'D',
      kind: 'removed',
      parts: [{ kind: 'removed', text: 'Amlodipine' }],
    });
  });

  it('says when the key stays', () => {
    expect(keyChangeText(current, same)).toBe('Correct answer: B (unchanged)');
  });
});

describe('suggestionChanges', () => {
  it('is false for the same question and true for any field the model may change', () => {
    expect(suggestionChanges(current, same)).toBe(false);
    expect(suggestionChanges(current, { ...same, question: 'Other?' })).toBe(true);
    expect(suggestionChanges(current, { ...same, correctAnswer: 0 })).toBe(true);
    expect(suggestionChanges(current, { ...same, explanation: '' })).toBe(true);
    expect(suggestionChanges(current, { ...same, topic: null })).toBe(true);
    expect(suggestionChanges(current, { ...same, options: [...same.options, 'Extra'] })).toBe(true);
    expect(
      suggestionChanges(current, { ...same, options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'x'] }),
    ).toBe(true);
  });
});
