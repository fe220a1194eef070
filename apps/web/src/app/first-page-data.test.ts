import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import {
  awaitFirstPageData,
  FIRST_PAGE_DATA_WAIT_MS,
  firstLoadWait,
  firstPageDataLoader,
  firstPageRendered,
  type PagePrefetch,
} from './first-page-data.ts';

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(url), params, context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => {
  firstPageRendered();
  vi.useRealTimers();
});

describe('firstPageDataLoader', () => {
  it('on the first load, waits for the page data in the app query client', async () => {
    const queryClient = new QueryClient();
    awaitFirstPageData(queryClient);
    const prefetch: PagePrefetch = (client, { url, params }) =>
      client.ensureQueryData({
        queryKey: ['page', url.searchParams.get('page'), params.id],
        queryFn: async () => 'the data',
      });
    await expect(
      firstPageDataLoader(prefetch)(args('http://x/exams/7?page=2', { id: '7' })),
    ).resolves.toBeNull();
    expect(queryClient.getQueryData(['page', '2', '7'])).toBe('the data');
  });

  it('after the first render, neither fetches nor waits', async () => {
    awaitFirstPageData(new QueryClient());
    firstPageRendered();
    const prefetch = vi.fn<PagePrefetch>(() => new Promise(() => {}));
    await expect(firstPageDataLoader(prefetch)(args('http://x/exams'))).resolves.toBeNull();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('waits for other first-load data (the site settings) only until the same deadline', async () => {
    vi.useFakeTimers();
    awaitFirstPageData(new QueryClient());
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_DATA_WAIT_MS - 10);
    let settled = false;
    const done = firstLoadWait(new Promise(() => {})).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toBe(true);
    firstPageRendered();
    await expect(firstLoadWait(new Promise(() => {}))).resolves.toBeUndefined();
  });

  it('stops waiting after the time limit, so a slow API still lets the page show its loading state', async () => {
    vi.useFakeTimers();
    awaitFirstPageData(new QueryClient());
    let settled = false;
    const done = firstPageDataLoader(() => new Promise(() => {}))(args('http://x/exams')).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_DATA_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toBe(true);
  });

  it('leaves a failed request to the page instead of failing the route', async () => {
    awaitFirstPageData(new QueryClient());
    const failing: PagePrefetch = () => Promise.reject(new Error('Error fetching exams'));
    await expect(firstPageDataLoader(failing)(args('http://x/exams'))).resolves.toBeNull();
  });
});
