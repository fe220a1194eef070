import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { MISSING_LINK_PARTS, VerifyEmail } from './verify-email.tsx';

describe('VerifyEmail', () => {
  it('reports a link without token or userId and sends nothing', async () => {
    const requests = stubFetch();
    renderPage(<VerifyEmail />, { url: '/verify-email?token=abc' });

    expect(await screen.findByText(MISSING_LINK_PARTS)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/users/verify-email'))).toHaveLength(0);
  });

  it('verifies once, even under StrictMode, and offers the way to login', async () => {
    const requests = stubFetch({
      'GET /api/users/verify-email/user-1/tok%2Fen': () =>
        json({ message: 'Email verified successfully. You can now login.' }),
    });
    renderPage(
      <StrictMode>
        <VerifyEmail />
      </StrictMode>,
      { url: '/verify-email?token=tok%2Fen&userId=user-1' },
    );

    expect(await screen.findByText('Email verified successfully. You can now login.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(requests.filter((r) => r.path.startsWith('/api/users/verify-email'))).toHaveLength(1);
  });

  it('on failure offers a new link and checks the email is entered', async () => {
    const requests = stubFetch({
      'GET /api/users/verify-email/u/t': () => json({}, 400),
      'POST /api/users/resend-verification': () =>
        json({ message: 'Verification email has been sent. Please check your inbox.' }),
    });
    renderPage(<VerifyEmail />, { url: '/verify-email?token=t&userId=u' });
    const user = userEvent.setup();

    expect(await screen.findByText('Email verification failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Need a New Verification Link?' }));
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(
      await screen.findByText('Verification email has been sent. Please check your inbox.'),
    ).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/users/resend-verification')?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});
