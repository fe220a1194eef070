import { createVerifiedAccount, expect, expectAccessible, signInAs, test } from '../fixtures/test.ts';

test.describe('public face', () => {
  test('home page copy and signed-out navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Medical Learning Platform');
    await expect(page.getByRole('heading', { name: 'Medical Learning Platform', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Your comprehensive platform for medical education and professional development'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Our Platform?' })).toBeVisible();
    for (const card of [
      'Comprehensive Learning',
      'Medical Articles',
      'Practice Exams',
      'Community Learning',
    ]) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { name: 'Ready to Start Your Medical Learning Journey?' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Join thousands of medical professionals and students who are already learning with us.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute(
      'href',
      '/register',
    );

    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Medical Learning Platform' })).toHaveAttribute('href', '/');
    for (const item of ['Articles', 'About', 'Login', 'Register'])
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('about page', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/^About \|/);
    for (const heading of [
      'Our Mission',
      'Comprehensive Learning',
      'Community Driven',
      'Practice Exams',
      'Secure Platform',
      'Platform Benefits',
      'Join Our Community',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(6);
    await expectAccessible(page);
  });

  test('signed-in navigation with the avatar menu, and logout', async ({ page, api, mailbox }) => {
    const account = await createVerifiedAccount(api, mailbox, 'nav');
    await signInAs(page, api, account);
    await page.goto('/');
    const nav = page.getByRole('banner');
    for (const item of ['Articles', 'About', 'Dashboard', 'Browse Exams'])
      await expect(nav.getByRole('link', { name: item })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Available Exams' })).toHaveAttribute(
      'href',
      '/exams',
    );
    await nav.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('on a 375 px screen the links collapse into a hamburger menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
    await nav.getByRole('button', { name: 'Open navigation menu' }).click();
    for (const item of ['Articles', 'About', 'Login', 'Register'])
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.getByRole('menuitem', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectAccessible(page);
  });
});

test.describe('guards and not found', () => {
  test('a learner route sends a visitor to /login and back after login', async ({ page, api, mailbox }) => {
    const account = await createVerifiedAccount(api, mailbox, 'guard');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('an administrator route sends a visitor to /admin/login', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('an unknown page shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });
});
