import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { MISSING_RESET_LINK_PARTS, ResetPassword } from './reset-password.tsx';

describe('ResetPassword', () => {
  it('reports a link without token or userId', async () => {
    stubFetch();
    renderPage(<ResetPassword />, { url: '/reset-password?userId=u' });
    expect(await screen.findByText(MISSING_RESET_LINK_PARTS)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows the default text for an invalid or expired link', async () => {
    stubFetch({ 'GET /api/users/validate-reset-token/u/t': () => json({}, 400) });
    renderPage(<ResetPassword />, { url: '/reset-password?userId=u&token=t' });
    expect(screen.getByText('Validating your reset link...')).toBeTruthy();
    expect(
      await screen.findByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeTruthy();
  });

  it('resets the password and goes to login 3 seconds later', async () => {
    const requests = stubFetch({
      'GET /api/users/validate-reset-token/u/t': () => json({ valid: true }),
      'POST /api/users/reset-password/u/t': () =>
        json({
          message: 'Your password has been reset successfully. You can now login with your new password.',
        }),
    });
    renderPage(<ResetPassword />, { url: '/reset-password?userId=u&token=t' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^New Password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'brand-new-pasS');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Confirm New Password/));
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'brand-new-pass');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText(
        'Your password has been reset successfully. You can now login with your new password.',
      ),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ password: 'brand-new-pass' });
    expect(screen.queryByTestId('location')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
