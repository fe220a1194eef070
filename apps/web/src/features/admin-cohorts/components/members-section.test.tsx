import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { MembersSection } from './members-section.tsx';

const COHORT = '0190f3a2-0000-7000-8000-0000000000d1';
const PREVIEW = `POST /api/admin/cohorts/${COHORT}/members/preview`;
const ADD = `POST /api/admin/cohorts/${COHORT}/members`;

describe('MembersSection', () => {
  it('previews a paste with its refused rows and adds nobody until they are gone', async () => {
    signInAdmin();
    const requests = stubFetch({
      [PREVIEW]: (request) => {
        const emails = (request.body as { emails: string }).emails;
        return json(
          emails.includes('nobody')
            ? {
                add: [{ email: 'ana@example.com', name: 'Ana' }],
                refused: [{ email: 'nobody@example.com', reason: 'not_learner' }],
              }
            : { add: [{ email: 'ana@example.com', name: 'Ana' }], refused: [] },
        );
      },
      [ADD]: () => json({ message: '1 member added', added: 1 }),
    });
    const notices: string[] = [];
    renderPage(<MembersSection cohortId={COHORT} members={[]} onNotice={(m) => notices.push(m)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail addresses'), 'ana@example.com, nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const refused = await screen.findByRole('table', { name: 'Refused addresses' });
    expect(within(refused).getByText('nobody@example.com')).toBeTruthy();
    expect(within(refused).getByText('No learner account with this e-mail')).toBeTruthy();
    expect(screen.getByText('1 to add · 1 refused')).toBeTruthy();
    expect(screen.getByText('Nobody is added while an address is refused.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Keep only the addresses that can be added' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('E-mail addresses').value).toBe('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add 1 member' }));
    await waitFor(() => expect(notices).toEqual(['1 member added']));
    expect(requests.find((r) => `${r.method} ${r.path}` === ADD)?.body).toEqual({
      emails: 'ana@example.com',
    });
  });

  it('lists the refused rows the server names when the add is refused after all', async () => {
    signInAdmin();
    stubFetch({
      [PREVIEW]: () => json({ add: [{ email: 'ana@example.com', name: 'Ana' }], refused: [] }),
      [ADD]: () =>
        json(
          {
            message: '1 address was refused, so nobody was added. Remove it and try again.',
            errors: [{ path: 'ana@example.com', message: 'Already a member' }],
          },
          422,
        ),
    });
    renderPage(<MembersSection cohortId={COHORT} members={[]} onNotice={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail addresses'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Add 1 member' }));
    expect(
      await screen.findByText('1 address was refused, so nobody was added. Remove it and try again.'),
    ).toBeTruthy();
    expect(screen.getByText('ana@example.com: Already a member')).toBeTruthy();
  });

  it('asks before removing a member, keeps a refusal in the question, and removes on the second try', async () => {
    signInAdmin();
    const member = {
      _id: '0190f3a2-0000-7000-8000-0000000000e1',
      name: 'Ana Lopez',
      email: 'ana@example.com',
      joinedAt: '2026-12-01T09:00:00.000Z',
      extraTimePercent: 0,
    };
    let calls = 0;
    const requests = stubFetch({
      [`DELETE /api/admin/cohorts/${COHORT}/members/${member._id}`]: () =>
        ++calls === 1
          ? json({ message: 'Something went wrong. Please try again.' }, 503)
          : json({ message: 'Member removed' }),
    });
    const notices: string[] = [];
    renderPage(<MembersSection cohortId={COHORT} members={[member]} onNotice={(m) => notices.push(m)} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Remove Ana Lopez' }));
    const question = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(within(question).getByText('Ana Lopez (ana@example.com)')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await within(question).findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(notices).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notices).toEqual(['Member removed']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toBe(2);
  });

  it('sets a member’s extra time from the row, says so, and shows a refusal', async () => {
    signInAdmin();
    const member = {
      _id: '0190f3a2-0000-7000-8000-0000000000e2',
      name: 'Ben Okafor',
      email: 'ben@example.com',
      joinedAt: '2026-12-01T09:00:00.000Z',
      extraTimePercent: 0,
    };
    const TIME = `PUT /api/admin/cohorts/${COHORT}/members/${member._id}/extra-time`;
    let refuse = false;
    const requests = stubFetch({
      [TIME]: () =>
        refuse
          ? json({ message: 'This learner is not a member of the cohort.' }, 404)
          : json({ message: 'Extra time saved. It applies to sittings started from now on.' }),
    });
    const notices: string[] = [];
    renderPage(<MembersSection cohortId={COHORT} members={[member]} onNotice={(m) => notices.push(m)} />);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Extra time for Ben Okafor' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '+25% (1.25×)', '+50% (1.5×)', '+75% (1.75×)', '+100% (2×)']);
    expect(screen.getByText(/from the next one they start/)).toBeTruthy();

    await user.selectOptions(select, '+50% (1.5×)');
    await waitFor(() =>
      expect(notices).toEqual(['Extra time saved. It applies to sittings started from now on.']),
    );
    expect(requests.find((r) => `${r.method} ${r.path}` === TIME)?.body).toEqual({ extraTimePercent: 50 });

    refuse = true;
    await user.selectOptions(select, '+25% (1.25×)');
    expect(await screen.findByText('This learner is not a member of the cohort.')).toBeTruthy();
  });

  it('reads the addresses of a CSV roster into the box for the preview, and says when a file has none', async () => {
    signInAdmin();
    const requests = stubFetch({
      [PREVIEW]: () =>
        json({
          add: [
            { email: 'ana@example.com', name: 'Ana' },
            { email: 'ben@example.com', name: 'Ben' },
          ],
          refused: [],
        }),
    });
    renderPage(<MembersSection cohortId={COHORT} members={[]} onNotice={() => undefined} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Choose a roster file');
    const roster = 'Name,Email,Year\r\n"Lopez, Ana",ana@example.com,3\r\nBen,ben@example.com,3\r\n';
    await user.upload(input, new File([roster], 'year3.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('2 addresses read from year3.csv. Preview them before adding.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('E-mail addresses').value).toBe(
      'ana@example.com\nben@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('2 to add · 0 refused')).toBeTruthy();
    expect(requests.find((r) => `${r.method} ${r.path}` === PREVIEW)?.body).toEqual({
      emails: 'ana@example.com\nben@example.com',
    });

    await user.upload(input, new File(['Name,Year\nAna,3\n'], 'names.csv', { type: 'text/csv' }));
    expect(await screen.findByText('No e-mail address was found in names.csv.')).toBeTruthy();
    // The addresses read before stay in the box.
    expect(screen.getByLabelText<HTMLTextAreaElement>('E-mail addresses').value).toBe(
      'ana@example.com\nben@example.com',
    );
  });
});
