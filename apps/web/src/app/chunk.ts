import type { ComponentType } from 'react';
import { firstPageDataLoader, type PagePrefetch } from './first-page-data.ts';

/** Spec §7/§9: script chunks load with a 120 000 ms time-out. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route module that failed to load or timed out; its message is the spec's 'Loading chunk {id} failed'. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunkId: string;

  constructor(chunkId: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunkId} failed`, options);
    this.chunkId = chunkId;
  }
}

/** Runs a dynamic import, turning failure or a time-out into a ChunkLoadError named after the module. */
export function loadChunk<T>(
  chunkId: string,
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId)), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, { cause }));
      },
    );
  });
}

/** A page module: its default export is the page component. */
export interface PageModule {
  default: ComponentType;
  /** The queries the page's first render needs (see first-page-data.ts). */
  prefetch?: PagePrefetch;
}

/**
 * A React Router `lazy` function for one page module, so a route-table entry stays one line:
 * `{ path: 'login', lazy: page('login', () => import('./routes/login.tsx')) }`.
 */
export function page(chunkId: string, importer: () => Promise<PageModule>) {
  return async () => {
    const module = await loadChunk(chunkId, importer);
    if (!module.prefetch) return { Component: module.default };
    return {
      Component: module.default,
      loader: firstPageDataLoader(module.prefetch),
      // The loader only matters on the first load; a new search or page in the URL need not rerun it.
      shouldRevalidate: () => false,
    };
  };
}
