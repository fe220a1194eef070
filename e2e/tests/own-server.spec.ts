import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { FRESH_INSTALL, useOwnServer } from '../fixtures/server.ts';
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
 * Journeys that need a server to themselves: a fresh install (an empty folder, no administrator yet), and
 * a subscription aged past its end date between two starts of the server.
 */
// The fresh install's server runs initdb and every migration before the test; on a busy machine that
// alone can take most of a minute, so the whole test, hook included, gets three.
const own = useOwnServer(180_000);

test(
  'on a fresh install the first administrator is created in the UI, logs out and in, and deletes a learner',
  { tag: FRESH_INSTALL },
  async ({ page, mailbox }) => {
    const base = own.current.baseUrl;
    const api = new ApiHelper(base);
    const doomed = await createVerifiedAccount(api, mailbox, 'doomed');
    const kept = await createVerifiedAccount(api, mailbox, 'kept');
    const admin = {
      name: 'First Admin',
      email: `first-${Date.now()}@example.com`,
      password: 'First-Admin-2026',
    };

    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Create First Admin' })).toBeVisible();
    await expectAccessible(page);
    const form = page.getByRole('form', { name: 'Create First Admin' });
    await form.getByLabel(/^Name/).fill(admin.name);
    await form.getByLabel(/^Email/).fill(admin.email);
    await form.getByLabel(/^Password/).fill(admin.password);
    await form.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/admin$`));
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Total Users', { exact: true })).toBeVisible();

    // With an administrator in place, the open registration is closed.
    await expect(
      api.call('POST', '/api/admin/auth/register', { ...admin, email: `late-${Date.now()}@example.com` }),
    ).rejects.toThrow(/→ 4\d\d/);

    // Logout, then the login form (no longer the first-admin form).
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.goto(`${base}/admin/users`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel(/^Email/).fill(admin.email);
    await page.getByLabel(/^Password/).fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel(/^Password/).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    // Find one learner by search and delete them; the other stays.
    await page.getByLabel('Search users').fill(doomed.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: doomed.email });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: kept.email })).toHaveCount(0);
    await row.getByRole('button', { name: `Delete user ${doomed.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/User deleted successfully/)).toBeVisible();
    await expect(page.getByText(`No users found matching "${doomed.email}"`)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Search users').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row').filter({ hasText: kept.email })).toBeVisible();
    // The deleted learner can no longer sign in; the other one can.
    await expect(
      api.call('POST', '/api/users/login', {
        email: doomed.email,
        password: doomed.password,
        deviceId: 'e2e-deleted-learner-device-0001',
        deviceName: 'Playwright',
      }),
    ).rejects.toThrow(/→ 4\d\d/);
    await api.call('POST', '/api/users/login', {
      email: kept.email,
      password: kept.password,
      deviceId: 'e2e-kept-learner-device-0000001',
      deviceName: 'Playwright',
    });
  },
);

test('an expired subscription shows Expired and Renew Subscription, and renews from the exam page', async ({
  page,
  mailbox,
}) => {
  const base = own.current.baseUrl;
  const api = new ApiHelper(base);
  const title = `Renewable cardiology ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 2 });
  const account = await createVerifiedAccount(api, mailbox, 'renewer');
  const { token } = await api.call<{ token: string }>('POST', '/api/users/login', {
    email: account.email,
    password: account.password,
    deviceId: 'e2e-renewer-api-device-00000001',
    deviceName: 'Playwright API',
  });
  await api.call('POST', '/api/subscriptions', { examId }, { authorization: `Bearer ${token}` });

  // Age the subscription: stop the server, move its month into the past, start it again. Auto-renew is
  // off (a learner who cancelled), or the free renewal job would renew it at start (decision 0017).
  await own.current.stop();
  const database = await openDatabase({ dataDir: own.current.dataDir });
  await database.db.execute(
    sql`update subscriptions set auto_renew = false, start_date = now() - interval '40 days', end_date = now() - interval '9 days'`,
  );
  await database.close();
  await own.current.restart();

  await signInAs(page, api, account);
  await page.goto(`${base}/my-exams`);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('Expired', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Exam' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Renew Subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}$`));

  // The exam page offers a fresh subscription; renewing starts a new month from now.
  await expect(page.getByText(/Active until/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await expect(page.getByText(/Active until/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Exam' })).toBeVisible();

  await page.goto(`${base}/my-exams`);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew Subscription' })).toHaveCount(0);
});
