import type { LoginRedirectState } from '../../lib/login-redirect.ts';

export const ADMIN_HOME = '/admin';

/**
 * Where to go after the administrator signs in: the remembered admin page (path, query and hash) when the
 * guard sent them here from one, otherwise /admin. Only paths inside /admin are followed.
 */
export function adminRedirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return ADMIN_HOME;
  const { pathname } = from;
  const insideAdmin = pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
  if (!insideAdmin || pathname === '/admin/login') return ADMIN_HOME;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
