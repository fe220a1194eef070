import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminExamDetail } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamInfoPanel } from './exam-info-panel.tsx';

const exam = { ...buildAdminExamDetail({ description: 'Hearts', tags: ['ecg'] }), questions: undefined };

describe('ExamInfoPanel: pausing timed sittings (decision 0064)', () => {
  it('shows the setting, and saves the switch with the other fields', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      [`PUT /api/admin/exams/${exam._id}`]: () =>
        json({
          message: 'Exam information updated successfully',
          exam: buildAdminExamDetail({ timedPauseAllowed: true }),
        }),
    });
    const onSaved = vi.fn();
    renderPage(<ExamInfoPanel exam={exam} onSaved={onSaved} />);
    const user = userEvent.setup();
    expect(screen.getByText('Not allowed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Exam Information' }));
    const toggle = screen.getByRole('switch', { name: 'Allow pausing timed sittings' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Learners may pause a timed sitting for up to 30 minutes in all; the clock stops while paused.',
    );
    // The keyboard alone turns it on.
    toggle.focus();
    await user.keyboard(' ');
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Exam information updated successfully'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      title: exam.title,
      timedPauseAllowed: true,
    });
  });

  it('says how long learners may pause where it is allowed', () => {
    stubFetch({});
    renderPage(<ExamInfoPanel exam={{ ...exam, timedPauseAllowed: true }} onSaved={() => undefined} />);
    expect(screen.getByText('Allowed, up to 30 minutes')).toBeTruthy();
  });
});

describe('ExamInfoPanel: the edit form (spec §5 Exam edit)', () => {
  it('focuses the first field with a problem, and takes its message away once it is fixed', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({});
    renderPage(<ExamInfoPanel exam={exam} onSaved={() => undefined} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Edit Exam Information' }));
    await user.clear(screen.getByLabelText(/^Description/));
    await user.clear(screen.getByLabelText(/^Price/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const description = screen.getByLabelText(/^Description/);
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Price is required')).toBeTruthy();

    await user.type(description, 'Hearts and valves');
    expect(screen.queryByText('Description is required')).toBeNull();
    // The other stays until it is fixed.
    expect(screen.getByText('Price is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Price/), '4.999');
    expect(screen.getByText('Price must be 0 or more, in pounds with at most 2 decimals')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Price/), '{Backspace}');
    expect(screen.queryByText(/^Price must/)).toBeNull();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal in the form", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      [`PUT /api/admin/exams/${exam._id}`]: () => json({ message: 'Exam not found' }, 404),
    });
    const onSaved = vi.fn();
    renderPage(<ExamInfoPanel exam={exam} onSaved={onSaved} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Edit Exam Information' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Exam not found');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
