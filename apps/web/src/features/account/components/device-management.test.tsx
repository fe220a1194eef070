import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Device } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { DeviceManagement } from './device-management.tsx';

const laptop: Device = {
  _id: 'd1',
  deviceName: 'Chrome on Linux',
  lastUsed: '2025-03-05T14:05:00.000Z',
  loggedIn: true,
  current: true,
};
const phone: Device = {
  _id: 'd2',
  deviceName: 'Safari on iPhone',
  lastUsed: '2025-03-01T09:00:00.000Z',
  loggedIn: true,
  current: false,
};
const tablet: Device = {
  _id: 'd3',
  deviceName: 'Safari on iPad',
  lastUsed: '2025-02-01T09:00:00.000Z',
  loggedIn: false,
  current: false,
};

function signIn() {
  window.localStorage.setItem('token', 'learner-token');
}

const me = () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' });

describe('DeviceManagement', () => {
  it('renames a device from the keyboard and reloads the list', async () => {
    signIn();
    let phoneName = phone.deviceName;
    const requests = stubFetch({
      'GET /api/users/me': me,
      'GET /api/devices': () => json({ devices: [laptop, { ...phone, deviceName: phoneName }] }),
      'PUT /api/devices/d2': (request) => {
        phoneName = (request.body as { deviceName: string }).deviceName;
        return json({ message: 'Device renamed' });
      },
    });
    renderPage(<DeviceManagement />, { url: '/settings' });

    const user = userEvent.setup();
    const phoneRow = (await screen.findByText('Safari on iPhone')).closest('li') as HTMLElement;
    within(phoneRow).getByRole('button', { name: 'Rename' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename Device' });
    const field = within(dialog).getByLabelText('Device name');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Device name is required')).toBeTruthy();
    await user.type(field, 'My phone{Enter}');

    expect(await screen.findByText('My phone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ deviceName: 'My phone' });
  });

  it('lists devices with their status and marks this device', async () => {
    signIn();
    stubFetch({
      'GET /api/users/me': me,
      'GET /api/devices': () => json({ devices: [laptop, phone, tablet] }),
    });
    renderPage(<DeviceManagement />, { url: '/settings' });

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, , third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('This device')).toBeTruthy();
    expect(within(first).getByText('Logged in')).toBeTruthy();
    expect(within(first).getByText(/^Last used: March 5, 2025 at/)).toBeTruthy();
    expect(within(third).getByText('Logged out')).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Log out' }).hasAttribute('disabled')).toBe(true);
  });

  it('logs out another device and reloads the list', async () => {
    signIn();
    let phoneLoggedIn = true;
    const requests = stubFetch({
      'GET /api/users/me': me,
      'GET /api/devices': () => json({ devices: [laptop, { ...phone, loggedIn: phoneLoggedIn }] }),
      'PUT /api/devices/d2/logout': () => {
        phoneLoggedIn = false;
        return json({ message: 'Device logged out' });
      },
    });
    renderPage(<DeviceManagement />, { url: '/settings' });

    const phoneRow = (await screen.findByText('Safari on iPhone')).closest('li') as HTMLElement;
    await userEvent.setup().click(within(phoneRow).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(within(phoneRow).getByText('Logged out')).toBeTruthy());
    expect(requests.filter((r) => r.path === '/api/devices/d2/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBe('learner-token');
  });

  it('removing this device after confirming ends the session', async () => {
    signIn();
    const requests = stubFetch({
      'GET /api/users/me': me,
      'GET /api/devices': () => json({ devices: [laptop, phone] }),
      'DELETE /api/devices/d1': () => new Response(null, { status: 204 }),
    });
    renderPage(<DeviceManagement />, { url: '/settings' });
    const user = userEvent.setup();

    const laptopRow = (await screen.findByText('Chrome on Linux')).closest('li') as HTMLElement;
    await user.click(within(laptopRow).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Device' });
    expect(
      within(dialog).getByText('Are you sure you want to remove this device from your account?'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it("shows 'Error fetching devices' when the list cannot be loaded", async () => {
    signIn();
    stubFetch({ 'GET /api/users/me': me, 'GET /api/devices': () => new Response(null, { status: 500 }) });
    renderPage(<DeviceManagement />, { url: '/settings' });
    expect(await screen.findByText('Error fetching devices')).toBeTruthy();
  });
});
