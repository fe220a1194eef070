import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExamPublicSchema,
  PublishedExamsQuerySchema,
  PublishedExamsResponseSchema,
  UserExamsResponseSchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import { learnerExams, listPublished, publishedExam } from './exams.service.ts';

const tags = ['exams'];

export const examRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/published',
    {
      schema: {
        tags,
        summary: 'Published exams, newest first, searchable',
        querystring: PublishedExamsQuerySchema,
        response: { 200: PublishedExamsResponseSchema },
      },
    },
    (request) => listPublished(ctx, request.query),
  );

  app.get(
    '/user',
    {
      preHandler: requireLearner(ctx),
      schema: { tags, security: [{ learner: [] }], response: { 200: UserExamsResponseSchema } },
    },
    async (request) => ({ exams: await learnerExams(ctx, learnerOf(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Public fields of a published exam',
        params: z.object({ id: safeString().max(64) }),
        response: { 200: ExamPublicSchema },
      },
    },
    (request) => publishedExam(ctx, request.params.id),
  );
};
