import { screen } from '@testing-library/react';
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
});
