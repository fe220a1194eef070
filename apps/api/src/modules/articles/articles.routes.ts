import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { ARTICLE_MESSAGES } from './articles.messages.ts';
import * as articles from './articles.service.ts';

/** api.articles.* (published, for everyone) and api.adminArticles.* (packages/contract/src/routes.ts). */
export const articleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('articles', 'published', ({ query }) => articles.listPublished(ctx, query));
  serve('articles', 'byCategory', ({ params, query }) =>
    articles.listPublished(ctx, { ...query, category: params.category }),
  );
  serve('articles', 'detail', ({ params }) => articles.getPublished(ctx, params.id));

  serve('adminArticles', 'list', ({ query }) => articles.listForAdmin(ctx, query));
  serve('adminArticles', 'generate', ({ body }) => articles.generate(ctx, body.prompt));
  serve('adminArticles', 'create', async ({ actor, body }) => ({
    message: ARTICLE_MESSAGES.created,
    article: await articles.create(ctx, actor, body),
  }));
  serve('adminArticles', 'detail', ({ params }) => articles.getForAdmin(ctx, params.id));
  serve('adminArticles', 'update', async ({ actor, params, body }) => ({
    message: ARTICLE_MESSAGES.updated,
    article: await articles.update(ctx, actor, params.id, body),
  }));
  serve('adminArticles', 'remove', async ({ actor, params }) => {
    await articles.remove(ctx, actor, params.id);
    return { message: ARTICLE_MESSAGES.deleted };
  });
};
