import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment, ThreadResponse } from '@mlp/contract';
import { json, publicSettings, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { buildComment, buildThread, buildThreadComment } from '../../test/factories.ts';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { renderPage } from '../../test/render.tsx';
import { expectTryAgainRefetches } from '../../test/try-again.ts';
import { ArticleDiscussion, QuestionDiscussionToggle } from './discussion-entry.tsx';
import { Discussion } from './discussion.tsx';

const THREAD = '/api/questions/q1/comments';

type Handlers = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

/** A signed-in learner on a site with the community on, the thread answering `thread`. */
function setup(
  thread: ThreadResponse | ((request: RecordedRequest) => Response | Promise<Response>),
  handlers: Handlers = {},
) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/settings/public': () => publicSettings(),
    [`GET ${THREAD}`]: typeof thread === 'function' ? thread : () => json(thread),
    ...handlers,
  });
  const user = userEvent.setup();
  renderPage(<Discussion target={{ kind: 'question', questionId: 'q1' }} />, { url: '/review' });
  return { requests, user };
}

function own(overrides: Partial<Comment> = {}): Comment {
  return buildComment({
    _id: 'mine',
    author: { displayName: 'Ada', team: false, you: true },
    body: 'My first thought.',
    canEdit: true,
    canDelete: true,
    ...overrides,
  });
}

function SiteNameProbe() {
  return <p>{useSiteSettings().siteName}</p>;
}

const writes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== 'GET');

describe('Discussion', () => {
  it('shows the comments with their replies, the team badge and the helpful counts', async () => {
    setup(
      buildThread({
        comments: [
          buildThreadComment({
            _id: 'c1',
            body: 'Use the **MUDPILES** mnemonic.',
            helpful: 3,
            replies: [
              buildComment({
                _id: 'r1',
                parentId: 'c1',
                author: { displayName: 'MedLearn team', team: true, you: false },
                body: 'Good tip, thanks.',
              }),
            ],
          }),
          buildThreadComment({
            _id: 'c2',
            author: { displayName: 'Sam', team: false, you: false },
            body: 'Agreed',
          }),
        ],
      }),
    );

    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(screen.getByText('2 comments')).toBeTruthy();
    const first = within(list).getByRole('article', { name: 'Comment by Dr Ann' });
    expect(within(first).getByText('MUDPILES').tagName).toBe('STRONG');
    expect(within(first).getByRole('button', { name: 'Helpful (3), comment by Dr Ann' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reply to Dr Ann' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Report comment by Dr Ann' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^Edit/ })).toBeNull();

    const replies = screen.getByRole('list', { name: 'Replies to Dr Ann' });
    const reply = within(replies).getByRole('article', { name: 'Reply by MedLearn team' });
    expect(within(reply).getByText('Team')).toBeTruthy();
    expect(within(reply).getByText('Good tip, thanks.')).toBeTruthy();
    // Replies are one level deep: no 'Reply' on a reply.
    expect(within(reply).queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.getByRole('article', { name: 'Comment by Sam' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
  });

  it('says there are no comments yet, and shows a loading state first', async () => {
    setup(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return json(buildThread());
    });
    expect(await screen.findByText('Loading the discussion')).toBeTruthy();
    expect(await screen.findByText('No comments yet. Start the discussion.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull();
  });

  it('asks for a display name before the first post, then posts once however often Post is clicked', async () => {
    const posted = buildComment({
      _id: 'new',
      author: { displayName: 'Ada L', team: false, you: true },
      body: 'Thanks, *very* clear.',
      canEdit: true,
      canDelete: true,
    });
    const { requests, user } = setup(
      buildThread({
        comments: [buildThreadComment()],
        profile: { displayName: null, commentingSuspended: false },
      }),
      {
        'PUT /api/community/profile': (request) =>
          json({
            message: 'Display name saved',
            profile: {
              displayName: (request.body as { displayName: string }).displayName,
              commentingSuspended: false,
            },
          }),
        [`POST ${THREAD}`]: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return json({ message: 'Comment posted', comment: posted }, 201);
        },
      },
    );

    expect(
      await screen.findByText(
        'Choose a public display name. Other learners see it beside your comments; your e-mail is never shown.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    // The notices' line is there before any notice, so none moves the comments when it appears.
    expect(screen.getByRole('status').textContent).toBe('');
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.type(name, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(screen.getByText('A display name has 3 to 30 characters')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    expect(screen.getByText(/not an e-mail address/)).toBeTruthy();
    expect(writes(requests)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '  Ada   L ');
    await user.click(screen.getByRole('button', { name: 'Save display name' }));
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(writes(requests)[0]?.body).toEqual({ displayName: 'Ada L' });
    expect(screen.getByText('Display name saved')).toBeTruthy();
    expect(screen.getByText(/Posting as/).textContent).toBe('Posting as Ada L · Change');
    await waitFor(() => expect(document.activeElement).toBe(box));

    // The contract's checks come before any request.
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByText(/Write something before posting/)).toBeTruthy();
    await user.type(box, '<b>hi</b>');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByText(/Comments are plain text: remove the HTML tags/)).toBeTruthy();
    expect(writes(requests)).toHaveLength(1);

    await user.clear(box);
    await user.type(box, 'Thanks, *very* clear.');
    expect(screen.getByText('21 / 2000 characters')).toBeTruthy();
    await user.dblClick(screen.getByRole('button', { name: 'Post' }));

    const article = await screen.findByRole('article', { name: 'Your comment' });
    expect(within(article).getByText('very').tagName).toBe('EM');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      body: 'Thanks, *very* clear.',
    });
    await waitFor(() => expect(document.activeElement).toBe(article));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('status').textContent).toBe('Comment posted');
    expect(screen.getByText('2 comments')).toBeTruthy();
    // The new comment comes first, where the learner is looking.
    const articles = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('article');
    expect(articles[0]).toBe(article);
  });

  it("shows the server's refusal of a post (a rate limit) and keeps the text", async () => {
    const { user } = setup(buildThread(), {
      [`POST ${THREAD}`]: () =>
        json({ message: 'You have posted a lot in the last hour. Try again in 12 minutes.' }, 429),
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'One more thought');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('You have posted a lot in the last hour. Try again in 12 minutes.'),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('One more thought');
  });

  it('changes the display name from "Posting as … · Change"', async () => {
    const { requests, user } = setup(buildThread(), {
      'PUT /api/community/profile': () =>
        json({
          message: 'Display name saved',
          profile: { displayName: 'Ada Lovelace', commentingSuspended: false },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change display name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your display name' });
    const field = within(dialog).getByRole('textbox', { name: 'Display name' });
    expect((field as HTMLInputElement).value).toBe('Ada');
    await user.clear(field);
    await user.type(field, 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/Posting as/).textContent).toBe('Posting as Ada Lovelace · Change');
    expect(writes(requests)[0]?.body).toEqual({ displayName: 'Ada Lovelace' });
  });

  it('replies under a comment and moves focus to the reply', async () => {
    const reply = buildComment({
      _id: 'r9',
      parentId: 'c1',
      author: { displayName: 'Ada', team: false, you: true },
      body: 'Same here',
    });
    const { requests, user } = setup(buildThread({ comments: [buildThreadComment()] }), {
      [`POST ${THREAD}`]: () => json({ message: 'Reply posted', comment: reply }, 201),
    });
    const replyButton = await screen.findByRole('button', { name: 'Reply to Dr Ann' });
    await user.click(replyButton);
    expect(replyButton.getAttribute('aria-expanded')).toBe('true');
    const box = screen.getByRole('textbox', { name: 'Reply to Dr Ann' });
    expect(document.activeElement).toBe(box);

    // Cancel closes it and gives focus back to the Reply button.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reply to Dr Ann' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reply to Dr Ann' })),
    );

    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Reply to Dr Ann' }), 'Same here');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    const posted = await screen.findByRole('article', { name: 'Your reply' });
    expect(
      within(screen.getByRole('list', { name: 'Replies to Dr Ann' })).getByText('Same here'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      body: 'Same here',
      parentId: 'c1',
    });
    await waitFor(() => expect(document.activeElement).toBe(posted));
    expect(screen.queryByRole('textbox', { name: 'Reply to Dr Ann' })).toBeNull();
  });

  it('edits an own comment in place', async () => {
    const { requests, user } = setup(buildThread({ comments: [{ ...own(), replies: [] }] }), {
      'PUT /api/comments/mine': (request) =>
        json({
          message: 'Comment updated',
          comment: own({
            body: (request.body as { body: string }).body,
            editedAt: '2026-11-20T10:05:00.000Z',
          }),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit your comment' }));
    const box = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect((box as HTMLTextAreaElement).value).toBe('My first thought.');
    await user.clear(box);
    await user.type(box, 'My second thought.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const article = await screen.findByRole('article', { name: 'Your comment' });
    await waitFor(() => expect(within(article).getByText('My second thought.')).toBeTruthy());
    expect(within(article).getByText(/edited/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull();
    expect(writes(requests)[0]).toMatchObject({ method: 'PUT', body: { body: 'My second thought.' } });
    // An own comment gets no Helpful or Report button.
    expect(within(article).queryByRole('button', { name: /^Helpful/ })).toBeNull();
    expect(within(article).queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('deletes an own comment after asking, leaving a placeholder when it has replies', async () => {
    const { requests, user } = setup(
      buildThread({
        comments: [
          { ...own({ _id: 'lonely' }), replies: [] },
          {
            ...own({ _id: 'answered' }),
            replies: [buildComment({ _id: 'r1', parentId: 'answered', body: 'A reply' })],
          },
        ],
      }),
      {
        'DELETE /api/comments/lonely': () => json({ message: 'Comment deleted' }),
        'DELETE /api/comments/answered': () => json({ message: 'Comment deleted' }),
      },
    );
    const deleteButtons = await screen.findAllByRole('button', { name: 'Delete your comment' });
    await user.click(deleteButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)).toHaveLength(0);

    await user.click(deleteButtons[0] as HTMLElement);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Your comment' })).toHaveLength(1));
    expect(writes(requests)[0]).toMatchObject({ method: 'DELETE', path: '/api/comments/lonely' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('1 comment'));

    await user.click(screen.getByRole('button', { name: 'Delete your comment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This comment was deleted.')).toBeTruthy();
    expect(screen.getByText('A reply')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Your comment' })).toBeNull();
  });

  it('shows a delete refused by the server inside the dialog', async () => {
    const { user } = setup(buildThread({ comments: [{ ...own(), replies: [] }] }), {
      'DELETE /api/comments/mine': () => json({ message: 'Comment not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete your comment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Comment not found')).toBeTruthy();
  });

  it('toggles a helpful vote with PUT and DELETE', async () => {
    let votes = 2;
    const { requests, user } = setup(buildThread({ comments: [buildThreadComment({ helpful: 2 })] }), {
      'PUT /api/comments/c1/helpful': () => json({ helpful: (votes += 1), helpfulByYou: true }),
      'DELETE /api/comments/c1/helpful': () => json({ helpful: (votes -= 1), helpfulByYou: false }),
    });
    const button = await screen.findByRole('button', { name: 'Helpful (2), comment by Dr Ann' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    const pressed = await screen.findByRole('button', { name: 'Helpful (3), comment by Dr Ann' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await user.click(pressed);
    const released = await screen.findByRole('button', { name: 'Helpful (2), comment by Dr Ann' });
    expect(released.getAttribute('aria-pressed')).toBe('false');
    expect(writes(requests).map((request) => request.method)).toEqual(['PUT', 'DELETE']);
  });

  it("shows a refused vote's message", async () => {
    const { user } = setup(buildThread({ comments: [buildThreadComment()] }), {
      'PUT /api/comments/c1/helpful': () => json({ message: 'You cannot vote for your own comment' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Helpful, comment by Dr Ann' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot vote for your own comment');
  });

  it('reports a comment with a reason and optional details', async () => {
    const { requests, user } = setup(buildThread({ comments: [buildThreadComment()] }), {
      'POST /api/comments/c1/report': () => json({ message: 'Thank you. A moderator will look at it.' }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Report comment by Dr Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose why you are reporting this comment')).toBeTruthy();
    expect(writes(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Medically incorrect or misleading' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Dose is wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thank you. A moderator will look at it.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)[0]?.body).toEqual({ reason: 'incorrect', details: 'Dose is wrong' });
    const article = screen.getByRole('article', { name: 'Comment by Dr Ann' });
    expect(within(article).getByText('Reported')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: /^Report/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(article));
  });

  it('shows held, hidden and deleted comments as their author or other learners see them', async () => {
    setup(
      buildThread({
        comments: [
          { ...own({ _id: 'held', status: 'held', body: 'Waiting' }), replies: [] },
          {
            ...own({
              _id: 'hid',
              status: 'hidden',
              body: 'Rude words',
              moderatorNote: 'Please keep it civil',
            }),
            replies: [],
          },
          buildThreadComment({
            _id: 'gone',
            status: 'deleted',
            body: '',
            replies: [buildComment({ _id: 'r1', parentId: 'gone', body: 'Reply to a deleted one' })],
          }),
          buildThreadComment({
            _id: 'hidden-other',
            status: 'hidden',
            body: '',
            replies: [buildComment({ _id: 'r2', parentId: 'hidden-other', body: 'Reply to a hidden one' })],
          }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Comments' });
    const articles = within(list).getAllByRole('article');
    expect(within(articles[0] as HTMLElement).getByText('Awaiting approval')).toBeTruthy();
    expect(within(articles[0] as HTMLElement).getByText('Waiting')).toBeTruthy();
    expect(
      within(articles[1] as HTMLElement).getByText('Hidden by a moderator: Please keep it civil'),
    ).toBeTruthy();
    expect(within(articles[1] as HTMLElement).getByText('Rude words')).toBeTruthy();
    expect(screen.getByText('This comment was deleted.')).toBeTruthy();
    expect(screen.getByText('This comment was hidden by a moderator.')).toBeTruthy();
    expect(screen.getByText('Reply to a deleted one')).toBeTruthy();
    expect(screen.getByText('Reply to a hidden one')).toBeTruthy();
    // Nothing to do with a placeholder, and nothing to vote on in a held or hidden comment.
    expect(screen.queryAllByRole('button', { name: /^Reply to/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Helpful/ })).toHaveLength(2);
    for (const placeholder of screen.getAllByRole('article', { name: 'Comment' })) {
      expect(placeholder.textContent).not.toContain('Dr Ann');
    }
  });

  it('offers no composer and no Reply to a suspended learner', async () => {
    setup(
      buildThread({
        comments: [buildThreadComment()],
        profile: { displayName: 'Ada', commentingSuspended: true },
      }),
    );
    expect(await screen.findByText('A moderator has suspended your commenting.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Helpful, comment by Dr Ann' })).toBeTruthy();
  });

  it("says so when the learner has not answered the question (the server's 403)", async () => {
    setup(() => json({ message: 'Answer this question to see its discussion.' }, 403));
    expect(await screen.findByText('Answer this question to see its discussion.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers Try again when the discussion fails to load', async () => {
    let fail = true;
    const { requests } = setup(() => (fail ? new Response(null, { status: 500 }) : json(buildThread())));
    expect(await screen.findByText('The discussion could not be loaded')).toBeTruthy();
    fail = false;
    await expectTryAgainRefetches(requests, THREAD);
    expect(await screen.findByText('No comments yet. Start the discussion.')).toBeTruthy();
  });

  it('loads more comments page by page and moves focus to the first new one', async () => {
    const { requests, user } = setup((request) =>
      json(
        request.search === '?page=2'
          ? buildThread({
              comments: [
                buildThreadComment({ _id: 'c3', author: { displayName: 'Kim', team: false, you: false } }),
              ],
              page: 2,
              pages: 2,
              total: 3,
            })
          : buildThread({
              comments: [
                buildThreadComment({ _id: 'c1' }),
                buildThreadComment({ _id: 'c2', author: { displayName: 'Sam', team: false, you: false } }),
              ],
              page: 1,
              pages: 2,
              total: 3,
            }),
      ),
    );
    expect(await screen.findByText('3 comments')).toBeTruthy();
    expect(requests.find((request) => request.path === THREAD)?.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Show more comments' }));
    const kim = await screen.findByRole('article', { name: 'Comment by Kim' });
    expect(requests.filter((request) => request.path === THREAD).at(-1)?.search).toBe('?page=2');
    await waitFor(() => expect(document.activeElement).toBe(kim));
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows nothing at all, and asks for nothing, when the community is off', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/settings/public': () => publicSettings({ communityEnabled: false, siteName: 'Quiet Site' }),
      [`GET ${THREAD}`]: () => json(buildThread()),
    });
    renderPage(
      <>
        <SiteNameProbe />
        <div data-testid="page">
          <Discussion target={{ kind: 'question', questionId: 'q1' }} />
          <ArticleDiscussion articleId="a1" />
          <QuestionDiscussionToggle questionId="q1" questionNumber={1} headingLevel={4} />
        </div>
      </>,
    );
    // The settings have arrived (the probe shows their site name), and still nothing shows.
    expect(await screen.findByText('Quiet Site')).toBeTruthy();
    expect(screen.getByTestId('page').innerHTML).toBe('');
    expect(requests.filter((request) => request.path.includes('comments'))).toHaveLength(0);
  });
});

describe('ArticleDiscussion', () => {
  it('asks a visitor to sign in, with a link to the login page', async () => {
    const requests = stubFetch({ 'GET /api/settings/public': () => publicSettings() });
    const user = userEvent.setup();
    renderPage(<ArticleDiscussion articleId="a1" />, { url: '/articles/a1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Discussion' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Sign in to join the discussion' });
    expect(link.getAttribute('href')).toBe('/login');
    await user.click(link);
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(requests.filter((request) => request.path.includes('comments'))).toHaveLength(0);
  });

  it("shows a signed-in learner the article's thread", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/articles/a1/comments': () => json(buildThread({ comments: [buildThreadComment()] })),
    });
    renderPage(<ArticleDiscussion articleId="a1" />, { url: '/articles/a1' });
    const section = await screen.findByRole('region', { name: 'Discussion' });
    expect(await within(section).findByRole('article', { name: 'Comment by Dr Ann' })).toBeTruthy();
  });
});

describe('QuestionDiscussionToggle', () => {
  it('loads the discussion only once opened, and hides it again', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      [`GET ${THREAD}`]: () => json(buildThread()),
    });
    const user = userEvent.setup();
    renderPage(<QuestionDiscussionToggle questionId="q1" questionNumber={3} headingLevel={4} />);
    const toggle = await screen.findByRole('button', { name: 'Discussion (question 3)' });
    expect(toggle.closest('h4')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(requests.filter((request) => request.path === THREAD)).toHaveLength(0);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('No comments yet. Start the discussion.')).toBeTruthy();
    expect(requests.filter((request) => request.path === THREAD)).toHaveLength(1);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    // Opening it again shows the same discussion without asking again.
    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    expect(requests.filter((request) => request.path === THREAD)).toHaveLength(1);
  });
});
