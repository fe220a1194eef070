import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';

/*
 * Offline honesty (decision 0066): what the browser knows about the connection, and whether a failed call
 * never reached the server.
 */

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection (`navigator.onLine`, kept up to date by its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A call that never reached the server (no connection, the server down): worth trying again later. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Runs `retry` every `everyMs` and when the browser comes back online, while `active`; the caller keeps
 * `retry` current (it is read at each run).
 */
export function whileWaiting(retry: () => void, everyMs: number): () => void {
  const timer = window.setInterval(retry, everyMs);
  window.addEventListener('online', retry);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', retry);
  };
}
