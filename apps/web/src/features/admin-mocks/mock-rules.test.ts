import { describe, expect, it } from 'vitest';
import type { AdminMock } from '@mlp/contract';
import { checkMockForm, groupMocks, mockFormValues, toLocalInput } from './mock-rules.ts';

const mock = (title: string, state: AdminMock['state'], opensAt: string): AdminMock => ({
  _id: title,
  exam: { _id: 'e', title: 'Exam' },
  title,
  opensAt,
  closesAt: opensAt,
  timeLimitMinutes: 60,
  lateStart: 'full',
  release: 'at_close',
  releaseAt: null,
  resultsAt: opensAt,
  state,
  sittings: 0,
});

describe('mock rules', () => {
  it('groups mocks: open and upcoming soonest first, closed and cancelled latest first', () => {
    const groups = groupMocks([
      mock('b', 'upcoming', '2030-01-02T00:00:00Z'),
      mock('a', 'upcoming', '2030-01-01T00:00:00Z'),
      mock('c', 'closed', '2029-01-01T00:00:00Z'),
      mock('d', 'cancelled', '2029-06-01T00:00:00Z'),
      mock('e', 'open', '2029-12-01T00:00:00Z'),
    ]);
    expect(groups.upcoming.map((m) => m.title)).toEqual(['a', 'b']);
    expect(groups.closed.map((m) => m.title)).toEqual(['d', 'c']);
    expect(groups.open.map((m) => m.title)).toEqual(['e']);
  });

  it('turns the local times of the form into the body, and keeps the editing values', () => {
    const values = {
      ...mockFormValues(undefined, new Date(2030, 0, 1, 8, 30)),
      examId: '0190f3a2-0000-7000-8000-0000000000e1',
      title: 'Mock',
    };
    expect(values.opensAt).toBe('2030-01-01T09:00');
    const checked = checkMockForm(values);
    expect(checked.ok && checked.body.opensAt).toBe(new Date(2030, 0, 1, 9, 0).toISOString());
    const edited = mockFormValues(mock('x', 'upcoming', '2030-01-01T10:00:00.000Z'));
    expect(edited.opensAt).toBe(toLocalInput('2030-01-01T10:00:00.000Z'));
    expect(edited.timeLimitMinutes).toBe('60');
  });

  it('names one problem a field, in the contract’s words', () => {
    const checked = checkMockForm({ ...mockFormValues(), examId: '', title: '', timeLimitMinutes: '' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.fromEntries(checked.issues.map((i) => [i.path, i.message]))).toMatchObject({
      examId: 'Choose the exam to sit.',
      title: 'Give the mock a title.',
      timeLimitMinutes: 'The time limit must be a whole number of minutes from 1 to 600.',
    });
  });
});
