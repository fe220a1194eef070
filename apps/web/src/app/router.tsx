import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { page, type PageModule } from './chunk.ts';
import { RedirectSignedIn, RequireAdmin, RequireUser } from './guards.tsx';
import { PAGES, type PageAccess, type PageName } from './pages.ts';
import { RouteErrorScreen } from './route-error.tsx';

/*
 * Spec §2 route table: the pages, their paths and where each sits (public, learner, admin…) are in
 * pages.ts; this file gives each its module and builds React Router's tree. Every page is its own lazily
 * loaded module in app/routes/ (chunk time-out and the 'Loading chunk {id} failed' screen come from
 * page() and RouteErrorScreen).
 */

/** Each page's module by name: a page added to pages.ts without its module here is a type error. */
const pageModules = {
  home: () => import('./routes/home.tsx'),
  about: () => import('./routes/about.tsx'),
  login: () => import('./routes/login.tsx'),
  register: () => import('./routes/register.tsx'),
  'forgot-password': () => import('./routes/forgot-password.tsx'),
  'verify-email': () => import('./routes/verify-email.tsx'),
  'confirm-email': () => import('./routes/confirm-email.tsx'),
  'resend-verification': () => import('./routes/resend-verification.tsx'),
  'reset-password': () => import('./routes/reset-password.tsx'),
  exams: () => import('./routes/exams.tsx'),
  'exam-detail': () => import('./routes/exam-detail.tsx'),
  articles: () => import('./routes/articles.tsx'),
  'article-detail': () => import('./routes/article-detail.tsx'),
  courses: () => import('./routes/courses.tsx'),
  'course-detail': () => import('./routes/course-detail.tsx'),
  'course-certificate': () => import('./routes/course-certificate.tsx'),
  settings: () => import('./routes/settings.tsx'),
  dashboard: () => import('./routes/dashboard.tsx'),
  'my-exams': () => import('./routes/my-exams.tsx'),
  reviews: () => import('./routes/reviews.tsx'),
  analytics: () => import('./routes/analytics.tsx'),
  notebook: () => import('./routes/notebook.tsx'),
  'exam-history': () => import('./routes/exam-history.tsx'),
  'take-exam': () => import('./routes/take-exam.tsx'),
  'exam-result': () => import('./routes/exam-result.tsx'),
  practice: () => import('./routes/practice.tsx'),
  'take-practice': () => import('./routes/take-practice.tsx'),
  'take-mock': () => import('./routes/take-mock.tsx'),
  'mock-result': () => import('./routes/mock-result.tsx'),
  'join-cohort': () => import('./routes/join-cohort.tsx'),
  'not-found': () => import('./routes/not-found.tsx'),
  'admin-login': () => import('./routes/admin-login.tsx'),
  'admin-dashboard': () => import('./routes/admin-dashboard.tsx'),
  'admin-users': () => import('./routes/admin-users.tsx'),
  'admin-user-detail': () => import('./routes/admin-user-detail.tsx'),
  'admin-payments': () => import('./routes/admin-payments.tsx'),
  'admin-reports': () => import('./routes/admin-reports.tsx'),
  'admin-community': () => import('./routes/admin-community.tsx'),
  'admin-exams': () => import('./routes/admin-exams.tsx'),
  'admin-exam-create': () => import('./routes/admin-exam-create.tsx'),
  'admin-exam-edit': () => import('./routes/admin-exam-edit.tsx'),
  'admin-exam-preview': () => import('./routes/admin-exam-preview.tsx'),
  'admin-articles': () => import('./routes/admin-articles.tsx'),
  'admin-article-create': () => import('./routes/admin-article-create.tsx'),
  'admin-article-edit': () => import('./routes/admin-article-edit.tsx'),
  'admin-courses': () => import('./routes/admin-courses.tsx'),
  'admin-mocks': () => import('./routes/admin-mocks.tsx'),
  'admin-mock-live': () => import('./routes/admin-mock-live.tsx'),
  'admin-cohorts': () => import('./routes/admin-cohorts.tsx'),
  'admin-cohort': () => import('./routes/admin-cohort.tsx'),
  'admin-course-create': () => import('./routes/admin-course-create.tsx'),
  'admin-course-edit': () => import('./routes/admin-course-edit.tsx'),
  'admin-settings': () => import('./routes/admin-settings.tsx'),
  'admin-admins': () => import('./routes/admin-admins.tsx'),
  'admin-activity': () => import('./routes/admin-activity.tsx'),
} satisfies Record<PageName, () => Promise<PageModule>>;

/** The routes of the pages with this access, in the table's order ('/' is the index route). */
function pagesWith(access: PageAccess): RouteObject[] {
  return PAGES.filter((entry) => entry.access === access).map(({ name, path }) => {
    const lazy = page(name, pageModules[name]);
    return path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy };
  });
}

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
          ...pagesWith('public'),
          // A signed-in learner has no use for these: they go to /dashboard.
          { element: <RedirectSignedIn />, children: pagesWith('redirect-signed-in') },
          { element: <RequireUser />, children: pagesWith('learner') },
        ],
      },
    ],
  },
  {
    // The administrator panel brings its own layout, so it sits beside the learner layout.
    errorElement: <RouteErrorScreen standalone />,
    hydrateFallbackElement: <PageLoading label="Loading page" />,
    children: [
      ...pagesWith('admin-public'),
      {
        element: <RequireAdmin />,
        children: [
          {
            // The admin layout (side menu, top bar) is its own chunk, so learners never download it.
            lazy: page('admin-layout', () => import('./routes/admin-layout.tsx')),
            // A failing admin page keeps the side menu on screen.
            children: [{ errorElement: <RouteErrorScreen />, children: pagesWith('admin') }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
