/*
 * The state of a sitting, one reducer for the learner's sitting and the administrator's preview (decision
 * 0062): where the learner is, what they chose, flagged and struck out, how sure they were, what tutor mode
 * revealed, and which stage the sitting is at. Pure: the screens dispatch actions and render the state; the
 * requests (saves, checks, pause, submit) stay in the screens and report back with actions.
 */
import type { Answers, Certainty, Reveal } from '@mlp/contract';
import { strikesAnswer, toggledStrike, withoutStrike } from './strikes.ts';

/**
 * answering: the questions are open; confirming: the submit dialog is open; paused: the learner paused
 * (nothing can be answered); time-up: a timed sitting reached zero and is being submitted; submitted: done.
 */
export type SittingStage = 'answering' | 'confirming' | 'paused' | 'time-up' | 'submitted';

export interface SittingState {
  /** the served questions' ids, in the order served */
  readonly questionIds: readonly string[];
  /** tutor mode: a choice is only picked until it is checked; `answers` holds the locked answers */
  readonly tutor: boolean;
  readonly index: number;
  readonly answers: Answers;
  /** tutor mode: the choice picked on each question not checked yet */
  readonly picked: Answers;
  readonly reveals: Record<string, Reveal>;
  readonly flags: string[];
  readonly strikes: Record<string, string[]>;
  readonly certainties: Record<string, Certainty>;
  readonly stage: SittingStage;
  /** tutor mode: a check of the current question's pick is on its way to the server */
  readonly checking: boolean;
  readonly checkError: string | null;
  /**
   * tutor mode: where the learner asked to go while the current question has a pick not checked yet; the
   * screen asks first (decision 0062) and then dispatches `move-confirmed` or `move-cancelled`
   */
  readonly pendingMove: number | null;
}

export type SittingAction =
  /** to another question (clamped to the sitting); `force` skips tutor mode's question about an unchecked pick */
  | { type: 'go'; to: number; force?: boolean }
  | { type: 'move-confirmed' }
  | { type: 'move-cancelled' }
  | { type: 'choose'; questionId: string; choice: string }
  | { type: 'strike'; questionId: string; choice: string }
  | { type: 'flag'; questionId: string }
  | { type: 'certainty'; questionId: string; certainty: Certainty | null }
  | { type: 'check-started' }
  | { type: 'check-failed'; message: string | null }
  | { type: 'revealed'; reveal: Reveal }
  | { type: 'confirm'; open: boolean }
  | { type: 'paused'; paused: boolean }
  | { type: 'time-up' }
  | { type: 'submitted' };

export interface SittingStart {
  questionIds: readonly string[];
  tutor?: boolean;
  index?: number;
  answers?: Answers;
  reveals?: readonly Reveal[];
  flags?: string[];
  strikes?: Record<string, string[]>;
  certainties?: Record<string, Certainty>;
  paused?: boolean;
  /** open with the submit dialog (ignored when paused) */
  confirming?: boolean;
}

/** The list with `item` added, or removed if it was there. */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

function clampIndex(index: number, total: number): number {
  return Math.min(Math.max(index, 0), Math.max(total - 1, 0));
}

/** The first state of a sitting: resumed where the server left it (decision 0018), or a fresh one. */
export function startSitting(start: SittingStart): SittingState {
  const tutor = start.tutor ?? false;
  const reveals = start.reveals ?? [];
  return {
    questionIds: start.questionIds,
    tutor,
    index: clampIndex(start.index ?? 0, start.questionIds.length),
    // Tutor mode: the locked answers are the answers.
    answers: tutor
      ? Object.fromEntries(reveals.map((reveal) => [reveal.questionId, reveal.answer]))
      : (start.answers ?? {}),
    picked: {},
    reveals: Object.fromEntries(reveals.map((reveal) => [reveal.questionId, reveal])),
    flags: start.flags ?? [],
    strikes: start.strikes ?? {},
    certainties: start.certainties ?? {},
    stage: start.paused ? 'paused' : start.confirming ? 'confirming' : 'answering',
    checking: false,
    checkError: null,
    pendingMove: null,
  };
}

/** Nothing can be answered or moved while the dialog is open, the sitting is paused, over or submitted. */
export function isBlocked(state: SittingState): boolean {
  return state.stage !== 'answering';
}

/** The choice shown as selected on a question: the pick in tutor mode (until locked), else the answer. */
export function selectedChoice(state: SittingState, questionId: string): string | undefined {
  return state.tutor ? state.picked[questionId] : state.answers[questionId];
}

/** Tutor mode: whether `questionId` has a pick that is not checked yet. */
export function hasUncheckedPick(state: SittingState, questionId: string): boolean {
  return state.tutor && state.picked[questionId] !== undefined && state.reveals[questionId] === undefined;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _old, ...rest } = record;
  return rest;
}

function moveTo(state: SittingState, to: number): SittingState {
  return { ...state, index: clampIndex(to, state.questionIds.length), pendingMove: null, checkError: null };
}

/** The id of the question the learner is on (undefined only for a sitting with no questions). */
export function currentQuestionId(state: SittingState): string | undefined {
  return state.questionIds[state.index];
}

export function sittingReducer(state: SittingState, action: SittingAction): SittingState {
  switch (action.type) {
    case 'go': {
      if (isBlocked(state)) return state;
      const to = clampIndex(action.to, state.questionIds.length);
      if (to === state.index) return state;
      const current = currentQuestionId(state);
      if (!action.force && current !== undefined && hasUncheckedPick(state, current))
        return { ...state, pendingMove: to };
      return moveTo(state, to);
    }
    case 'move-confirmed':
      return state.pendingMove === null ? state : moveTo(state, state.pendingMove);
    case 'move-cancelled':
      return state.pendingMove === null ? state : { ...state, pendingMove: null };
    case 'choose': {
      const { questionId, choice } = action;
      if (isBlocked(state)) return state;
      // An option chosen is no longer struck out (strikes.ts).
      const strikes = withoutStrike(state.strikes, questionId, choice);
      if (state.tutor) {
        if (state.reveals[questionId]) return state;
        return { ...state, strikes, checkError: null, picked: { ...state.picked, [questionId]: choice } };
      }
      if (state.answers[questionId] === choice && strikes === state.strikes) return state;
      return { ...state, strikes, answers: { ...state.answers, [questionId]: choice } };
    }
    case 'strike': {
      const { questionId, choice } = action;
      if (isBlocked(state) || state.reveals[questionId]) return state;
      const strikes = toggledStrike(state.strikes, questionId, choice);
      // Striking out the chosen option takes the answer back: an option is the answer or struck, not both.
      if (!strikesAnswer(state.strikes, questionId, choice, selectedChoice(state, questionId)))
        return { ...state, strikes };
      return state.tutor
        ? { ...state, strikes, picked: without(state.picked, questionId) }
        : { ...state, strikes, answers: without(state.answers, questionId) };
    }
    case 'flag':
      return { ...state, flags: toggled(state.flags, action.questionId) };
    case 'certainty': {
      const rest = without(state.certainties, action.questionId);
      return {
        ...state,
        certainties: action.certainty ? { ...rest, [action.questionId]: action.certainty } : rest,
      };
    }
    case 'check-started':
      return { ...state, checking: true, checkError: null };
    case 'check-failed':
      return { ...state, checking: false, checkError: action.message };
    case 'revealed': {
      const { reveal } = action;
      return {
        ...state,
        checking: false,
        checkError: null,
        reveals: { ...state.reveals, [reveal.questionId]: reveal },
        answers: { ...state.answers, [reveal.questionId]: reveal.answer },
        picked: without(state.picked, reveal.questionId),
      };
    }
    case 'confirm':
      if (action.open) return state.stage === 'answering' ? { ...state, stage: 'confirming' } : state;
      return state.stage === 'confirming' ? { ...state, stage: 'answering' } : state;
    case 'paused':
      if (state.stage === 'submitted' || state.stage === 'time-up') return state;
      return { ...state, stage: action.paused ? 'paused' : 'answering', pendingMove: null };
    case 'time-up':
      return state.stage === 'submitted' ? state : { ...state, stage: 'time-up', pendingMove: null };
    case 'submitted':
      return { ...state, stage: 'submitted', pendingMove: null };
  }
}
