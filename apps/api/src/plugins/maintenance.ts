import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_MESSAGE } from '@mlp/contract';
import type { AppContext } from '../context.ts';

/**
 * Paths that keep working in maintenance mode: administrators, health, docs, the notice itself,
 * question images (content-hash URLs the administrators' own pages show; decision 0040) and the operators'
 * metrics (decision 0070).
 */
const OPEN_PREFIXES = [
  '/api/admin',
  '/api/health',
  '/api/ready',
  '/api/docs',
  '/api/settings/public',
  '/api/media/',
  '/api/metrics',
];

/** While maintenance mode is on, every learner and public API call answers 503 (spec §3 Site settings). */
export function registerMaintenanceMode(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') || OPEN_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const settings = await ctx.settings.get();
    if (settings.maintenanceMode) {
      return reply.status(503).header('retry-after', '300').send({ message: MAINTENANCE_MESSAGE });
    }
  });
}
