import sharp from 'sharp';
import { api } from '@mlp/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAdmin, createLearner, queryRows } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { MediaCache } from './media-cache.ts';
import { sniffImageType } from './image-check.ts';

const t = useTestApp();

let admin: { authorization: string };
beforeAll(async () => {
  admin = (await createAdmin(t)).headers;
});

/** A picture with some detail (a gradient), so encoders have something to keep. */
function picture(width = 64, height = 48) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = (i / 3) % 256;
    pixels[i + 1] = Math.floor(i / 3 / width) % 256;
    pixels[i + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function uploadBytes(body: Buffer | string, contentType = 'application/octet-stream', headers = admin) {
  return t.request({
    method: 'POST',
    url: api.media.upload.path,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}

interface Uploaded {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  url: string;
}

describe('uploading an image', () => {
  it('stores a PNG by the hash of its re-encoded bytes, once however often it is uploaded', async () => {
    const png = await picture().png().toBuffer();
    const first = await uploadBytes(png, 'image/png');
    expect(first.statusCode).toBe(201);
    const body = first.json<Uploaded>();
    expect(body).toMatchObject({ contentType: 'image/png', width: 64, height: 48 });
    expect(body.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBe(`/api/media/${body.hash}`);

    const again = await uploadBytes(png);
    expect(again.json<Uploaded>().hash).toBe(body.hash);
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from media where hash = ${body.hash}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('strips metadata (EXIF with GPS, comments) and turns the picture upright', async () => {
    // 64×48 stored sideways (EXIF orientation 6): shown upright it is 48×64.
    const jpeg = await picture()
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'SECRET-OWNER', Artist: 'SECRET-OWNER' } } })
      .toBuffer();
    expect(jpeg.includes('SECRET-OWNER')).toBe(true);
    const response = await uploadBytes(jpeg, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const body = response.json<Uploaded>();
    expect(body).toMatchObject({ contentType: 'image/jpeg', width: 48, height: 64 });
    const served = await t.request({ method: 'GET', url: body.url });
    expect(served.rawPayload.includes('SECRET-OWNER')).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('keeps WebP as WebP', async () => {
    const webp = await picture(40, 30).webp().toBuffer();
    const response = await uploadBytes(webp, 'image/png');
    expect(response.statusCode).toBe(201);
    expect(response.json<Uploaded>()).toMatchObject({ contentType: 'image/webp', width: 40, height: 30 });
  });

  it.each([
    ['a text file renamed .png', Buffer.from('just some notes, not a picture\n'), 'image/png'],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>',
      ),
      'image/svg+xml',
    ],
    ['an HTML page sent as PNG', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif'],
  ])('refuses %s with 415, whatever its declared type', async (_name, bytes, type) => {
    const response = await uploadBytes(bytes, type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Only PNG, JPEG and WebP images can be uploaded. This file is not one of them.',
    });
  });

  it('refuses a file over 2 MB with 413', async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await uploadBytes(huge, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The image is too large: it must be at most 2 MB.' });
  });

  it('refuses images too large or too small in pixels, and damaged ones, with 422', async () => {
    const wide = await sharp({ create: { width: 4001, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const tiny = await sharp({ create: { width: 15, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const png = await picture().png().toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect((await uploadBytes(wide)).json()).toEqual({
      message: 'The image is too large: it must be at most 4000 × 4000 pixels.',
    });
    expect((await uploadBytes(tiny)).statusCode).toBe(422);
    expect((await uploadBytes(tiny)).json<{ message: string }>().message).toMatch(/at least 16 × 16/);
    const damaged = await uploadBytes(truncated);
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json<{ message: string }>().message).toMatch(/could not be read/);
  });

  it('refuses an empty body with 400, and anyone but an administrator', async () => {
    expect((await uploadBytes(Buffer.alloc(0))).statusCode).toBe(400);
    const png = await picture().png().toBuffer();
    expect((await uploadBytes(png, 'image/png', { authorization: '' })).statusCode).toBe(401);
    const learner = await createLearner(t);
    expect((await uploadBytes(png, 'image/png', learner.headers)).statusCode).toBe(401);
  });
});

describe('serving an image', () => {
  it('answers with its type, a year of caching, its hash as ETag, nosniff and a closed CSP; 304 when unchanged', async () => {
    const png = await picture(32, 32).png().toBuffer();
    const { url, hash } = (await uploadBytes(png)).json<Uploaded>();
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${hash}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/);
    expect(sniffImageType(response.rawPayload)).toBe('image/png');

    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': `"${hash}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // No Content-Length for a body that is not there (a keep-alive client would wait for it).
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers.etag).toBe(`"${hash}"`);
  });

  it('answers 404 for an unknown or malformed hash, without long-lived caching', async () => {
    const unknown = await t.call(api.media.image, { params: { hash: 'a'.repeat(64) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ message: 'Image not found' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    // A path the types would encode differently: sent untyped.
    expect((await t.request({ method: 'GET', url: '/api/media/..%2f..%2fetc' })).statusCode).toBe(404);
    // What the params schema would refuse (too long, unsafe characters) is an unknown image too, as the
    // contract says: a 404 with its message, never a 400.
    for (const url of [
      `/api/media/${'a'.repeat(99)}`,
      `/api/media/${'a'.repeat(200)}`,
      '/api/media/%00abc',
      '/api/media/%E2%80%AEabc',
      '/api/media/abc%0A',
    ]) {
      const malformed = await t.request({ method: 'GET', url });
      expect({ url, status: malformed.statusCode, body: malformed.json<unknown>() }).toEqual({
        url,
        status: 404,
        body: { message: 'Image not found' },
      });
    }
  });
});

describe('helpers', () => {
  it('drops the least recently used images past its size', () => {
    const cache = new MediaCache(10, 8);
    const image = (n: number) => ({ contentType: 'image/png' as const, data: Buffer.alloc(n) });
    cache.set('a', image(4));
    cache.set('b', image(4));
    cache.get('a');
    cache.set('c', image(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('big', image(9));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(10);
  });
});
