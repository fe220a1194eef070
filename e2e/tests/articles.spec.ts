import type { Page } from '@playwright/test';
import { adminToken, expect, expectAccessible, test, type ApiHelper } from '../fixtures/test.ts';

/** Screenshots for a person to look at; not compared, not kept in the repository. */
const SHOTS = '/tmp/article-shots';

/** Opens the create form signed in as the run's administrator. */
async function openCreateForm(page: Page, api: ApiHelper): Promise<string> {
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  await page.goto('/admin/articles/create');
  return token;
}

/**
 * Drafts with the fake model, which suggests the category named in the brief as '[category: x]' (the
 * server drops one outside the list).
 */
async function draftWithAi(page: Page, brief: string): Promise<void> {
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
  await dialog.getByLabel(/^Prompt/).fill(brief);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(/^Title/)).toHaveValue('Generated article');
}

test('an administrator writes and publishes an article with the editor; a visitor finds it by search and category and reads it', async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  const title = `Anticoagulation update ${Date.now()}`;

  await page.goto('/admin/articles/create');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'research' }).click();
  await page.getByLabel(/^Status/).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await page.getByLabel(/^Summary/).fill('What changed this year.');

  const editor = page.getByRole('textbox', { name: 'Article Content' });
  await editor.click();
  // The toolbar passes axe's label-content-name-mismatch (enabled in expectAccessible): its H2 and H3
  // buttons are named starting with the text they show.
  await expectAccessible(page);
  await page.getByRole('button', { name: 'H2, heading level 2' }).click();
  await page.keyboard.type('Key points');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('Check renal function');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Review interactions');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the NICE guidance');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link' }).click();
  await page.getByRole('dialog').getByLabel(/^URL/).fill('https://www.nice.org.uk');
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Article created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles$/, { timeout: 5000 });

  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/articles');
  await visitor.getByPlaceholder('Search articles...').fill(title);
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await visitor.goto('/articles');
  await visitor
    .getByRole('button', { name: 'research' })
    .or(visitor.getByText('research', { exact: true }).first())
    .click();
  await visitor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Key points' })).toBeVisible();
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Check renal function' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Read the NICE guidance' })).toHaveAttribute(
    'href',
    'https://www.nice.org.uk',
  );
  await expectAccessible(visitor);
  await visitorContext.close();
});

test('a draft never shows publicly', async ({ page, api }) => {
  const headers = { authorization: `Admin ${await adminToken(api)}` };
  const title = `Unpublished draft ${Date.now()}`;
  const { article } = await api.call<{ article: { _id: string } }>(
    'POST',
    '/api/admin/articles',
    { title, category: 'career', content: '<p>Not yet</p>', status: 'draft' },
    headers,
  );
  await page.goto('/articles');
  await page.getByPlaceholder('Search articles...').fill(title);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/No articles found/)).toBeVisible();
  await page.goto(`/articles/${article._id}`);
  await expect(page.getByText('Article not found')).toBeVisible();
});

test('Generate with AI fills the form with a draft (table included) that an administrator saves as a draft', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  const token = await openCreateForm(page, api);
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
  await expectAccessible(page);
  await dialog
    .getByLabel(/^Prompt/)
    .fill('Antibiotic dosing basics for pharmacy students [category: education]');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog).toBeHidden();

  // The fake model's draft is in the form: title, summary and sanitised content with its table.
  await expect(page.getByLabel(/^Title/)).toHaveValue('Generated article');
  await expect(page.getByLabel(/^Summary/)).toHaveValue('A generated summary.');
  const editor = page.getByRole('textbox', { name: 'Article Content' });
  await expect(editor.getByRole('heading', { name: 'Generated' })).toBeVisible();
  await expect(editor.getByRole('table')).toBeVisible();
  await expect(editor.getByRole('cell', { name: '500 mg' })).toBeVisible();

  // The model's suggested category is filled in, as none was chosen.
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveText('Education');

  // The administrator edits the title and saves it; drafts stay out of the public list.
  const title = `AI dosing draft ${Date.now()}`;
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Article created successfully!')).toBeVisible();
  const { articles } = await api.call<{ articles: Array<{ title: string; _id: string }> }>(
    'GET',
    `/api/admin/articles?keyword=${encodeURIComponent(title)}`,
    undefined,
    { authorization: `Admin ${token}` },
  );
  expect(articles).toHaveLength(1);
  const article = await api.call<{ content: string; status: string; category: string }>(
    'GET',
    `/api/admin/articles/${articles[0]!._id}`,
    undefined,
    { authorization: `Admin ${token}` },
  );
  expect(article.status).toBe('draft');
  expect(article.category).toBe('education');
  expect(article.content).toMatch(
    /<table>.*<th[^>]*><p>Dose<\/p><\/th>.*<td[^>]*><p>500 mg<\/p><\/td>.*<\/table>/,
  );
});

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} px, saving an AI draft whose category was dropped marks the Category field and focuses it`, async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openCreateForm(page, api);
    // The fake model suggests a category outside the list, which the server answers as none.
    await draftWithAi(page, 'Fluid balance on the ward [category: gossip]');
    const category = page.getByRole('combobox', { name: /^Category/ });
    await expect(category).toHaveText('');

    // Saving from below the 500 px editor, where the form's own message is out of sight.
    const create = page.getByRole('button', { name: 'Create Article' });
    await create.scrollIntoViewIfNeeded();
    await create.click();

    await expect(category).toBeFocused();
    await expect(category).toHaveAttribute('aria-invalid', 'true');
    await expect(category).toHaveAccessibleDescription('Category is required');
    const message = page.getByText('Category is required');
    await expect(message).toBeInViewport();
    await expect(category).toBeInViewport();
    // The spec's message is still there, and the filled fields are not marked.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByRole('textbox', { name: 'Article Content' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);
    await page.screenshot({
      path: `${SHOTS}/missing-category-${viewport.width}.png`,
      animations: 'disabled',
    });

    // The keyboard user opens the focused select and picks a category: the messages go.
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Medical' }).click();
    await expect(category).toHaveText('Medical');
    await expect(message).toBeHidden();
    await expect(page.getByText('Please fill in all required fields')).toBeHidden();
    await expect(category).not.toHaveAttribute('aria-invalid', 'true');
  });
}
