import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';

/**
 * A page module may export `prefetch`: it starts the queries the page's first render needs.
 * On the app's first load only, the router waits for them (up to FIRST_PAGE_DATA_WAIT_MS) before React
 * renders, so the page renders once with its data instead of rendering its loading skeleton, then
 * rendering again when the data arrives. On a phone that second render was one long task (an update
 * outside a transition is not rendered in slices); docs/performance-history.md, 2026-11-22. The list pages'
 * HTML preloads the same request (apps/web/build/page-shells.ts), so the wait is usually already over.
 * Later navigations do not wait: they show the page and its loading state at once, as before.
 */
export type PagePrefetch = (
  queryClient: QueryClient,
  args: { url: URL; params: Params<string> },
) => Promise<unknown>;

/** After this long the first render goes ahead and the page shows its own loading state. */
export const FIRST_PAGE_DATA_WAIT_MS = 1500;

let firstLoad: { queryClient: QueryClient; deadline: Promise<void> } | null = null;

/**
 * main.tsx, before the router starts: the first page's data goes into this client (the app's), and the
 * first render waits for it, FIRST_PAGE_DATA_WAIT_MS at most from now.
 */
export function awaitFirstPageData(queryClient: QueryClient): void {
  firstLoad = {
    queryClient,
    deadline: new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_DATA_WAIT_MS)),
  };
}

/** On the first load, waits for `data` until the deadline; a failure is the page's to show. */
export async function firstLoadWait(data: Promise<unknown>): Promise<void> {
  if (!firstLoad) return;
  await Promise.race([data.catch(() => undefined), firstLoad.deadline]);
}

/** main.tsx, once the router has loaded the first page: from now on, pages do not wait for data. */
export function firstPageRendered(): void {
  firstLoad = null;
}

/** The route loader for a page that exports `prefetch`; it returns no data of its own. */
export function firstPageDataLoader(prefetch: PagePrefetch) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    if (!firstLoad) return null;
    // (The page's query keeps a failure and retries when the page mounts.)
    await firstLoadWait(prefetch(firstLoad.queryClient, { url: new URL(request.url), params }));
    return null;
  };
}
