import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAssignment } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { AssignmentFormDialog, toAssignmentBody } from './assignment-form-dialog.tsx';

const COHORT = '0190f3a2-0000-7000-8000-0000000000d1';
const EXAM = '0190f3a2-0000-7000-8000-0000000000e7';
const CREATE = `POST /api/admin/cohorts/${COHORT}/assignments`;

const created: AdminAssignment = {
  _id: '0190f3a2-0000-7000-8000-0000000000a9',
  kind: 'practice',
  title: 'Finals paper: 12 questions (Renal)',
  exam: { _id: EXAM, title: 'Finals paper' },
  mock: null,
  practice: { topics: ['Renal'], size: 12, mode: 'timed' },
  dueAt: '2030-01-11T17:00:00.000Z',
  createdAt: '2030-01-04T09:00:00.000Z',
  counts: { done: 0, inProgress: 0, notStarted: 3, overdue: 0 },
};

describe('AssignmentFormDialog', () => {
  it('assigns a practice set of the exam’s topics, with a size and a mode the exam offers', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/cohorts/assignable-exams': () =>
        json({
          exams: [
            {
              _id: EXAM,
              title: 'Finals paper',
              mocks: [],
              topics: ['Cardiology', 'Renal'],
              modes: ['timed', 'exam'],
            },
          ],
        }),
      [CREATE]: () => json({ message: 'Assignment created', assignment: created }, 201),
    });
    const saved: string[] = [];
    renderPage(
      <AssignmentFormDialog cohortId={COHORT} onClose={() => undefined} onSaved={(m) => saved.push(m)} />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New assignment' });

    await user.click(within(dialog).getByRole('combobox', { name: /Exam/ }));
    await user.click(await screen.findByRole('option', { name: 'Finals paper' }));
    await user.click(within(dialog).getByRole('combobox', { name: /What to do/ }));
    await user.click(await screen.findByRole('option', { name: 'A practice set drawn from it' }));

    // Tutor mode is not offered by this exam: the first it offers is chosen, the others are off.
    const mode = within(dialog).getByRole('combobox', { name: /Mode/ });
    expect(mode.textContent).toBe('Timed');
    expect(within(dialog).getByText('This exam offers Timed, Exam.')).toBeTruthy();
    await user.click(mode);
    expect((await screen.findByRole('option', { name: 'Tutor' })).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('combobox', { name: /Topics/ }));
    await user.click(await screen.findByRole('option', { name: 'Renal' }));
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('combobox', { name: /Topics/ }).textContent).toBe('Renal');

    const size = within(dialog).getByRole('spinbutton', { name: /Questions/ });
    await user.clear(size);
    await user.type(size, '3');
    fireEvent.change(within(dialog).getByLabelText(/Due/), { target: { value: '2030-01-11T17:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('A practice set has 5 to 100 questions.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(size);
    await user.type(size, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(saved).toEqual(['Assignment created']));
    expect(requests.find((r) => `${r.method} ${r.path}` === CREATE)?.body).toEqual({
      examId: EXAM,
      mockId: null,
      practice: { topics: ['Renal'], size: 12, mode: 'timed' },
      title: null,
      dueAt: new Date('2030-01-11T17:00').toISOString(),
    });
  });

  it('sends no practice set for the exam itself or a mock', () => {
    const values = {
      examId: EXAM,
      topics: ['Renal'],
      size: '12',
      mode: 'tutor' as const,
      title: ' ',
      dueAt: '',
    };
    expect(toAssignmentBody({ ...values, what: '' })).toMatchObject({
      mockId: null,
      practice: null,
      title: null,
    });
    expect(toAssignmentBody({ ...values, what: 'mock-1' })).toMatchObject({
      mockId: 'mock-1',
      practice: null,
    });
  });
});
