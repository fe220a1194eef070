import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubDownload } from '../../../test/download.ts';
import { fileAnswer, json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
import { YourData } from './your-data.tsx';

const DELETED = 'Your account has been deleted. We have sent a last email to confirm it.';

function render(routes: Parameters<typeof stubFetch>[0]) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/users/check-email-service': () =>
      json({ emailServiceWorking: true, environment: 'production', verificationBypassed: false }),
    ...routes,
  });
  renderPage(<YourData />, { url: '/settings', routes: [{ path: '/login', element: <LoginForm /> }] });
  return { requests, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('YourData', () => {
  it('downloads the data file under the name the server gives', async () => {
    const { clicked } = stubDownload('blob:data');
    const { requests, user } = render({
      'GET /api/users/me/data': () => fileAnswer('{"account":{}}', 'my-data-2026-12-06.json'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data is downloading as a JSON file.')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/users/me/data')).toBe(true);
    expect(clicked).toHaveBeenCalledOnce();
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-data-2026-12-06.json');
  });

  it('says when the download is refused', async () => {
    const { user } = render({
      'GET /api/users/me/data': () => json({ message: 'Please try again later.' }, 429),
    });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Please try again later.')).toBeTruthy();
  });

  it('asks for the password and DELETE, shows a refusal in the dialog, then signs out with a notice', async () => {
    let attempts = 0;
    const { requests, user } = render({
      'POST /api/users/me/delete': () => {
        attempts += 1;
        return attempts === 1
          ? json({ message: 'The password is not correct.' }, 400)
          : json({ message: DELETED });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText(/Current password/);
    const confirm = within(dialog).getByLabelText(/Type DELETE to confirm/);

    const fill = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };

    // Checked before anything is sent.
    await fill(password, 'wrong-password');
    await fill(confirm, 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Type DELETE in capital letters to confirm.')).toBeTruthy();
    expect(attempts).toBe(0);

    await fill(confirm, 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('learner-token');

    await fill(password, 'Right-Password-1');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(DELETED)).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
    const sent = requests.filter((request) => request.path === '/api/users/me/delete');
    expect(sent.at(-1)?.body).toEqual({ password: 'Right-Password-1', confirmation: 'DELETE' });
  });
});
