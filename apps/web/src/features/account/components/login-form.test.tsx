import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { SESSION_REVOKED_MESSAGE } from '@mlp/contract';
import { RequireUser } from '../../../app/guards.tsx';
import { EMAIL_BYPASS_NOTICE, LoginForm } from './login-form.tsx';

const emailService = (environment: string, emailServiceWorking: boolean) => () =>
  json({ environment, emailServiceWorking });

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('says why when another device signed this one out, until the next login', async () => {
    window.localStorage.setItem('token', 'revoked-token');
    stubFetch({
      'GET /api/users/check-email-service': emailService('production', true),
      'GET /api/users/me': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh-token'
          ? json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' })
          : json({ message: SESSION_REVOKED_MESSAGE }, 401),
      'POST /api/users/login': () => json({ token: 'fresh-token' }),
    });
    const { router } = renderPage(
      <RequireUser>
        <p>Dashboard</p>
      </RequireUser>,
      { url: '/dashboard', routes: [{ path: '/login', element: <LoginForm /> }] },
    );

    expect(await screen.findByText(SESSION_REVOKED_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();

    await submitLogin('ada@example.com', 'secret-password');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText(SESSION_REVOKED_MESSAGE)).toBeNull();
  });

  it('shows no sign-out notice when a session simply expired', async () => {
    window.localStorage.setItem('token', 'expired-token');
    stubFetch({
      'GET /api/users/check-email-service': emailService('production', true),
      'GET /api/users/me': () => json({ message: 'Your session has ended. Please log in again.' }, 401),
    });
    renderPage(
      <RequireUser>
        <p>Dashboard</p>
      </RequireUser>,
      { url: '/dashboard', routes: [{ path: '/login', element: <LoginForm /> }] },
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText(SESSION_REVOKED_MESSAGE)).toBeNull();
  });

  it('shows the bypass notice only when the server says verification is bypassed', async () => {
    stubFetch({
      'GET /api/users/check-email-service': () =>
        json({ environment: 'development', emailServiceWorking: false, verificationBypassed: false }),
    });
    renderPage(<LoginForm />, { url: '/login' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(EMAIL_BYPASS_NOTICE)).toBeNull();
  });

  it('offers to resend the verification email when the login error mentions verification', async () => {
    const requests = stubFetch({
      'GET /api/users/check-email-service': emailService('production', true),
      'POST /api/users/login': () => json({ message: 'Please verify your email before logging in' }, 403),
    });
    renderPage(<LoginForm />, { url: '/login' });

    await submitLogin('Learner@Example.com', 'secret-password');

    expect(await screen.findByText(/Please verify your email before logging in/)).toBeTruthy();
    const resend = screen.getByRole('link', { name: 'Resend verification email' });
    expect(resend.getAttribute('href')).toBe('/resend-verification?email=learner%40example.com');

    const login = requests.find((r) => r.path === '/api/users/login');
    expect(login?.body).toMatchObject({ email: 'learner@example.com', password: 'secret-password' });
    expect((login?.body as { deviceId: string }).deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof (login?.body as { deviceName: string }).deviceName).toBe('string');
  });

  it('shows other errors without the resend action, defaulting to Login failed', async () => {
    stubFetch({
      'GET /api/users/check-email-service': emailService('production', true),
      'POST /api/users/login': () => new Response('', { status: 500 }),
    });
    renderPage(<LoginForm />, { url: '/login' });

    await submitLogin('learner@example.com', 'wrong');

    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Resend verification email' })).toBeNull();
  });

  it('shows the development e-mail notice only in development when the service is not working', async () => {
    stubFetch({ 'GET /api/users/check-email-service': emailService('development', false) });
    const { unmount } = renderPage(<LoginForm />, { url: '/login' });
    expect(await screen.findByText(EMAIL_BYPASS_NOTICE)).toBeTruthy();
    unmount();

    for (const [environment, working] of [
      ['development', true],
      ['production', false],
    ] as const) {
      const requests = stubFetch({
        'GET /api/users/check-email-service': emailService(environment, working),
      });
      const view = renderPage(<LoginForm />, { url: '/login' });
      await waitFor(() =>
        expect(requests.some((r) => r.path === '/api/users/check-email-service')).toBe(true),
      );
      await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
      expect(screen.queryByText(EMAIL_BYPASS_NOTICE)).toBeNull();
      view.unmount();
    }
  });

  it('stores the token and returns to the remembered page', async () => {
    stubFetch({
      'GET /api/users/check-email-service': () => json({ message: 'boom' }, 500),
      'POST /api/users/login': () => json({ token: 'fresh-token' }),
      'GET /api/users/me': () => json({ _id: '1', name: 'Ada', email: 'ada@example.com' }),
    });
    renderPage(<LoginForm />, {
      url: '/login',
      state: { from: { pathname: '/settings', search: '?tab=devices' } },
    });

    await submitLogin('ada@example.com', 'secret-password');

    expect((await screen.findByTestId('location')).textContent).toBe('/settings?tab=devices');
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });

  it('asks for the fields before calling the API', async () => {
    const requests = stubFetch({ 'GET /api/users/check-email-service': emailService('production', true) });
    renderPage(<LoginForm />, { url: '/login' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/users/login')).toBe(false);
  });
});
