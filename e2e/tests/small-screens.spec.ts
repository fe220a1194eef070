import type { Page } from '@playwright/test';
import {
  createSiteContent,
  openRoute,
  routesFor,
  signInRole,
  type Role,
  type SiteContent,
} from '../fixtures/site-content.ts';
import { expect, test } from '../fixtures/test.ts';

/*
 * Decision 0023: at 375 px no page may scroll sideways, whatever its content. The content here is one
 * unbroken word as long as the contract allows in every title, description, question, choice and
 * explanation, and in the article's title, summary, heading and code.
 */
const WIDTH = 375;

test.use({ viewport: { width: WIDTH, height: 740 } });

let content: SiteContent;

test.beforeAll(async ({ api, mailbox }) => {
  test.setTimeout(120_000);
  content = await createSiteContent(api, mailbox, { adversarial: true });
});

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const role of ['visitor', 'learner', 'admin'] as const satisfies Role[]) {
  test(`no ${role} page scrolls sideways at ${WIDTH} px with long words`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInRole(page, role, content);
    const wide: string[] = [];
    for (const route of routesFor(content)[role]) {
      await openRoute(page, route);
      const width = await pageWidth(page);
      if (width > WIDTH) wide.push(`${route}: ${width} px`);
    }
    expect(wide, 'pages wider than the screen').toEqual([]);
  });
}

test('the subscribe dialog fits a 375 px screen with a long exam title', async ({ page }) => {
  await signInRole(page, 'learner', content);
  await openRoute(page, `/exams/${content.paidExamId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  // The dialog's title stays inside the dialog.
  const overflow = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(element.querySelectorAll<HTMLElement>('h2, p, span, div')).some(
      (child) => child.getBoundingClientRect().right > box.right + 1,
    );
  });
  expect(overflow, 'something in the dialog reaches past its right edge').toBe(false);
});
