import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAssignment } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildItemAnalysis } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { AssignmentsSection } from './assignments-section.tsx';

const COHORT = '0190f3a2-0000-7000-8000-0000000000d1';
const ASSIGNMENT: AdminAssignment = {
  _id: '0190f3a2-0000-7000-8000-0000000000a9',
  kind: 'exam',
  title: 'Week 1 exam',
  exam: { _id: '0190f3a2-0000-7000-8000-0000000000e7', title: 'Finals paper' },
  mock: null,
  practice: null,
  dueAt: '2027-01-11T17:00:00.000Z',
  createdAt: '2027-01-04T09:00:00.000Z',
  counts: { done: 2, inProgress: 1, notStarted: 0, overdue: 0 },
};
const member = (n: number, status: 'done' | 'in_progress', score: number | null) => ({
  _id: `0190f3a2-0000-7000-8000-00000000010${n}`,
  name: `Member ${n}`,
  email: `member${n}@example.com`,
  status,
  score,
});

describe('AssignmentsSection', () => {
  it('shows who has done what with the scores’ mean, median and bands', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      [`GET /api/admin/cohorts/${COHORT}/assignments/${ASSIGNMENT._id}`]: () =>
        json({
          assignment: ASSIGNMENT,
          members: [member(1, 'done', 40), member(2, 'done', 85), member(3, 'in_progress', null)],
        }),
    });
    renderPage(
      <AssignmentsSection cohortId={COHORT} assignments={[ASSIGNMENT]} onNotice={() => undefined} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Who has done what' }));

    const scores = await screen.findByRole('region', { name: 'Scores on Week 1 exam' });
    expect(within(scores).getByText('2 members have a score: mean 63%, median 63%.')).toBeTruthy();
    const bands = within(scores)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(bands).toHaveLength(10);
    expect(bands[4]).toBe('40–49%1');
    expect(bands[8]).toBe('80–89%1');
    expect(bands.filter((text) => text?.endsWith('%0'))).toHaveLength(8);
    const table = screen.getByRole('table', { name: 'Progress on Week 1 exam' });
    expect(within(table).getByText('85%')).toBeTruthy();
    expect(within(table).getByText('—')).toBeTruthy();
  });

  it('shows how each question did in the members’ sittings, and why a practice set has no such report', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const practice: AdminAssignment = {
      ...ASSIGNMENT,
      _id: '0190f3a2-0000-7000-8000-0000000000aa',
      kind: 'practice',
      title: 'Renal warm-up',
      practice: { topics: ['Renal'], size: 10, mode: 'tutor' },
    };
    stubFetch({
      [`GET /api/admin/cohorts/${COHORT}/assignments/${ASSIGNMENT._id}/items`]: () =>
        json(buildItemAnalysis()),
    });
    renderPage(
      <AssignmentsSection
        cohortId={COHORT}
        assignments={[ASSIGNMENT, practice]}
        onNotice={() => undefined}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Questions of Renal warm-up' })).toBeNull();
    expect(
      screen.getByText('Practice set of Finals paper: 10 questions, tutor mode, Renal · Due', {
        exact: false,
      }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Questions of Week 1 exam' }));
    const table = await screen.findByRole('table', { name: 'Questions of Week 1 exam' });
    await within(table).findByText('2. Which drug is first line? (2)');
    expect(
      screen.getByRole('button', { name: 'Hide questions of Week 1 exam' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });
});
