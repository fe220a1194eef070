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
    renderPage(<ReportsPage />, { url: '/admin/reports' });

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
    renderPage(<ReportsPage />, { url: '/admin/reports' });
    expect(await screen.findByText('No open reports')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    expect(await screen.findByText('No reports found')).toBeTruthy();
    expect(requests.at(-1)?.search).toContain('status=resolved');
  });
});
