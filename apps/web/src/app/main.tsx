import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { installGlobalErrorHandler } from './global-errors.ts';

installGlobalErrorHandler();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createAppRouter();

/*
 * The first render waits until the router has loaded the first page's module (or failed to), so the
 * static shell in the page's HTML (app/shell/page-shell.ts) gives way straight to the page instead of
 * to a loading spinner first.
 */
await new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

// In a transition, React renders the first page in slices and lets the browser breathe in between,
// instead of one long task that blocks input on a slow phone.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
