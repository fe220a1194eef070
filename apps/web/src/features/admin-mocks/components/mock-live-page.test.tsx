import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockLive } from '@mlp/contract';
import { signInAdmin } from '../../../test/admin-session.ts';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildItemAnalysis } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { buildMock, MOCK_ID } from '../mock-fixtures.ts';
import { MockLivePage } from './mock-live-page.tsx';

const LEARNER_ID = '0190f3a2-0000-7000-8000-0000000000b1';

function buildLive(overrides: Partial<MockLive> = {}): MockLive {
  return {
    mock: buildMock({ state: 'open', sittings: 1_204 }),
    at: '2030-03-05T10:15:00.000Z',
    subscribed: 5_000,
    started: 1_204,
    inProgress: 1_100,
    connectionLost: 3,
    submitted: 101,
    progress: [200, 100, 100, 100, 100, 100, 100, 100, 100, 103],
    lost: [
      {
        learner: { _id: LEARNER_ID, name: 'Cora Silent', email: 'cora@example.com' },
        position: 12,
        questions: 100,
        lastHeardAt: '2030-03-05T10:11:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('MockLivePage', () => {
  it('shows the counts, how far the open sittings are and who went silent, a link for Support', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      [`GET /api/admin/mocks/${MOCK_ID}/live`]: () => json(buildLive()),
    });
    renderPage(<MockLivePage mockId={MOCK_ID} />, { url: `/admin/mocks/${MOCK_ID}/live` });
    expect(await screen.findByRole('heading', { name: 'Spring mock', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Cardiology finals · .* · Open now/)).toBeTruthy();
    expect(screen.getByText(/Refreshed every 5 seconds\./)).toBeTruthy();
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Subscribed')).toBe('5,000');
    expect(figure('Started')).toBe('1,204');
    expect(figure('In progress')).toBe('1,100');
    expect(figure('Connection lost')).toBe('3');
    expect(figure('Handed in')).toBe('101');

    const bands = screen.getByRole('table', { name: 'Open sittings by the question on screen' });
    const firstBand = within(bands).getByRole('row', { name: /0–10 % of the paper/ });
    expect(within(firstBand).getByText('200')).toBeTruthy();
    expect(within(bands).getByRole('row', { name: /90–100 % of the paper/ }).textContent).toContain('103');

    const lost = screen.getByRole('table', { name: 'Sittings whose connection was lost' });
    // The link comes once the panel knows the role (Support may open learners).
    expect((await within(lost).findByRole('link', { name: 'Cora Silent' })).getAttribute('href')).toBe(
      `/admin/users/${LEARNER_ID}`,
    );
    expect(within(lost).getByText('cora@example.com')).toBeTruthy();
    expect(within(lost).getByText('12 of 100')).toBeTruthy();
    // Only 1 of the 3 silent sittings is named here: the page says so.
    expect(screen.getByText('The 1 silent the longest of 3.')).toBeTruthy();
  });

  it('asks again every 5 seconds while the mock is open, and keeps the last figures when a refresh fails', async () => {
    signInAdmin();
    let answers = 0;
    stubFetch({
      [`GET /api/admin/mocks/${MOCK_ID}/live`]: () => {
        answers += 1;
        if (answers === 2) return json(buildLive({ started: 1_300, at: '2030-03-05T10:15:05.000Z' }));
        if (answers > 2) return json({ message: 'The server is busy. Try again in a moment.' }, 503);
        return json(buildLive());
      },
    });
    // The clock runs, and the test moves it on by the refresh's 5 s instead of waiting for them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<MockLivePage mockId={MOCK_ID} />, { url: `/admin/mocks/${MOCK_ID}/live` });
    const started = async () =>
      (await screen.findByText('Started', { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await started()).toBe('1,204');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(async () => expect(await started()).toBe('1,300'));
    expect(answers).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(
      await screen.findByText(/The server is busy\. Try again in a moment\. These are the figures of/),
    ).toBeTruthy();
    expect(await started()).toBe('1,300');
  });

  it('names a silent learner without a link for an Editor (who cannot open learners)', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('editor'),
      [`GET /api/admin/mocks/${MOCK_ID}/live`]: () => json(buildLive()),
    });
    renderPage(<MockLivePage mockId={MOCK_ID} />, { url: `/admin/mocks/${MOCK_ID}/live` });
    const lost = await screen.findByRole('table', { name: 'Sittings whose connection was lost' });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(lost).getByText('Cora Silent')).toBeTruthy();
    expect(within(lost).queryByRole('link')).toBeNull();
  });

  it('says when nobody is open or silent, and stops refreshing once the mock has closed', async () => {
    signInAdmin();
    stubFetch({
      [`GET /api/admin/mocks/${MOCK_ID}/live`]: () =>
        json(
          buildLive({
            mock: { ...buildLive().mock, state: 'closed' },
            inProgress: 0,
            connectionLost: 0,
            progress: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            lost: [],
          }),
        ),
      [`GET /api/admin/mocks/${MOCK_ID}/items`]: () => json(buildItemAnalysis()),
    });
    renderPage(<MockLivePage mockId={MOCK_ID} />, { url: `/admin/mocks/${MOCK_ID}/live` });
    expect(await screen.findByText('No sitting is open.')).toBeTruthy();
    // Closed: the item analysis of its sittings alone, each question with its flags.
    const items = await screen.findByRole('region', { name: 'Item analysis of this mock' });
    await within(items).findByText('1. Which drug is first line? (1)');
    expect(within(items).getByText('Negative discrimination: check the answer')).toBeTruthy();
    expect(within(items).getByText('Good')).toBeTruthy();
    expect(screen.getByText('Every open sitting has been heard from in the last 2 minutes.')).toBeTruthy();
    expect(screen.queryByText(/Refreshed every/)).toBeNull();
    expect(screen.getByText(/· Closed$/)).toBeTruthy();
  });

  it("shows the server's message for a mock that is not there", async () => {
    signInAdmin();
    stubFetch({
      [`GET /api/admin/mocks/${MOCK_ID}/live`]: () => json({ message: 'Mock exam not found' }, 404),
    });
    renderPage(<MockLivePage mockId={MOCK_ID} />, { url: `/admin/mocks/${MOCK_ID}/live` });
    expect(await screen.findByText('Mock exam not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mock exams' }).getAttribute('href')).toBe('/admin/mocks');
  });
});
