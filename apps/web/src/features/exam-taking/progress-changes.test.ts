import { describe, expect, it } from 'vitest';
import { changedKeys, changesToSend, type Progress } from './progress-changes.ts';

const empty: Progress = { answers: {}, currentIndex: 0, flags: [], strikes: {} };

describe('changesToSend', () => {
  it('names only what differs from the acknowledged progress, with removals as null or []', () => {
    const acknowledged: Progress = {
      answers: { q1: 'A', q2: 'B' },
      currentIndex: 1,
      flags: ['q1'],
      strikes: { q3: ['C'] },
      certainties: { q1: 'sure' },
    };
    const latest: Progress = {
      answers: { q1: 'A', q3: 'D' },
      currentIndex: 2,
      flags: ['q1'],
      strikes: {},
      certainties: { q1: 'sure', q3: 'guessing' },
    };
    expect(changesToSend(acknowledged, latest, []).changes).toEqual({
      answers: { q2: null, q3: 'D' },
      strikes: { q3: [] },
      certainties: { q3: 'guessing' },
    });
  });

  it('sends nothing for the same progress in another order, and the whole flag list when it changed', () => {
    const a: Progress = { ...empty, flags: ['q1', 'q2'], strikes: { q1: ['A', 'B'] } };
    const b: Progress = { ...empty, flags: ['q2', 'q1'], strikes: { q1: ['B', 'A'] } };
    expect(changesToSend(a, b, []).changes).toEqual({});
    expect(changesToSend(a, { ...b, flags: ['q2'] }, []).changes).toEqual({ flags: ['q2'] });
  });

  it('names again what an unacknowledged save named, with its latest value, even where it is back as acknowledged', () => {
    // Sent q1 = A (not acknowledged yet), then the learner took it back: the server may hold A.
    const inDoubt = changedKeys(empty, { ...empty, answers: { q1: 'A' }, flags: ['q1'] });
    const { changes, keys } = changesToSend(empty, { ...empty, answers: { q2: 'B' } }, [inDoubt]);
    expect(changes).toEqual({ answers: { q1: null, q2: 'B' }, flags: [] });
    expect([...keys.answers].sort()).toEqual(['q1', 'q2']);
    expect(keys.flags).toBe(true);
  });
});
