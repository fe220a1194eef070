import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA from the site root: hashed assets cached for a year, index.html revalidated,
 * and every other non-API GET answered with index.html (history fallback). Unknown /api paths are JSON 404s.
 */
/**
 * Pages the web build wrote an HTML file of their own for (a static first paint and preloads of the
 * page's modules; apps/web/vite.config.ts): path → file in the build. Empty when the build has none.
 */
function readPageFiles(webDistDir: string): Map<string, string> {
  const mapFile = path.join(webDistDir, 'pages/routes.json');
  if (!existsSync(mapFile)) return new Map();
  const entries = Object.entries(JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, unknown>);
  return new Map(
    entries.flatMap(([route, file]) =>
      typeof file === 'string' && existsSync(path.join(webDistDir, file)) ? [[route, file]] : [],
    ),
  );
}

/** An HTML page held in memory with its compressed forms (the fallback answers are not compressed by the plugin). */
interface HtmlPage {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

function loadPage(file: string): HtmlPage {
  const raw = readFileSync(file);
  return {
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

export async function registerWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  const pageFiles =
    hasWeb && webDistDir !== undefined ? readPageFiles(webDistDir) : new Map<string, string>();
  // Each page's HTML, compressed once at start: a page's own HTML (its rendered shell) is 4–36 KB, and
  // sent plain it no longer fits TCP's first window, which cost phones a round trip before first paint.
  const pages = new Map<string, HtmlPage>();
  if (hasWeb && webDistDir !== undefined) {
    for (const file of new Set(['index.html', ...pageFiles.values()]))
      pages.set(file, loadPage(path.join(webDistDir, file)));
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      // Routes for the built files only; everything else ("/" included) falls to the SPA fallback below.
      wildcard: false,
      setHeaders(res, filePath) {
        const assetsDir = `${path.sep}assets${path.sep}`;
        res.header(
          'cache-control',
          filePath.includes(assetsDir)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api');
    if (hasWeb && wantsPage && !path.extname(url)) {
      const normalised = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
      const page = pages.get(pageFiles.get(normalised) ?? 'index.html');
      if (page) {
        const accepted = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
        reply
          .header('cache-control', 'no-cache')
          .header('content-type', 'text/html; charset=utf-8')
          .header('vary', 'Accept-Encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? page[encoding] : page.raw);
      }
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
  });
}
