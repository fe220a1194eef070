import type { Page } from '@playwright/test';
import { adminToken, expect, expectAccessible, test, type ApiHelper } from '../fixtures/test.ts';

/*
 * The administrator panel on phones and its activity log (decision 0024): lists on a phone keep each row's
 * name and actions together, the dashboard counters line up, 'Publish Exam' never wraps onto a line alone,
 * the activity log reads in words with what changed, and unsaved article edits ask before they are lost.
 */

async function signInAdmin(page: Page, api: ApiHelper): Promise<string> {
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  return token;
}

/** An unpublished exam with all its questions written, so 'Publish Exam' shows. */
async function examReadyToPublish(api: ApiHelper, token: string, title: string): Promise<string> {
  const headers = { authorization: `Admin ${token}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title,
      category: 'nursing',
      description: 'Admin panel journey',
      numberOfQuestions: 2,
      monthlySubscriptionFee: 2.5,
    },
    headers,
  );
  for (let n = 1; n <= 2; n += 1) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question: `Panel question ${n}?`,
        options: [`Right ${n}`, `Wrong A${n}`, `Wrong B${n}`, `Wrong C${n}`],
        correctAnswer: 0,
      },
      headers,
    );
  }
  return exam._id;
}

test('on a phone, every admin list keeps each row’s name beside its actions, and counters line up', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const token = await signInAdmin(page, api);
  const title = `Phone list ${Date.now()}`;
  await examReadyToPublish(api, token, title);
  await api.call(
    'POST',
    '/api/admin/articles',
    { title, summary: '', category: 'career', content: '<p>On a phone.</p>', status: 'draft' },
    { authorization: `Admin ${token}` },
  );

  for (const [path, list, name, action] of [
    ['/admin/exams', 'Exams', title, `Edit exam ${title}`],
    ['/admin/articles', 'Articles', title, `Edit article ${title}`],
    ['/admin/admins', 'Administrators', 'e2e.admin@example.com', 'Delete admin e2e.admin@example.com'],
  ] as const) {
    await test.step(path, async () => {
      await page.goto(path);
      const cards = page.getByRole('list', { name: list }).getByRole('listitem');
      const card = cards.filter({ hasText: name }).first();
      await expect(card).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      const button = card.getByRole('link', { name: action }).or(card.getByRole('button', { name: action }));
      await expect(button.first()).toBeInViewport({ ratio: 1 });
      await expect(card.getByText(name).first()).toBeInViewport();
      // Nothing sideways: the page is no wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }

  for (const width of [375, 1280]) {
    await test.step(`dashboard counters at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin');
      const counters = [
        'Total Users',
        'Total Exams',
        'Total Articles',
        'Active Subscriptions',
        'Monthly Recurring Revenue',
        'Renewals Due This Week',
      ];
      const cards = counters.map((label) =>
        page.locator('.MuiPaper-root').filter({ has: page.getByRole('heading', { name: label }) }),
      );
      // A count, or monthly recurring revenue in pounds.
      for (const card of cards)
        await expect(card.locator('p').last()).toHaveText(/^(£\d[\d,]*\.\d\d|\d[\d,]*)$/);
      // Measured once the page has settled: the notices above the cards arrive with their own requests and
      // move every card down, which between two measurements would look like a misplaced number.
      await page.waitForLoadState('networkidle');
      const boxes = [];
      for (const card of cards)
        boxes.push({
          card: (await card.boundingBox())!,
          number: (await card.locator('p').last().boundingBox())!,
        });
      const heights = new Set(boxes.map(({ card }) => Math.round(card.height)));
      expect(heights.size, 'counter cards of one height').toBe(1);
      // The number sits at the same place in every card.
      const offsets = new Set(boxes.map(({ card, number }) => Math.round(number.y - card.y)));
      expect(offsets.size, 'numbers at the same height in their cards').toBe(1);
      // Two rows of three on a desktop screen.
      if (width === 1280) expect(new Set(boxes.map(({ card }) => Math.round(card.y))).size).toBe(2);
    });
  }
});

test("'Publish Exam' is never alone on a line of its own", async ({ page, api }) => {
  const token = await signInAdmin(page, api);
  const examId = await examReadyToPublish(api, token, `Publish layout ${Date.now()}`);
  for (const width of [375, 650, 1000, 1280]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/exams/${examId}/edit`);
      const names = ['Generate Questions', 'Add Question', 'Publish Exam'];
      const boxes = [];
      for (const name of names) boxes.push((await page.getByRole('button', { name }).boundingBox())!);
      const tops = new Set(boxes.map((box) => Math.round(box.y)));
      if (tops.size === 1) return; // all on one line
      // Otherwise one per line, each as wide as the others.
      expect(tops.size, `${width} px: one line, or one button per line`).toBe(3);
      expect(new Set(boxes.map((box) => Math.round(box.width))).size).toBe(1);
    });
  }
});

test('the activity log says what was changed, by whom, and filters by type', async ({ page, api }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await signInAdmin(page, api);
  const headers = { authorization: `Admin ${token}` };
  const title = `Activity ${Date.now()}`;
  const examId = await examReadyToPublish(api, token, title);
  await api.call(
    'PUT',
    `/api/admin/exams/${examId}`,
    {
      title,
      description: 'Admin panel journey',
      category: 'nursing',
      numberOfQuestions: 2,
      price: 3,
      isActive: false,
      tags: ['e2e'],
    },
    headers,
  );

  await page.goto('/admin');
  // The dashboard's figures and recent activity load after the page: wait for them (the card holding the
  // link moves down as the figures above it arrive, and a click during that move can land beside it).
  await expect(page.getByText(`Edited the exam "${title}"`).first()).toBeVisible();
  await page.getByRole('link', { name: 'View all activity' }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: `Edited the exam "${title}"` });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('Price: £2.50 → £3.00')).toBeVisible();
  await expect(edited.getByText('Tags: (none) → e2e')).toBeVisible();
  await expect(edited.getByRole('cell', { name: 'e2e.admin@example.com' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Articles' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Edited the exam "${title}"` })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Exams and questions' }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Added a question' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Added a question to "${title}"` })).toHaveCount(2);
  await expectAccessible(page);
});

test('unsaved article edits ask before leaving, in the app and on reload', async ({ page, api }) => {
  await signInAdmin(page, api);
  await page.goto('/admin/articles/create');
  await page.getByLabel(/^Title/).fill('Not saved yet');

  // A link inside the app: the panel's own question.
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/create$/);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Not saved yet');

  // A reload: the browser's own prompt (beforeunload); dismissing it stays on the page.
  const prompts: string[] = [];
  page.once('dialog', (prompt) => {
    prompts.push(prompt.type());
    void prompt.dismiss();
  });
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(prompts).toEqual(['beforeunload']);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Not saved yet');

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
});
