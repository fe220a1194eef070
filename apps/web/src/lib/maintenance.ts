import { useSyncExternalStore } from 'react';

/**
 * Remembers that an API call answered 503 (maintenance), so the layout can show the maintenance notice
 * even when the public settings could not be loaded.
 */
let maintenanceSeen = false;
const listeners = new Set<() => void>();

export function reportMaintenance(): void {
  if (maintenanceSeen) return;
  maintenanceSeen = true;
  for (const listener of listeners) listener();
}

export function isMaintenanceReported(): boolean {
  return maintenanceSeen;
}

/** For tests: forget a previously seen 503. */
export function resetMaintenance(): void {
  maintenanceSeen = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any API call has answered 503 during this page's life. */
export function useMaintenanceReported(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => maintenanceSeen,
    () => false,
  );
}
