import { z } from 'zod';
import { safeString } from './strings.ts';

/*
 * Images in questions and explanations (decision 0040). An administrator uploads an image's bytes
 * (POST /api/admin/media); the server checks them by content, re-encodes them and names them by the SHA-256
 * of the result, so an image's URL (/api/media/<hash>) never changes meaning and is cached for a year.
 */

export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** What an upload may be: its size in bytes and its dimensions in pixels. */
export const MEDIA_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxSide: 4000,
  minSide: 16,
} as const;

export const ALT_TEXT_MAX = 250;

const HASH = /^[0-9a-f]{64}$/;

/** The URL an image is served at: its content hash, so it can be cached for ever. */
export function mediaUrl(hash: string): string {
  return `/api/media/${hash}`;
}

/** The answer to an upload. */
export const MediaUploadSchema = z.object({
  hash: safeString(),
  contentType: z.enum(MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  url: safeString(),
});
export type MediaUpload = z.infer<typeof MediaUploadSchema>;

/**
 * GET /api/media/:hash — a malformed hash (too long, unsafe characters) is answered 404 like an unknown one:
 * it reads as the empty hash, which names no image, instead of failing validation with a 400.
 */
export const MediaParamsSchema = z.object({ hash: safeString().max(128).catch('') });

/**
 * An image as every page receives it: where it is, its size (no layout shift) and its alt text. Payloads
 * carry it as `null` when there is none; the schemas say `nullish` only so that pages and fixtures written
 * before question images existed stay valid.
 */
export const QuestionImageSchema = z.object({
  hash: safeString(),
  url: safeString(),
  contentType: z.enum(MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  alt: safeString(),
});
export type QuestionImage = z.infer<typeof QuestionImageSchema>;

/** An image chosen for a question or its explanation: an uploaded image's hash and its alt text. */
export const QuestionImageInputSchema = z.object({
  hash: safeString({ message: 'Upload the image again' }).regex(HASH, 'Upload the image again'),
  alt: safeString({ message: 'Describe the image for people who cannot see it' })
    .trim()
    .min(1, 'Describe the image for people who cannot see it')
    .max(ALT_TEXT_MAX, `The image description must be at most ${ALT_TEXT_MAX} characters`),
});
export type QuestionImageInput = z.input<typeof QuestionImageInputSchema>;
