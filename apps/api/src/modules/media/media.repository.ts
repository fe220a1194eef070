import { eq, inArray } from 'drizzle-orm';
import type { MediaType } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { media, type QuestionImage } from '../../db/schema/index.ts';

/** An image as a question stores it (jsonb): its media's hash, type and size, and its alt text. */
export type StoredImage = QuestionImage;

export interface MediaInfo {
  hash: string;
  contentType: MediaType;
  width: number;
  height: number;
}

/** Stores an image once: the same bytes uploaded again (same hash) keep the first row. */
export async function insertMedia(
  db: Executor,
  values: MediaInfo & { data: Uint8Array; uploadedBy: string | null },
): Promise<void> {
  await db
    .insert(media)
    .values({ ...values, byteSize: values.data.byteLength })
    .onConflictDoNothing({ target: media.hash });
}

/** An image's bytes and type, by hash. */
export async function findMediaBytes(
  db: Executor,
  hash: string,
): Promise<{ contentType: MediaType; data: Uint8Array } | undefined> {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(eq(media.hash, hash))
    .limit(1);
  return row;
}

/** What questions keep of their images (type and size, never the bytes), for the hashes that exist. */
export async function findMediaInfo(db: Executor, hashes: string[]): Promise<MediaInfo[]> {
  if (hashes.length === 0) return [];
  return db
    .select({ hash: media.hash, contentType: media.contentType, width: media.width, height: media.height })
    .from(media)
    .where(inArray(media.hash, hashes));
}
