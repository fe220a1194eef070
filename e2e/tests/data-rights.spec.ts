import { readFile } from 'node:fs/promises';
import { createVerifiedAccount, expect, expectAccessible, signInAs, test } from '../fixtures/test.ts';

const DELETED = 'Your account has been deleted. We have sent a last email to confirm it.';

test.describe('data rights (decision 0069)', () => {
  test('a learner downloads their data, then deletes their account', async ({ page, api, mailbox }) => {
    const account = await createVerifiedAccount(api, mailbox, 'data-rights');
    await signInAs(page, api, account);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Your data' });
    await card.scrollIntoViewIfNeeded();

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string; name: string };
    };
    expect(data.account).toMatchObject({ email: account.email, name: account.name });

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/Current password/).fill(account.password);
    await dialog.getByLabel(/Type DELETE to confirm/).fill('DELETE');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/data-rights/delete-dialog-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(DELETED)).toBeVisible();
    await expectAccessible(page);
    await mailbox.waitFor(account.email, /account has been deleted/);

    // The old address and password no longer sign in.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /invalid|incorrect/i })).toBeVisible();
  });
});
