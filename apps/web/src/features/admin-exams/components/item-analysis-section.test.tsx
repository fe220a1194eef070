import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildItemAnalysis } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ItemAnalysisSection } from './item-analysis-section.tsx';

const EXAM_ID = '0190f3a2-0000-7000-8000-000000000001';
const URL = `GET /api/admin/exams/${EXAM_ID}/item-analysis`;

const report = buildItemAnalysis;

function open(handlers: Parameters<typeof stubFetch>[0]) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch(handlers);
  renderPage(<ItemAnalysisSection examId={EXAM_ID} />, { url: `/admin/exams/${EXAM_ID}/edit` });
  return requests;
}

describe('ItemAnalysisSection', () => {
  it('shows the exam figures, the answer shares and the flags', async () => {
    open({ [URL]: () => json(report()) });
    expect(await screen.findByText("Cronbach's alpha", { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('0.82')).toBeTruthy();
    expect(screen.getByText('Good')).toBeTruthy();
    expect(screen.getByText('61.2%')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Question statistics' });
    expect(within(table).getAllByText(/A\. Aspirin/)[0]!.textContent).toContain('(answer)');
    expect(within(table).getAllByText(/B\. Warfarin/)[0]!.textContent).toContain(
      '(most chosen wrong answer)',
    );
    expect(within(table).getByText('Negative discrimination: check the answer')).toBeTruthy();
    expect(within(table).getByText('−0.20')).toBeTruthy();
    expect(screen.getByText(/AI drafts/, { selector: 'dt' })).toBeTruthy();
  });

  it('asks the server for AI drafts, flagged ones, sorted by discrimination', async () => {
    const requests = open({ [URL]: () => json(report()) });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Question statistics' });
    await user.click(screen.getByRole('combobox', { name: 'Questions' }));
    await user.click(screen.getByRole('option', { name: 'AI drafts' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Discrimination (lowest first)' }));
    await user.click(screen.getByRole('switch', { name: 'Flagged only' }));
    await waitFor(() =>
      expect(requests.at(-1)?.search).toBe(
        '?source=ai&flaggedOnly=true&sort=discrimination&page=1&pageSize=10',
      ),
    );
  });

  it('says when there are no sittings yet, and when sittings are still being counted', async () => {
    open({
      [URL]: () =>
        json(
          report({
            exam: {
              ...report().exam,
              results: 0,
              pending: 3,
              mean: null,
              median: null,
              sd: null,
              alpha: null,
            },
          }),
        ),
    });
    expect(await screen.findByText(/3 submitted sittings are still being counted/)).toBeTruthy();
  });

  it('shows a load error with Try again', async () => {
    let fail = true;
    open({ [URL]: () => (fail ? json({ message: 'Database busy' }, 503) : json(report())) });
    expect(await screen.findByText('Database busy')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Question statistics' })).toBeTruthy();
  });

  it('recalculates after confirmation', async () => {
    const requests = open({
      [URL]: () => json(report()),
      [`POST /api/admin/exams/${EXAM_ID}/item-analysis/recalculate`]: () =>
        json({
          message: 'Item analysis will be recalculated from all submitted sittings within a minute or two.',
        }),
    });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Question statistics' });
    await user.click(screen.getByRole('button', { name: 'Recalculate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    expect(await screen.findByText(/will be recalculated/)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(true);
  });
});
