import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminExamDetailSchema,
  AdminExamMessageSchema,
  AdminExamsResponseSchema,
  AdminQuestionSchema,
  ApproveBodySchema,
  CreateExamBodySchema,
  GenerateQuestionsBodySchema,
  GenerateQuestionsResponseSchema,
  MessageResponseSchema,
  QuestionBodySchema,
  QuestionParamsSchema,
  UpdateExamBodySchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import * as exams from './admin-exams.service.ts';
import { generateQuestions } from './question-drafts.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';

const tags = ['admin exams'];
const security = [{ admin: [] }];
const idParams = z.object({ id: safeString().max(64) });

export const adminExamRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', { schema: { tags, security, response: { 200: AdminExamsResponseSchema } } }, async () => ({
    exams: await exams.list(ctx),
  }));

  app.post(
    '/',
    { schema: { tags, security, body: CreateExamBodySchema, response: { 201: AdminExamMessageSchema } } },
    async (request, reply) =>
      reply.status(201).send({
        message: EXAM_MESSAGES.created,
        exam: await exams.create(ctx, adminOf(request), request.body),
      }),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: AdminExamDetailSchema } } },
    (request) => exams.detail(ctx.db, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: UpdateExamBodySchema,
        response: { 200: AdminExamMessageSchema },
      },
    },
    async (request) => ({
      message: EXAM_MESSAGES.updated,
      exam: await exams.update(ctx, adminOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params: idParams, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await exams.remove(ctx, adminOf(request), request.params.id);
      return { message: EXAM_MESSAGES.deleted };
    },
  );

  app.put(
    '/:id/publish',
    { schema: { tags, security, params: idParams, response: { 200: AdminExamMessageSchema } } },
    async (request) => ({
      message: EXAM_MESSAGES.published,
      exam: await exams.publish(ctx, adminOf(request), request.params.id),
    }),
  );

  app.post(
    '/:id/questions',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: QuestionBodySchema,
        response: { 201: AdminQuestionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await exams.addQuestion(ctx, adminOf(request), request.params.id, request.body)),
  );

  app.put(
    '/:id/questions/:qid',
    {
      schema: {
        tags,
        security,
        params: QuestionParamsSchema,
        body: QuestionBodySchema,
        response: { 200: AdminQuestionSchema },
      },
    },
    (request) =>
      exams.editQuestion(ctx, adminOf(request), request.params.id, request.params.qid, request.body),
  );

  app.delete(
    '/:id/questions/:qid',
    { schema: { tags, security, params: QuestionParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await exams.removeQuestion(ctx, adminOf(request), request.params.id, request.params.qid);
      return { message: EXAM_MESSAGES.questionDeleted };
    },
  );

  app.put(
    '/:id/questions/:qid/approve',
    {
      schema: {
        tags,
        security,
        params: QuestionParamsSchema,
        body: ApproveBodySchema,
        response: { 200: AdminQuestionSchema },
      },
    },
    (request) =>
      exams.review(
        ctx,
        adminOf(request),
        request.params.id,
        request.params.qid,
        request.body.action,
        request.body.rejectionReason,
      ),
  );

  app.post(
    '/:id/generate-questions',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: GenerateQuestionsBodySchema,
        response: { 201: GenerateQuestionsResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await generateQuestions(
            ctx,
            adminOf(request),
            request.params.id,
            request.body.prompt,
            request.body.numQuestions,
          ),
        ),
  );
};
