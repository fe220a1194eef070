import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin-session.ts';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminExamSummary } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { buildMock, EXAM_ID } from '../mock-fixtures.ts';
import { MocksPage } from './mocks-page.tsx';

const exams = () =>
  json({ exams: [buildAdminExamSummary({ _id: EXAM_ID, title: 'Cardiology finals', isActive: true })] });

describe('MocksPage', () => {
  it('lists mocks open now, upcoming and closed, with their window and results rule', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/mocks': () =>
        json({
          mocks: [
            buildMock(),
            buildMock({
              _id: '0190f3a2-0000-7000-8000-0000000000c2',
              title: 'Winter mock',
              state: 'closed',
              sittings: 1,
            }),
          ],
        }),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    expect(screen.getByRole('heading', { name: 'Mock exams', level: 1 })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(await within(upcoming).findByText('Spring mock')).toBeTruthy();
    expect(within(upcoming).getByText('Cardiology finals · 120 minutes')).toBeTruthy();
    expect(within(upcoming).getByText(/Results at the close:/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Open now' })).getByText('No mock is open now.'),
    ).toBeTruthy();
    const closed = screen.getByRole('region', { name: 'Closed' });
    expect(within(closed).getByText('Winter mock')).toBeTruthy();
    expect(within(closed).getByText(/1 sitting$/)).toBeTruthy();
    // Only an upcoming mock can still change.
    expect(within(closed).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(upcoming).getByRole('button', { name: 'Edit Spring mock' })).toBeTruthy();
  });

  it('schedules a mock: the contract checks the form first, then the server saves it', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/mocks': () => json({ mocks: [] }),
      'GET /api/admin/exams': exams,
      'POST /api/admin/mocks': () => json({ message: 'Mock exam scheduled', mock: buildMock() }, 201),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schedule mock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a mock exam' });

    await user.click(within(dialog).getByRole('button', { name: 'Schedule mock' }));
    expect(await within(dialog).findByText('Choose the exam to sit.')).toBeTruthy();
    expect(within(dialog).getByText('Give the mock a title.')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: /Exam/ }));
    await user.click(await screen.findByRole('option', { name: 'Cardiology finals' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Spring mock');
    const limit = within(dialog).getByRole('spinbutton', { name: /Time limit/ });
    await user.clear(limit);
    await user.type(limit, '601');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule mock' }));
    expect(
      await within(dialog).findByText('The time limit must be a whole number of minutes from 1 to 600.'),
    ).toBeTruthy();
    await user.clear(limit);
    await user.type(limit, '90');
    await user.click(within(dialog).getByRole('combobox', { name: /Results are released/ }));
    await user.click(await screen.findByRole('option', { name: 'At a time I choose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule mock' }));
    expect(await within(dialog).findByText('Choose when the results are released.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Results are released/ }));
    await user.click(await screen.findByRole('option', { name: 'When the mock closes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule mock' }));

    expect(await screen.findByText('Mock exam scheduled')).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      examId: EXAM_ID,
      title: 'Spring mock',
      timeLimitMinutes: 90,
      lateStart: 'full',
      release: 'at_close',
      releaseAt: null,
    });
    expect(Date.parse(String(sent.closesAt)) - Date.parse(String(sent.opensAt))).toBe(24 * 60 * 60_000);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the form", async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/mocks': () => json({ mocks: [buildMock()] }),
      'GET /api/admin/exams': exams,
      'PUT /api/admin/mocks/0190f3a2-0000-7000-8000-0000000000c1': () =>
        json({ message: 'This mock has opened: it can no longer be changed or cancelled.' }, 409),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring mock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit mock exam' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Title/ }).value).toBe(
      'Spring mock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('This mock has opened: it can no longer be changed or cancelled.'),
    ).toBeTruthy();
  });

  it('asks before cancelling, then cancels', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/mocks': () => json({ mocks: [buildMock()] }),
      'DELETE /api/admin/mocks/0190f3a2-0000-7000-8000-0000000000c1': () =>
        json({ message: 'Mock exam cancelled' }),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel mock Spring mock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this mock?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel mock' }));
    expect(await screen.findByText('Mock exam cancelled')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('shows Support the mocks and their live view, with no way to schedule, change or release one', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      'GET /api/admin/mocks': () =>
        json({
          mocks: [
            buildMock(),
            buildMock({
              _id: '0190f3a2-0000-7000-8000-0000000000c3',
              title: 'Held mock',
              state: 'closed',
              release: 'at',
              releaseAt: '2099-01-01T09:00:00.000Z',
              resultsAt: '2099-01-01T09:00:00.000Z',
            }),
          ],
        }),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    const closed = screen.getByRole('region', { name: 'Closed' });
    expect(
      (await within(closed).findByRole('link', { name: 'Live view of Held mock' })).getAttribute('href'),
    ).toBe('/admin/mocks/0190f3a2-0000-7000-8000-0000000000c3/live');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/auth/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Schedule mock' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Release the results/ })).toBeNull();
  });

  it("asks before releasing a closed mock's held results, then releases them", async () => {
    signInAdmin();
    const held = buildMock({
      title: 'Held mock',
      state: 'closed',
      release: 'at',
      releaseAt: '2099-01-01T09:00:00.000Z',
      resultsAt: '2099-01-01T09:00:00.000Z',
    });
    const requests = stubFetch({
      'GET /api/admin/mocks': () =>
        json({
          mocks: [
            held,
            buildMock({ _id: '0190f3a2-0000-7000-8000-0000000000c4', title: 'Out mock', state: 'closed' }),
          ],
        }),
      'POST /api/admin/mocks/0190f3a2-0000-7000-8000-0000000000c1/release': () =>
        json({
          message: 'Results released. Every sitting is scored within a minute.',
          mock: { ...held, resultsAt: '2030-03-06T10:00:00.000Z' },
        }),
    });
    renderPage(<MocksPage />, { url: '/admin/mocks' });
    const user = userEvent.setup();
    const closed = screen.getByRole('region', { name: 'Closed' });
    // Only a mock whose results wait for a later time can have them out now.
    await user.click(await within(closed).findByRole('button', { name: 'Release the results of Held mock' }));
    expect(within(closed).queryByRole('button', { name: 'Release the results of Out mock' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Release the results now?' });
    expect(
      within(dialog).getByText(/Everyone who sat "Held mock" will see their score, rank and the answers/),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Release results' }));
    expect(
      await screen.findByText('Results released. Every sitting is scored within a minute.'),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
