import { describe, expect, it } from 'vitest';
import type { Reveal } from '@mlp/contract';
import {
  hasUncheckedPick,
  isBlocked,
  selectedChoice,
  sittingReducer,
  startSitting,
  toggled,
  type SittingAction,
  type SittingState,
} from './sitting-state.ts';

const ids = ['q1', 'q2', 'q3'];
const run = (state: SittingState, ...actions: SittingAction[]) => actions.reduce(sittingReducer, state);
const reveal = (questionId: string, answer: string): Reveal => ({
  questionId,
  answer,
  correctAnswer: 'A',
  isCorrect: answer === 'A',
  explanation: '',
  rationales: [],
  objective: '',
  references: [],
  explanationImage: null,
});

describe('the sitting state (decision 0062)', () => {
  it('starts where the server left it, clamped to the sitting, and tutor answers come from the reveals', () => {
    expect(startSitting({ questionIds: ids, index: 9 }).index).toBe(2);
    expect(startSitting({ questionIds: ids, index: -1 }).index).toBe(0);
    expect(startSitting({ questionIds: [], index: 3 }).index).toBe(0);
    const tutor = startSitting({ questionIds: ids, tutor: true, reveals: [reveal('q2', 'B')], answers: {} });
    expect(tutor.answers).toEqual({ q2: 'B' });
    expect(Object.keys(tutor.reveals)).toEqual(['q2']);
    expect(startSitting({ questionIds: ids, paused: true }).stage).toBe('paused');
  });

  it('chooses, and an option is the answer or struck out, never both', () => {
    let state = startSitting({ questionIds: ids });
    state = run(
      state,
      { type: 'strike', questionId: 'q1', choice: 'B' },
      { type: 'choose', questionId: 'q1', choice: 'B' },
    );
    expect(state.answers).toEqual({ q1: 'B' });
    expect(state.strikes).toEqual({});
    state = run(state, { type: 'strike', questionId: 'q1', choice: 'B' });
    expect(state.answers).toEqual({});
    expect(state.strikes).toEqual({ q1: ['B'] });
    // Striking another option leaves the answer alone.
    state = run(
      state,
      { type: 'choose', questionId: 'q1', choice: 'A' },
      { type: 'strike', questionId: 'q1', choice: 'C' },
    );
    expect(state.answers).toEqual({ q1: 'A' });
    expect(state.strikes).toEqual({ q1: ['B', 'C'] });
  });

  it('tutor: picks until checked, locks on the reveal, and asks before moving past an unchecked pick', () => {
    let state = startSitting({ questionIds: ids, tutor: true });
    state = run(state, { type: 'choose', questionId: 'q1', choice: 'C' });
    expect(selectedChoice(state, 'q1')).toBe('C');
    expect(state.answers).toEqual({});
    expect(hasUncheckedPick(state, 'q1')).toBe(true);
    state = run(state, { type: 'go', to: 1 });
    expect(state.index).toBe(0);
    expect(state.pendingMove).toBe(1);
    expect(run(state, { type: 'move-cancelled' })).toMatchObject({ index: 0, pendingMove: null });
    expect(run(state, { type: 'move-confirmed' })).toMatchObject({ index: 1, pendingMove: null });
    expect(run(state, { type: 'go', to: 2, force: true })).toMatchObject({ index: 2, pendingMove: null });
    state = run(
      state,
      { type: 'move-cancelled' },
      { type: 'check-started' },
      { type: 'revealed', reveal: reveal('q1', 'C') },
    );
    expect(state).toMatchObject({ checking: false, answers: { q1: 'C' }, picked: {} });
    // Locked: choosing or striking changes nothing, and moving on no longer asks.
    expect(run(state, { type: 'choose', questionId: 'q1', choice: 'A' })).toBe(state);
    expect(run(state, { type: 'strike', questionId: 'q1', choice: 'A' })).toBe(state);
    expect(run(state, { type: 'go', to: 1 }).index).toBe(1);
  });

  it('keeps a failed check message until the next pick or move', () => {
    let state = startSitting({ questionIds: ids, tutor: true });
    state = run(state, { type: 'choose', questionId: 'q1', choice: 'A' }, { type: 'check-started' });
    state = run(state, { type: 'check-failed', message: 'Not saved' });
    expect(state).toMatchObject({ checking: false, checkError: 'Not saved' });
    expect(run(state, { type: 'choose', questionId: 'q1', choice: 'B' }).checkError).toBeNull();
  });

  it('blocks answering and moving while confirming, paused, out of time or submitted', () => {
    const open = startSitting({ questionIds: ids });
    const confirming = run(open, { type: 'confirm', open: true });
    expect(isBlocked(confirming)).toBe(true);
    expect(run(confirming, { type: 'choose', questionId: 'q1', choice: 'A' })).toBe(confirming);
    expect(run(confirming, { type: 'go', to: 2 })).toBe(confirming);
    expect(run(confirming, { type: 'confirm', open: false }).stage).toBe('answering');
    const paused = run(open, { type: 'paused', paused: true });
    expect(run(paused, { type: 'confirm', open: true }).stage).toBe('paused');
    expect(run(paused, { type: 'paused', paused: false }).stage).toBe('answering');
    const over = run(open, { type: 'time-up' });
    expect(run(over, { type: 'paused', paused: true }).stage).toBe('time-up');
    expect(run(over, { type: 'submitted' }, { type: 'time-up' }).stage).toBe('submitted');
    // Flags and moves clamp; a flag toggles.
    expect(run(open, { type: 'go', to: 99 }).index).toBe(2);
    expect(run(open, { type: 'flag', questionId: 'q2' }, { type: 'flag', questionId: 'q3' }).flags).toEqual([
      'q2',
      'q3',
    ]);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('sets and clears how sure the learner was', () => {
    const state = run(
      startSitting({ questionIds: ids, certainties: { q2: 'guessing' } }),
      { type: 'certainty', questionId: 'q1', certainty: 'sure' },
      { type: 'certainty', questionId: 'q2', certainty: null },
    );
    expect(state.certainties).toEqual({ q1: 'sure' });
  });
});
