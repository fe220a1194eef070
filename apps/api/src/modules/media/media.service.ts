import { createHash } from 'node:crypto';
import { mediaUrl, type MediaUpload, type QuestionImage, type QuestionImageInput } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { cleanImage } from './image-check.ts';
import type { CachedImage, MediaCache } from './media-cache.ts';
import { findMediaBytes, findMediaInfo, insertMedia, type StoredImage } from './media.repository.ts';
import { MEDIA_MESSAGES } from './media.messages.ts';

/** How a question's image is stored (decision 0051: other modules take the type from here). */
export type { StoredImage } from './media.repository.ts';

/** Uploads per administrator: enough for a bank being illustrated, not for a script run wild. */
const UPLOAD_LIMIT = { max: 60, windowMs: 10 * 60_000 };

const HASH = /^[0-9a-f]{64}$/;

/**
 * Checks, re-encodes and stores an uploaded image (decision 0040), named by the SHA-256 of the stored bytes:
 * the same picture uploaded twice is one row and one URL.
 */
export async function upload(ctx: AppContext, actor: Actor, bytes: Uint8Array): Promise<MediaUpload> {
  await ctx.limiter.hit(`media-upload:admin:${actor.id}`, UPLOAD_LIMIT, MEDIA_MESSAGES.tooMany);
  if (bytes.byteLength === 0) throw new BadRequestError(MEDIA_MESSAGES.empty);
  const image = await cleanImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const hash = createHash('sha256').update(image.data).digest('hex');
  await insertMedia(ctx.db, {
    hash,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    data: image.data,
    uploadedBy: actor.id,
  });
  return {
    hash,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    url: mediaUrl(hash),
  };
}

/** An image's bytes, from this app's cache when it served them lately, else from the database. */
export async function readImage(ctx: AppContext, cache: MediaCache, hash: string): Promise<CachedImage> {
  const cached = cache.get(hash);
  if (cached) return cached;
  const row = HASH.test(hash) ? await findMediaBytes(ctx.db, hash) : undefined;
  if (!row) throw new NotFoundError(MEDIA_MESSAGES.notFound);
  const image = {
    contentType: row.contentType,
    data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength),
  };
  cache.set(hash, image);
  return image;
}

/** A stored question image as pages receive it (with its URL); null when there is none. */
export function toQuestionImage(stored: StoredImage | null | undefined): QuestionImage | null {
  if (!stored) return null;
  return {
    hash: stored.hash,
    url: mediaUrl(stored.hash),
    contentType: stored.contentType,
    width: stored.width,
    height: stored.height,
    alt: stored.alt,
  };
}

type ImageField = 'image' | 'explanationImage';

/**
 * The images a question body chose, as the question stores them: each hash must be an uploaded image (else
 * 422, naming which image); its type and size come from the upload. `undefined` (not sent) stays undefined
 * so an edit keeps the question's image; `null` removes it.
 */
export async function resolveQuestionImages(
  db: Executor,
  body: {
    image?: QuestionImageInput | null | undefined;
    explanationImage?: QuestionImageInput | null | undefined;
  },
): Promise<{ image?: StoredImage | null; explanationImage?: StoredImage | null }> {
  const fields: ImageField[] = ['image', 'explanationImage'];
  const hashes = fields.flatMap((field) => (body[field] ? [body[field].hash] : []));
  const found = new Map((await findMediaInfo(db, hashes)).map((info) => [info.hash, info]));
  const resolved: { image?: StoredImage | null; explanationImage?: StoredImage | null } = {};
  for (const field of fields) {
    const chosen = body[field];
    if (chosen === undefined) continue;
    if (chosen === null) {
      resolved[field] = null;
      continue;
    }
    const info = found.get(chosen.hash);
    if (!info)
      throw new UnprocessableError(
        field === 'image' ? MEDIA_MESSAGES.unknownQuestionImage : MEDIA_MESSAGES.unknownExplanationImage,
      );
    resolved[field] = { ...info, alt: chosen.alt };
  }
  return resolved;
}

/** Whether an image with this hash was uploaded (a course's cover image). */
export async function isUploadedImage(db: Executor, hash: string): Promise<boolean> {
  return (await findMediaInfo(db, [hash])).length > 0;
}
