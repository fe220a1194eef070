/**
 * Totals for paged lists ("Showing 20 of 10,000 exams") cost a count over every matching row. They are
 * kept per process for a few seconds: a total may lag a new exam or article by that long, the page
 * itself never does. The same holds for other small facts about a public list (which article
 * categories have articles).
 */
export class CountCache<T = number> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
  ) {}

  async get(key: string, count: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await count();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
