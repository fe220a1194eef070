import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminQuestion } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { BulkReviewBar } from './bulk-review-bar.tsx';

const drafts = ['q1', 'q2', 'q3'].map((_id) => ({ _id }) as AdminQuestion);

describe('BulkReviewBar', () => {
  it('rejects all shown drafts with one reason, then shows the server message', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'POST /api/admin/exams/e1/questions/review': () =>
        json({ message: '3 questions rejected', updated: 3 }),
    });
    const show = vi.fn();
    const user = userEvent.setup();
    renderPage(<BulkReviewBar examId="e1" view="pending" questions={drafts} show={show} />);
    await user.click(screen.getByRole('button', { name: 'Reject all 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 questions' });
    await user.type(within(dialog).getByRole('textbox'), 'Outdated');
    await user.click(within(dialog).getByRole('button', { name: /Reject/ }));
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith('3 questions rejected'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'reject',
      questionIds: ['q1', 'q2', 'q3'],
      rejectionReason: 'Outdated',
    });
  });

  it('still reports the approval when the reloaded list has taken the bar away', async () => {
    // Approving the last drafts of a view reloads the list, which then has nothing to moderate: the bar
    // is unmounted before the server's answer is handled. The administrator must still be told.
    window.localStorage.setItem('adminToken', 'admin-token');
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      'POST /api/admin/exams/e1/questions/review': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const show = vi.fn();
    function Host() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown && <BulkReviewBar examId="e1" view="pending" questions={drafts} show={show} />}
          <button type="button" onClick={() => setShown(false)}>
            Reloaded
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    renderPage(<Host />);
    await user.click(screen.getByRole('button', { name: 'Approve all 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 questions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The button sits behind the modal dialog; the list reload is what takes the bar away.
    fireEvent.click(screen.getByText('Reloaded'));
    expect(screen.queryByText('Approve all 3')).toBeNull();
    answer(json({ message: '3 questions approved', updated: 3 }));
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith('3 questions approved'));
  });

  it('restores rejected ones after asking, and shows a refusal inside the dialog', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'POST /api/admin/exams/e1/questions/review': () =>
        json(
          {
            message:
              'Some of the chosen questions are no longer in that state. Reload the list and try again.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderPage(<BulkReviewBar examId="e1" view="rejected" questions={drafts} show={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Restore all 3 to pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore 3 questions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText(/no longer in that state/)).toBeTruthy();
  });

  it("says 'on this page' when the list has other pages, which it leaves alone", () => {
    renderPage(<BulkReviewBar examId="e1" view="pending" questions={drafts} morePages show={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Approve all 3 on this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject all 3 on this page' })).toBeTruthy();
  });

  it('offers nothing for a single question (its own card has the buttons)', () => {
    renderPage(<BulkReviewBar examId="e1" view="pending" questions={drafts.slice(0, 1)} show={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
