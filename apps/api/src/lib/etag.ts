import { createHash } from 'node:crypto';

/** A weak ETag for a body (weak: compression may send other bytes for the same content). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names this ETag: a list, `*`, and the weak comparison HTTP asks for
 * (`W/"x"` and `"x"` name the same content).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === opaque);
}
