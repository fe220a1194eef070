import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnrolledCoursesResponse, InProgressExam } from '@mlp/contract';
import { buildCourseListItem, buildEnrolledCourse } from '../../features/courses/course-fixtures.ts';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import DashboardRoute from './dashboard.tsx';

function dashboardApi(inProgress: InProgressExam[], courses: EnrolledCoursesResponse = { courses: [] }) {
  return stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/exams/user/recent': () => json({ recent: [], inProgress }),
    'GET /api/subscriptions/user': () =>
      json({ subscriptions: [], page: 1, pages: 1, total: 0, activeCount: 0 }),
    'GET /api/exams/user/history': () => json({ history: [], page: 1, pages: 1, total: 0 }),
    'GET /api/courses/enrolled': () => json(courses),
  });
}

describe('dashboard: exams in progress (ADR 0018)', () => {
  it("lists an exam in progress with 'Resume' to its take page, 'Submit' and 'Discard', still with three calls", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = dashboardApi([
      {
        attemptId: 'attempt-1',
        examId: 'exam-9',
        kind: 'exam',
        mode: 'exam',
        paused: false,
        examTitle: 'Renal physiology',
        startedAt: '2025-03-05T10:00:00.000Z',
        answered: 3,
        totalQuestions: 20,
        remainingSeconds: null,
        lastActiveAt: '2025-03-05T10:05:00.000Z',
      },
    ]);
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Exams in Progress' });
    expect(within(section).getByText('Renal physiology')).toBeTruthy();
    expect(within(section).getByText(/3 of 20 answered/)).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Resume' });
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

describe('dashboard: your courses', () => {
  it("lists the learner's courses with their progress and 'Continue'", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = dashboardApi([], {
      courses: [
        buildEnrolledCourse(),
        buildEnrolledCourse({
          course: buildCourseListItem({ _id: 'c2', title: 'Prescribing safely' }),
          completedUnits: 0,
          totalUnits: 4,
          nextUnitId: 'u1',
        }),
      ],
    });
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Your courses' });
    const bar = within(section).getByRole('progressbar', { name: 'Cardiology in 3 steps' });
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 5 units complete');
    expect(
      within(section).getByRole('progressbar', { name: 'Prescribing safely' }).getAttribute('aria-valuetext'),
    ).toBe('0 of 4 units complete');
    const links = within(section).getAllByRole('link', { name: 'Continue' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/courses/c1', '/courses/c2']);
    // Read once: the card shows what the page waited for.
    expect(requests.filter((r) => r.path === '/api/courses/enrolled')).toHaveLength(1);
  });

  it('invites a learner with no course to browse them', async () => {
    window.localStorage.setItem('token', 'learner-token');
    dashboardApi([]);
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Your courses' });
    expect(within(section).getByText("You haven't enrolled in any courses yet.")).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/courses',
    );
    expect(within(section).queryByRole('progressbar')).toBeNull();
  });

  it('keeps the dashboard when only the courses fail to load', async () => {
    window.localStorage.setItem('token', 'learner-token');
    let fail = true;
    const requests = stubFetch({
      'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
      'GET /api/exams/user/recent': () => json({ recent: [], inProgress: [] }),
      'GET /api/subscriptions/user': () =>
        json({ subscriptions: [], page: 1, pages: 1, total: 0, activeCount: 0 }),
      'GET /api/exams/user/history': () => json({ history: [], page: 1, pages: 1, total: 0 }),
      'GET /api/courses/enrolled': () =>
        fail ? json({ message: 'Something went wrong' }, 400) : json({ courses: [buildEnrolledCourse()] }),
    });
    renderPage(<DashboardRoute />, { url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Your courses' });
    expect(within(section).getByText('Something went wrong')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/courses/enrolled')).toHaveLength(1);

    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Cardiology in 3 steps' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/courses/enrolled')).toHaveLength(2);
  });
});
