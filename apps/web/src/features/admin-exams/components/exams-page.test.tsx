import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
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
          {
            _id: 'e1',
            title: 'Cardiology basics',
            description: '',
            category: 'medical',
            price: 0,
            numberOfQuestions: 1,
            isActive: false,
            tags: [],
            questionCount: 0,
            pendingCount: 0,
            createdAt: '2025-03-05T10:00:00.000Z',
            topics: [],
            secondsPerQuestion: 90,
            modes: ['exam', 'timed', 'tutor'],
          },
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
