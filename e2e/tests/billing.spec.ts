import type { Page } from '@playwright/test';
import { useOwnServer } from '../fixtures/server.ts';
import {
  ApiHelper,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * The learner's side of recurring billing (decision 0034). The journey moves the server's clock a month on,
 * so it runs on a server of its own (TEST_HOOKS=true, as every e2e server): the shared one keeps the real
 * time for the other journeys.
 */
const own = useOwnServer();

const DAY_MS = 24 * 3600 * 1000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date as the web app shows it ('March 5, 2025'), in this machine's time zone, which the browser shares. */
function shown(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

interface Status {
  isActive: boolean;
  subscription: { endDate: string; autoRenew: boolean } | null;
}

/** Runs axe on the page at a phone's and a laptop's width, and checks nothing scrolls sideways on the phone. */
async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
    if (width === 375) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  }
}

test('a learner subscribes with auto-renew and a test payment, is reminded, renewed and sent a receipt, finds both payments in Settings, and turns auto-renew off', async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const base = own.current.baseUrl;
  const api = new ApiHelper(base);
  const title = `Renewing pharmacology ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 4.99, count: 2 });
  const account = await createVerifiedAccount(api, mailbox, 'renewal');
  const token = await signInAs(page, api, account);
  const asLearner = { authorization: `Bearer ${token}` };
  const status = () => api.call<Status>('GET', `/api/subscriptions/status/${examId}`, undefined, asLearner);
  const moveClockTo = async (target: number) => {
    const { now } = await api.call<{ now: string }>('POST', '/api/test/clock', { advanceMs: 0 });
    await api.call('POST', '/api/test/clock', { advanceMs: Math.max(0, target - Date.parse(now)) });
  };

  // Subscribe: 'Renew automatically every month' is ticked unless the learner unticks it.
  await page.goto(`${base}/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Exam' });
  const renew = dialog.getByRole('checkbox', { name: 'Renew automatically every month' });
  await expect(renew).toBeChecked();
  await expect(
    dialog.getByText('£4.99 each month until you turn it off. We e-mail you 3 days before each renewal.'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Complete Test Payment' }).click();

  // The page reloads after a paid subscription (spec §2) and says when and for how much it renews.
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  const first = (await status()).subscription!;
  expect(first.autoRenew).toBe(true);
  await expect(page.getByText(`Active until ${shown(first.endDate)}`)).toBeVisible();
  await expect(page.getByText(`Renews on ${shown(first.endDate)} for £4.99`)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Auto-renew' })).toBeChecked();
  await expectAccessibleAtBothWidths(page);

  // Three days before the end: the reminder.
  const firstEnd = Date.parse(first.endDate);
  await moveClockTo(firstEnd - 3 * DAY_MS + 60_000);
  await api.call('POST', '/api/test/jobs/renewals');
  const reminder = await mailbox.waitFor(account.email, new RegExp(`Your ${title} subscription renews on`));
  expect(reminder.text).toContain('£4.99');

  // At the end: the renewal is charged (a test payment), a month is added and a receipt is mailed.
  await moveClockTo(firstEnd + 60_000);
  await api.call('POST', '/api/test/jobs/renewals');
  const second = (await status()).subscription!;
  const secondEnd = Date.parse(second.endDate);
  expect(secondEnd - firstEnd).toBeGreaterThanOrEqual(28 * DAY_MS);
  expect(secondEnd - firstEnd).toBeLessThanOrEqual(31 * DAY_MS);
  await mailbox.waitFor(account.email, new RegExp(`^Receipt: ${title} renewed until`));
  await page.reload();
  await expect(page.getByText(`Active until ${shown(second.endDate)}`)).toBeVisible();
  await expect(page.getByText(`Renews on ${shown(second.endDate)} for £4.99`)).toBeVisible();

  // Settings lists the purchase and the renewal, each with its receipt.
  await page.goto(`${base}/settings`);
  const payments = page.getByRole('list', { name: 'Payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  const renewal = payments.getByRole('listitem').filter({ hasText: 'Renewal' });
  const purchase = payments.getByRole('listitem').filter({ hasText: 'Purchase' });
  for (const row of [renewal, purchase]) {
    await expect(row.getByText(title)).toBeVisible();
    await expect(row.getByText('£4.99')).toBeVisible();
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByText('Test', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('No PayPal account is saved for renewals.')).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await renewal.getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByText('Test payment — no money was taken.')).toBeVisible();
  await expect(receipt.getByText(title)).toBeVisible();
  await expect(receipt.getByText('£4.99 (GBP)')).toBeVisible();
  await expect(receipt.getByText(`${account.name} (${account.email})`)).toBeVisible();
  await expect(receipt.getByText(shown(second.endDate))).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  // Printed, only the receipt shows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeHidden();
  await expect(receipt.getByText('Test payment — no money was taken.')).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await receipt.getByRole('button', { name: 'Close' }).click();
  await expect(receipt).toBeHidden();

  // Turning auto-renew off keeps the month paid for.
  await page.goto(`${base}/exams/${examId}`);
  // A click, then the state: the switch follows the request, which a loaded machine may render a moment later.
  await page.getByRole('switch', { name: 'Auto-renew' }).click();
  await expect(page.getByRole('switch', { name: 'Auto-renew' })).not.toBeChecked();
  await expect(page.getByText('Auto-renewal updated successfully')).toBeVisible();
  await expect(page.getByText(`Auto-renew is off: access until ${shown(second.endDate)}.`)).toBeVisible();
  await expect(page.getByText(/^Renews on/)).toHaveCount(0);
  await expect(page.getByText('Disabled')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});
