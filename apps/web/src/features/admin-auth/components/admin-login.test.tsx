import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { AdminLogin } from './admin-login.tsx';

describe('AdminLogin', () => {
  it('offers Create First Admin when no administrator exists, then signs in', async () => {
    const requests = stubFetch({
      'GET /api/admin/auth/check': () => json({ exists: false, setupCodeRequired: false }),
      'POST /api/admin/auth/register': () => json({ token: 'first-admin-token' }, 201),
    });
    renderPage(<AdminLogin />, { url: '/admin/login' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Create First Admin' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    // Spec §5: an empty password is 'required', not 'too short' (decision 0024).
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.queryByText('Password must be at least 8 characters long')).toBeNull();

    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'Ada@Example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Password/), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(window.localStorage.getItem('adminToken')).toBe('first-admin-token');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'short-but-longer',
    });
  });

  it('asks a production install for the set-up code from the server log, and shows a refusal (decision 0067)', async () => {
    const requests = stubFetch({
      'GET /api/admin/auth/check': () => json({ exists: false, setupCodeRequired: true }),
      'POST /api/admin/auth/register': (request) =>
        (request.body as { setupCode?: string }).setupCode === 'ABCD-EFGH-JKLM-NPQR'
          ? json({ token: 'first-admin-token' }, 201)
          : json({ message: 'The set-up code is missing or wrong.' }, 403),
    });
    renderPage(<AdminLogin />, { url: '/admin/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough-password');
    const code = screen.getByLabelText(/^Set-up code/);
    expect(screen.getByText(/Printed in the server's log when it starts/)).toBeTruthy();
    await user.type(code, 'WRONG-CODE');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('The set-up code is missing or wrong.')).toBeTruthy();
    expect(window.localStorage.getItem('adminToken')).toBeNull();

    await user.clear(code);
    await user.type(code, 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      setupCode: 'ABCD-EFGH-JKLM-NPQR',
    });
  });

  it("shows 'Admin Login' and the server's error, defaulting to 'Authentication failed'", async () => {
    stubFetch({
      'GET /api/admin/auth/check': () => json({ exists: true, setupCodeRequired: false }),
      'POST /api/admin/auth/login': () => new Response(null, { status: 500 }),
    });
    renderPage(<AdminLogin />, { url: '/admin/login', state: { from: { pathname: '/admin/users' } } });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'whatever-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Authentication failed')).toBeTruthy();
  });

  it("shows 'Error checking admin status' when the check fails", async () => {
    stubFetch({ 'GET /api/admin/auth/check': () => new Response(null, { status: 500 }) });
    renderPage(<AdminLogin />, { url: '/admin/login' });
    expect(await screen.findByText('Error checking admin status')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
