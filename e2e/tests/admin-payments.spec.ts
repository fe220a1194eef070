import type { Page } from '@playwright/test';
import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/*
 * The administrator's side of billing (decision 0033): a learner pays for an exam with the demo payment; the
 * administrator finds the payment, refunds it with a reason, and the learner's access ends: on the
 * learner's page in the panel, on the exam page and in the activity log.
 */

async function signInAdmin(page: Page, api: ApiHelper): Promise<void> {
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
}

test('an administrator refunds a test payment, which ends the access it paid for', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const title = `Refunded exam ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 7.25, count: 1 });
  const learner = await createVerifiedAccount(api, mailbox, 'refund');
  await signInAs(page, api, learner);

  await test.step('the learner subscribes with the test payment', async () => {
    await page.goto(`/exams/${examId}`);
    await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
    await page
      .getByRole('dialog', { name: 'Subscribe to Exam' })
      .getByRole('button', { name: 'Complete Test Payment' })
      .click();
    await expect(page.getByText(/Active until/)).toBeVisible();
  });

  await signInAdmin(page, api);
  const row = page.getByRole('row').filter({ hasText: title });

  await test.step('the administrator finds it among the test payments', async () => {
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Test' }).click();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(learner.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row.getByText(learner.email)).toBeVisible();
    await expect(row.getByText('£7.25')).toBeVisible();
    await expect(row.getByText('Purchase')).toBeVisible();
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByText('Test', { exact: true })).toBeVisible();
    await expect(row.getByText(/^manual-/)).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('refunds it with a reason', async () => {
    await row.getByRole('button', { name: /^Refund £7\.25/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByText('£7.25 (test payment)')).toBeVisible();
    await expect(dialog.getByText(title)).toBeVisible();
    await expect(
      dialog.getByText(
        "The full amount goes back to the learner's PayPal account (test payments: nothing moves), and the access this payment paid for ends at once.",
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByText('Please give a reason for the refund')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Subscribed by mistake');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(
      page.getByText('The payment has been refunded, and the access it paid for has ended.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(row.getByText(/Subscribed by mistake/)).toBeVisible();
    await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  });

  await test.step("the learner's page shows the subscription ended", async () => {
    await row.getByRole('link', { name: learner.name }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: learner.name, level: 1 })).toBeVisible();
    const subscription = page
      .getByRole('table', { name: 'Subscriptions' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(subscription.getByText('Expired')).toBeVisible();
    await expect(subscription.getByText('Active', { exact: true })).toHaveCount(0);
    const payment = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: title });
    await expect(payment.getByText('Refunded', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the activity log records the refund', async () => {
    await page.goto('/admin/activity');
    await expect(
      page.getByRole('row').filter({ hasText: 'Refunded a payment of £7.25' }).first(),
    ).toBeVisible();
  });

  await test.step('the exam page offers the subscription again', async () => {
    await page.goto(`/exams/${examId}`);
    await expect(page.getByRole('button', { name: 'Subscribe to Exam' })).toBeVisible();
    await expect(page.getByText(/Active until/)).toHaveCount(0);
  });
});

test('on a phone the payments are cards, nothing scrolls sideways, and a refund works by keyboard', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const title = `Phone refund ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 3.5, count: 1 });
  const learner = await createVerifiedAccount(api, mailbox, 'phone-refund');
  const token = await signInAs(page, api, learner);
  await api.call(
    'POST',
    '/api/subscriptions',
    {
      examId,
      autoRenew: false,
      isFree: false,
      paymentData: { paymentId: `manual-${crypto.randomUUID()}`, status: 'COMPLETED' },
    },
    { authorization: `Bearer ${token}` },
  );
  await signInAdmin(page, api);

  await page.goto('/admin/payments');
  await page.getByRole('searchbox', { name: 'Search payments' }).fill(learner.email);
  await page.keyboard.press('Enter');
  const card = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  const refund = card.getByRole('button', { name: /^Refund £3\.50/ });
  await expect(refund).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  // Keyboard only: focus the button, open the dialog, type the reason, send it.
  await refund.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Reason/).focus();
  await page.keyboard.type('Duplicate');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Refund' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^The payment has been refunded/)).toBeVisible();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
