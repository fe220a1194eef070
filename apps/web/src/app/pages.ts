/**
 * Every page of the web app, declared once (spec §2 route table; decision 0029). Plain data with no
 * imports, so both sides read it: the router in the browser (app/router.tsx builds its routes from it,
 * with each page's module from the importer map there, which the compiler holds to exactly these names)
 * and the build in Node (vite.config.ts derives the chunk groups and the page shells from it, without
 * evaluating any React code).
 *
 * A page's module is `app/routes/<name>.tsx`; `name` is also the chunk id of 'Loading chunk {id} failed'.
 * Its first-load data is the module's own `prefetch` export (first-page-data.ts): the router waits for it
 * on the first load, and a page with a shell has that request preloaded by its HTML, the URL read at
 * build time from the prefetch itself (apps/web/build/page-shells.ts), so it cannot drift.
 */

/**
 * Where a page sits in the route tree. The first three are inside the learner layout (top bar, footer):
 * `redirect-signed-in` pages send a signed-in learner to /dashboard (decision 0022), `learner` pages send
 * a visitor to /login. `admin-public` and `admin` sit beside it; `admin` pages are inside the admin
 * layout and send a visitor without an administrator session to /admin/login.
 */
export type PageAccess = 'public' | 'redirect-signed-in' | 'learner' | 'admin-public' | 'admin';

/**
 * The first-load chunk groups (decision 0015), in the order they take modules: a module a page of an
 * earlier group loads belongs to that group. The first, `app`, also holds what the entry loads before it
 * renders (shell, router, theme) and is the chunk every first render runs through. Pages in no group
 * (signed-in learner pages, the administrator panel) keep rolldown's automatic splitting, so none of
 * their code loads on `/`.
 */
export const CHUNK_GROUPS = ['app', 'catalogue', 'detail', 'account'] as const;
export type ChunkGroup = (typeof CHUNK_GROUPS)[number];

/**
 * A landing page's static first paint (decision 0014), rendered at build time from the real components
 * with the real theme: `layout` is the learner layout with an empty page area (top bar; the footer
 * below the fold); `page` adds the page itself, for a page whose first render needs no data and holds
 * no form (its links work before the JavaScript has run).
 */
export type ShellKind = 'layout' | 'page';

export interface PageEntry {
  /** The route module, app/routes/<name>.tsx. A module served at two paths has two entries. */
  name: string;
  /** The absolute path in React Router's syntax ('/' is the index route). */
  path: string;
  access: PageAccess;
  /** The first-load chunk group the page's module joins, if any. */
  group?: ChunkGroup;
  /** Public landing pages get an HTML file of their own with this shell. */
  shell?: ShellKind;
}

export const PAGES = [
  { name: 'home', path: '/', access: 'public', group: 'app', shell: 'page' },
  { name: 'about', path: '/about', access: 'public', shell: 'layout' },
  { name: 'login', path: '/login', access: 'public', group: 'account', shell: 'layout' },
  { name: 'register', path: '/register', access: 'redirect-signed-in', group: 'account', shell: 'layout' },
  { name: 'forgot-password', path: '/forgot-password', access: 'redirect-signed-in', group: 'account' },
  { name: 'verify-email', path: '/verify-email', access: 'public', group: 'account' },
  // Not in spec §2: the link that confirms a learner's new address (decision 0072).
  { name: 'confirm-email', path: '/confirm-email', access: 'public', group: 'account' },
  { name: 'resend-verification', path: '/resend-verification', access: 'public', group: 'account' },
  { name: 'reset-password', path: '/reset-password', access: 'public', group: 'account' },
  { name: 'exams', path: '/exams', access: 'public', group: 'catalogue', shell: 'layout' },
  { name: 'exam-detail', path: '/exams/:id', access: 'public', group: 'detail' },
  { name: 'articles', path: '/articles', access: 'public', group: 'catalogue', shell: 'layout' },
  { name: 'article-detail', path: '/articles/:id', access: 'public', group: 'detail' },
  { name: 'courses', path: '/courses', access: 'public' },
  { name: 'course-detail', path: '/courses/:id', access: 'public' },
  { name: 'course-certificate', path: '/courses/:id/certificate', access: 'learner' },
  { name: 'settings', path: '/settings', access: 'learner' },
  { name: 'dashboard', path: '/dashboard', access: 'learner' },
  { name: 'my-exams', path: '/my-exams', access: 'learner' },
  { name: 'reviews', path: '/reviews', access: 'learner' },
  { name: 'analytics', path: '/analytics', access: 'learner' },
  { name: 'notebook', path: '/notebook', access: 'learner' },
  // Static segments outrank ':id', so /exams/history never reaches the public exam page.
  { name: 'exam-history', path: '/exams/history', access: 'learner' },
  { name: 'take-exam', path: '/exams/:id/take', access: 'learner' },
  { name: 'exam-result', path: '/exams/:id/result', access: 'learner' },
  { name: 'exam-result', path: '/exams/results/:resultId', access: 'learner' },
  { name: 'practice', path: '/practice', access: 'learner' },
  { name: 'take-practice', path: '/practice/:id', access: 'learner' },
  { name: 'take-mock', path: '/mocks/:id/take', access: 'learner' },
  { name: 'mock-result', path: '/mocks/:id/result', access: 'learner' },
  // Not in spec §2: joining a tutor's cohort with an invite code (decision 0079).
  { name: 'join-cohort', path: '/join', access: 'learner' },
  { name: 'join-cohort', path: '/join/:code', access: 'learner' },
  { name: 'not-found', path: '/*', access: 'public' },
  { name: 'admin-login', path: '/admin/login', access: 'admin-public' },
  { name: 'admin-dashboard', path: '/admin', access: 'admin' },
  { name: 'admin-users', path: '/admin/users', access: 'admin' },
  { name: 'admin-user-detail', path: '/admin/users/:id', access: 'admin' },
  { name: 'admin-exams', path: '/admin/exams', access: 'admin' },
  { name: 'admin-exam-create', path: '/admin/exams/create', access: 'admin' },
  { name: 'admin-exam-edit', path: '/admin/exams/:id/edit', access: 'admin' },
  { name: 'admin-exam-preview', path: '/admin/exams/:id/preview', access: 'admin' },
  { name: 'admin-articles', path: '/admin/articles', access: 'admin' },
  { name: 'admin-article-create', path: '/admin/articles/create', access: 'admin' },
  { name: 'admin-article-edit', path: '/admin/articles/:id/edit', access: 'admin' },
  { name: 'admin-courses', path: '/admin/courses', access: 'admin' },
  { name: 'admin-mocks', path: '/admin/mocks', access: 'admin' },
  { name: 'admin-mock-live', path: '/admin/mocks/:id/live', access: 'admin' },
  { name: 'admin-cohorts', path: '/admin/cohorts', access: 'admin' },
  { name: 'admin-cohort', path: '/admin/cohorts/:id', access: 'admin' },
  { name: 'admin-course-create', path: '/admin/courses/create', access: 'admin' },
  { name: 'admin-course-edit', path: '/admin/courses/:id/edit', access: 'admin' },
  { name: 'admin-payments', path: '/admin/payments', access: 'admin' },
  { name: 'admin-reports', path: '/admin/reports', access: 'admin' },
  { name: 'admin-community', path: '/admin/community', access: 'admin' },
  { name: 'admin-settings', path: '/admin/settings', access: 'admin' },
  { name: 'admin-admins', path: '/admin/admins', access: 'admin' },
  { name: 'admin-activity', path: '/admin/activity', access: 'admin' },
  { name: 'not-found', path: '/admin/*', access: 'admin' },
] as const satisfies readonly PageEntry[];

/** A page's module name: the importer map in router.tsx has exactly these keys. */
export type PageName = (typeof PAGES)[number]['name'];
