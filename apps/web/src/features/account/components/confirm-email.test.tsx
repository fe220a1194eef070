import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ConfirmEmail, MISSING_CONFIRM_LINK_PARTS } from './confirm-email.tsx';

const USER_ID = '0190f3a2-0000-7000-8000-0000000000c3';

describe('ConfirmEmail (decision 0072)', () => {
  it('confirms the new address once and offers the login', async () => {
    const requests = stubFetch({
      [`POST /api/users/confirm-email/${USER_ID}/tok`]: () =>
        json({ message: 'Your email address has been changed. Please log in with your new address.' }),
    });
    renderPage(<ConfirmEmail />, { url: `/confirm-email?userId=${USER_ID}&token=tok` });
    expect(
      await screen.findByText('Your email address has been changed. Please log in with your new address.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal, and a link without its parts", async () => {
    stubFetch({
      [`POST /api/users/confirm-email/${USER_ID}/used`]: () =>
        json({ message: 'This confirmation link is invalid, has expired or has already been used.' }, 400),
    });
    const { unmount } = renderPage(<ConfirmEmail />, { url: `/confirm-email?userId=${USER_ID}&token=used` });
    expect(
      await screen.findByText('This confirmation link is invalid, has expired or has already been used.'),
    ).toBeTruthy();
    unmount();
    renderPage(<ConfirmEmail />, { url: '/confirm-email?userId=x' });
    expect(await screen.findByText(MISSING_CONFIRM_LINK_PARTS)).toBeTruthy();
  });
});
