import { createHash, randomBytes } from 'node:crypto';

/** A new random token (32 bytes, base64url) for sessions and e-mailed links. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex. Tokens have 256 bits of entropy, so a fast hash is enough (no salt needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
