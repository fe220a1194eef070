import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminReport as report } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ReportsPage } from './reports-page.tsx';

describe('ReportsPage', () => {
  it('lists open reports and resolves one, telling the learner, with the server message', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let resolved = false;
    const requests = stubFetch({
      'GET /api/admin/reports': () =>
        json({ reports: resolved ? [] : [report()], total: resolved ? 0 : 1, page: 1, pages: 1 }),
      'PUT /api/admin/reports/rep1/resolve': () => {
        resolved = true;
        return json({
          message: 'Report resolved',
          report: report({ status: 'resolved', outcome: 'fixed', resolution: 'Key corrected' }),
        });
      },
    });
    const user = userEvent.setup();
    renderPage(<ReportsPage />, { url: '/admin/reports?view=reports' });

    const table = await screen.findByRole('table', { name: 'Learner reports' });
    await within(table).findByText('Ada Lovelace');
    expect(within(table).getByText('The marked answer is wrong')).toBeTruthy();
    expect(within(table).getByText(/2 open reports on this question/)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/admin/reports')?.search).toContain('status=open');

    await user.click(within(table).getByRole('button', { name: /^Resolve the report from Ada Lovelace/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByText('Choose what was done')).toBeTruthy();
    expect(within(dialog).getByText('Say what was done')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed the question' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Key corrected');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Report resolved')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ outcome: 'fixed', resolution: 'Key corrected', notifyLearner: true });
    expect(await screen.findByText('No open reports')).toBeTruthy();
  });

  it('asks the server for resolved reports when the filter says so', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/reports': () => json({ reports: [], total: 0, page: 1, pages: 0 }),
    });
    const user = userEvent.setup();
    renderPage(<ReportsPage />, { url: '/admin/reports?view=reports' });
    expect(await screen.findByText('No open reports')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    expect(await screen.findByText('No reports found')).toBeTruthy();
    expect(requests.at(-1)?.search).toContain('status=resolved');
  });

  it('groups the open reports by question and resolves them all together (decision 0073)', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let resolved = false;
    const group = {
      questionId: 'q1',
      question: 'Which drug is first line?',
      questionNumber: 4,
      examId: 'e1',
      examTitle: 'Cardiology',
      openReports: 3,
      reports: 3,
      reasons: [
        { reason: 'wrong-answer', count: 2 },
        { reason: 'unclear', count: 1 },
      ],
      notifyRequested: 2,
      firstReportedAt: '2026-11-01T10:00:00.000Z',
      lastReportedAt: '2026-11-03T10:00:00.000Z',
    };
    const requests = stubFetch({
      'GET /api/admin/reports/questions': () =>
        json({ questions: resolved ? [] : [group], total: resolved ? 0 : 1, page: 1, pages: 1 }),
      'POST /api/admin/reports/questions/q1/resolve': () => {
        resolved = true;
        return json({ message: '3 reports resolved', resolved: 3 });
      },
      'GET /api/admin/reports': () => json({ reports: [report()], total: 1, page: 1, pages: 1 }),
    });
    const user = userEvent.setup();
    renderPage(<ReportsPage />, { url: '/admin/reports' });

    const table = await screen.findByRole('table', { name: 'Reported questions' });
    expect(await within(table).findByText(/Q4\. Which drug is first line\?/)).toBeTruthy();
    expect(within(table).getByText('The marked answer is wrong · 2')).toBeTruthy();
    expect(within(table).getByText('3 open')).toBeTruthy();

    await user.click(
      within(table).getByRole('button', { name: 'Resolve all 3 open reports on question 4 of Cardiology' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolve 3 reports' });
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed the question' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Key corrected');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Email the 2 learners who asked what was done' }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve all' }));
    expect(await screen.findByText('3 reports resolved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      outcome: 'fixed',
      resolution: 'Key corrected',
      notifyLearner: true,
    });
    expect(await screen.findByText('No open reports')).toBeTruthy();
  });

  it("opens one question's reports one by one from the grouped view", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/reports/questions': () =>
        json({
          questions: [
            {
              questionId: 'q1',
              question: 'Which drug?',
              questionNumber: 1,
              examId: 'e1',
              examTitle: 'Cardiology',
              openReports: 2,
              reports: 2,
              reasons: [{ reason: 'typo', count: 2 }],
              notifyRequested: 0,
              firstReportedAt: '2026-11-01T10:00:00.000Z',
              lastReportedAt: '2026-11-01T11:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pages: 1,
        }),
      'GET /api/admin/reports': () => json({ reports: [report()], total: 1, page: 1, pages: 1 }),
    });
    const user = userEvent.setup();
    renderPage(<ReportsPage />, { url: '/admin/reports' });
    await user.click(await screen.findByRole('button', { name: 'Show reports on question 1 of Cardiology' }));
    expect(await screen.findByRole('table', { name: 'Learner reports' })).toBeTruthy();
    expect(screen.getByText('Showing the reports on one question.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/admin/reports').at(-1)?.search).toContain('questionId=q1');
    await user.click(screen.getByRole('button', { name: 'Back to questions' }));
    expect(await screen.findByRole('table', { name: 'Reported questions' })).toBeTruthy();
  });
});
