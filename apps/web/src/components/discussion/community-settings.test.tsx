import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, publicSettings, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import { CommunitySettings } from './community-settings.tsx';

/* The Settings page's Community card (decision 0056): choose or change the public display name. */

const me = () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' });

function render(handlers: Parameters<typeof stubFetch>[0]) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/settings/public': () => publicSettings(),
    'GET /api/users/me': me,
    ...handlers,
  });
  renderPage(<CommunitySettings />, { url: '/settings' });
  return { requests, user: userEvent.setup() };
}

describe('CommunitySettings', () => {
  it('lets a learner without a display name choose one, checked before it is sent', async () => {
    const { requests, user } = render({
      'GET /api/community/profile': () => json({ displayName: null, commentingSuspended: false }),
      'PUT /api/community/profile': () =>
        json({
          message: 'Display name saved',
          profile: { displayName: 'Ada L', commentingSuspended: false },
        }),
    });
    const card = await screen.findByRole('region', { name: 'Community' });
    const field = await within(card).findByRole('textbox', { name: /Display name/ });
    await user.type(field, 'ada@example.com');
    await user.click(within(card).getByRole('button', { name: 'Save display name' }));
    expect(await within(card).findByText(/not an e-mail address/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Ada L');
    await user.click(within(card).getByRole('button', { name: 'Save display name' }));
    expect(await within(card).findByRole('status')).toHaveProperty('textContent', 'Display name saved');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ displayName: 'Ada L' });
    expect(await within(card).findByText('Ada L')).toBeTruthy();
  });

  it('shows the chosen name with a way to change it, and a suspension', async () => {
    const { user } = render({
      'GET /api/community/profile': () => json({ displayName: 'Ada L', commentingSuspended: true }),
      'PUT /api/community/profile': () =>
        json({ message: 'That display name is taken: choose another' }, 409),
    });
    const card = await screen.findByRole('region', { name: 'Community' });
    expect(await within(card).findByText(/A moderator has suspended your commenting/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Change display name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your display name' });
    const field = within(dialog).getByRole('textbox', { name: /Display name/ });
    await user.clear(field);
    await user.type(field, 'Grace H');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That display name is taken: choose another')).toBeTruthy();
  });

  it('shows nothing while the community is switched off', async () => {
    const { requests } = render({
      'GET /api/settings/public': () => publicSettings({ communityEnabled: false }),
    });
    await waitFor(() => expect(requests.some((r) => r.path === '/api/settings/public')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Community' })).toBeNull();
    expect(requests.some((r) => r.path === '/api/community/profile')).toBe(false);
  });
});
