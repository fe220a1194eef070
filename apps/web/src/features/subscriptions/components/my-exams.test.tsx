import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { MyExams } from './my-exams.tsx';

const base: Subscription = {
  _id: 's1',
  examId: 'e1',
  exam: { _id: 'e1', title: 'Active Exam', description: 'x'.repeat(250), available: true },
  autoRenew: false,
  isFree: true,
  startDate: '2025-02-05T12:00:00.000Z',
  endDate: new Date(2025, 2, 5, 12).toISOString(),
  isActive: true,
  cancelledAt: null,
  paymentData: null,
  renewal: null,
};

function render(body: unknown, status = 200, url = '/my-exams') {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/subscriptions/user': () => json(body, status),
  });
  renderPage(<MyExams />, { url, path: '/my-exams' });
  return requests;
}

describe('MyExams', () => {
  it('lists subscriptions with status, end date and the right actions', async () => {
    render({
      subscriptions: [
        base,
        {
          ...base,
          _id: 's2',
          examId: 'e2',
          exam: { _id: 'e2', title: 'Old Exam', description: '', available: true },
          isActive: false,
        },
      ],
      page: 1,
      pages: 1,
      total: 2,
      activeCount: 1,
    });
    const [active, expired] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(active).getByRole('heading', { name: 'Active Exam' })).toBeTruthy();
    expect(within(active).getByText(`${'x'.repeat(200)}...`)).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText('Valid until March 5, 2025')).toBeTruthy();
    expect(within(active).getByRole('link', { name: 'Start Exam' }).getAttribute('href')).toBe(
      '/exams/e1/take',
    );
    expect(within(active).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/exams/e1');

    expect(within(expired).getByRole('heading', { name: 'Old Exam' })).toBeTruthy();
    expect(within(expired).getByText('No description')).toBeTruthy();
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).getByRole('link', { name: 'Renew Subscription' }).getAttribute('href')).toBe(
      '/exams/e2',
    );
    expect(within(expired).queryByRole('link', { name: 'Start Exam' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse More Exams' }).getAttribute('href')).toBe('/exams');
    expect(screen.queryByRole('navigation', { name: 'My exams pages' })).toBeNull();
  });

  it('never offers Start Exam for an exam that cannot be started, and marks a cancellation (decisions 0016, 0017)', async () => {
    render({
      subscriptions: [
        { ...base, exam: { ...base.exam!, available: false } },
        { ...base, _id: 's2', examId: 'e2', exam: null },
        {
          ...base,
          _id: 's3',
          examId: 'e3',
          exam: { _id: 'e3', title: 'Cancelled Exam', description: '', available: true },
          cancelledAt: '2025-02-10T12:00:00.000Z',
        },
      ],
      page: 1,
      pages: 1,
      total: 3,
      activeCount: 3,
    });
    const [withdrawn, removed, cancelled] = (await screen.findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(withdrawn).getByText(/This exam is not available at the moment/)).toBeTruthy();
    expect(within(withdrawn).queryByRole('link')).toBeNull();
    expect(within(removed).getByRole('heading', { name: 'Unknown Exam' })).toBeTruthy();
    expect(within(removed).getByText('This exam is no longer offered.')).toBeTruthy();
    expect(within(removed).queryByRole('link')).toBeNull();
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).getByRole('link', { name: 'Start Exam' })).toBeTruthy();
    expect(within(withdrawn).queryByText('Cancelled')).toBeNull();
  });

  it('pages through subscriptions 20 at a time, the page in the URL', async () => {
    const requests = render(
      { subscriptions: [base], page: 2, pages: 3, total: 41, activeCount: 1 },
      200,
      '/my-exams?page=2',
    );
    const pager = await screen.findByRole('navigation', { name: 'My exams pages' });
    expect(within(pager).getByRole('link', { name: 'page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Go to page 3' }).getAttribute('href')).toBe(
      '/my-exams?page=3',
    );
    expect(requests.find((r) => r.path === '/api/subscriptions/user')).toBeTruthy();
  });

  it('invites the learner to browse when there are none', async () => {
    render({ subscriptions: [], page: 1, pages: 1, total: 0, activeCount: 0 });
    expect(
      await screen.findByText(
        "You haven't subscribed to any exams yet. Browse our available exams to get started.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Exams' }).getAttribute('href')).toBe('/exams');
  });

  it("shows 'Failed to fetch subscriptions'", async () => {
    const requests = render({}, 500);
    expect(await screen.findByText('Failed to fetch subscriptions')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/subscriptions/user');
  });
});
