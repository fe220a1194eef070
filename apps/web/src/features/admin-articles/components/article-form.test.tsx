import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, GeneratedArticle } from '@mlp/contract';
import { reloadIsGuarded, signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { description } from '../../../test/queries.ts';
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

const location = () => screen.getByTestId('location').textContent;

describe('ArticleForm: unsaved changes (decision 0024)', () => {
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
        json({ title: 'Fluids', summary: 'Why and when', content: '<p>Give fluids.</p>', category: null }),
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

/** Where the page scrolled to: the elements `scrollIntoView` was called on (jsdom has no layout). */
let scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});

const DRAFT: GeneratedArticle = {
  title: 'Fluids',
  summary: 'Why and when',
  content: '<p>Give fluids.</p>',
  category: null,
};

/** The create form with the model answering `draft`; returns the requests made. */
function renderCreateForm(draft: Partial<GeneratedArticle> = {}): RecordedRequest[] {
  signInAdmin();
  const requests = stubFetch({
    'POST /api/admin/articles/generate': () => json({ ...DRAFT, ...draft }),
    'POST /api/admin/articles': () => json({ message: 'Article created successfully!', article }, 201),
  });
  renderPage(<ArticleForm />, { url: '/admin/articles/create' });
  return requests;
}

async function draftWithAi(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Generate with AI' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/prompt/i), 'fluids');
  await user.click(within(dialog).getByRole('button', { name: /^Generate/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const categoryBox = () => screen.getByRole('combobox', { name: /^Category/ });
const editorBox = () => screen.getByRole('textbox', { name: 'Article Content' });

describe('ArticleForm: required fields after an AI draft', () => {
  it('fills the category the draft suggests while none is chosen', async () => {
    renderCreateForm({ category: 'career' });
    const user = userEvent.setup();
    await draftWithAi(user);
    expect(categoryBox().textContent).toBe('Career');
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Fluids');
  });

  it("keeps the administrator's category over the draft's", async () => {
    renderCreateForm({ category: 'career' });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Research' }));
    await draftWithAi(user);
    expect(categoryBox().textContent).toBe('Research');
  });

  it('marks a missing category next to the field and focuses it; choosing one clears the messages', async () => {
    const requests = renderCreateForm({ category: null });
    const user = userEvent.setup();
    await draftWithAi(user);
    await user.click(screen.getByRole('button', { name: 'Create Article' }));

    // The spec's message stays, and the field itself says what is wrong and takes the focus.
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    const category = categoryBox();
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(description(category)).toBe('Category is required');
    await waitFor(() => expect(document.activeElement).toBe(category));
    expect(scrolledTo.some((element) => element.contains(category))).toBe(true);
    // The filled fields are not marked.
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('false');
    expect(editorBox().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(requests.some((request) => request.path === '/api/admin/articles')).toBe(false);

    await user.click(category);
    await user.click(await screen.findByRole('option', { name: 'Education' }));
    expect(screen.queryByText('Category is required')).toBeNull();
    expect(screen.queryByText('Please fill in all required fields')).toBeNull();
    expect(categoryBox().getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Article created successfully!')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/articles')?.body).toMatchObject({
      title: 'Fluids',
      category: 'education',
    });
  });

  it('focuses the first missing field in the form order: the title, then the content', async () => {
    renderCreateForm();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));
    await user.click(screen.getByRole('button', { name: 'Create Article' }));

    const title = screen.getByLabelText(/^Title/);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(description(title)).toBe('Title is required');
    expect(scrolledTo).toContain(title);
    // The empty editor is marked too, and described by its own message.
    expect(editorBox().getAttribute('aria-invalid')).toBe('true');
    expect(description(editorBox())).toBe('Article content is required');

    await user.type(title, 'Fluids');
    expect(screen.queryByText('Title is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(document.activeElement).toBe(editorBox()));
    expect(screen.getByText('Article content is required')).toBeTruthy();
  });
});

describe('ArticleForm: after a refused save', () => {
  it('takes the messages away when an AI draft fills the fields', async () => {
    renderCreateForm({ category: 'career' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Article content is required')).toBeTruthy();

    await draftWithAi(user);
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(screen.queryByText('Category is required')).toBeNull();
    expect(screen.queryByText('Article content is required')).toBeNull();
    expect(screen.queryByText('Please fill in all required fields')).toBeNull();
    expect(editorBox().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal above the fields and keeps the form", async () => {
    signInAdmin();
    stubFetch({
      'POST /api/admin/articles/generate': () => json(DRAFT),
      'POST /api/admin/articles': () => json({ message: 'Title must be at most 300 characters' }, 400),
    });
    renderPage(<ArticleForm />, { url: '/admin/articles/create' });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));
    await draftWithAi(user);
    await user.click(screen.getByRole('button', { name: 'Create Article' }));

    const refusal = await screen.findByText('Title must be at most 300 characters');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Article' }).hasAttribute('disabled')).toBe(false);
    expect(reloadIsGuarded()).toBe(true);
  });
});
