import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { page } from './chunk.ts';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { RouteErrorScreen } from './route-error.tsx';

/*
 * Spec §2 route table. Every page is its own lazily loaded module in app/routes/ (chunk time-out and the
 * 'Loading chunk {id} failed' screen come from page() and RouteErrorScreen), so a new page is one line
 * in the right list below.
 */

/** Public pages inside the main layout. */
const publicPages: RouteObject[] = [
  { index: true, lazy: page('home', () => import('./routes/home.tsx')) },
  { path: 'about', lazy: page('about', () => import('./routes/about.tsx')) },
  { path: 'login', lazy: page('login', () => import('./routes/login.tsx')) },
  { path: 'register', lazy: page('register', () => import('./routes/register.tsx')) },
  { path: 'verify-email', lazy: page('verify-email', () => import('./routes/verify-email.tsx')) },
  {
    path: 'resend-verification',
    lazy: page('resend-verification', () => import('./routes/resend-verification.tsx')),
  },
  { path: 'forgot-password', lazy: page('forgot-password', () => import('./routes/forgot-password.tsx')) },
  { path: 'reset-password', lazy: page('reset-password', () => import('./routes/reset-password.tsx')) },
];

/** Signed-in learner pages: without a stored learner session the visitor is sent to /login. */
const learnerPages: RouteObject[] = [
  { path: 'settings', lazy: page('settings', () => import('./routes/settings.tsx')) },
];

/** Administrator pages that need no administrator session (the admin sign-in). */
const adminPublicPages: RouteObject[] = [];

/** Administrator pages (paths start with 'admin/'): without an administrator session → /admin/login. */
const adminPages: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen standalone />,
    children: [
      {
        // Keeps the navigation on screen when a page fails, and shows a spinner in the page area while
        // the first page's chunk loads.
        errorElement: <RouteErrorScreen />,
        hydrateFallbackElement: <PageLoading label="Loading page" />,
        children: [
          ...publicPages,
          { element: <RequireUser />, children: learnerPages },
          { path: '*', lazy: page('not-found', () => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
  {
    // The administrator panel brings its own layout, so it sits beside the learner layout.
    errorElement: <RouteErrorScreen standalone />,
    hydrateFallbackElement: <PageLoading label="Loading page" />,
    children: [...adminPublicPages, { element: <RequireAdmin />, children: adminPages }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
