import type { MediaType } from '@mlp/contract';

export interface CachedImage {
  contentType: MediaType;
  data: Buffer;
}

/**
 * The bytes of recently served images, least recently used dropped first once `maxBytes` is passed
 * (decision 0040). Keyed by content hash, so an entry can never be stale: the same key always means the
 * same bytes. Per app instance (the routes plugin makes one), not a module global.
 */
export class MediaCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    /** larger images are served from the database every time rather than evicting many small ones */
    private readonly maxEntryBytes = 4 * 1024 * 1024,
  ) {}

  get(hash: string): CachedImage | undefined {
    const entry = this.entries.get(hash);
    if (entry) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.entries.delete(hash);
      this.entries.set(hash, entry);
    }
    return entry;
  }

  set(hash: string, image: CachedImage): void {
    if (image.data.byteLength > this.maxEntryBytes || this.entries.has(hash)) return;
    this.entries.set(hash, image);
    this.bytes += image.data.byteLength;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.byteLength;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
