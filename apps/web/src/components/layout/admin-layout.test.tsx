import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMe, publicSettings, stubFetch } from '../../test/fetch-stub.ts';
import { linkTexts } from '../../test/queries.ts';
import { LocationProbe, renderRoutes } from '../../test/render.tsx';
import { AdminLayout } from './admin-layout.tsx';

function renderLayout(url: string) {
  return renderRoutes(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: 'admin', element: <p>Dashboard page</p> },
          { path: 'admin/*', element: <p>Other admin page</p> },
        ],
      },
      { path: '*', element: <LocationProbe /> },
    ],
    url,
  );
}

describe('AdminLayout', () => {
  it('titles the top bar with the site name and lists the admin menu, marking the current page', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
    });
    renderLayout('/admin/users');

    expect(await screen.findByRole('link', { name: 'MedLearn' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    // Below md the menu is a drawer opened from the hamburger button.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open admin menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    // The menu follows the role (decision 0067): an Owner's shows every item.
    expect(await within(nav).findByText('Role: Owner')).toBeTruthy();
    expect(linkTexts(nav)).toEqual([
      'Dashboard',
      'Users',
      'Exams',
      'Articles',
      'Courses',
      'Mock exams',
      'Cohorts',
      'Payments',
      'Reports',
      'Community',
      'Admins',
      'Settings',
      'Activity',
    ]);
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it.each([
    [
      'editor',
      'Editor',
      ['Dashboard', 'Exams', 'Articles', 'Courses', 'Mock exams', 'Reports', 'Community', 'Settings'],
    ],
    ['support', 'Support', ['Dashboard', 'Users', 'Mock exams', 'Reports', 'Community', 'Settings']],
    ['finance', 'Finance', ['Dashboard', 'Users', 'Payments', 'Settings']],
    // Decision 0079: a Tutor has their cohorts and their own password, not the site's dashboard.
    ['tutor', 'Tutor', ['Cohorts', 'Settings']],
  ] as const)(
    'shows an %s only the pages their role may open (decision 0067)',
    async (role, label, items) => {
      window.localStorage.setItem('adminToken', 'admin-token');
      stubFetch({
        'GET /api/settings/public': () => publicSettings(),
        'GET /api/admin/auth/me': () => adminMe(role),
      });
      renderLayout('/admin');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Open admin menu' }));
      const nav = await screen.findByRole('navigation', { name: 'Admin' });
      expect(await within(nav).findByText(`Role: ${label}`)).toBeTruthy();
      expect(linkTexts(nav)).toEqual(items);
    },
  );

  it('logs out from the account menu and goes to /admin/login', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'POST /api/admin/auth/logout': () => new Response(null, { status: 204 }),
    });
    const router = renderLayout('/admin');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(requests.find((r) => r.path === '/api/admin/auth/logout')?.headers.get('Authorization')).toBe(
      'Admin admin-token',
    );
  });
});
