import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

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
  await page.getByRole('button', { name: 'Heading 2' }).click();
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
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);

  await page.goto('/admin/articles/create');
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
  await expectAccessible(page);
  await dialog.getByLabel(/^Prompt/).fill('Antibiotic dosing basics for pharmacy students');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog).toBeHidden();

  // The fake model's draft is in the form: title, summary and sanitised content with its table.
  await expect(page.getByLabel(/^Title/)).toHaveValue('Generated article');
  await expect(page.getByLabel(/^Summary/)).toHaveValue('A generated summary.');
  const editor = page.getByRole('textbox', { name: 'Article Content' });
  await expect(editor.getByRole('heading', { name: 'Generated' })).toBeVisible();
  await expect(editor.getByRole('table')).toBeVisible();
  await expect(editor.getByRole('cell', { name: '500 mg' })).toBeVisible();

  // The administrator edits the title and saves it; drafts stay out of the public list.
  const title = `AI dosing draft ${Date.now()}`;
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'education' }).click();
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Article created successfully!')).toBeVisible();
  const { articles } = await api.call<{ articles: Array<{ title: string; _id: string }> }>(
    'GET',
    `/api/admin/articles?keyword=${encodeURIComponent(title)}`,
    undefined,
    { authorization: `Admin ${token}` },
  );
  expect(articles).toHaveLength(1);
  const article = await api.call<{ content: string; status: string }>(
    'GET',
    `/api/admin/articles/${articles[0]!._id}`,
    undefined,
    { authorization: `Admin ${token}` },
  );
  expect(article.status).toBe('draft');
  expect(article.content).toMatch(
    /<table>.*<th[^>]*><p>Dose<\/p><\/th>.*<td[^>]*><p>500 mg<\/p><\/td>.*<\/table>/,
  );
});
