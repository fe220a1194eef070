import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  linkIn,
  PASSWORD,
  test,
  uniqueEmail,
} from '../fixtures/test.ts';

test.describe('learner accounts', () => {
  test('register, open the mailed link, log in, change password, log a device out', async ({
    page,
    mailbox,
    browser,
  }) => {
    const email = uniqueEmail('journey');
    await page.goto('/register');
    await expectAccessible(page);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
    await expect(
      page.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page.getByText('Verification Required')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Resend Verification' })).toHaveAttribute(
      'href',
      `/resend-verification?email=${encodeURIComponent(email)}`,
    );

    // Logging in before verifying offers the resend action.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText(/verif/i);
    await expect(page.getByRole('link', { name: 'Resend verification email' })).toHaveAttribute(
      'href',
      `/resend-verification?email=${encodeURIComponent(email)}`,
    );

    const mail = await mailbox.waitFor(email, /Verify your email/);
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText('Email verified successfully. You can now login.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A second browser (another device) signs in too.
    const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel(/^Password/).fill(PASSWORD);
    await otherPage.getByRole('button', { name: 'Login' }).click();
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Device Management' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByLabel(/^New Password/).fill('Fresh-Password-77');
    await page.getByLabel('Confirm New Password').fill('Fresh-Password-78');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm New Password').fill('Fresh-Password-77');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    // The password change ended the other device's session; it stays listed as logged out.
    await page.reload();
    const items = page.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'This device' })).toContainText('Logged in');
    const otherDevice = items.filter({ hasNotText: 'This device' });
    await expect(otherDevice).toContainText('Logged out');
    await otherDevice.getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByText('Are you sure you want to remove this device from your account?'),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('listitem')).toHaveCount(1);

    await otherPage.goto('/settings');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
    await mailbox.waitFor(email, /password was changed/);
  });

  test('forgot password, mailed link, reset, log in with the new password', async ({
    page,
    api,
    mailbox,
  }) => {
    const account = await createVerifiedAccount(api, mailbox, 'forgot');
    await page.goto(`/forgot-password?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset link has been sent. Please check your inbox.')).toBeVisible();

    const mail = await mailbox.waitFor(account.email, /Reset your/);
    const link = linkIn(mail, '/reset-password');
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill('Recovered-Pass-9');
    await page.getByLabel('Confirm New Password').fill('Recovered-Pass-9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Your password has been reset successfully. You can now login with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill('Recovered-Pass-9');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is single use.
    await page.goto(link);
    await expect(
      page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('broken links show the spec messages', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
    await page.goto('/reset-password?token=nope&userId=0190f0c4-0000-7000-8000-000000000000');
    await expect(
      page.getByText('This password reset link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
    await page.goto('/verify-email?token=abc');
    await expect(page.getByText('Invalid verification link - missing token or userId')).toBeVisible();
    await page.goto('/verify-email?token=nope&userId=0190f0c4-0000-7000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('invalid');
    await page.getByRole('button', { name: 'Need a New Verification Link?' }).click();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await expectAccessible(page);
  });
});
