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
