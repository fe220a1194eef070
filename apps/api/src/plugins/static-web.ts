import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

export async function registerWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  const pageFiles =
    hasWeb && webDistDir !== undefined ? readPageFiles(webDistDir) : new Map<string, string>();
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
      return reply.header('cache-control', 'no-cache').sendFile(pageFiles.get(normalised) ?? 'index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
  });
}
