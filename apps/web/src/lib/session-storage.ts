/**
 * The browser-side session: tokens kept in localStorage (spec §3 'Stored client items').
 * One tiny store so the API client, the auth provider and other tabs agree on who is signed in.
 */

/** Spec §3/§9: the learner session token lives under the local-storage key 'token'. */
const USER_TOKEN_KEY = 'token';
/** The administrator token is kept separately from the learner's (spec §3). */
const ADMIN_TOKEN_KEY = 'adminToken';

export type SessionKind = 'user' | 'admin';

const keyFor = (kind: SessionKind): string => (kind === 'user' ? USER_TOKEN_KEY : ADMIN_TOKEN_KEY);

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Storage can throw (private mode, blocked cookies); a session we cannot read is no session. */
export function readToken(kind: SessionKind): string | null {
  try {
    const token = window.localStorage.getItem(keyFor(kind));
    return token ? token : null;
  } catch {
    return null;
  }
}

/** Stores (or with `null` removes) a session token and tells every subscriber in this tab. */
export function writeToken(kind: SessionKind, token: string | null): void {
  try {
    if (token) window.localStorage.setItem(keyFor(kind), token);
    else window.localStorage.removeItem(keyFor(kind));
  } catch {
    // Storage unavailable: the session simply does not survive a reload.
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out (event.key is null when that tab cleared all storage).
  if (event.key === null || event.key === USER_TOKEN_KEY || event.key === ADMIN_TOKEN_KEY) notify();
}

/** useSyncExternalStore-style subscription; also follows changes made in other tabs. */
export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
