/**
 * Same value as the contract's DEFAULT_SITE_NAME (a test keeps them equal). Not imported from
 * @mlp/contract because a value import would pull zod and every schema into the entry chunk.
 */
export const FALLBACK_SITE_NAME = 'Medical Learning Platform';
