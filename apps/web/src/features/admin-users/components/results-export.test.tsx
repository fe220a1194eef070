import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubDownload } from '../../../test/download.ts';
import { adminMe, fileAnswer, json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { UsersPage } from './users-page.tsx';
import { buildExamPublic } from '../../../test/factories.ts';

const EXAM_ID = '0190f3a2-0000-7000-8000-0000000000e1';

const exam = buildExamPublic({
  _id: EXAM_ID,
  title: 'Cardiology review',
  description: '',
  price: 19.99,
  numberOfQuestions: 10,
  createdAt: new Date(2025, 0, 1).toISOString(),
});

const noUsers = () => json({ users: [], page: 1, pages: 1, total: 0 });

describe("'Export results' on the learners' page (decision 0068)", () => {
  it('lets Support, who cannot open exams, choose an exam and download its results', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      'GET /api/admin/users': noUsers,
      'GET /api/exams/published': () =>
        json({ exams: [exam], page: 1, pages: 1, totalExams: 1, categories: ['medical'] }),
      [`GET /api/admin/exports/exams/${EXAM_ID}/results`]: () =>
        fileAnswer('\uFEFFCompleted,Learner\r\n', 'cardiology-review-results.csv', 'text/csv; charset=utf-8'),
    });
    const { clicked } = stubDownload('blob:results');
    const user = userEvent.setup();
    renderPage(<UsersPage />, { url: '/admin/users' });

    await user.click(await screen.findByRole('button', { name: 'Export results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export results' });
    // No exam yet: nothing to download.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Download' }).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Exam/ }));
    await user.click(await screen.findByRole('option', { name: 'Cardiology review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = requests.find((request) => request.path.startsWith('/api/admin/exports/'));
    expect(call?.path).toBe(`/api/admin/exports/exams/${EXAM_ID}/results`);
    expect(new URLSearchParams(call?.search).get('format')).toBe('csv');
    expect(clicked).toHaveBeenCalledTimes(1);
    // Support may export the learners' list too: both are offered.
    expect(screen.getByRole('button', { name: 'Export learners' })).toBeTruthy();
  });

  it('is not offered to Finance, who may export learners but not results', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/auth/me': () => adminMe('finance'),
      'GET /api/admin/users': noUsers,
    });
    renderPage(<UsersPage />, { url: '/admin/users' });
    expect(await screen.findByRole('button', { name: 'Export learners' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export results' })).toBeNull();
  });
});
