import { z } from 'zod';

/** Shown (with the field's path) when a text holds a character PostgreSQL or UTF-8 cannot store. */
export const UNSAFE_TEXT_MESSAGE = 'Invalid input: contains a character that is not allowed';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text can be stored and sent as UTF-8: no U+0000 (PostgreSQL's text type refuses it, which
 * used to surface as a 500) and no unpaired surrogate (not encodable as UTF-8).
 */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The only string constructor of the contract (decision 0020; ESLint bans `z.string()` elsewhere in
 * packages/contract): a `z.string()` that refuses unsafe text with a 400, so every body, query and
 * params schema gets the check. Chain `.trim()`, `.min()`, … on it as on `z.string()`.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}
