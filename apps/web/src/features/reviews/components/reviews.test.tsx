import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReviewCard, ReviewSummary } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAttempt, buildReviewForecast } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ReviewDeck } from './review-deck.tsx';
import { ReviewDueCard } from './review-due-card.tsx';
import { ReviewSettings } from './review-settings.tsx';

const summary = (overrides: Partial<ReviewSummary> = {}): ReviewSummary => ({
  due: 3,
  session: 3,
  dailyLimit: 50,
  reviewedToday: 0,
  nextDue: null,
  total: 5,
  suspended: 1,
  pendingResults: 0,
  ...overrides,
});

const card = (id: string, overrides: Partial<ReviewCard> = {}): ReviewCard => ({
  questionId: id,
  question: `Question ${id}?`,
  examId: 'e1',
  examTitle: 'Cardiology',
  topic: 'Valves',
  due: '2020-01-01T00:00:00.000Z',
  state: 'relearning',
  reps: 2,
  lapses: 1,
  suspended: false,
  lastReview: '2019-12-31T00:00:00.000Z',
  ...overrides,
});

describe('the dashboard card: Review due', () => {
  it('shows the count and starts a session, going to the practice sitting', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'POST /api/reviews/session': () => json(buildAttempt({ _id: 'attempt-7' }), 201),
    });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Review due: 3' });
    expect(within(section).getByText('A review session takes 3 questions.')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Start review' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/practice/attempt-7');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/reviews/session']);
  });

  it('gives the next due time when nothing is due, with a link to the deck', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const nextDue = new Date(2026, 2, 6, 9, 5).toISOString();
    stubFetch({ 'GET /api/reviews/summary': () => json(summary({ due: 0, session: 0, nextDue })) });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Review due: 0' });
    expect(
      within(section).getByText('Nothing is due now. Next review: March 6, 2026 at 9:05 AM.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Start review' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'View review deck' }).getAttribute('href')).toBe(
      '/reviews',
    );
  });

  it('explains the deck to a new learner', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/reviews/summary': () => json(summary({ due: 0, session: 0, total: 0, suspended: 0 })),
    });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Review due: 0' });
    expect(within(section).getByText(/^Questions you answer join your review deck/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'About reviews' }).getAttribute('href')).toBe(
      '/reviews',
    );
  });

  it("shows the API's refusal when a practice set is already open", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const message =
      'You have 10 exams and practice sets in progress. Submit or discard one before starting another.';
    stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'POST /api/reviews/session': () => json({ message, code: 'SITTINGS_LIMIT' }, 409),
    });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start review' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers Try again when the summary fails', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/reviews/summary': () => json({ message: 'Server error' }, 500) });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    expect(await screen.findByText('Server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/reviews: the deck', () => {
  it("says 'Updating…' while the latest results reach the deck, then reads the cards again", async () => {
    window.localStorage.setItem('token', 'learner-token');
    let applied = false;
    const requests = stubFetch({
      'GET /api/reviews/summary': () => {
        // The first answer has one result pending; the deck has it by the next (decision 0075).
        const answer = applied
          ? summary()
          : summary({ due: 0, session: 0, total: 0, suspended: 0, pendingResults: 1 });
        applied = true;
        return json(answer);
      },
      'GET /api/reviews/forecast': () => json(buildReviewForecast()),
      'GET /api/reviews/cards': () =>
        json({ cards: applied ? [card('q1')] : [], total: 1, page: 1, pages: 1 }),
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Updating… Your latest answers are being added to your deck.',
    );
    expect(
      await screen.findByText(
        '3 due now · 5 in your deck · 1 suspended · 0 of 50 reviews done today',
        undefined,
        {
          timeout: 6_000,
        },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Updating…/)).toBeNull();
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/reviews/cards').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('lists the cards with when they come back, suspends one, and filters by tab', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'GET /api/reviews/forecast': () => json(buildReviewForecast()),
      'GET /api/reviews/cards': (request) =>
        request.search.includes('filter=suspended')
          ? json({ cards: [card('q9', { suspended: true })], total: 1, page: 1, pages: 1 })
          : json({
              cards: [card('q1'), card('q2', { due: '2999-01-01T00:00:00.000Z', lapses: 0, reps: 1 })],
              total: 2,
              page: 1,
              pages: 1,
            }),
      'PUT /api/reviews/cards/q1': () => json(card('q1', { suspended: true })),
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    const list = await screen.findByRole('list', { name: 'Review questions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Due now')).toBeTruthy();
    expect(within(first!).getByText('Cardiology · Valves · answered 2 times, missed once')).toBeTruthy();
    expect(within(second!).getByText(/^Due in \d+ days$/)).toBeTruthy();
    expect(
      screen.getByText('3 due now · 5 in your deck · 1 suspended · 0 of 50 reviews done today'),
    ).toBeTruthy();

    await userEvent.click(within(first!).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ suspended: true }));

    await userEvent.click(screen.getByRole('tab', { name: 'Suspended' }));
    const suspended = await screen.findByText('Question q9?');
    const row = suspended.closest('li')!;
    expect(within(row).getByText('Suspended')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Bring back' })).toBeTruthy();
    expect(
      requests.some((r) => r.path === '/api/reviews/cards' && r.search.includes('filter=suspended')),
    ).toBe(true);
  });

  it('explains an empty deck', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/reviews/summary': () => json(summary({ due: 0, session: 0, total: 0, suspended: 0 })),
      'GET /api/reviews/cards': () => json({ cards: [], total: 0, page: 1, pages: 1 }),
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    expect(
      await screen.findByText(
        'Your review deck is empty. Every question you answer in an exam or practice set joins it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });
});

describe('Settings → Review', () => {
  it('saves desired retention and certainty, and resets the deck only after confirming', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/preferences': () =>
        json({ desiredRetention: 0.9, certaintyEnabled: false, dailyLimit: 50 }),
      'PUT /api/reviews/preferences': (request) => json(request.body),
      'DELETE /api/reviews/deck': () =>
        json({ message: 'Your review deck has been reset: 4 questions removed.' }),
    });
    renderPage(<ReviewSettings />, { url: '/settings' });
    const user = userEvent.setup();
    const slider = await screen.findByRole('slider', { name: 'Desired retention: 90%' });
    expect(screen.getByRole('button', { name: 'Save review settings' }).hasAttribute('disabled')).toBe(true);
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('switch', { name: /Mark how sure I am/ }));
    await user.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect(await screen.findByText('Review settings saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      desiredRetention: 0.92,
      certaintyEnabled: true,
      dailyLimit: 50,
    });

    await user.click(screen.getByRole('button', { name: 'Reset review deck' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset review deck' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset deck' }));
    expect(await screen.findByText('Your review deck has been reset: 4 questions removed.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/reviews/deck']);
  });
});

describe('Settings → Review: reviews per day', () => {
  it('keeps the limit within 10 to 500 and saves it with the other settings', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/preferences': () =>
        json({ desiredRetention: 0.9, certaintyEnabled: false, dailyLimit: 50 }),
      'PUT /api/reviews/preferences': (request) => json(request.body),
    });
    renderPage(<ReviewSettings />, { url: '/settings' });
    const user = userEvent.setup();
    const limit = await screen.findByRole('spinbutton', { name: 'Reviews per day' });
    expect((limit as HTMLInputElement).value).toBe('50');
    const save = screen.getByRole('button', { name: 'Save review settings' });
    await user.clear(limit);
    await user.type(limit, '9');
    expect(screen.getByText('Enter a whole number from 10 to 500.')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.clear(limit);
    await user.type(limit, '120');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    expect(await screen.findByText('Review settings saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      desiredRetention: 0.9,
      certaintyEnabled: false,
      dailyLimit: 120,
    });
  });
});
