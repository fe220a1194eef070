import { MEDIA_LIMITS } from '@mlp/contract';

const MB = MEDIA_LIMITS.maxBytes / (1024 * 1024);

/** Texts of the image upload and serving endpoints (decision 0040). */
export const MEDIA_MESSAGES = {
  empty: 'Choose an image to upload.',
  tooLarge: `The image is too large: it must be at most ${MB} MB.`,
  notAnImage: 'Only PNG, JPEG and WebP images can be uploaded. This file is not one of them.',
  unreadable: 'The image could not be read. It may be damaged; save it again and upload it once more.',
  tooBig: `The image is too large: it must be at most ${MEDIA_LIMITS.maxSide} × ${MEDIA_LIMITS.maxSide} pixels.`,
  tooSmall: `The image is too small: it must be at least ${MEDIA_LIMITS.minSide} × ${MEDIA_LIMITS.minSide} pixels.`,
  tooMany: 'Too many uploads. Please wait a few minutes and try again.',
  notFound: 'Image not found',
  unknownQuestionImage: 'The question image was not found. Upload it again before saving the question.',
  unknownExplanationImage: 'The explanation image was not found. Upload it again before saving the question.',
} as const;
