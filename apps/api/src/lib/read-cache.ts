/**
 * What many read alike, kept by one process for a short time (`READ_CACHE_MS`): a published course's
 * outline (decision 0053), a page of a discussion (0056), a mock's topic totals and its live view (0077).
 * Entries are grouped (a course, a thread) so a change forgets all of a group's at once; at most `limit`
 * groups are kept, the oldest written going first. With a time of 0 nothing is kept. Readers go through
 * `through`, which also shares one load among the callers that miss at the same moment.
 */
export class ReadCache<V> {
  private readonly groups = new Map<string, Map<string, { at: number; value: V }>>();
  /** Loads under way (`through`), by group then key: the callers of the same moment share one. */
  private readonly loading = new Map<string, Map<string, Promise<V>>>();

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

  /**
   * The kept value, or else `load`'s, kept for next time. Callers that miss while a load of the same entry
   * is under way wait for that one instead of each loading again (a page many open at the same moment, a
   * view refreshed by many). A failed load is not kept. A group forgotten during a load does not keep what
   * that load read: a write may have changed it meanwhile, so the next caller loads anew.
   */
  async through(group: string, key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.get(group, key);
    if (kept !== undefined) return kept;
    if (this.ttlMs <= 0) return load();
    const pending = this.loading.get(group)?.get(key);
    if (pending) return pending;
    const started = load();
    let entries = this.loading.get(group);
    if (!entries) this.loading.set(group, (entries = new Map<string, Promise<V>>()));
    entries.set(key, started);
    const current = () => this.loading.get(group)?.get(key) === started;
    try {
      const value = await started;
      if (current()) this.set(group, key, value);
      return value;
    } finally {
      if (current()) {
        entries.delete(key);
        if (entries.size === 0) this.loading.delete(group);
      }
    }
  }

  forget(group: string): void {
    this.groups.delete(group);
    this.loading.delete(group);
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
