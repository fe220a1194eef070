import type { Page } from '@playwright/test';
import {
  adminToken,
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Administrator roles (decision 0067): the Owner adds a colleague as an Editor from the panel; the Editor
 * signs in and sees no Payments, Users, Admins or Activity, and a payments address opened by hand says why;
 * the Owner makes them Finance, and on their next page they see Payments and no Exams, and export the
 * payments as a file (decision 0068).
 */

const DIR = 'test-results/admin-roles';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

async function menuItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  return nav.getByRole('link').allTextContents();
}

test('an Owner gives a colleague a role, and the panel and the server hold to it', async ({
  page,
  browser,
  api,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const ownerToken = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, ownerToken);
  const email = `editor-${Date.now()}@example.com`;
  const password = 'Editor-Pass-2026';

  await test.step('the Owner adds an Editor', async () => {
    await page.goto('/admin/admins');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByLabel(/^Confirm Password/).fill(password);
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Editor');
    await expect(dialog.getByText(/Exams, questions, imports, AI, articles/)).toBeVisible();
    await checkAtBothWidths(page, DIR, 'add-admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page.getByText('Admin created successfully')).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: email }).getByRole('cell', { name: 'Editor', exact: true }),
    ).toBeVisible();
  });

  const colleagueContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const colleague = await colleagueContext.newPage();
  await colleague.setViewportSize({ width: 1280, height: 900 });

  await test.step('the Editor sees content, not money, learners or administrators', async () => {
    await signIn(colleague, email, password);
    await expect(colleague.getByText('Role: Editor')).toBeVisible();
    expect(await menuItems(colleague)).toEqual([
      'Dashboard',
      'Exams',
      'Articles',
      'Courses',
      'Mock exams',
      'Reports',
      'Community',
      'Settings',
    ]);
    await expect(colleague.getByText('Monthly Recurring Revenue')).toHaveCount(0);
    await expect(colleague.getByText('Recent Activity')).toHaveCount(0);
    // Typed by hand, the payments page says why it is closed.
    await colleague.goto('/admin/payments');
    await expect(
      colleague.getByText('Your role (Editor) cannot do this. It needs Owner or Finance.'),
    ).toBeVisible();
    await colleague.goto('/admin/settings');
    await expect(
      colleague.getByText('Site settings are managed by an Owner. Your role is Editor.'),
    ).toBeVisible();
    await expect(colleague.getByRole('button', { name: 'Change Password' })).toBeVisible();
    await checkAtBothWidths(colleague, DIR, 'editor-settings');
    await colleague.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the Owner makes them Finance', async () => {
    await page.goto('/admin/admins');
    await page.getByRole('button', { name: `Change role of ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Finance' }).click();
    await expect(dialog.getByText('Payments, refunds and exports; learners read-only')).toBeVisible();
    await checkAtBothWidths(page, DIR, 'change-role');
    await dialog.getByRole('button', { name: 'Save Role' }).click();
    await expect(page.getByText('Role changed')).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: email }).getByRole('cell', { name: 'Finance', exact: true }),
    ).toBeVisible();
  });

  await test.step('on their next visit the colleague works as Finance, without signing in again', async () => {
    await colleague.goto('/admin/payments');
    await expect(colleague.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(colleague.getByText('Role: Finance')).toBeVisible();
    expect(await menuItems(colleague)).toEqual(['Dashboard', 'Users', 'Payments', 'Settings']);
    await colleague.goto('/admin/exams');
    await expect(
      colleague.getByText('Your role (Finance) cannot do this. It needs Owner or Editor.'),
    ).toBeVisible();
  });

  await test.step('Finance exports the payments: the file downloads with its header line', async () => {
    await colleague.goto('/admin/payments');
    await colleague.getByRole('button', { name: 'Export' }).click();
    const dialog = colleague.getByRole('dialog', { name: 'Export payments' });
    await expect(dialog.getByRole('radio', { name: /^CSV/ })).toBeChecked();
    const downloading = colleague.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const [header] = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(header).toBe(
      '\uFEFFDate,Learner name,Learner e-mail,Exam,Amount,Currency,Kind,Status,Test payment,PayPal order ID,Capture ID,Refund ID,Refunded amount,Refunded at,Access until',
    );
    await expect(dialog).toHaveCount(0);
  });
  await colleagueContext.close();
});

test('Support gives a learner access to a paid exam, and the learner starts it', async ({
  page,
  browser,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const ownerToken = await adminToken(api);
  const supportEmail = `support-${Date.now()}@example.com`;
  await api.call(
    'POST',
    '/api/admin/auth/admins',
    { email: supportEmail, password: 'Support-Pass-2026', role: 'support' },
    { authorization: `Admin ${ownerToken}` },
  );
  const title = `Granted exam ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 24.99, count: 2 });
  const learner = await createVerifiedAccount(api, mailbox, 'granted');
  const { users } = await api.call<{ users: Array<{ _id: string }> }>(
    'GET',
    `/api/admin/users?keyword=${encodeURIComponent(learner.email)}`,
    undefined,
    { authorization: `Admin ${ownerToken}` },
  );
  const learnerId = users[0]!._id;

  await test.step('Support opens the learner and gives access with a reason', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, supportEmail, 'Support-Pass-2026');
    await page.goto(`/admin/users/${learnerId}`);
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await page.getByRole('button', { name: 'Give access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give access' });
    await dialog.getByRole('combobox', { name: /Exam/ }).fill(title.slice(0, 12));
    await page.getByRole('option', { name: title }).click();
    await dialog.getByLabel(/Reason/).fill('Paid by bank transfer, invoice 1042');
    await checkAtBothWidths(page, DIR, 'give-access');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Give access' }).click();
    await expect(page.getByText(new RegExp(`^Access to ${title} given until`))).toBeVisible();
    // The learner's page lists the subscription, and the £0 complimentary payment is not Support's to see.
    await expect(page.getByRole('table', { name: 'Subscriptions' }).getByText(title)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payments' })).toHaveCount(0);
    await checkAtBothWidths(page, DIR, 'support-desk');
  });

  await test.step('the learner is told, and starts the exam without paying', async () => {
    const mail = await mailbox.waitFor(learner.email, new RegExp(`You have access to ${title}`));
    expect(mail.text).toContain('Nothing has been charged');
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const learnerPage = await context.newPage();
    await signInAs(learnerPage, api, learner);
    await learnerPage.goto(`/exams/${examId}`);
    await expect(learnerPage.getByText(/Active until/)).toBeVisible();
    await learnerPage.getByRole('link', { name: 'Start Exam' }).click();
    await expect(learnerPage.getByText('Question 1 of 2')).toBeVisible();
    await context.close();
  });

  await test.step("Support exports the exam's results from the learners' page", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/users');
    await expect(page.getByRole('button', { name: 'Export learners' })).toBeVisible();
    await checkAtBothWidths(page, DIR, 'users-exports');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Export results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export results' });
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: /Exam/ }).fill(title.slice(0, 12));
    await page.getByRole('option', { name: title }).click();
    await checkAtBothWidths(page, DIR, 'export-results');
    await page.setViewportSize({ width: 1280, height: 900 });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^results-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // The learner has started, not submitted: the header line alone.
    expect(Buffer.concat(chunks).toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFFLearner name,Learner e-mail,Submitted at,Mode,Score (%),Correct,Incorrect,Omitted,Duration (minutes)',
    );
  });

  await test.step('Support signs the learner out everywhere, saying why', async () => {
    await page.goto(`/admin/users/${learnerId}`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign this learner out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog.getByText('Please give a reason (at least 3 characters)')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Lost their phone on the ward');
    await checkAtBothWidths(page, DIR, 'sign-out-reason');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The learner has been signed out on every device.')).toBeVisible();
  });
});
