import sharp, { type Metadata } from 'sharp';
import { MEDIA_LIMITS, type MediaType } from '@mlp/contract';
import { UnprocessableError, UnsupportedMediaTypeError } from '../../lib/errors.ts';
import { MEDIA_MESSAGES } from './media.messages.ts';

/**
 * The image type the bytes themselves say, from their signature ("magic bytes"), never from a file name or
 * a declared Content-Type: an SVG, an HTML page or a script renamed .png has none of these signatures.
 */
export function sniffImageType(bytes: Uint8Array): MediaType | undefined {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const SHARP_FORMAT: Record<MediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

export interface CleanImage {
  contentType: MediaType;
  width: number;
  height: number;
  data: Buffer;
}

/** Most pixels sharp may decode: the largest allowed image (a bigger one is refused before decoding). */
const PIXEL_LIMIT = MEDIA_LIMITS.maxSide * MEDIA_LIMITS.maxSide;

/**
 * Checks an upload and re-encodes it (decision 0040): the signature must be PNG, JPEG or WebP and agree with
 * what the decoder finds; the dimensions are checked from the header before any decoding; the picture is
 * then decoded and encoded again in the same format, turned upright by its EXIF orientation, with every
 * piece of metadata (EXIF, GPS, XMP, ICC, comments) left behind, and anything appended after the image gone.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.notAnImage);
  const format = SHARP_FORMAT[contentType];
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnprocessableError(MEDIA_MESSAGES.unreadable);
  }
  if (metadata.format !== format) throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.notAnImage);
  const { width, height } = metadata;
  if (!width || !height) throw new UnprocessableError(MEDIA_MESSAGES.unreadable);
  if (width > MEDIA_LIMITS.maxSide || height > MEDIA_LIMITS.maxSide)
    throw new UnprocessableError(MEDIA_MESSAGES.tooBig);
  if (width < MEDIA_LIMITS.minSide || height < MEDIA_LIMITS.minSide)
    throw new UnprocessableError(MEDIA_MESSAGES.tooSmall);
  try {
    // failOn 'error': a truncated or corrupt image is refused rather than stored half grey.
    const pipeline = sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : contentType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType, width: info.width, height: info.height, data };
  } catch {
    throw new UnprocessableError(MEDIA_MESSAGES.unreadable);
  }
}
