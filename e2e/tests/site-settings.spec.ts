import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

test('an administrator signs in, adds and deletes an admin, renames the site, and toggles maintenance', async ({
  page,
  api,
  browser,
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

  // Settings: the site name shows on the public site; maintenance mode shows the notice.
  await page.goto('/admin/settings');
  const siteName = page.getByLabel(/^Site Name/);
  await expect(siteName).toHaveValue(/.+/);
  const original = await siteName.inputValue();
  await siteName.fill('MedPrep Academy');
  await page.getByLabel('Maintenance Mode').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();

  const visitor = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await visitor.goto('/');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'MedPrep Academy' })).toBeVisible();
  await expect(
    visitor.getByText('The site is currently undergoing maintenance. Please check back soon.'),
  ).toBeVisible();

  await siteName.fill(original);
  await page.getByLabel('Maintenance Mode').uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('banner').getByRole('link', { name: original })).toBeVisible();
  await expect(
    visitor.getByText('The site is currently undergoing maintenance. Please check back soon.'),
  ).toHaveCount(0);
  await visitor.close();
});
