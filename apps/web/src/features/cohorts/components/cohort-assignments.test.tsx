import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerAssignment } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { renderPage } from '../../../test/render.tsx';
import { CohortAssignments } from './cohort-assignments.tsx';

function buildAssignment(overrides: Partial<LearnerAssignment> = {}): LearnerAssignment {
  return {
    _id: '0190f3a2-0000-7000-8000-0000000000b1',
    title: 'Week 1 exam',
    cohortName: 'Year 3 finals',
    examId: '0190f3a2-0000-7000-8000-0000000000e1',
    mockId: null,
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

  it('shows nothing without assignments', async () => {
    signIn();
    const requests = stubFetch({ 'GET /api/cohorts/assignments': () => json({ assignments: [] }) });
    const { container } = renderPage(<CohortAssignments />, { url: '/dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.some((r) => r.path === '/api/cohorts/assignments')).toBe(true);
    expect(container.textContent).toBe('');
  });
});
