import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminExamSummary } from '../../../test/factories.ts';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { ExamsPage } from './exams-page.tsx';

describe('the exam list when it fails to load (decision 0024)', () => {
  it("shows the error and 'Try again', never an empty list; a retry loads it", () =>
    expectListLoadErrorThenRetry({
      page: <ExamsPage />,
      url: '/admin/exams',
      path: '/api/admin/exams',
      fallback: 'Failed to load exams',
      empty: /No exams found/,
      loaded: {
        exams: [
          buildAdminExamSummary({
            _id: 'e1',
            title: 'Cardiology basics',
            numberOfQuestions: 1,
          }),
        ],
      },
      row: 'Cardiology basics',
    }));

  it("shows the server's message when it gives one", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({ 'GET /api/admin/exams': () => json({ message: 'Database unavailable' }, 500) });
    renderPage(<ExamsPage />, { url: '/admin/exams' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.queryByText('No exams found')).toBeNull();
  });
});
