import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';

/** Shows the current location so tests can assert where a screen navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderPageOptions {
  /** The URL to start on. */
  url?: string;
  /** The route path the page is mounted at (default: the URL's path). */
  path?: string;
  /** Extra routes, e.g. redirect targets. Unknown paths render the LocationProbe. */
  routes?: RouteObject[];
  /** Router location state for the first entry. */
  state?: unknown;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders a route table (the app's, or a test's own) inside the real providers, starting at `url`. */
export function renderRoutes(routeTable: RouteObject[], url: string) {
  const router = createMemoryRouter(routeTable, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Renders one page inside the real providers and a memory router. */
export function renderPage(ui: ReactElement, options: RenderPageOptions = {}) {
  const url = new URL(options.url ?? '/', 'http://localhost');
  const path = options.path ?? url.pathname;
  const router = createMemoryRouter(
    [{ path, element: ui }, ...(options.routes ?? []), { path: '*', element: <LocationProbe /> }],
    { initialEntries: [{ pathname: url.pathname, search: url.search, hash: url.hash, state: options.state }] },
  );
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
