import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  signInAs,
  test,
} from '../fixtures/test.ts';

test('an administrator signs in, adds and deletes an admin, and the site switches show on the public site', async ({
  page,
  api,
  browser,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await adminToken(api); // make sure the run's administrator exists
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill('e2e.admin@example.com');
  await page.getByLabel(/^Password/).fill('Admin-Pass-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  // Back to the page the guard sent us away from.
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.goto('/admin');
  for (const counter of ['Total Users', 'Total Exams', 'Total Articles', 'Active Subscriptions']) {
    await expect(page.getByText(counter, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Administrators: add one, then delete it.
  const email = `second-${Date.now()}@example.com`;
  await page.goto('/admin/admins');
  await page.getByRole('button', { name: 'Add Admin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill('Second-Admin-88');
  await dialog.getByLabel(/^Confirm Password/).fill('Second-Admin-88');
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(page.getByText('Admin created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete admin ${email}` }).click();
  await expect(
    page.getByText(`Are you sure you want to delete admin ${email}? This action cannot be undone.`),
  ).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(page.getByText('Admin deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // Site switches (decision 0022). A learner signs in while the site is open.
  const account = await createVerifiedAccount(api, mailbox, 'switches');
  const learner = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await signInAs(learner, api, account);
  await learner.goto('/dashboard');
  await expect(learner.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();

  // Registration off: /register and the home page's buttons say registration is closed.
  await page.goto('/admin/settings');
  const registration = page.getByLabel('Registration Enabled');
  await registration.uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();

  // A context of its own (not browser.newPage) so axe can inspect it.
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByText('Registration is currently closed.')).toHaveCount(2);
  await expect(visitor.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Create Your Account' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Browse Exams' })).toHaveAttribute('href', '/exams');
  await visitor.goto('/register');
  await expect(visitor.getByRole('heading', { name: 'Registration Closed' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await expectAccessible(visitor);

  // Site name, description and contact e-mail show on the public site.
  const siteName = page.getByLabel(/^Site Name/);
  await expect(siteName).toHaveValue(/.+/);
  const original = await siteName.inputValue();
  await siteName.fill('MedPrep Academy');
  const contact = page.getByLabel(/^Contact Email/);
  const originalContact = await contact.inputValue();
  await contact.fill('help@medprep.example');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await visitor.goto('/about');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'MedPrep Academy' })).toBeVisible();
  await expect(
    visitor.getByRole('contentinfo').getByRole('link', { name: 'help@medprep.example' }),
  ).toBeVisible();

  // Maintenance on: one maintenance page for visitors and learners; the admin panel keeps working.
  await page.getByLabel('Maintenance Mode').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  const notice = 'The site is currently undergoing maintenance. Please check back soon.';
  for (const path of ['/', '/exams', '/register', '/login']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    await expect(visitor.getByText(notice)).toHaveCount(1);
    await expect(visitor.getByRole('textbox')).toHaveCount(0);
  }
  await expectAccessible(visitor);
  for (const path of ['/dashboard', '/my-exams']) {
    await learner.goto(path);
    await expect(learner.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    await expect(learner.getByText(notice)).toHaveCount(1);
  }
  await page.goto('/admin');
  await expect(page.getByText('Total Users', { exact: true })).toBeVisible();
  await page.goto('/admin/settings');

  // Turn both back (and the name and contact).
  await expect(siteName).toHaveValue('MedPrep Academy');
  await siteName.fill(original);
  await contact.fill(originalContact);
  await page.getByLabel('Maintenance Mode').uncheck();
  await registration.check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.getByRole('banner').getByRole('link', { name: original })).toBeVisible();
  await expect(visitor.getByText(notice)).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await learner.goto('/dashboard');
  await expect(learner.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();
  await visitorContext.close();
  await learner.close();
});
