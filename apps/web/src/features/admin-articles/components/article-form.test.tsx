import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { DISCARD_CHANGES_TITLE } from '../../../components/dialogs/unsaved-changes-guard.tsx';
import { ArticleForm, EditArticlePage } from './article-form.tsx';

// jsdom has no layout: ProseMirror scrolls the selection into view after each command.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint = () => null;
});

const ARTICLE_ID = '0190f3a2-0000-7000-8000-0000000000a1';
const article: Article = {
  _id: ARTICLE_ID,
  title: 'Sepsis six',
  summary: 'The bundle',
  content: '<h2>Why</h2><p>Give oxygen.</p><ul><li>Cultures</li></ul>',
  category: 'medical',
  status: 'published',
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
};

function signInAdmin() {
  window.localStorage.setItem('adminToken', 'admin-token');
}

/** Whether the page asks the browser to confirm a reload or closing the tab. */
function reloadIsGuarded(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const location = () => screen.getByTestId('location').textContent;

describe('ArticleForm: unsaved changes (issue 15.15)', () => {
  it('leaves at once while nothing was changed', async () => {
    signInAdmin();
    stubFetch();
    renderPage(<ArticleForm />, { url: '/admin/articles/create' });
    const user = userEvent.setup();

    expect(reloadIsGuarded()).toBe(false);
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(location()).toBe('/admin/articles');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks 'Discard unsaved changes?' before leaving a changed form, and guards a reload", async () => {
    signInAdmin();
    stubFetch();
    renderPage(<ArticleForm />, { url: '/admin/articles/create' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Title/), 'Half-written');
    expect(reloadIsGuarded()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_CHANGES_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Half-written');
    expect(screen.queryByTestId('location')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TITLE })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/articles');
  });

  it('stops asking once a change is undone', async () => {
    signInAdmin();
    stubFetch();
    renderPage(<ArticleForm />, { url: '/admin/articles/create' });
    const user = userEvent.setup();

    const title = await screen.findByLabelText(/^Title/);
    await user.type(title, 'x');
    expect(reloadIsGuarded()).toBe(true);
    await user.clear(title);
    expect(reloadIsGuarded()).toBe(false);
  });

  it('does not ask after a successful save: the form goes back to the list', async () => {
    signInAdmin();
    // The editor's text comes from a drafted article (typing into ProseMirror needs a layout jsdom lacks).
    stubFetch({
      'POST /api/admin/articles/generate': () =>
        json({ title: 'Fluids', summary: 'Why and when', content: '<p>Give fluids.</p>' }),
      'POST /api/admin/articles': () => json({ message: 'Article created successfully!', article }, 201),
    });
    renderPage(<ArticleForm />, { url: '/admin/articles/create' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Title/), 'Fluids');
    await user.click(screen.getByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Research' }));
    await user.click(screen.getByRole('button', { name: 'Generate with AI' }));
    const generate = await screen.findByRole('dialog');
    await user.type(within(generate).getByLabelText(/prompt/i), 'fluids');
    await user.click(within(generate).getByRole('button', { name: /^Generate/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reloadIsGuarded()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Article created successfully!')).toBeTruthy();
    expect(reloadIsGuarded()).toBe(false);
    // The 1.5 s redirect (spec §9) goes through without a question.
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/articles');
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TITLE })).toBeNull();
  });
});

describe('EditArticlePage: unsaved changes', () => {
  it('does not count the loaded article as a change, but does count an edit', async () => {
    signInAdmin();
    stubFetch({ [`GET /api/admin/articles/${ARTICLE_ID}`]: () => json(article) });
    const path = `/admin/articles/${ARTICLE_ID}/edit`;
    renderPage(<EditArticlePage articleId={ARTICLE_ID} />, { url: path });
    const user = userEvent.setup();

    const summary = await screen.findByLabelText(/^Summary/);
    expect(reloadIsGuarded()).toBe(false);
    await user.type(summary, ' updated');
    expect(reloadIsGuarded()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TITLE })).toBeTruthy();
  });
});
