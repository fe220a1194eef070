/**
 * Renders a landing page's static shell from the real components (decisions 0014, 0029): the learner
 * layout (AppLayout: top bar, page area, footer) with the real theme and providers, as a visitor with
 * the default site settings sees it, and for a `page` shell the page itself. The styles are emotion's
 * own for exactly that markup (`@emotion/server`), so the shell cannot drift from what React paints.
 *
 * Runs in Node at build time, loaded through Vite's SSR module runner by page-shells.ts (never part
 * of the browser bundle). The emotion cache key is the browser's default ('css'): emotion in the browser
 * adopts the shell's <style data-emotion> tags at start-up and does not insert those rules again.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import type { PageModule } from '../src/app/chunk.ts';
import type { ShellKind } from '../src/app/pages.ts';
import { AppProviders, createQueryClient } from '../src/app/providers.tsx';
import { AppLayout } from '../src/components/layout/app-layout.tsx';

export interface RenderedShell {
  /** The markup that goes inside #root. */
  html: string;
  /** The <style data-emotion> tags for that markup, for the page's <head>. */
  styles: string;
}

/** Any origin will do: the shell's links are relative and nothing is fetched. */
const ORIGIN = 'http://shell.invalid';

/** The shell of the page at `path`: the learner layout, with the page inside for a `page` shell. */
export async function renderShell(path: string, kind: ShellKind, module: PageModule): Promise<RenderedShell> {
  // Each page in the layout's outlet; `layout` leaves the page area empty, as React's first render
  // replaces the whole shell anyway.
  const routes: RouteObject[] = [
    { element: <AppLayout />, children: [{ path: '*', Component: kind === 'page' ? module.default : null }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, ORIGIN)));
  if (context instanceof Response) throw new Error(`page shells: ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  const critical = emotion.extractCriticalToChunks(html);
  // (MUI renders a few global style blocks that are empty for this theme.)
  const styles = critical.styles.filter((chunk) => chunk.css !== '');
  return { html, styles: emotion.constructStyleTagsFromChunks({ ...critical, styles }) };
}

/**
 * The API requests a page's first-load `prefetch` makes for `path`, in order, read by running it with
 * `fetch` stubbed: the page's HTML preloads exactly these, so the preload is always the request the
 * page makes (a different URL would be fetched twice).
 */
export async function firstRequests(module: PageModule, path: string): Promise<string[]> {
  if (!module.prefetch) return [];
  const requested: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input) => {
    requested.push(input instanceof Request ? input.url : String(input));
    return Promise.resolve(Response.json({}));
  };
  try {
    const url = new URL(path, ORIGIN);
    // A failure (the stub's answer is not what the page expects) changes nothing about the request.
    await module.prefetch(new QueryClient(), { url, params: {} }).catch(() => undefined);
  } finally {
    globalThis.fetch = realFetch;
  }
  return requested;
}
