import { startTransition, useEffect, useState } from 'react';

/** How many cards a list page commits first: more than a phone or a desktop shows above the fold. */
export const FIRST_ITEMS = 6;

/**
 * A list that mounts with its items already loaded (the first load of a list page, whose data the
 * router fetched before rendering, or a page served from the query cache) renders the first
 * FIRST_ITEMS of them, then the rest in a background render and commit of their own. A page of 20
 * cards committed at once was one of the longest tasks on a throttled phone (docs/performance-history.md,
 * 2026-11-22); this way the cards in view paint sooner and each task is shorter. A list whose items
 * arrive after it mounted shows them all at once, as before.
 */
export function useProgressiveList<T>(items: readonly T[]): readonly T[] {
  const [showAll, setShowAll] = useState(items.length <= FIRST_ITEMS);
  useEffect(() => {
    if (!showAll) startTransition(() => setShowAll(true));
  }, [showAll]);
  return showAll ? items : items.slice(0, FIRST_ITEMS);
}
