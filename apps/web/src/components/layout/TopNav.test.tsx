import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicSettings, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import { TopNav } from './TopNav.tsx';

describe('TopNav', () => {
  it('says whether the hamburger menu is open and which menu it opens', async () => {
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
    });
    renderPage(<TopNav />);
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const menuId = toggle.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();

    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('menu');
    expect(document.getElementById(menuId!)?.contains(menu)).toBe(true);
  });

  it("links to the courses right after 'Articles', on a wide screen and in the small-screen menu", async () => {
    stubFetch({ 'GET /api/settings/public': () => publicSettings() });
    renderPage(<TopNav />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    const articles = links.findIndex((link) => link.textContent === 'Articles');
    expect(links[articles + 1]?.textContent).toBe('Courses');
    expect(links[articles + 1]?.getAttribute('href')).toBe('/courses');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    const inMenu = items.findIndex((item) => item.textContent === 'Articles');
    expect(items[inMenu + 1]?.textContent).toBe('Courses');
    expect(items[inMenu + 1]?.getAttribute('href')).toBe('/courses');
  });
});
