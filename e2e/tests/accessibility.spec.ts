import {
  createSiteContent,
  openRoute,
  routesFor,
  signInRole,
  type Role,
  type SiteContent,
} from '../fixtures/site-content.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures/test.ts';

/*
 * WCAG 2.2 AA (axe-core) on every route of spec §2, at a phone's width and a desktop's, as a
 * visitor, a learner and an administrator, with real content behind every id (an exam taken once, an
 * article with a table and a code block).
 */
let content: SiteContent;

test.beforeAll(async ({ api, mailbox }) => {
  test.setTimeout(120_000);
  content = await createSiteContent(api, mailbox, { adversarial: false });
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 800 } });

    for (const role of ['visitor', 'learner', 'admin'] as const satisfies Role[]) {
      test(`every ${role} route passes axe`, async ({ page }) => {
        test.setTimeout(240_000);
        await signInRole(page, role, content);
        for (const route of routesFor(content)[role]) {
          await test.step(route, async () => {
            await openRoute(page, route);
            await expectAccessible(page);
          });
        }
      });
    }

    test('the subscribe dialog passes axe', async ({ page }) => {
      await signInRole(page, 'learner', content);
      await openRoute(page, `/exams/${content.paidExamId}`);
      await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
    });

    test('the navigation menu says whether it is open', async ({ page }) => {
      await page.goto('/');
      const toggle =
        width < 900
          ? page.getByRole('button', { name: 'Open navigation menu' })
          : page.getByRole('link', { name: 'Articles' });
      if (width >= 900) {
        // No hamburger on a desktop screen: the links are in the bar.
        await expect(toggle).toBeVisible();
        return;
      }
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      // While the menu is open, the page behind it (the button too) is hidden from the accessibility tree.
      const opened = page.locator('button[aria-label="Open navigation menu"]');
      await expect(opened).toHaveAttribute('aria-expanded', 'true');
      const menuId = await opened.getAttribute('aria-controls');
      expect(menuId).toBeTruthy();
      await expect(page.locator(`[id="${menuId}"]`).getByRole('menu')).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test('the account menus say whether they are open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [role, route] of [
    ['learner', '/dashboard'],
    ['admin', '/admin'],
  ] as const) {
    await signInRole(page, role, content);
    await openRoute(page, route);
    const toggle = page.locator('button[aria-label="Account menu"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).getByRole('menu'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

test('the article editor passes axe with a table selected', async ({ page }) => {
  await signInRole(page, 'admin', content);
  await openRoute(page, `/admin/articles/${content.articleId}/edit`);
  await page.getByRole('textbox', { name: 'Article Content' }).getByRole('cell').first().click();
  await expect(page.getByRole('button', { name: 'Add row' })).toBeVisible();
  await expectAccessible(page);
});

test('a learner who asks for less motion gets none; others keep the transitions', async ({
  browser,
  page,
}) => {
  // The journeys run with reduced motion (playwright.config.ts): transitions and animations end at once.
  const durations = async (target: Page) => {
    await target.goto('/login');
    const button = target.locator('form button[type="submit"]');
    await expect(button).toBeVisible();
    return button.evaluate((element) => getComputedStyle(element).transitionDuration.split(', '));
  };
  for (const duration of await durations(page)) expect(parseFloat(duration)).toBeLessThan(0.001);

  const context = await browser.newContext({ reducedMotion: 'no-preference' });
  try {
    const moving = await durations(await context.newPage());
    expect(Math.max(...moving.map((duration) => parseFloat(duration)))).toBeGreaterThanOrEqual(0.2);
  } finally {
    await context.close();
  }
});
