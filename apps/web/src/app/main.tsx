import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers.tsx';
import { awaitFirstPageData, firstLoadWait, firstPageRendered } from './first-page-data.ts';
import { publicSettingsQueryOptions } from '../lib/site-settings.tsx';
import { createAppRouter } from './router.tsx';
import { installGlobalErrorHandler } from './global-errors.ts';

installGlobalErrorHandler();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/*
 * Evaluating the app's modules is one long task; the router (matching the URL, loading the page's
 * module) starts in the next one, so a slow phone gets a gap to handle input in between.
 */
await new Promise((resolve) => setTimeout(resolve, 0));

const queryClient = createQueryClient();
awaitFirstPageData(queryClient);
// Every page shows the site name; index.html preloads this request.
const siteSettings = queryClient.prefetchQuery(publicSettingsQueryOptions());
const router = createAppRouter();

/*
 * The first render waits until the router has loaded the first page's module and, for the list pages,
 * their first data (first-page-data.ts), or failed to, so the static shell in the page's HTML
 * (rendered at build time, apps/web/build/page-shells.ts) gives way straight to the page instead of to
 * a loading state first.
 */
await new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});
// With the settings in hand too, nothing re-renders the whole page (its title follows the site name)
// right after the first render.
await firstLoadWait(siteSettings);
firstPageRendered();

// In a transition, React renders the first page in slices and lets the browser breathe in between,
// instead of one long task that blocks input on a slow phone.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
