import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

const renderApp = (url: string) => renderRoutes(routes, url);

describe('administrator routes', () => {
  it('sends a signed-out visitor to /admin/login and back to the admin page after signing in', async () => {
    stubFetch({
      'GET /api/admin/auth/check': () => json({ exists: true, setupCodeRequired: false }),
      'POST /api/admin/auth/login': () => json({ token: 'admin-token' }),
      'GET /api/admin/users': () => json({ users: [], page: 1, pages: 1, total: 0 }),
    });
    const router = renderApp('/admin/users');

    // Route chunks load lazily; allow for a slow first transform when the whole suite runs in parallel.
    const email = await screen.findByLabelText(/^Email/, undefined, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/admin/login');
    await waitFor(() => expect(document.title).toBe('Admin Login | Medical Learning Platform'));

    const user = userEvent.setup();
    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Users', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    // Inside the admin layout.
    expect(screen.getByRole('button', { name: 'Open admin menu' })).toBeTruthy();
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('serves the activity log at /admin/activity, inside the admin layout', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/audit': () => json({ entries: [], page: 1, pages: 1, total: 0 }),
      'GET /api/admin/auth/admins': () => json({ admins: [] }),
    });
    renderApp('/admin/activity');
    expect(
      await screen.findByRole('heading', { name: 'Activity', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Activity | Medical Learning Platform'));
    expect(await screen.findByText('No activity yet')).toBeTruthy();
  });

  it('serves the payments page at /admin/payments, inside the admin layout', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/payments': () => json({ payments: [], page: 1, pages: 1, total: 0 }),
    });
    renderApp('/admin/payments');
    expect(
      await screen.findByRole('heading', { name: 'Payments', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Payments | Medical Learning Platform'));
    expect(screen.getByRole('button', { name: 'Open admin menu' })).toBeTruthy();
    expect(await screen.findByText('No payments found')).toBeTruthy();
  });

  it('serves the community moderation queue at /admin/community, inside the admin layout', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/comments': () =>
        json({ comments: [], total: 0, counts: { held: 0, reported: 0 }, page: 1, pages: 1 }),
    });
    renderApp('/admin/community');
    expect(
      await screen.findByRole('heading', { name: 'Community', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Community | Medical Learning Platform'));
    expect(screen.getByRole('button', { name: 'Open admin menu' })).toBeTruthy();
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
  });

  it('serves the course builder at /admin/courses and its create page, inside the admin layout', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/courses': () => json({ courses: [], page: 1, pages: 1, total: 0 }),
    });
    const router = renderApp('/admin/courses');
    expect(await screen.findByRole('heading', { name: 'Courses', level: 1 }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Courses | Medical Learning Platform'));
    expect(screen.getByRole('button', { name: 'Open admin menu' })).toBeTruthy();
    expect(await screen.findByText('No courses yet.')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Create Course' }));
    expect(
      await screen.findByRole('heading', { name: 'Create Course', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/courses/create');
    await waitFor(() => expect(document.title).toBe('Create Course | Medical Learning Platform'));
  });

  it("opens a learner's page from the Users list, with their payments, and goes back", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const user = {
      _id: '0190f3a2-0000-7000-8000-0000000000a1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      createdAt: '2025-03-05T10:00:00.000Z',
      verified: true,
      suspended: false,
    };
    const requests = stubFetch({
      'GET /api/admin/users': () => json({ users: [user], page: 1, pages: 1, total: 1 }),
      [`GET /api/admin/users/${user._id}`]: () => json({ user, subscriptions: [], results: [], devices: [] }),
      'GET /api/admin/payments': () => json({ payments: [], page: 1, pages: 1, total: 0 }),
    });
    const router = renderApp('/admin/users');
    const clicks = userEvent.setup();

    await clicks.click(
      await screen.findByRole('link', { name: 'View user ada@example.com' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/admin/users/${user._id}`);
    await waitFor(() => expect(document.title).toBe('User | Medical Learning Platform'));
    expect(await screen.findByText('No subscriptions')).toBeTruthy();
    expect(await screen.findByText('No payments found')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/payments')?.search).toContain(
      `userId=${user._id}`,
    );

    await clicks.click(screen.getByRole('link', { name: 'Back to Users' }));
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
  });

  it('shows page-not-found inside the admin layout for unknown admin paths', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch();
    renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open admin menu' })).toBeTruthy();
  });
});
