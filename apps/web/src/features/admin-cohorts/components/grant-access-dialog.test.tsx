import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCohort } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { GrantAccessDialog } from './grant-access-dialog.tsx';

const COHORT: AdminCohort = {
  _id: '0190f3a2-0000-7000-8000-0000000000d1',
  name: 'Year 3 finals',
  description: null,
  startsOn: '2027-01-04',
  endsOn: '2027-06-30',
  tutors: [],
  members: 12,
  assignments: 0,
};
const EXAM = '0190f3a2-0000-7000-8000-0000000000e7';
const GRANT = `POST /api/admin/cohorts/${COHORT._id}/access`;

describe('GrantAccessDialog', () => {
  it('asks for the exam, gives access, and keeps a refusal in the dialog', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let refuse = true;
    const requests = stubFetch({
      'GET /api/admin/cohorts/assignable-exams': () =>
        json({ exams: [{ _id: EXAM, title: 'Finals paper', mocks: [], topics: [], modes: ['exam'] }] }),
      [GRANT]: () =>
        refuse
          ? json({ message: 'This cohort has ended: change its end date to give its members access.' }, 409)
          : json({
              message: '11 members given access to Finals paper until 30 June 2027 (1 already had it).',
              granted: 11,
              covered: 1,
            }),
    });
    const saved: string[] = [];
    renderPage(
      <GrantAccessDialog
        cohort={COHORT}
        members={12}
        onClose={() => undefined}
        onSaved={(m) => saved.push(m)}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Give members access' });
    expect(
      within(dialog).getByText(/Each of the cohort’s 12 members gets access to the exam until/),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    expect(await within(dialog).findByText('Choose the exam to give access to.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: /Exam/ }));
    await user.click(await screen.findByRole('option', { name: 'Finals paper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    expect(
      await within(dialog).findByText(
        'This cohort has ended: change its end date to give its members access.',
      ),
    ).toBeTruthy();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    await waitFor(() =>
      expect(saved).toEqual([
        '11 members given access to Finals paper until 30 June 2027 (1 already had it).',
      ]),
    );
    expect(requests.filter((r) => `${r.method} ${r.path}` === GRANT).at(-1)?.body).toEqual({ examId: EXAM });
  });
});
