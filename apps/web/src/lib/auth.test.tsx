import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth.tsx';
import { json, stubFetch } from '../test/fetch-stub.ts';
import { createTestQueryClient } from '../test/render.tsx';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    expect(() => renderHook(() => useAuth())).toThrow(
      new Error('useAuth must be used within an AuthProvider'),
    );
  });

  it('is signed in on first load iff a token is stored', () => {
    stubFetch();
    expect(renderHook(() => useAuth(), { wrapper }).result.current.isSignedIn).toBe(false);

    window.localStorage.setItem('token', 'stored');
    stubFetch({ 'GET /api/users/me': () => json({ _id: '1', name: 'Ada', email: 'ada@example.com' }) });
    expect(renderHook(() => useAuth(), { wrapper }).result.current.isSignedIn).toBe(true);
  });

  it('login stores the token and loads the user; logout tells the server and removes it', async () => {
    const requests = stubFetch({
      'GET /api/users/me': () => json({ _id: '1', name: 'Ada', email: 'ada@example.com' }),
      'POST /api/users/logout': () => new Response(null, { status: 204 }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });

    act(() => result.current.login('new-token'));
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(result.current.isSignedIn).toBe(true);
    await waitFor(() => expect(result.current.user?.name).toBe('Ada'));

    await act(() => result.current.logout());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(result.current.isSignedIn).toBe(false);
    expect(result.current.user).toBeUndefined();
    const logoutCall = requests.find((r) => r.path === '/api/users/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.headers.get('Authorization')).toBe('Bearer new-token');
  });

  it('logout still signs out when the server call fails', async () => {
    window.localStorage.setItem('token', 'stored');
    stubFetch({
      'GET /api/users/me': () => json({ _id: '1', name: 'Ada', email: 'ada@example.com' }),
      'POST /api/users/logout': () => json({ message: 'Server down' }, 500),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await act(() => result.current.logout());
    expect(result.current.isSignedIn).toBe(false);
  });

  it('signs out when another tab removes the token', () => {
    window.localStorage.setItem('token', 'stored');
    stubFetch({ 'GET /api/users/me': () => json({ _id: '1', name: 'Ada', email: 'ada@example.com' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isSignedIn).toBe(true);

    act(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'stored', newValue: null }));
    });
    expect(result.current.isSignedIn).toBe(false);
  });

  it('ends the session when the server rejects the stored token', async () => {
    window.localStorage.setItem('token', 'revoked');
    stubFetch({ 'GET /api/users/me': () => json({ message: 'Session expired' }, 401) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    await waitFor(() => expect(result.current.isSignedIn).toBe(false));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the administrator session separately', async () => {
    const requests = stubFetch({ 'POST /api/admin/auth/logout': () => new Response(null, { status: 204 }) });
    const { result } = renderHook(() => useAuth(), { wrapper });

    act(() => result.current.adminLogin('admin-token'));
    expect(window.localStorage.getItem('adminToken')).toBe('admin-token');
    expect(result.current.isAdminSignedIn).toBe(true);
    expect(result.current.isSignedIn).toBe(false);

    await act(() => result.current.adminLogout());
    expect(result.current.isAdminSignedIn).toBe(false);
    expect(requests.find((r) => r.path === '/api/admin/auth/logout')?.headers.get('Authorization')).toBe(
      'Admin admin-token',
    );
  });
});
