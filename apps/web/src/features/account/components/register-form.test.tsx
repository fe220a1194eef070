import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import {
  READY_SUCCESS,
  REGISTRATION_CLOSED_TEXT,
  REGISTRATION_CLOSED_TITLE,
  RegisterForm,
} from './register-form.tsx';

interface FormValues {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

/** Opens the form and submits valid values, with `values` over them. */
async function register(values: Partial<FormValues> = {}) {
  const { name, email, password, confirm }: FormValues = {
    name: 'Ada',
    email: 'ada@example.com',
    password: 'correct-horse-1',
    confirm: 'correct-horse-1',
    ...values,
  };
  renderPage(<RegisterForm />, { url: '/register' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), name);
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterForm', () => {
  it("shows 'Passwords do not match' and sends nothing", async () => {
    const requests = stubFetch();
    await register({ confirm: 'correct-horse-2' });

    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/users/register')).toBe(false);
  });

  it('enforces the 8-character minimum', async () => {
    const requests = stubFetch();
    await register({ password: 'short', confirm: 'short' });

    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/users/register')).toBe(false);
  });

  it('shows the verification notice after a successful registration', async () => {
    const requests = stubFetch({
      'POST /api/users/register': () =>
        json(
          {
            message: 'Registration successful! Please check your email to verify your account.',
            emailVerified: false,
          },
          201,
        ),
    });
    await register({ name: 'Ada Lovelace', email: 'ada+test@example.com' });

    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeTruthy();
    expect(
      screen.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeTruthy();
    expect(screen.getByText('Verification Required')).toBeTruthy();
    expect(screen.getByText('ada+test@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resend Verification' }).getAttribute('href')).toBe(
      '/resend-verification?email=ada%2Btest%40example.com',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(requests.find((r) => r.path === '/api/users/register')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada+test@example.com',
      password: 'correct-horse-1',
    });
  });

  it("shows the server's error, or 'Registration failed'", async () => {
    let calls = 0;
    stubFetch({
      'POST /api/users/register': () =>
        ++calls === 1
          ? json({ message: 'Email already registered' }, 409)
          : new Response(null, { status: 500 }),
    });
    await register();
    expect((await screen.findByRole('alert')).textContent).toBe('Email already registered');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Registration failed');
  });

  it('says the account is ready, with no verification notice, when it was verified at once', async () => {
    stubFetch({
      'POST /api/users/register': () =>
        json(
          {
            message: 'Registration successful! Please check your email to verify your account.',
            emailVerified: true,
          },
          201,
        ),
    });
    await register();

    expect(await screen.findByText(READY_SUCCESS)).toBeTruthy();
    expect(screen.queryByText('Verification Required')).toBeNull();
    expect(screen.queryByText(/check your email/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Resend Verification' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });

  it('says registration is closed, with no form, while the site has it switched off', async () => {
    stubFetch({
      'GET /api/settings/public': () =>
        json({
          siteName: 'MedPrep',
          siteDescription: '',
          contactEmail: 'help@medprep.example',
          maintenanceMode: false,
          registrationEnabled: false,
        }),
    });
    renderPage(<RegisterForm />, { url: '/register' });

    expect(await screen.findByText(REGISTRATION_CLOSED_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: REGISTRATION_CLOSED_TITLE })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });
});
