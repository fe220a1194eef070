import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohort } from '@mlp/contract';
import { signInAdmin } from '../../../test/admin-session.ts';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { CohortsPage } from './cohorts-page.tsx';

function buildCohort(overrides: Partial<AdminCohort> = {}): AdminCohort {
  return {
    _id: '0190f3a2-0000-7000-8000-0000000000d1',
    name: 'Year 3 finals',
    description: null,
    startsOn: '2027-01-04',
    endsOn: '2027-06-30',
    tutors: [{ _id: '0190f3a2-0000-7000-8000-0000000000a2', name: 'Dr Tutor', email: 'tutor@example.com' }],
    members: 12,
    assignments: 1,
    ...overrides,
  };
}

describe('CohortsPage', () => {
  it('lists the cohorts with their members, assignments and tutors, and lets an Owner create one', async () => {
    signInAdmin();
    stubFetch({ 'GET /api/admin/cohorts': () => json({ cohorts: [buildCohort()] }) });
    renderPage(<CohortsPage />, { url: '/admin/cohorts' });
    expect(screen.getByRole('heading', { name: 'Cohorts', level: 1 })).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Your cohorts' });
    expect(await within(list).findByText('Year 3 finals')).toBeTruthy();
    expect(within(list).getByText('12 members · 1 assignment · Tutors: Dr Tutor')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open Year 3 finals' }).getAttribute('href')).toBe(
      '/admin/cohorts/0190f3a2-0000-7000-8000-0000000000d1',
    );
    expect(await screen.findByRole('button', { name: 'New cohort' })).toBeTruthy();
  });

  it('tells a Tutor without cohorts so, without a create button', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/auth/me': () => adminMe('tutor'),
      'GET /api/admin/cohorts': () => json({ cohorts: [] }),
    });
    renderPage(<CohortsPage />, { url: '/admin/cohorts' });
    expect(await screen.findByText('You are not a tutor of any cohort yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New cohort' })).toBeNull();
  });

  it('shows the server’s refusal when the list cannot be read', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/cohorts': () =>
        json({ message: 'Your role (Editor) cannot do this. It needs Owner or Tutor.' }, 403),
    });
    renderPage(<CohortsPage />, { url: '/admin/cohorts' });
    expect(
      await screen.findByText('Your role (Editor) cannot do this. It needs Owner or Tutor.'),
    ).toBeTruthy();
  });
});
