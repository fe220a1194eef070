import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerAssignment } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { buildAttempt } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { CohortAssignments } from './cohort-assignments.tsx';

function buildAssignment(overrides: Partial<LearnerAssignment> = {}): LearnerAssignment {
  return {
    _id: '0190f3a2-0000-7000-8000-0000000000b1',
    kind: 'exam',
    title: 'Week 1 exam',
    cohortName: 'Year 3 finals',
    examId: '0190f3a2-0000-7000-8000-0000000000e1',
    mockId: null,
    practice: null,
    dueAt: '2030-03-05T17:00:00.000Z',
    status: 'not_started',
    ...overrides,
  };
}

function signIn() {
  window.localStorage.setItem('token', 'learner-token');
}

describe('CohortAssignments', () => {
  it('shows each assignment with its cohort, due time in local time, status and a button to open it', async () => {
    signIn();
    stubFetch({
      'GET /api/cohorts/assignments': () =>
        json({
          assignments: [
            buildAssignment(),
            buildAssignment({
              _id: '0190f3a2-0000-7000-8000-0000000000b2',
              title: 'Spring mock',
              kind: 'mock',
              mockId: '0190f3a2-0000-7000-8000-0000000000c1',
              status: 'overdue',
            }),
            buildAssignment({ _id: '0190f3a2-0000-7000-8000-0000000000b3', title: 'Week 0', status: 'done' }),
          ],
        }),
    });
    renderPage(<CohortAssignments />, { url: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Assignments' });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      within(items[0]!).getByText(`Year 3 finals · Due ${formatDateTime('2030-03-05T17:00:00.000Z')}`),
    ).toBeTruthy();
    expect(within(items[0]!).getByText('Not started')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Open exam' }).getAttribute('href')).toBe(
      '/exams/0190f3a2-0000-7000-8000-0000000000e1',
    );
    expect(within(items[1]!).getByText('Overdue')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Open mock' }).getAttribute('href')).toBe(
      '/mocks/0190f3a2-0000-7000-8000-0000000000c1/take',
    );
    expect(within(items[2]!).getByText('Done')).toBeTruthy();
    expect(within(items[2]!).queryByRole('link')).toBeNull();
  });

  it('starts a practice set, says what it asks, and shows why it could not start', async () => {
    signIn();
    const practice = buildAssignment({
      _id: '0190f3a2-0000-7000-8000-0000000000b4',
      kind: 'practice',
      title: 'Cardiology warm-up',
      practice: { topics: ['Cardiology', 'Renal'], size: 20, mode: 'tutor' },
    });
    const paid = buildAssignment({
      _id: '0190f3a2-0000-7000-8000-0000000000b5',
      kind: 'practice',
      title: 'Paid set',
      status: 'in_progress',
      practice: { topics: [], size: 10, mode: 'exam' },
    });
    const requests = stubFetch({
      'GET /api/cohorts/assignments': () => json({ assignments: [practice, paid] }),
      [`POST /api/practice-sets/assigned/${practice._id}`]: () => json(buildAttempt({ _id: 'set-77' }), 200),
      [`POST /api/practice-sets/assigned/${paid._id}`]: () =>
        json(
          { message: "This practice set draws on Finals: subscribe to it first, on the exam's page." },
          403,
        ),
    });
    const { router } = renderPage(<CohortAssignments />, { url: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Assignments' });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(
      within(first!).getByText('Practice set: 20 questions · Tutor mode · Cardiology, Renal'),
    ).toBeTruthy();
    expect(within(second!).getByText('Practice set: 10 questions · Exam mode · All topics')).toBeTruthy();
    const user = userEvent.setup();

    await user.click(within(second!).getByRole('button', { name: 'Resume practice set' }));
    const alert = await within(second!).findByRole('alert');
    expect(alert.textContent).toContain('subscribe to it first');
    expect(within(alert).getByRole('link', { name: "Open the exam's page" }).getAttribute('href')).toBe(
      `/exams/${paid.examId}`,
    );

    await user.click(within(first!).getByRole('button', { name: 'Start practice set' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/set-77'));
    expect(
      requests.some((r) => r.method === 'POST' && r.path === `/api/practice-sets/assigned/${practice._id}`),
    ).toBe(true);
  });

  it('shows nothing without assignments', async () => {
    signIn();
    const requests = stubFetch({ 'GET /api/cohorts/assignments': () => json({ assignments: [] }) });
    const { container } = renderPage(<CohortAssignments />, { url: '/dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.some((r) => r.path === '/api/cohorts/assignments')).toBe(true);
    expect(container.textContent).toBe('');
  });
});
