import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReviewSummary } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAttempt, buildReviewForecast } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ReviewDeck } from './review-deck.tsx';
import { ReviewDueCard } from './review-due-card.tsx';

/* Decision 0060: the 14-day forecast, 'Study ahead' and reviews per day on the review page. */

const summary = (overrides: Partial<ReviewSummary> = {}): ReviewSummary => ({
  due: 0,
  session: 0,
  dailyLimit: 50,
  reviewedToday: 0,
  nextDue: '2026-12-02T09:00:00.000Z',
  total: 10,
  suspended: 0,
  pendingResults: 0,
  ...overrides,
});

const noCards = () => json({ cards: [], total: 0, page: 1, pages: 1 });

describe('/reviews: coming up and studying ahead', () => {
  it('shows the forecast to a learner with nothing due and studies the chosen days ahead', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'GET /api/reviews/forecast': () => json(buildReviewForecast()),
      'GET /api/reviews/cards': noCards,
      'POST /api/reviews/session': () => json(buildAttempt({ _id: 'ahead-1' }), 201),
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    const section = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(section).findByText('0 due today · 10 in the next 14 days')).toBeTruthy();
    // The figures for screen readers: a row per day, today first.
    const table = within(section).getByRole('table', { name: 'Questions coming due each day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(16);
    expect(rows[1]!.textContent).toBe('Today0');
    expect(rows[2]!.textContent).toBe('Tomorrow4');
    expect(rows[4]!.textContent).toBe('Fri 4 Dec6');
    // The request carries this browser's zone.
    const forecastCall = requests.find((r) => r.path === '/api/reviews/forecast');
    expect(forecastCall?.search).toMatch(/^\?tz=[\w%/+-]+$/);

    const days = within(section).getByRole('combobox', { name: 'Questions due within' });
    // The first choice with anything due is chosen: one day ahead.
    expect((days as HTMLSelectElement).value).toBe('1');
    expect(
      within(days)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('3 days (to Fri 4 Dec): 10 questions');
    await userEvent.selectOptions(days, '3');
    await userEvent.click(within(section).getByRole('button', { name: 'Study ahead' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/practice/ahead-1');
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body.aheadDays).toBe(3);
    expect(typeof body.timeZone).toBe('string');
    // Nothing is due now: 'Start review' is not offered.
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });

  it('says when nothing is due within the chosen days, without a button to press', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const far = buildReviewForecast({
      days: buildReviewForecast().days.map((day, index) => ({ ...day, due: index === 13 ? 2 : 0 })),
    });
    stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'GET /api/reviews/forecast': () => json(far),
      'GET /api/reviews/cards': noCards,
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    const days = await screen.findByRole('combobox', { name: 'Questions due within' });
    expect((days as HTMLSelectElement).value).toBe('14');
    await userEvent.selectOptions(days, '2');
    expect(screen.getByText('Nothing is due in the next 2 days. Choose more days.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Study ahead' })).toBeNull();
  });

  it("offers 'Review anyway' once today's reviews are done", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary({ due: 7, dailyLimit: 30, reviewedToday: 30 })),
      'GET /api/reviews/forecast': () => json(buildReviewForecast({ dueNow: 7 })),
      'GET /api/reviews/cards': noCards,
      'POST /api/reviews/session': () => json(buildAttempt({ _id: 'anyway-1' }), 201),
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    expect(
      await screen.findByText('You have done your 30 reviews for today (7 questions due).'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Review anyway' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/practice/anyway-1');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ beyondLimit: true });
  });

  it('shows the forecast’s failure with Try again', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/reviews/summary': () => json(summary()),
      'GET /api/reviews/forecast': () => json({ message: 'Forecast unavailable' }, 500),
      'GET /api/reviews/cards': noCards,
    });
    renderPage(<ReviewDeck />, { url: '/reviews' });
    expect(await screen.findByText('Forecast unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the dashboard card at the daily limit', () => {
  it("offers 'Review anyway' instead of 'Start review' once today's reviews are done", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary({ due: 4, dailyLimit: 20, reviewedToday: 20 })),
      'POST /api/reviews/session': () => json(buildAttempt({ _id: 'anyway-3' }), 201),
    });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Review due: 4' });
    expect(
      within(section).getByText('You have done your 20 reviews for today (4 questions due).'),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Start review' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Review anyway' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/practice/anyway-3');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ beyondLimit: true });
  });

  it("turns the API's limit refusal into 'Review anyway'", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const message = 'You have done your 50 reviews for today. Review anyway, or come back tomorrow.';
    const requests = stubFetch({
      'GET /api/reviews/summary': () => json(summary({ due: 3, session: 3 })),
      'POST /api/reviews/session': (request) =>
        (request.body as { beyondLimit?: boolean }).beyondLimit
          ? json(buildAttempt({ _id: 'anyway-2' }), 201)
          : json({ message, code: 'REVIEW_LIMIT_REACHED' }, 409),
    });
    renderPage(<ReviewDueCard />, { url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start review' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Review anyway' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/practice/anyway-2');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});
