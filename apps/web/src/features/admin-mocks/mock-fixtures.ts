import type { AdminMock } from '@mlp/contract';

/* What the mock panel's tests answer with, typed by the contract. */

export const MOCK_ID = '0190f3a2-0000-7000-8000-0000000000c1';
export const EXAM_ID = '0190f3a2-0000-7000-8000-0000000000e1';

/** A live mock as the panel lists it: 'Spring mock' of Cardiology finals, upcoming, results at the close. */
export function buildMock(overrides: Partial<AdminMock> = {}): AdminMock {
  return {
    _id: MOCK_ID,
    exam: { _id: EXAM_ID, title: 'Cardiology finals' },
    title: 'Spring mock',
    opensAt: '2030-03-05T09:00:00.000Z',
    closesAt: '2030-03-06T09:00:00.000Z',
    timeLimitMinutes: 120,
    lateStart: 'full',
    release: 'at_close',
    releaseAt: null,
    resultsAt: '2030-03-06T09:00:00.000Z',
    state: 'upcoming',
    sittings: 0,
    ...overrides,
  };
}
