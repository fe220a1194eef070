import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  shownQuestion,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Offline honesty (decision 0066): a sitting that loses the connection says so, keeps the answers on the
 * device, and submits by itself once the server can be reached again; other pages say they are offline.
 */

test('a sitting that goes offline keeps its answers and submits once the connection is back', async ({
  page,
  context,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await publishedExam(api, { title: `Offline drill ${Date.now()}`, fee: 0, count: 3 });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'offline'));
  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await page.goto(`/exams/${examId}/take`);
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  const first = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${first}`, exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // The connection goes: the page says what happens to the answers, and keeps taking them.
  await context.setOffline(true);
  await expect(
    page.getByText(
      'You are offline. Your answers are kept on this device and saved as soon as the connection is back.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/^You are offline\. What is on screen stays/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  const second = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${second}`, exact: true }).click();
  await page.getByRole('button', { name: 'Submit now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for the connection' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // Back online: it submits by itself, with the answer given offline.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('You answered 2 out of 3 questions correctly.')).toBeVisible();
});
