import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminComment } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { buildAdminComment, buildModerationResponse } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { CommunityPage } from './community-page.tsx';

const held = buildAdminComment({
  _id: 'c2',
  status: 'held',
  body: 'First post here',
  reports: [],
  reportCount: 0,
  helpful: 0,
  author: {
    userId: 'u2',
    displayName: 'grace_h',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    team: false,
    commentingSuspended: false,
  },
});

const reported = buildAdminComment();

const queueGets = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/api/admin/comments');

function renderCommunity(url = '/admin/community') {
  window.localStorage.setItem('adminToken', 'admin-token');
  return renderPage(<CommunityPage />, { url });
}

async function findCard(name: string | RegExp) {
  return screen.findByRole('article', { name });
}

describe('CommunityPage', () => {
  it('lists the comments that need attention, each with its author, place, text, reports and state', async () => {
    const team = buildAdminComment({
      _id: 'c3',
      parentId: 'c1',
      body: 'Thanks, corrected.',
      reports: [],
      reportCount: 0,
      editedAt: new Date(2026, 10, 22, 9, 0).toISOString(),
      author: {
        userId: null,
        displayName: 'MedLearn Team',
        name: 'Admin One',
        email: 'admin@example.com',
        team: true,
        commentingSuspended: false,
      },
      target: { kind: 'article', id: 'a1', title: 'Sepsis bundles', examTitle: null },
      moderation: { action: 'approved', reason: '', at: new Date(2026, 10, 22, 10, 0).toISOString() },
    });
    const requests = stubFetch({
      'GET /api/admin/comments': () =>
        json(buildModerationResponse([reported, held, team], { counts: { held: 1, reported: 4 } })),
    });
    renderCommunity();

    expect(await screen.findByRole('heading', { name: 'Community', level: 1 })).toBeTruthy();
    expect(screen.getByText("Held and reported comments, and learners' commenting")).toBeTruthy();
    const card = await findCard('ada_l');
    expect(queueGets(requests)[0]?.search).toBe('?view=attention&page=1&limit=20');

    // The tabs, with the waiting counts.
    const tabs = screen.getByRole('tablist', { name: 'Which comments' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Needs attention', 'Held (1)', 'Reported (4)', 'Hidden', 'All']);
    expect(within(tabs).getByRole('tab', { name: 'Needs attention' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('3 comments')).toBeTruthy();

    // A learner's reported comment: account (panel only), when, where, the text as plain text, votes, reports.
    expect(within(card).getByText('Ada Lovelace · ada@example.com')).toBeTruthy();
    expect(
      within(card).getByText(
        'November 20, 2026 at 10:00 AM · Question in Pharmacology: Which drug reverses warfarin fastest?',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Visible')).toBeTruthy();
    const body = within(card).getByText(/Vitamin K takes hours/);
    expect(body.textContent).toBe('Vitamin K takes hours.\nPCC works in minutes.');
    expect(getComputedStyle(body).whiteSpace).toBe('pre-wrap');
    expect(within(card).getByText('2 helpful votes')).toBeTruthy();
    const reports = within(card).getByRole('region', { name: '1 open report' });
    expect(reports.textContent).toContain('Medically incorrect or misleading: Vitamin K is the answer');
    expect(reports.textContent).toContain('November 21, 2026 at 9:30 AM');
    expect(within(card).getByRole('button', { name: 'Dismiss reports' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Suspend commenting' })).toBeTruthy();

    const heldCard = await findCard('grace_h');
    expect(within(heldCard).getByText('Held')).toBeTruthy();
    expect(within(heldCard).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(heldCard).queryByRole('button', { name: 'Reply as team' })).toBeNull();

    // The team's reply: badged, no account line, no commenting switch; edited, moderated.
    const teamCard = await findCard('MedLearn Team');
    expect(within(teamCard).getByText('Team')).toBeTruthy();
    expect(within(teamCard).getByText('Reply')).toBeTruthy();
    expect(within(teamCard).queryByText(/admin@example.com/)).toBeNull();
    expect(within(teamCard).getByText(/· edited · Article: Sepsis bundles$/)).toBeTruthy();
    expect(within(teamCard).getByText('Approved on November 22, 2026 at 10:00 AM')).toBeTruthy();
    expect(within(teamCard).queryByRole('button', { name: /commenting/ })).toBeNull();
    expect(within(teamCard).queryByRole('button', { name: /Approve|Dismiss/ })).toBeNull();
  });

  it('never renders a comment as markup', async () => {
    stubFetch({
      'GET /api/admin/comments': () =>
        json(buildModerationResponse([buildAdminComment({ body: '<img src=x onerror=alert(1)> **bold**' })])),
    });
    renderCommunity();
    const card = await findCard('ada_l');
    expect(within(card).getByText('<img src=x onerror=alert(1)> **bold**')).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
  });

  it('keeps the view and the page in the URL: a tab asks for its view from the first page', async () => {
    const requests = stubFetch({
      'GET /api/admin/comments': (request) =>
        json(
          new URLSearchParams(request.search).get('view') === 'held'
            ? buildModerationResponse([], { counts: { held: 0, reported: 2 } })
            : buildModerationResponse([reported], {
                page: 2,
                pages: 3,
                total: 41,
                counts: { held: 0, reported: 2 },
              }),
        ),
    });
    const { router } = renderCommunity('/admin/community?view=reported&page=2');
    await findCard('ada_l');
    expect(queueGets(requests)[0]?.search).toBe('?view=reported&page=2&limit=20');
    expect(screen.getByRole('tab', { name: 'Reported (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Comment pages' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Held (0)' }));
    expect(await screen.findByText('No comments are waiting for approval.')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=held');
    expect(queueGets(requests).at(-1)?.search).toBe('?view=held&page=1&limit=20');
  });

  it('says when nothing needs attention', async () => {
    stubFetch({ 'GET /api/admin/comments': () => json(buildModerationResponse([])) });
    renderCommunity();
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull();
  });

  it('approves a held comment once, with its buttons off while the request runs, then shows the message', async () => {
    let approved = false;
    let release = () => {};
    const requests = stubFetch({
      'GET /api/admin/comments': () =>
        json(
          buildModerationResponse(approved ? [] : [held], {
            counts: { held: approved ? 0 : 1, reported: 0 },
          }),
        ),
      'POST /api/admin/comments/c2/moderate': async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        approved = true;
        return json({ message: 'Comment approved', comment: { ...held, status: 'visible' } });
      },
    });
    renderCommunity();
    const user = userEvent.setup();
    const card = await findCard('grace_h');
    const approve = within(card).getByRole('button', { name: 'Approve' });
    await user.dblClick(approve);

    await waitFor(() => expect(within(card).getByRole('button', { name: 'Approving...' })).toBeTruthy());
    expect(within(card).getByRole('button', { name: 'Hide' }).hasAttribute('disabled')).toBe(true);
    expect(within(card).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    release();

    expect(await screen.findByText('Comment approved')).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ action: 'approve' });
    // The queue loads again.
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Held (0)' })).toBeTruthy();
  });

  it("dismisses a visible comment's reports, and shows the server's refusal", async () => {
    stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse([reported])),
      'POST /api/admin/comments/c1/moderate': () =>
        json({ message: 'This comment was deleted meanwhile' }, 409),
    });
    renderCommunity();
    const card = await findCard('ada_l');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText('This comment was deleted meanwhile')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Dismiss reports' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('hides a comment only with a reason, and sends it', async () => {
    let hidden = false;
    const requests = stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse(hidden ? [] : [reported])),
      'POST /api/admin/comments/c1/moderate': () => {
        hidden = true;
        return json({
          message: 'Comment hidden',
          comment: {
            ...reported,
            status: 'hidden',
            moderation: { action: 'hidden', reason: 'Unsafe advice', at: new Date().toISOString() },
          },
        });
      },
    });
    renderCommunity();
    const user = userEvent.setup();
    await user.click(within(await findCard('ada_l')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide comment' });
    expect(within(dialog).getByText(/Vitamin K takes hours/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Give a reason (the author is shown it)')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Unsafe advice ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Comment hidden')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      action: 'hide',
      reason: 'Unsafe advice',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
  });

  it("keeps a refused hide in its dialog, in the server's words", async () => {
    stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse([reported])),
      'POST /api/admin/comments/c1/moderate': () => json({ message: 'Comment not found' }, 404),
    });
    renderCommunity();
    const user = userEvent.setup();
    await user.click(within(await findCard('ada_l')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide comment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('Comment not found')).toBeTruthy();
  });

  it('deletes a comment after warning that it cannot be undone', async () => {
    const requests = stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse([reported])),
      'POST /api/admin/comments/c1/moderate': () =>
        json({ message: 'Comment deleted', comment: { ...reported, status: 'deleted', body: '' } }),
    });
    renderCommunity();
    const user = userEvent.setup();
    await user.click(within(await findCard('ada_l')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    expect(within(dialog).getByText(/Deleting cannot be undone/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      action: 'delete',
      reason: 'Advertising',
    });
  });

  it('replies as the team, checking the text as the server does', async () => {
    const requests = stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse([reported])),
      'POST /api/admin/comments/c1/reply': (request) => {
        const { body } = request.body as { body: string };
        const reply: AdminComment = buildAdminComment({
          _id: 'c9',
          parentId: 'c1',
          body,
          reports: [],
          reportCount: 0,
          author: { ...reported.author, userId: null, displayName: 'MedLearn Team', team: true },
        });
        return json({ message: 'Reply posted', comment: reply }, 201);
      },
    });
    renderCommunity();
    const user = userEvent.setup();
    await user.click(within(await findCard('ada_l')).getByRole('button', { name: 'Reply as team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply as team' });
    const field = within(dialog).getByRole('textbox', { name: /Reply/ });

    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(within(dialog).getByText(/Write something before posting/)).toBeTruthy();
    await user.type(field, '<b>No</b>');
    expect(within(dialog).getByText(/Comments are plain text: remove the HTML tags/)).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'Both work.{Enter}PCC is faster.');
    expect(within(dialog).getByText(/25 \/ 2000/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Reply posted')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/comments/c1/reply')?.body).toEqual({
      body: 'Both work.\nPCC is faster.',
    });
  });

  it("suspends the author's commenting with a reason, and restores a suspended author's", async () => {
    const suspended = buildAdminComment({
      _id: 'c4',
      reports: [],
      reportCount: 0,
      author: {
        ...held.author,
        userId: 'u4',
        displayName: 'bob_k',
        name: 'Bob Kahn',
        email: 'bob@example.com',
        commentingSuspended: true,
      },
    });
    const requests = stubFetch({
      'GET /api/admin/comments': () => json(buildModerationResponse([reported, suspended])),
      'PUT /api/admin/users/u1/commenting': () => json({ message: 'ada_l can no longer comment' }),
      'PUT /api/admin/users/u4/commenting': () => json({ message: 'bob_k can comment again' }),
    });
    renderCommunity();
    const user = userEvent.setup();

    await user.click(within(await findCard('ada_l')).getByRole('button', { name: 'Suspend commenting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend commenting' });
    expect(
      within(dialog).getByText(/Ada Lovelace \(ada@example.com\), "ada_l", will not be able to post/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Give a reason (the author is shown it)')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Abusive replies');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('ada_l can no longer comment')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/users/u1/commenting')?.body).toEqual({
      suspended: true,
      reason: 'Abusive replies',
    });

    const bob = await findCard('bob_k');
    expect(within(bob).getByText('Commenting suspended')).toBeTruthy();
    await user.click(within(bob).getByRole('button', { name: 'Restore commenting' }));
    const restore = await screen.findByRole('dialog', { name: 'Restore commenting' });
    expect(within(restore).getByText('Let Bob Kahn (bob@example.com) post comments again?')).toBeTruthy();
    await user.click(within(restore).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('bob_k can comment again')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/users/u4/commenting')?.body).toEqual({
      suspended: false,
    });
  });

  it('says when the queue could not be loaded, and loads it again on request', async () => {
    let fail = true;
    stubFetch({
      'GET /api/admin/comments': () =>
        fail ? json({ message: 'Database unavailable' }, 503) : json(buildModerationResponse([reported])),
    });
    renderCommunity();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findCard('ada_l')).toBeTruthy();
  });
});
