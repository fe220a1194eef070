import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@mlp/contract';
import { SESSION_REVOKED_MESSAGE } from '@mlp/contract/constants';
import { api } from '@mlp/contract/routes';
import { apiRequest, setUnauthorizedHandler } from './api-client.ts';
import { readToken, subscribeToSession, writeToken } from './session-storage.ts';

export { getDeviceId, getDeviceName } from './device.ts';

/** Query keys for the signed-in learner (the shell's own data; features keep their own factories). */
const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => apiRequest(api.users.me, { signal }),
    staleTime: 5 * 60_000,
  });

export interface AuthContextValue {
  /** Spec §4: signed in iff a learner token is stored. */
  isSignedIn: boolean;
  /** The signed-in learner's details once loaded (for the avatar initial). */
  user: Me | undefined;
  /** Stores the learner token returned by POST /api/users/login. */
  login: (token: string) => void;
  /** Tells the server (failure ignored), removes the token and clears cached data. */
  logout: () => Promise<void>;
  /**
   * Ends the learner session locally only, e.g. after this device was logged out or removed; `notice` is
   * shown on the login page (the account was deleted, decision 0069).
   */
  endSession: (notice?: string) => void;
  /**
   * Why the last learner session ended, when the learner should be told: another device signed this one
   * out (decision 0020), or they deleted their account (decision 0069). The login page shows it; the next
   * login clears it.
   */
  signedOutNotice: string | null;
  isAdminSignedIn: boolean;
  adminLogin: (token: string) => void;
  adminLogout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const readUserToken = () => readToken('user');
const readAdminToken = () => readToken('admin');
const noToken = () => null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userToken = useSyncExternalStore(subscribeToSession, readUserToken, noToken);
  const adminToken = useSyncExternalStore(subscribeToSession, readAdminToken, noToken);
  const isSignedIn = userToken !== null;
  const isAdminSignedIn = adminToken !== null;

  const [signedOutNotice, setSignedOutNotice] = useState<string | null>(null);
  const endSession = useCallback((notice?: string) => {
    if (notice) setSignedOutNotice(notice);
    writeToken('user', null);
  }, []);
  const endAdminSession = useCallback(() => writeToken('admin', null), []);

  // Whenever a session ends or changes hands (here, by a 401, or in another tab), nothing cached for
  // the previous person may be shown to whoever uses this browser next.
  const previousTokens = useRef({ userToken, adminToken });
  useEffect(() => {
    const previous = previousTokens.current;
    const userChanged = previous.userToken !== null && previous.userToken !== userToken;
    const adminChanged = previous.adminToken !== null && previous.adminToken !== adminToken;
    if (userChanged || adminChanged) queryClient.clear();
    previousTokens.current = { userToken, adminToken };
  }, [userToken, adminToken, queryClient]);

  useEffect(() => {
    // A 401 on a call made with a stored token: the server revoked or expired it.
    setUnauthorizedHandler((kind, message) => {
      if (kind === 'admin') return endAdminSession();
      if (message === SESSION_REVOKED_MESSAGE) setSignedOutNotice(message);
      endSession();
    });
    return () => setUnauthorizedHandler(null);
  }, [endSession, endAdminSession]);

  const login = useCallback((token: string) => {
    setSignedOutNotice(null);
    writeToken('user', token);
  }, []);

  const logout = useCallback(async () => {
    // The request reads the token synchronously, so the session can end locally straight away.
    const request = apiRequest(api.users.logout, { endSessionOnUnauthorized: false });
    endSession();
    await request.catch(() => undefined);
  }, [endSession]);

  const adminLogin = useCallback((token: string) => writeToken('admin', token), []);

  const adminLogout = useCallback(async () => {
    const request = apiRequest(api.adminAuth.logout, { endSessionOnUnauthorized: false });
    endAdminSession();
    await request.catch(() => undefined);
  }, [endAdminSession]);

  const { data: user } = useQuery({ ...meQueryOptions(), enabled: isSignedIn });

  const value = useMemo<AuthContextValue>(
    () => ({
      isSignedIn,
      user: isSignedIn ? user : undefined,
      login,
      logout,
      endSession,
      signedOutNotice,
      isAdminSignedIn,
      adminLogin,
      adminLogout,
    }),
    [isSignedIn, user, login, logout, endSession, signedOutNotice, isAdminSignedIn, adminLogin, adminLogout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The session facility (spec §4). Throws outside <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
