import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LearnerMock } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildExamResult } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { UpcomingMocks } from './upcoming-mocks.tsx';
import { MockOutcomeView } from './mock-outcome.tsx';

const NOW = Date.parse('2030-03-05T08:00:00.000Z');

function buildMock(overrides: Partial<LearnerMock> = {}): LearnerMock {
  return {
    _id: '0190f3a2-0000-7000-8000-0000000000c1',
    examId: '0190f3a2-0000-7000-8000-0000000000e1',
    examTitle: 'Cardiology finals',
    title: 'Spring mock',
    opensAt: '2030-03-05T10:30:00.000Z',
    closesAt: '2030-03-06T10:30:00.000Z',
    timeLimitMinutes: 120,
    resultsAt: '2030-03-06T10:30:00.000Z',
    state: 'upcoming',
    sitting: 'none',
    released: false,
    ...overrides,
  };
}

function signIn() {
  window.localStorage.setItem('token', 'learner-token');
}

afterEach(() => vi.useRealTimers());

describe('UpcomingMocks', () => {
  it('shows an upcoming mock with its times in local time and a countdown', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    signIn();
    stubFetch({ 'GET /api/mocks': () => json({ mocks: [buildMock()] }) });
    renderPage(<UpcomingMocks />, { url: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Mock exams' });
    expect(within(card).getByText('Spring mock')).toBeTruthy();
    expect(within(card).getByText('Cardiology finals · 120 minutes, one attempt')).toBeTruthy();
    expect(
      within(card).getByText(
        `Opens ${formatDateTime('2030-03-05T10:30:00.000Z')} · Closes ${formatDateTime('2030-03-06T10:30:00.000Z')}`,
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Opens in 2 h 30 min')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Start mock' })).toBeNull();
  });

  it('offers "Start mock" while open, and says when results come out once submitted', async () => {
    signIn();
    stubFetch({
      'GET /api/mocks': () =>
        json({
          mocks: [
            buildMock({ opensAt: '2020-01-01T00:00:00.000Z', state: 'open' }),
            buildMock({
              _id: '0190f3a2-0000-7000-8000-0000000000c2',
              title: 'Winter mock',
              opensAt: '2020-01-01T00:00:00.000Z',
              state: 'open',
              sitting: 'submitted',
            }),
          ],
        }),
    });
    renderPage(<UpcomingMocks />, { url: '/dashboard' });
    const start = await screen.findByRole('link', { name: 'Start mock' });
    expect(start.getAttribute('href')).toBe('/mocks/0190f3a2-0000-7000-8000-0000000000c1/take');
    expect(
      screen.getByText(`Submitted. Results on ${formatDateTime('2030-03-06T10:30:00.000Z')}`),
    ).toBeTruthy();
  });

  it('shows nothing when there is no mock', async () => {
    signIn();
    const requests = stubFetch({ 'GET /api/mocks': () => json({ mocks: [] }) });
    renderPage(<UpcomingMocks />, { url: '/dashboard' });
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/mocks')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Mock exams' })).toBeNull();
  });
});

describe('MockOutcomeView', () => {
  it('before the release: only when results come out, no score', () => {
    renderPage(
      <MockOutcomeView
        title="Mock exam result"
        outcome={{
          message: 'Submitted.',
          resultsAt: '2030-03-06T10:30:00.000Z',
          released: false,
          result: null,
          standing: null,
        }}
      />,
    );
    expect(
      screen.getByText(`Submitted. Results are released on ${formatDateTime('2030-03-06T10:30:00.000Z')}.`),
    ).toBeTruthy();
    expect(screen.queryByText(/Score|rank/i)).toBeNull();
  });

  it('after the release: the rank, percentile, score and the bands, the learner marked', () => {
    renderPage(
      <MockOutcomeView
        title="Mock exam result"
        outcome={{
          message: 'Results are out.',
          resultsAt: '2030-03-06T10:30:00.000Z',
          released: true,
          result: buildExamResult({
            score: 80,
            correctAnswers: 8,
            totalQuestions: 10,
            topics: [
              { topic: 'Cardiology', correct: 5, total: 5, score: 100 },
              { topic: 'Renal', correct: 3, total: 5, score: 60 },
              { topic: 'Neurology', correct: 0, total: 0, score: 0 },
            ],
          }),
          standing: {
            rank: 2,
            percentile: 50,
            sat: 4,
            distribution: [0, 0, 0, 0, 0, 0, 0, 1, 2, 1],
            topics: [
              { topic: 'Cardiology', correct: 30, total: 40 },
              { topic: 'Renal', correct: 10, total: 40 },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText('Rank 2 of 4')).toBeTruthy();
    expect(screen.getByText(/Score 80% \(8 of 10 correct\) · 50th percentile/)).toBeTruthy();
    expect(screen.getByText('2 (you)')).toBeTruthy();
    const topics = screen.getByRole('table', { name: 'Your topics against everyone who sat it' });
    expect(
      within(topics)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Cardiology100% (5 of 5)75%', 'Renal60% (3 of 5)25%', 'Neurology0% (0 of 0)Being counted']);
  });
});
