import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { page } from './chunk.ts';
import { RedirectSignedIn, RequireAdmin, RequireUser } from './guards.tsx';
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
  {
    // A signed-in learner has no use for these: they go to /dashboard.
    element: <RedirectSignedIn />,
    children: [
      { path: 'register', lazy: page('register', () => import('./routes/register.tsx')) },
      {
        path: 'forgot-password',
        lazy: page('forgot-password', () => import('./routes/forgot-password.tsx')),
      },
    ],
  },
  { path: 'verify-email', lazy: page('verify-email', () => import('./routes/verify-email.tsx')) },
  {
    path: 'resend-verification',
    lazy: page('resend-verification', () => import('./routes/resend-verification.tsx')),
  },
  { path: 'reset-password', lazy: page('reset-password', () => import('./routes/reset-password.tsx')) },
  { path: 'exams', lazy: page('exams', () => import('./routes/exams.tsx')) },
  { path: 'exams/:id', lazy: page('exam-detail', () => import('./routes/exam-detail.tsx')) },
  { path: 'articles', lazy: page('articles', () => import('./routes/articles.tsx')) },
  { path: 'articles/:id', lazy: page('article-detail', () => import('./routes/article-detail.tsx')) },
];

/** Signed-in learner pages: without a stored learner session the visitor is sent to /login. */
const learnerPages: RouteObject[] = [
  { path: 'settings', lazy: page('settings', () => import('./routes/settings.tsx')) },
  { path: 'dashboard', lazy: page('dashboard', () => import('./routes/dashboard.tsx')) },
  { path: 'my-exams', lazy: page('my-exams', () => import('./routes/my-exams.tsx')) },
  // Static segments outrank ':id', so /exams/history never reaches the public exam page.
  { path: 'exams/history', lazy: page('exam-history', () => import('./routes/exam-history.tsx')) },
  { path: 'exams/:id/take', lazy: page('take-exam', () => import('./routes/take-exam.tsx')) },
  { path: 'exams/:id/result', lazy: page('exam-result', () => import('./routes/exam-result.tsx')) },
  { path: 'exams/results/:resultId', lazy: page('exam-result', () => import('./routes/exam-result.tsx')) },
];

/** Administrator pages that need no administrator session (the admin sign-in). */
const adminPublicPages: RouteObject[] = [
  { path: 'admin/login', lazy: page('admin-login', () => import('./routes/admin-login.tsx')) },
];

/** Administrator pages (paths start with 'admin/'): without an administrator session → /admin/login. */
const adminPages: RouteObject[] = [
  {
    // The admin layout (side menu, top bar) is its own chunk, so learners never download it.
    lazy: page('admin-layout', () => import('./routes/admin-layout.tsx')),
    children: [
      {
        // A failing admin page keeps the side menu on screen.
        errorElement: <RouteErrorScreen />,
        children: [
          { path: 'admin', lazy: page('admin-dashboard', () => import('./routes/admin-dashboard.tsx')) },
          { path: 'admin/users', lazy: page('admin-users', () => import('./routes/admin-users.tsx')) },
          { path: 'admin/exams', lazy: page('admin-exams', () => import('./routes/admin-exams.tsx')) },
          {
            path: 'admin/exams/create',
            lazy: page('admin-exam-create', () => import('./routes/admin-exam-create.tsx')),
          },
          {
            path: 'admin/exams/:id/edit',
            lazy: page('admin-exam-edit', () => import('./routes/admin-exam-edit.tsx')),
          },
          {
            path: 'admin/articles',
            lazy: page('admin-articles', () => import('./routes/admin-articles.tsx')),
          },
          {
            path: 'admin/articles/create',
            lazy: page('admin-article-create', () => import('./routes/admin-article-create.tsx')),
          },
          {
            path: 'admin/articles/:id/edit',
            lazy: page('admin-article-edit', () => import('./routes/admin-article-edit.tsx')),
          },
          {
            path: 'admin/settings',
            lazy: page('admin-settings', () => import('./routes/admin-settings.tsx')),
          },
          { path: 'admin/admins', lazy: page('admin-admins', () => import('./routes/admin-admins.tsx')) },
          {
            path: 'admin/activity',
            lazy: page('admin-activity', () => import('./routes/admin-activity.tsx')),
          },
          { path: 'admin/*', lazy: page('not-found', () => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

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
