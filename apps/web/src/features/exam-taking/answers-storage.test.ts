import { describe, expect, it } from 'vitest';
import { clearLocalAnswers, readLocalAnswers, restoreAnswers, saveLocalAnswers } from './answers-storage.ts';

const questions = [
  { _id: 'q1', question: 'One?', choices: ['a', 'b'], topic: 'General' },
  { _id: 'q2', question: 'Two?', choices: ['c', 'd'], topic: 'General' },
  { _id: 'q3', question: 'Three?', choices: ['e', 'f'], topic: 'General' },
];

describe('answers kept on the device', () => {
  it('round-trips per attempt and can be cleared', () => {
    saveLocalAnswers('att-1', { q1: 'a' });
    expect(readLocalAnswers('att-1')).toEqual({ q1: 'a' });
    expect(readLocalAnswers('att-2')).toEqual({});
    clearLocalAnswers('att-1');
    expect(readLocalAnswers('att-1')).toEqual({});
  });

  it('ignores broken storage', () => {
    window.localStorage.setItem('mlp:attempt-answers:att-3', '{not json');
    expect(readLocalAnswers('att-3')).toEqual({});
    window.localStorage.setItem('mlp:attempt-answers:att-4', JSON.stringify({ q1: 5, q2: 'c' }));
    expect(readLocalAnswers('att-4')).toEqual({ q2: 'c' });
  });
});

describe('restoreAnswers', () => {
  it('lays the device copy over the server copy', () => {
    expect(restoreAnswers(questions, { q1: 'a', q2: 'c' }, { q2: 'd', q3: 'e' })).toEqual({
      q1: 'a',
      q2: 'd',
      q3: 'e',
    });
  });

  it('drops answers to unknown questions or texts that are not choices', () => {
    expect(restoreAnswers(questions, { q1: 'zzz', other: 'a' }, { q2: 'nope', q3: 'f' })).toEqual({
      q3: 'f',
    });
  });
});
