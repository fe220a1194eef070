import type { Locator, Page } from '@playwright/test';
import {
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * The full result review (decision 0065): a sitting with one question right, one wrong and one left
 * unanswered; the summary counts the three apart, each question says Correct / Incorrect / Omitted and the
 * time spent on it, and the review's filter (All / Incorrect / Omitted / Flagged / Noted, with counts) works
 * with the mouse, the keyboard and the URL. Axe and screenshots at 375 and 1280 px.
 */

const SHOTS = 'test-results/full-review';

/** The review's own items (each also holds a list of its options). */
function reviewItems(page: Page): Locator {
  return page
    .getByRole('list')
    .filter({ has: page.getByText('Your answer:') })
    .locator(':scope > li');
}

test('the full review keeps correct, incorrect and omitted apart, filters them with counts and shows the time on each', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await publishedExam(api, { title: `Full review ${Date.now()}`, fee: 0, count: 3 });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'full-review'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await page.getByRole('link', { name: 'Start Exam' }).click();

  // The questions come in any order: the first shown is answered right, the second wrong, the third left.
  const stems: string[] = [];
  for (let i = 1; i <= 3; i += 1) {
    await expect(page.getByText(`Question ${i} of 3`)).toBeVisible();
    const text = (await page.getByRole('main').textContent()) ?? '';
    const n = Number(/Question (\d+): which is right\?/.exec(text)?.[1]);
    stems.push(`Question ${n}: which is right?`);
    if (i === 1) {
      // Some time on the first question, so its time is more than nothing.
      await page.waitForTimeout(2500);
      await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
    }
    if (i === 2) await page.getByRole('radio', { name: `Wrong A${n}`, exact: true }).click();
    if (i < 3) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();

  const filters = page.getByRole('group', { name: 'Show questions' });
  const [right, wrong, omitted] = stems as [string, string, string];

  await test.step('the summary and each question keep the three apart, with the time on each', async () => {
    await expect(page.getByText('You answered 1 out of 3 questions correctly.')).toBeVisible();
    await expect(page.getByText('Incorrect: 1 · Omitted: 1')).toBeVisible();
    // 'Noted' shows its count once the notes are in.
    await expect(filters.getByRole('button')).toHaveText([
      'All (3)',
      'Incorrect (1)',
      'Omitted (1)',
      'Flagged (0)',
      'Noted (0)',
    ]);
    await expect(reviewItems(page)).toHaveCount(3);
    const item = (stem: string) => reviewItems(page).filter({ hasText: stem });
    await expect(item(right).getByText('Correct', { exact: true })).toBeVisible();
    await expect(item(wrong).getByText('Incorrect', { exact: true })).toBeVisible();
    await expect(item(omitted).getByText('Omitted', { exact: true })).toBeVisible();
    await expect(item(omitted).getByText('Your answer: Not answered')).toBeVisible();
    for (const stem of stems) {
      await expect(item(stem).getByText(/^Time: (\d+ min )?\d+ s \(average \d+ s\)$/)).toBeVisible();
    }
    // The 2.5 s on the first question counted for it.
    await expect(item(right).getByText(/^Time: 0 s/)).toHaveCount(0);
    await checkAtBothWidths(page, SHOTS, 'review-all');
  });

  await test.step('the filter: the mouse, the URL, the keyboard and an empty filter', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await filters.getByRole('button', { name: 'Omitted (1)' }).click();
    await expect(page).toHaveURL(/\?show=omitted$/);
    await expect(reviewItems(page)).toHaveCount(1);
    await expect(reviewItems(page).first()).toContainText(omitted);
    await expect(reviewItems(page).first().getByText('Omitted', { exact: true })).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'review-omitted');

    // A reload keeps the filter.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(filters.getByRole('button', { name: 'Omitted (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(reviewItems(page)).toHaveCount(1);

    // One Tab stop, the arrow keys move, Space chooses.
    await filters.getByRole('button', { name: 'Omitted (1)' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(filters.getByRole('button', { name: 'Incorrect (1)' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\?show=incorrect$/);
    await expect(reviewItems(page)).toHaveCount(1);
    await expect(reviewItems(page).first()).toContainText(wrong);

    await filters.getByRole('button', { name: 'Noted (0)' }).click();
    await expect(page.getByText('No noted questions.')).toBeVisible();
    await expect(reviewItems(page)).toHaveCount(0);
    await expectAccessible(page);
    await filters.getByRole('button', { name: 'All (3)' }).click();
    await expect(page).not.toHaveURL(/show=/);
    await expect(reviewItems(page)).toHaveCount(3);
  });
});
