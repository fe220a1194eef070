import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { adminToken, expect, expectAccessible, test, type ApiHelper } from '../fixtures/test.ts';

/*
 * Bank views (decision 0043): an exam of 60 questions (55 hand-written in two topics, 5 AI
 * drafts) is listed 25 a page by the server; the administrator pages with the keyboard, narrows the list
 * by topic, author and words, approves the drafts of a page at once, and the page reloads. Screenshots
 * at 1280 and 375 px.
 */

const SHOTS = '/tmp/bank-shots';

async function bankExam(api: ApiHelper, headers: Record<string, string>, title: string): Promise<string> {
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title,
      category: 'medical',
      description: 'A bank of questions',
      numberOfQuestions: 10,
      monthlySubscriptionFee: 0,
      topics: ['Cardiology', 'Renal'],
    },
    headers,
  );
  for (let n = 1; n <= 55; n += 1) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question: `Bank question ${n}: ${n % 2 === 0 ? 'which diuretic acts on the loop?' : 'which rhythm is shown?'}`,
        options: [`Choice A${n}`, `Choice B${n}`, `Choice C${n}`, `Choice D${n}`],
        correctAnswer: n % 4,
        explanation: `Explained ${n}`,
        topic: n % 2 === 0 ? 'Renal' : 'Cardiology',
        // Numbered copies of two stems: nearly the same text on purpose (decision 0050).
        allowDuplicate: true,
      },
      headers,
    );
  }
  await api.call(
    'POST',
    `/api/admin/exams/${exam._id}/generate-questions`,
    { prompt: 'Normal values', numQuestions: 5 },
    headers,
  );
  return exam._id;
}

/** The first screenful of the question list (its heading, buttons, views, filters and first cards). */
async function shootTop(page: Page, list: Locator, path: string): Promise<void> {
  // Below the fixed top bar.
  await list.evaluate((element) => {
    element.scrollIntoView();
    window.scrollBy(0, -80);
  });
  const box = await list.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the list is not on screen');
  await page.screenshot({
    path,
    clip: { x: 0, y: box.y, width: viewport.width, height: Math.min(box.height, viewport.height) },
  });
}

test('the question list pages and filters on the server, and approves a page of drafts', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const token = await adminToken(api);
  const examId = await bankExam(api, { authorization: `Admin ${token}` }, `Bank journey ${Date.now()}`);
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${examId}/edit`);

  const list = page.getByRole('region', { name: /^Questions \(/ });
  await test.step('the first page of 25, with the views counted', async () => {
    await expect(list.getByText('Showing 1–25 of 60')).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(25);
    await expect(list.getByRole('button', { name: 'Current (60)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list.getByRole('button', { name: 'Pending (5)' })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Rejected (0)' })).toBeVisible();
    await expectAccessible(page);
    await shootTop(page, list, `${SHOTS}/list-1280.png`);
  });

  await test.step('paging with the keyboard: the new page starts at its top', async () => {
    await list.getByRole('button', { name: 'Go to page 3 of the questions' }).focus();
    await page.keyboard.press('Enter');
    const range = list.getByText('Showing 51–60 of 60');
    await expect(range).toBeFocused();
    // Scrolled to, clear of the fixed top bar.
    const bar = await page.getByRole('banner').boundingBox();
    const shown = await range.boundingBox();
    expect(shown!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await expect(list.getByRole('article')).toHaveCount(10);
    await expect(list.getByRole('article', { name: /^Question 51\b/ })).toBeVisible();
    await expect(page).toHaveURL(/\?page=3$/);
    // A reload keeps the page.
    await page.reload();
    await expect(list.getByText('Showing 51–60 of 60')).toBeVisible();
  });

  await test.step('narrowed by topic, author and words', async () => {
    await list.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Renal' }).click();
    // The 27 hand-written Renal questions (the fake model's drafts have no topic: General).
    await expect(list.getByText('Showing 1–25 of 27')).toBeVisible();
    await expect(page).toHaveURL(/topic=Renal/);
    await expect(page).not.toHaveURL(/page=/);

    await list.getByRole('combobox', { name: 'Written by' }).click();
    await page.getByRole('option', { name: 'AI-drafted' }).click();
    await expect(list.getByText('No questions match these filters.')).toBeVisible();
    await list.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'All topics' }).click();
    await expect(list.getByText('Showing 1–5 of 5')).toBeVisible();
    await expect(list.getByText('AI · Pending')).toHaveCount(5);

    await list.getByRole('combobox', { name: 'Written by' }).click();
    await page.getByRole('option', { name: 'Hand-written' }).click();
    await expect(list.getByText('Showing 1–25 of 55')).toBeVisible();

    const search = list.getByRole('textbox', { name: 'Search questions' });
    await search.fill('question 42');
    await search.press('Enter');
    await expect(list.getByText('Showing 1–1 of 1')).toBeVisible();
    await expect(list.getByRole('article', { name: /^Question 42\b/ })).toBeVisible();

    await search.fill('no such words anywhere');
    await expect(list.getByText('No questions match these filters.')).toBeVisible();
    await expect(list.getByRole('button', { name: 'Current (0)' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the drafts of a page approved at once; the page reloads', async () => {
    await page.goto(`/admin/exams/${examId}/edit?view=pending`);
    await expect(list.getByText('Showing 1–5 of 5')).toBeVisible();
    await shootTop(page, list, `${SHOTS}/pending-1280.png`);
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 812 });
    await shootTop(page, list, `${SHOTS}/pending-375.png`);
    await page.setViewportSize(desktop);
    await list.getByRole('button', { name: 'Approve all 5' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 5 questions?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/approve-dialog-1280.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('5 questions approved')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/approved-1280.png`, animations: 'disabled' });
    await expect(list.getByText('No AI questions are waiting for approval.')).toBeVisible();
    await expect(list.getByRole('button', { name: 'Pending (0)' })).toBeVisible();
    await expect(list.getByRole('button', { name: 'Current (60)' })).toBeVisible();
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/exams/${examId}/edit?page=2`);
    await expect(list.getByText('Showing 26–50 of 60')).toBeVisible();
    await expectAccessible(page);
    await shootTop(page, list, `${SHOTS}/list-375.png`);
    await list.getByRole('navigation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/list-375-pager.png` });
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
