import { z } from 'zod';
import { safeString } from './strings.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** Ids are UUIDv7 strings, serialised as `_id` (the spec's field name). */
export const IdSchema = z.uuid({ message: 'Invalid id' });
export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Password rule shared by learners and administrators (decision 0003: 8 characters, not the spec's 6).
 * The common-password check runs on the server only (its list is too big for the browser bundle).
 * An empty password says 'Password is required' (spec §5), not the length rule: that check comes first,
 * so it is the first issue, which both the API and the forms show.
 */
export const NewPasswordSchema = safeString({ message: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/** E-mail addresses are trimmed and lower-cased everywhere. */
export const EmailSchema = safeString({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());

/**
 * The one page query of every list (decision 0028): a 1-based `page` and a capped `limit`, with the same
 * messages everywhere. Extend it with a list's own filters.
 */
export function pageQuery(options: { defaultLimit: number; maxLimit: number }) {
  return z.object({
    page: z.coerce
      .number({ message: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(options.maxLimit, `limit must be ${options.maxLimit} or less`)
      .default(options.defaultLimit),
  });
}

/** A page of a list: its items under the list's own name, the page and the page count. */
export function pagedResponse<T extends z.ZodRawShape>(items: T) {
  return z.object({ ...items, page: z.number().int(), pages: z.number().int() });
}

/** Page query: 1-based page and a capped page size. */
export const PageQuerySchema = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export type PageQuery = z.infer<typeof PageQuerySchema>;
