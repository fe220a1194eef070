/** What a guard hands the login screen so the learner returns where they were going (spec §2). */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

const DEFAULT_AFTER_LOGIN = '/dashboard';

/**
 * Where to go after signing in: the remembered origin (path, query and hash) when it is a path inside this
 * app, otherwise /dashboard. Never an absolute or protocol-relative URL.
 */
export function loginRedirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_AFTER_LOGIN;
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname === '/login')
    return DEFAULT_AFTER_LOGIN;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
