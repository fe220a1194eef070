import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { json, publicSettings, stubFetch } from '../test/fetch-stub.ts';
import { linkTexts } from '../test/queries.ts';
import { renderRoutes } from '../test/render.tsx';
import { page, type PageModule } from './chunk.ts';
import { RedirectSignedIn, RequireAdmin, RequireUser } from './guards.tsx';
import { PAGES, type PageAccess } from './pages.ts';
import { RouteErrorScreen } from './route-error.tsx';
import { routes } from './router.tsx';

const renderApp = (url: string, routeTable: RouteObject[] = routes) => renderRoutes(routeTable, url);
const me = () => json({ _id: 'u1', name: 'ada', email: 'ada@example.com' });

describe('app routes', () => {
  it('sends a signed-out visitor from /settings to /login and back after login', async () => {
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/users/check-email-service': () =>
        json({ environment: 'production', emailServiceWorking: true }),
      'POST /api/users/login': () => json({ token: 'fresh' }),
      'GET /api/users/me': me,
      'GET /api/devices': () => json({ devices: [] }),
    });
    const router = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Login | MedLearn'));

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(await screen.findByText('No devices found.')).toBeTruthy();
  });

  it('shows the page-not-found screen for unknown paths', async () => {
    stubFetch();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | Medical Learning Platform'));
  });

  /** The learner layout whose home page fails to load, as a lost connection makes a chunk fail. */
  const renderFailingHome = () =>
    renderApp('/', [
      {
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteErrorScreen />,
            hydrateFallbackElement: <PageLoading />,
            children: [
              { index: true, lazy: page('home', () => Promise.reject(new TypeError('Failed to fetch'))) },
            ],
          },
        ],
      },
    ]);

  it("shows 'Loading chunk {id} failed' with a Retry button inside the layout when a page fails to load", async () => {
    stubFetch();
    renderFailingHome();
    expect(await screen.findByText('Loading chunk home failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The navigation stays usable.
    expect(screen.getByRole('link', { name: /Medical Learning Platform/ })).toBeTruthy();
  });

  it('offline, says so on every page, and a failed page waits for the connection before it reloads', async () => {
    stubFetch();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      renderFailingHome();
      expect(await screen.findByText(/^You are offline\. What is on screen stays/)).toBeTruthy();
      await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
      // A reload now would show the browser's own error page: it waits.
      expect(screen.getByRole('button', { name: 'Waiting for the connection...' })).toBeTruthy();
      expect(reload).not.toHaveBeenCalled();
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(/^You are offline/)).toBeNull();
    } finally {
      onLine.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('replaces every learner page with one maintenance page while site settings say so', async () => {
    stubFetch({
      'GET /api/settings/public': () => publicSettings({ contactEmail: '', maintenanceMode: true }),
    });
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Down for Maintenance' })).toBeTruthy();
    expect(
      screen.getAllByText('The site is currently undergoing maintenance. Please check back soon.'),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Our Mission' })).toBeNull();
  });

  it('sends a signed-in learner from /register and /forgot-password to /dashboard', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/settings/public': () => publicSettings(), 'GET /api/users/me': me });
    const router = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it("offers visitors 'Browse Exams' on the home page, and says registration is closed when it is", async () => {
    stubFetch({
      'GET /api/settings/public': () =>
        json({
          siteName: 'MedLearn',
          siteDescription: 'Revision for busy clinicians',
          contactEmail: 'help@medlearn.example',
          maintenanceMode: false,
          registrationEnabled: false,
        }),
    });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Browse Exams' })).getAttribute('href')).toBe('/exams');
    expect(await screen.findAllByText('Registration is currently closed.')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Your Account' })).toBeNull();
    // Site Description and Contact Email: the meta description and the footer.
    expect(screen.getByRole('link', { name: 'help@medlearn.example' }).getAttribute('href')).toBe(
      'mailto:help@medlearn.example',
    );
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Revision for busy clinicians',
    );
  });
});

describe('top navigation', () => {
  it('shows Articles, Courses, About, Login and Register to visitors', async () => {
    stubFetch({ 'GET /api/settings/public': () => publicSettings() });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkTexts(nav)).toEqual(['Articles', 'Courses', 'About', 'Login', 'Register']);
    expect((await screen.findByRole('link', { name: /MedLearn/ })).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
  });

  it('shows the learner links and an account menu whose Logout goes to /login', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/users/me': me,
      'POST /api/users/logout': () => new Response(null, { status: 204 }),
      'GET /api/users/check-email-service': () =>
        json({ environment: 'production', emailServiceWorking: true }),
    });
    const router = renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkTexts(nav)).toEqual([
      'Dashboard',
      'Browse Exams',
      'Practice',
      'Reviews',
      'Analytics',
      'Notebook',
      'Articles',
      'Courses',
      'About',
    ]);
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page'),
    );

    const accountButton = screen.getByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(accountButton.textContent).toBe('A'));
    const user = userEvent.setup();
    await user.click(accountButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/users/logout')).toBe(true);
  });

  it('collapses into a hamburger menu with the same items, a divider and the account items', async () => {
    stubFetch({ 'GET /api/settings/public': () => publicSettings() });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Articles', 'Courses', 'About', 'Login', 'Register']);
    expect(within(menu).getByRole('separator')).toBeTruthy();
  });
});

/** A route with a module of its own, with its full path and the guard it sits behind. */
interface LazyRoute {
  path: string;
  access: PageAccess;
  hasChildren: boolean;
  lazy: () => Promise<{ Component?: unknown }>;
}

/** Every route of the tree that loads a module (pages and the admin layout). */
function lazyRoutes(): LazyRoute[] {
  const found: LazyRoute[] = [];
  const guards = new Map<unknown, PageAccess>([
    [RedirectSignedIn, 'redirect-signed-in'],
    [RequireUser, 'learner'],
    [RequireAdmin, 'admin'],
  ]);
  const walk = (route: RouteObject, parentPath: string, parentAccess: PageAccess) => {
    const guard = isValidElement(route.element) ? guards.get(route.element.type) : undefined;
    const access = guard ?? parentAccess;
    const path = route.path ? `${parentPath}/${route.path}` : parentPath;
    if (typeof route.lazy === 'function')
      found.push({
        path: path || '/',
        access,
        hasChildren: Boolean(route.children),
        lazy: route.lazy,
      });
    for (const child of route.children ?? []) walk(child, path, access);
  };
  const [learnerTree, adminTree] = routes;
  walk(learnerTree!, '', 'public');
  walk(adminTree!, '', 'admin-public');
  return found;
}

describe('the route tree', () => {
  it("holds exactly the page table's pages, each at its path and behind its guard", () => {
    const pages = lazyRoutes().filter((route) => !route.hasChildren);
    const describePage = ({ path, access }: { path: string; access: PageAccess }) => `${access} ${path}`;
    expect(pages.map(describePage).sort()).toEqual(PAGES.map(describePage).sort());
  });

  it("loads each page's own module, and the admin layout around the admin pages", async () => {
    const byPath = new Map<string, string>(PAGES.map((entry) => [entry.path, entry.name]));
    for (const route of lazyRoutes()) {
      const name = route.hasChildren ? 'admin-layout' : byPath.get(route.path);
      const module = (await import(`./routes/${name}.tsx`)) as PageModule;
      expect((await route.lazy()).Component, name).toBe(module.default);
    }
    expect(lazyRoutes().filter((route) => route.hasChildren)).toHaveLength(1);
  });
});
