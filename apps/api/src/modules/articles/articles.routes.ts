import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminArticlesQuerySchema,
  AdminArticlesResponseSchema,
  ArticleBodySchema,
  ArticleCategoryParamsSchema,
  ArticleMessageSchema,
  ArticleSchema,
  ArticlesQuerySchema,
  ArticlesResponseSchema,
  GenerateArticleBodySchema,
  GeneratedArticleSchema,
  MessageResponseSchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import * as articles from './articles.service.ts';
import { ARTICLE_MESSAGES } from './articles.messages.ts';

const idParams = z.object({ id: safeString().max(64) });

/** /api/articles: published articles for everyone. */
export const articleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['articles'];
  app.get(
    '/published',
    { schema: { tags, querystring: ArticlesQuerySchema, response: { 200: ArticlesResponseSchema } } },
    (request) => articles.listPublished(ctx, request.query),
  );
  app.get(
    '/category/:category',
    {
      schema: {
        tags,
        params: ArticleCategoryParamsSchema,
        querystring: ArticlesQuerySchema,
        response: { 200: ArticlesResponseSchema },
      },
    },
    (request) => articles.listPublished(ctx, { ...request.query, category: request.params.category }),
  );
  app.get('/:id', { schema: { tags, params: idParams, response: { 200: ArticleSchema } } }, (request) =>
    articles.getPublished(ctx, request.params.id),
  );
};

/** /api/admin/articles */
export const adminArticleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin articles'];
  const security = [{ admin: [] }];
  app.addHook('preHandler', requireAdmin(ctx));

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: AdminArticlesQuerySchema,
        response: { 200: AdminArticlesResponseSchema },
      },
    },
    (request) => articles.listForAdmin(ctx, request.query),
  );
  app.post(
    '/generate',
    {
      schema: { tags, security, body: GenerateArticleBodySchema, response: { 200: GeneratedArticleSchema } },
    },
    (request) => articles.generate(ctx, request.body.prompt),
  );
  app.post(
    '/',
    { schema: { tags, security, body: ArticleBodySchema, response: { 201: ArticleMessageSchema } } },
    async (request, reply) =>
      reply.status(201).send({
        message: ARTICLE_MESSAGES.created,
        article: await articles.create(ctx, adminOf(request), request.body),
      }),
  );
  app.get(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: ArticleSchema } } },
    (request) => articles.getForAdmin(ctx, request.params.id),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: ArticleBodySchema,
        response: { 200: ArticleMessageSchema },
      },
    },
    async (request) => ({
      message: ARTICLE_MESSAGES.updated,
      article: await articles.update(ctx, adminOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await articles.remove(ctx, adminOf(request), request.params.id);
      return { message: ARTICLE_MESSAGES.deleted };
    },
  );
};
