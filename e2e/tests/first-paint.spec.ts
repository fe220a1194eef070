import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/*
 * Decisions 0014 and 0029: a public landing page's own HTML paints its shell before any JavaScript has
 * run. The shell is rendered at build time from the real components, so it stands exactly where the
 * page that replaces it will.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the brand, the main area and the page's first heading are (null when absent). */
function layoutOf(page: Page): Promise<Record<'brand' | 'main' | 'heading', Box | null>> {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect
        ? {
            x: Math.round(rect.x),
            y: Math.round(rect.y),
            width: Math.round(rect.width),
            height: Math.round(rect.height),
          }
        : null;
    };
    return { brand: box('header a[href="/"]'), main: box('main'), heading: box('main h1') };
  });
}

/** Whether React has rendered into #root (createRoot marks its container). */
function reactRendered(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}

for (const { path, width } of [
  { path: '/', width: 375 },
  { path: '/', width: 1280 },
  { path: '/exams', width: 375 },
  { path: '/login', width: 1280 },
]) {
  test(`${path} at ${width} px paints its shell before the JavaScript, where the page will be`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(path);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Medical Learning Platform' })).toBeVisible();
    if (width >= 900)
      for (const link of ['Articles', 'About', 'Login', 'Register'])
        await expect(banner.getByRole('link', { name: link })).toBeVisible();
    else await expect(banner.getByRole('button', { name: 'Open navigation menu' })).toBeVisible();
    if (path === '/') {
      await expect(page.getByRole('heading', { level: 1, name: 'Medical Learning Platform' })).toBeVisible();
      for (const action of ['Get Started', 'Browse Exams', 'Sign In'])
        await expect(page.getByRole('main').getByRole('link', { name: action })).toBeVisible();
    } else await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    const shell = await layoutOf(page);
    expect(await reactRendered(page)).toBe(false);

    await page.unroute('**/*.js');
    await page.goto(path);
    await expect.poll(() => reactRendered(page)).toBe(true);
    const rendered = await layoutOf(page);
    expect(rendered.brand).toEqual(shell.brand);
    expect(rendered.main?.y).toBe(shell.main?.y);
    if (path === '/') expect(rendered.heading).toEqual(shell.heading);
  });
}
