import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { signInAdmin } from './admin-session.ts';
import { json, stubFetch } from './fetch-stub.ts';
import { renderPage } from './render.tsx';
import { expectTryAgainRefetches } from './try-again.ts';

/** A list endpoint that fails with no message of its own. */
export const silentFailure = () => new Response(null, { status: 500 });

export interface ListLoadErrorCase {
  page: ReactElement;
  url: string;
  /** The list's endpoint. */
  path: string;
  /** The page's own error text, shown when the server gives none. */
  fallback: string;
  /** What the page says for an empty list. */
  empty: RegExp;
  /** The endpoint's answer once it works again. */
  loaded: Record<string, unknown>;
  /** Text of a row in `loaded`. */
  row: string;
}

/**
 * Decision 0024: a list that failed to load says so, with a 'Try again' button, and shows nothing that
 * reads like an empty list under it (no 'No … found', no empty table, no '0–0 of 0' pager); a retry
 * loads it.
 */
export async function expectListLoadErrorThenRetry(list: ListLoadErrorCase): Promise<void> {
  signInAdmin();
  let fail = true;
  const requests = stubFetch({
    [`GET ${list.path}`]: () => (fail ? silentFailure() : json(list.loaded)),
  });
  renderPage(list.page, { url: list.url });

  expect(await screen.findByText(list.fallback)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(screen.queryByText(list.empty)).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.queryByText(/0–0 of 0/)).toBeNull();

  fail = false;
  await expectTryAgainRefetches(requests, list.path);
  expect(await screen.findByText(list.row)).toBeTruthy();
  expect(screen.queryByText(list.fallback)).toBeNull();
}
