import { createVerifiedAccount, expect, expectAccessible, publishedExam, test } from '../fixtures/test.ts';

test('a visitor is sent to log in, then subscribes free (auto-renew on), toggles it and cancels keeping access, which a reload keeps', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const title = `Free nursing drill ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 2 });
  const account = await createVerifiedAccount(api, mailbox, 'subscriber');

  // A visitor pressing Subscribe logs in and comes back to the exam.
  await page.goto(`/exams/${examId}`);
  await expect(page.getByText('Free').first()).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}$`));

  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await expect(page.getByText(/Active until/)).toBeVisible();
  const autoRenew = page
    .getByRole('checkbox', { name: /Auto-renew/ })
    .or(page.getByRole('switch', { name: /Auto-renew/ }));
  // Free access renews itself (decision 0017); the switch still turns it off and on.
  await expect(autoRenew).toBeChecked();
  // A click, then the state: the switch follows the request, which a loaded machine may render a moment later.
  await autoRenew.click();
  await expect(autoRenew).not.toBeChecked();
  await expect(page.getByText('Auto-renewal updated successfully')).toBeVisible();
  await expect(page.getByText('Disabled')).toBeVisible();
  await autoRenew.click();
  await expect(autoRenew).toBeChecked();
  await expect(page.getByText('Enabled')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(/Are you sure you want to cancel your subscription\? You will still have access until/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
  await expect(autoRenew).not.toBeChecked();
  await expect(page.getByText(/Active until/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Exam' })).toBeVisible();
  await expect(page.getByText(/^Cancelled — access until /)).toBeVisible();

  // A cancellation is kept by the server: a reload still shows it, without 'Cancel Subscription'.
  await page.reload();
  await expect(page.getByText(/^Cancelled — access until /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start Exam' })).toBeVisible();

  await page.goto('/my-exams');
  await expect(page.getByRole('heading', { name: 'My Exams' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/Valid until [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
  await expectAccessible(page);
});
