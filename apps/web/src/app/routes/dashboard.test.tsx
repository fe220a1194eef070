import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import DashboardRoute from './dashboard.tsx';

function dashboardApi(inProgress: unknown[]) {
  return stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/exams/user/recent': () => json({ recent: [], inProgress }),
    'GET /api/subscriptions/user': () =>
      json({ subscriptions: [], page: 1, pages: 1, total: 0, activeCount: 0 }),
    'GET /api/exams/user/history': () => json({ history: [], page: 1, pages: 1, total: 0 }),
  });
}

describe('dashboard: exams in progress (ADR 0018)', () => {
  it("lists an exam in progress with a 'Continue' button to its take page, still with three calls", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = dashboardApi([
      {
        attemptId: 'attempt-1',
        examId: 'exam-9',
        examTitle: 'Renal physiology',
        startedAt: '2025-03-05T10:00:00.000Z',
        answered: 3,
        totalQuestions: 20,
      },
    ]);
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Exams in Progress' });
    expect(within(section).getByText('Renal physiology')).toBeTruthy();
    expect(within(section).getByText(/3 of 20 answered/)).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Continue' });
    expect(link.getAttribute('href')).toBe('/exams/exam-9/take');
    expect(link.getAttribute('aria-describedby')).toBe('in-progress-attempt-1');
    expect(
      requests.filter((r) => r.path.startsWith('/api/exams/') || r.path.startsWith('/api/subscriptions')),
    ).toHaveLength(3);
  });

  it('shows no in-progress section when nothing is open', async () => {
    window.localStorage.setItem('token', 'learner-token');
    dashboardApi([]);
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Exams in Progress' })).toBeNull();
  });
});
