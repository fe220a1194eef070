import { createVerifiedAccount, expect, publishedExam, signInAs, test } from '../fixtures/test.ts';

/** Decision 0017: a double click on a button that sends a write sends it once, and never shows an error. */
test('double-clicking Subscribe to Exam and Complete Test Payment subscribes once, without an error', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const freeExam = await publishedExam(api, { title: `Double free ${Date.now()}`, fee: 0, count: 1 });
  const paidExam = await publishedExam(api, { title: `Double paid ${Date.now()}`, fee: 3.5, count: 1 });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'double'));
  let subscribeRequests = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/subscriptions') {
      subscribeRequests += 1;
    }
  });

  await page.goto(`/exams/${freeExam}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).dblclick();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await expect(page.getByText(/Active until/)).toBeVisible();
  await expect(page.getByText(/already have an active subscription/)).toHaveCount(0);
  expect(subscribeRequests).toBe(1);

  await page.goto(`/exams/${paidExam}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Exam' });
  await dialog.getByRole('button', { name: 'Complete Test Payment' }).dblclick();
  await expect(page.getByText(/Active until/)).toBeVisible();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await expect(page.getByText(/already have an active subscription/)).toHaveCount(0);
  expect(subscribeRequests).toBe(2);
});
