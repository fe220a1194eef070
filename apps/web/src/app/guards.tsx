import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import type { LoginRedirectState } from '../lib/login-redirect.ts';

/**
 * Learner-only routes: without a stored learner session the visitor goes to /login and the origin is
 * remembered. Use as a layout route (renders the child routes) or around an element.
 */
export function RequireUser({ children }: { children?: ReactNode }) {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  if (!isSignedIn) {
    const state: LoginRedirectState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * Pages only a visitor needs (register, forgot password): a signed-in learner goes to /dashboard instead
 * (decision 0022).
 */
export function RedirectSignedIn({ children }: { children?: ReactNode }) {
  const { isSignedIn } = useAuth();
  if (isSignedIn) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}

/** Administrator routes: without a stored administrator session the visitor goes to /admin/login. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isAdminSignedIn } = useAuth();
  const location = useLocation();
  if (!isAdminSignedIn) {
    const state: LoginRedirectState = { from: location };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}
