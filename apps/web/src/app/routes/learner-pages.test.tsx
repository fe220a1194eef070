import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { expectTryAgainRefetches } from '../../test/try-again.ts';
import { routes } from '../router.tsx';
import { buildExamPublic } from '../../test/factories.ts';

const renderApp = (url: string) => renderRoutes(routes, url);

const me = () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' });
const signIn = () => window.localStorage.setItem('token', 'learner-token');

function subscription(id: string, isActive = true): Subscription {
  return {
    _id: `sub-${id}`,
    examId: `exam-${id}`,
    exam: { _id: `exam-${id}`, title: `Exam ${id}`, description: '', available: true },
    autoRenew: false,
    isFree: true,
    startDate: '2025-03-01T00:00:00.000Z',
    endDate: new Date(2025, 3, 1, 12).toISOString(),
    isActive,
    cancelledAt: null,
    paymentData: null,
    renewal: null,
  };
}

const recent = {
  recent: [
    {
      examId: 'exam-a',
      examTitle: 'Exam a',
      lastResultId: 'res-1',
      lastScore: 80,
      lastTakenAt: '2025-03-05T10:00:00.000Z',
      attempts: 2,
    },
  ],
  inProgress: [],
};

function dashboardApi(
  subscriptions: Subscription[],
  activeCount: number,
  overrides: Record<string, (r: RecordedRequest) => Response> = {},
) {
  return stubFetch({
    'GET /api/users/me': me,
    'GET /api/exams/user/recent': () => json(recent),
    'GET /api/subscriptions/user': () =>
      json({ subscriptions, page: 1, pages: 1, total: subscriptions.length, activeCount }),
    'GET /api/exams/user/history': () => json({ history: [], page: 1, pages: 1, total: 4 }),
    'GET /api/courses/enrolled': () => json({ courses: [] }),
    ...overrides,
  });
}

describe('/dashboard', () => {
  it('makes the three calls together and lists up to 3 active subscriptions', async () => {
    signIn();
    const requests = dashboardApi(
      ['a', 'b', 'c', 'd'].map((id) => subscription(id)).concat(subscription('x', false)),
      4,
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Medical Learning Platform'));
    for (const path of ['/api/exams/user/recent', '/api/subscriptions/user', '/api/exams/user/history']) {
      expect(requests.filter((r) => r.path === path)).toHaveLength(1);
    }

    const section = screen.getByRole('region', { name: 'Your Active Subscriptions' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Expires: April 1, 2025')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'View' })
        .getAttribute('href'),
    ).toBe('/exams/exam-a');
    expect(
      within(section).getByRole('link', { name: 'View All Subscriptions (4)' }).getAttribute('href'),
    ).toBe('/my-exams');
    expect(screen.getByRole('link', { name: 'My Exams' }).getAttribute('href')).toBe('/my-exams');
    expect(screen.getByRole('link', { name: 'View Exam Results' }).getAttribute('href')).toBe(
      '/exams/history',
    );

    const recentSection = screen.getByRole('region', { name: 'Recent Exams' });
    expect(within(recentSection).getByText('Latest score: 80%')).toBeTruthy();
    expect(within(recentSection).getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe(
      '/exams/results/res-1',
    );
  });

  it('invites the learner to browse when nothing is active', async () => {
    signIn();
    dashboardApi([subscription('x', false)], 0);
    renderApp('/dashboard');
    expect(await screen.findByText("You don't have any active subscriptions.")).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Your Active Subscriptions' });
    expect(within(section).getByRole('link', { name: 'Browse Exams' }).getAttribute('href')).toBe('/exams');
    expect(screen.queryByRole('link', { name: /View All Subscriptions/ })).toBeNull();
  });

  it('is replaced by the error when any call fails', async () => {
    signIn();
    const requests = dashboardApi([], 0, {
      'GET /api/exams/user/history': () => new Response(null, { status: 400 }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Error fetching dashboard data')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/exams/user/history');
    expect(screen.queryByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeNull();
  });
});

describe('/exams/{id}', () => {
  const exam = buildExamPublic();

  it('shows the exam; a visitor who subscribes logs in and comes back to it', async () => {
    stubFetch({
      'GET /api/exams/exam-1': () => json(exam),
      'GET /api/users/check-email-service': () =>
        json({ environment: 'production', emailServiceWorking: true }),
      'POST /api/users/login': () => json({ token: 'fresh' }),
      'GET /api/users/me': me,
      'GET /api/subscriptions/status/exam-1': () => json({ isActive: false, subscription: null }),
    });
    const router = renderApp('/exams/exam-1');
    expect(await screen.findByRole('heading', { name: 'Cardiology Basics' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cardiology Basics | Medical Learning Platform'));
    expect(screen.getByText('£4.99 / month')).toBeTruthy();
    expect(screen.getByText('25 questions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Exams' }).getAttribute('href')).toBe('/exams');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Exam' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Cardiology Basics' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exams/exam-1');
    expect(await screen.findByRole('button', { name: 'Subscribe to Exam' })).toBeTruthy();
  });

  it("shows what is inside the exam with the sitting's own mode descriptions (decision 0061)", async () => {
    stubFetch({
      'GET /api/exams/exam-1': () => json(exam),
      'GET /api/exams/exam-1/inside': () =>
        json({
          examId: 'exam-1',
          topics: [{ topic: 'Arrhythmia', questionCount: 30 }],
          questionCount: 30,
          modes: ['exam', 'timed'],
          questionsPerSitting: 25,
          secondsPerQuestion: 90,
          samples: [],
        }),
    });
    renderApp('/exams/exam-1');
    expect(await screen.findByRole('heading', { name: "What's inside" })).toBeTruthy();
    expect(screen.getByText('The exam as it is: answers and explanations when you submit.')).toBeTruthy();
    expect(screen.getByText('Timed: 37 min 30 s in all, 90 s a question')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Try a sample question' })).toBeNull();
  });

  it("shows 'Exam not found' for an unknown exam", async () => {
    stubFetch({ 'GET /api/exams/nope': () => json({ message: 'Exam not found' }, 404) });
    renderApp('/exams/nope');
    expect(await screen.findByText('Exam not found')).toBeTruthy();
  });

  it("shows 'Error fetching exam details' for other failures", async () => {
    const requests = stubFetch({ 'GET /api/exams/exam-1': () => new Response(null, { status: 400 }) });
    renderApp('/exams/exam-1');
    expect(await screen.findByText('Error fetching exam details')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/exams/exam-1');
  });

  it('routes /exams/history to the history page, not to an exam called "history"', async () => {
    signIn();
    const requests = stubFetch({
      'GET /api/users/me': me,
      'GET /api/exams/user/history': () => json({ history: [], page: 1, pages: 1, total: 0 }),
    });
    renderApp('/exams/history');
    expect(await screen.findByRole('heading', { name: 'Exam History' })).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/exams/history')).toBe(false);
  });
});
