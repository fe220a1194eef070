/**
 * What many learners read alike, kept by one process for a short time (`READ_CACHE_MS`): a published
 * course's outline (decision 0053), a page of a discussion (0056). Entries are grouped (a course, a
 * thread) so a change forgets all of a group's at once; at most `limit` groups are kept, the oldest
 * written going first. With a time of 0 nothing is kept.
 */
export class ReadCache<V> {
  private readonly groups = new Map<string, Map<string, { at: number; value: V }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly limit = 1000,
  ) {}

  get(group: string, key = ''): V | undefined {
    const kept = this.groups.get(group)?.get(key);
    return kept && Date.now() - kept.at < this.ttlMs ? kept.value : undefined;
  }

  set(group: string, key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    let entries = this.groups.get(group);
    if (!entries) {
      if (this.groups.size >= this.limit) this.groups.delete(this.groups.keys().next().value!);
      entries = new Map<string, { at: number; value: V }>();
      this.groups.set(group, entries);
    }
    entries.set(key, { at: Date.now(), value });
  }

  forget(group: string): void {
    this.groups.delete(group);
  }
}

const caches = new WeakMap<object, Map<string, ReadCache<unknown>>>();

/** The process's cache called `name` for this app (its database handle), made on first use. */
export function readCacheOf<V>(owner: object, name: string, ttlMs: number): ReadCache<V> {
  let named = caches.get(owner);
  if (!named) caches.set(owner, (named = new Map<string, ReadCache<unknown>>()));
  let cache = named.get(name);
  if (!cache) named.set(name, (cache = new ReadCache<unknown>(ttlMs)));
  return cache as ReadCache<V>;
}
