import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { listAuditEntries } from './audit.service.ts';

/** api.audit.list (packages/contract/src/routes.ts). */
export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('audit', 'list', ({ query }) => listAuditEntries(ctx.db, query));
};
