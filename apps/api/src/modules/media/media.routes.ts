import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_LIMITS } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { PayloadTooLargeError } from '../../lib/errors.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { MediaCache } from './media-cache.ts';
import { MEDIA_MESSAGES } from './media.messages.ts';
import { matchesEtag } from '../../lib/etag.ts';
import { readImage, upload } from './media.service.ts';

const ONE_YEAR = 'public, max-age=31536000, immutable';
/** An image opened on its own can run nothing and load nothing (an image that is really a page would be inert). */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** api.media.* (packages/contract/src/routes.ts): uploading images and serving them by hash (decision 0040). */
export const mediaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // This plugin's routes read the body as raw bytes, whatever the Content-Type says (the content decides),
  // up to 2 MB, counted as it arrives so a larger body is refused without being held in memory.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > MEDIA_LIMITS.maxBytes) {
      done(new PayloadTooLargeError(MEDIA_MESSAGES.tooLarge), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MEDIA_LIMITS.maxBytes) {
        chunks.length = 0;
        payload.removeAllListeners('data');
        payload.resume();
        finish(new PayloadTooLargeError(MEDIA_MESSAGES.tooLarge));
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error) => finish(error));
  });

  // A 304 has no body: drop the serialised `null` (and its Content-Length: 4, which would leave a keep-alive
  // client waiting for bytes that never come).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 304) {
      done(null, payload);
      return;
    }
    reply.removeHeader('content-type');
    done(null, null);
  });

  const serve = endpointServer(app, ctx);
  const cache = new MediaCache();

  serve('media', 'upload', ({ actor, body }) => upload(ctx, actor, body));

  serve('media', 'image', async ({ params, headers }, reply) => {
    const hash = params.hash;
    const etag = `"${hash}"`;
    if (matchesEtag(headers['if-none-match'], etag)) {
      // Only an image this server named can carry this ETag, and a hash always names the same bytes.
      reply.code(304).headers({
        etag,
        'cache-control': ONE_YEAR,
        'x-content-type-options': 'nosniff',
        'content-security-policy': IMAGE_CSP,
      });
      return null;
    }
    const image = await readImage(ctx, cache, hash);
    reply.headers({
      'content-type': image.contentType,
      'cache-control': ONE_YEAR,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': IMAGE_CSP,
    });
    return image.data;
  });
};
