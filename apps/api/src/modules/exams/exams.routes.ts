import { pageCount } from '../../lib/paging.ts';
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
import { EXAM_NOT_FOUND } from './exams.messages.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import { toExamPublic } from './exams.dto.ts';
import { examsOfLearner, findPublishedExam, pagePublishedExams } from './exams.repository.ts';

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
    async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total } = await pagePublishedExams(ctx.db, ctx.caches.catalogue, {
        search,
        limit,
        offset: (page - 1) * limit,
      });
      return {
        exams: rows.map(toExamPublic),
        page,
        pages: pageCount(total, limit),
        totalExams: total,
      };
    },
  );

  app.get(
    '/user',
    {
      preHandler: requireLearner(ctx),
      schema: { tags, security: [{ learner: [] }], response: { 200: UserExamsResponseSchema } },
    },
    async (request) => ({
      exams: (await examsOfLearner(ctx.db, learnerOf(request).id)).map(toExamPublic),
    }),
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
    async (request) => {
      const exam = isUuid(request.params.id) ? await findPublishedExam(ctx.db, request.params.id) : undefined;
      if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
      return toExamPublic(exam);
    },
  );
};
