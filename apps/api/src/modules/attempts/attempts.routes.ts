import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttemptHeartbeatBodySchema,
  AttemptHeartbeatResponseSchema,
  AttemptSchema,
  ExamResultSchema,
  HistoryResponseSchema,
  RecentExamsResponseSchema,
  ResultsQuerySchema,
  ResultsResponseSchema,
  SaveAnswersBodySchema,
  SubmitExamBodySchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import * as attempts from './attempts.service.ts';

const tags = ['exam taking'];
const security = [{ learner: [] }];
const idParams = z.object({ id: safeString().max(64) });

/** Registered under /api/exams, next to the catalogue routes. */
export const attemptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireLearner(ctx));

  app.post(
    '/:id/attempts',
    {
      schema: {
        tags,
        security,
        summary: 'Start the exam, or resume the open attempt (questions without answers)',
        params: idParams,
        response: { 200: AttemptSchema },
      },
    },
    (request) => attempts.startOrResume(ctx, learnerOf(request), request.params.id),
  );

  app.put(
    '/attempts/:id/answers',
    {
      schema: {
        tags,
        security,
        summary: 'Save answers so far, and the question the learner is on',
        params: idParams,
        body: SaveAnswersBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await attempts.saveProgress(
        ctx,
        learnerOf(request),
        request.params.id,
        request.body.answers,
        request.body.currentIndex,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/attempts/:id/heartbeat',
    {
      schema: {
        tags,
        security,
        summary: 'The page is open and visible: count the time as spent in the exam (ADR 0018)',
        params: idParams,
        body: AttemptHeartbeatBodySchema,
        response: { 200: AttemptHeartbeatResponseSchema },
      },
    },
    (request) => attempts.heartbeat(ctx, learnerOf(request), request.params.id, request.body.currentIndex),
  );

  app.post(
    '/:id/submit',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: SubmitExamBodySchema,
        response: { 200: ExamResultSchema, 201: ExamResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await attempts.submit(
        ctx,
        learnerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/results',
    { schema: { tags, security, querystring: ResultsQuerySchema, response: { 200: ResultsResponseSchema } } },
    (request) => attempts.listResults(ctx, learnerOf(request), request.query.page, request.query.limit),
  );

  app.get(
    '/results/:id',
    { schema: { tags, security, params: idParams, response: { 200: ExamResultSchema } } },
    (request) => attempts.getResult(ctx, learnerOf(request), request.params.id),
  );

  app.get(
    '/user/history',
    { schema: { tags, security, querystring: ResultsQuerySchema, response: { 200: HistoryResponseSchema } } },
    async (request) => {
      const { results, ...paging } = await attempts.listResults(
        ctx,
        learnerOf(request),
        request.query.page,
        request.query.limit,
      );
      return { history: results, ...paging };
    },
  );

  app.get(
    '/user/recent',
    { schema: { tags, security, response: { 200: RecentExamsResponseSchema } } },
    (request) => attempts.recent(ctx, learnerOf(request)),
  );
};
