import { createVerifiedAccount, expect, expectAccessible, test } from '../fixtures/test.ts';

const REVOKED = 'This device was signed out from another device. Please log in again.';

test.describe('devices', () => {
  test('a device signed out from another lands on the login page, told why', async ({
    page,
    browser,
    api,
    mailbox,
  }) => {
    const account = await createVerifiedAccount(api, mailbox, 'remote-sign-out');
    const logIn = async (target: typeof page, goToLogin = true, landing = /\/dashboard$/) => {
      if (goToLogin) await target.goto('/login');
      await target.getByLabel('Email').fill(account.email);
      await target.getByLabel(/^Password/).fill(account.password);
      await target.getByRole('button', { name: 'Login' }).click();
      await expect(target).toHaveURL(landing);
    };

    await logIn(page);
    const library = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const libraryPage = await library.newPage();
    await logIn(libraryPage);

    // From the first device: name the library PC (keyboard only), then sign it out.
    await page.goto('/settings');
    const items = page.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(/ on .+ · first used /);
    const libraryRow = items.filter({ hasNotText: 'This device' });
    await libraryRow.getByRole('button', { name: 'Rename' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename Device' });
    await expect(dialog.getByLabel('Device name')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Library PC');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const renamed = items.filter({ hasText: 'Library PC' });
    await expect(renamed).toContainText('Logged in');
    // On a phone the three buttons wrap as whole buttons, each one line high, never broken mid-word.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const name of ['Rename', 'Log out', 'Remove']) {
      const box = await renamed.getByRole('button', { name }).boundingBox();
      expect(box?.height).toBeLessThan(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/devices/settings-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await renamed.getByRole('button', { name: 'Log out' }).click();
    await expect(renamed).toContainText('Logged out');

    // The library PC's next request is refused: it lands on the login page with the reason.
    await libraryPage.goto('/settings');
    await expect(libraryPage).toHaveURL(/\/login$/);
    await expect(libraryPage.getByText(REVOKED)).toBeVisible();
    await expectAccessible(libraryPage);
    expect(await libraryPage.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // Logging in again from that page works (back to where it was) and the notice is gone.
    await logIn(libraryPage, false, /\/settings$/);
    await expect(libraryPage.getByText(REVOKED)).toBeHidden();
    await library.close();
  });
});
