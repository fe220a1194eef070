import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';
import * as exams from './admin-exams.service.ts';
import { generateQuestions } from './question-drafts.ts';
import { previewExam } from './exam-preview.ts';
import { applySecondOpinion, askSecondOpinion } from './second-opinion.ts';
import * as topics from './exam-topics.service.ts';
import { questionHistory, restoreVersion } from './question-history.service.ts';

/** api.adminExams.* (packages/contract/src/routes.ts): exam authoring. */
export const adminExamRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminExams', 'list', async () => ({ exams: await exams.list(ctx) }));

  serve('adminExams', 'create', async ({ actor, body }) => ({
    message: EXAM_MESSAGES.created,
    exam: await exams.create(ctx, actor, body),
  }));

  serve('adminExams', 'detail', ({ params }) => exams.detail(ctx.db, params.id));

  serve('adminExams', 'questions', ({ params, query }) => exams.questionList(ctx.db, params.id, query));

  serve('adminExams', 'preview', ({ params }) => previewExam(ctx.db, params.id));

  serve('adminExams', 'update', async ({ actor, params, body }) => ({
    message: EXAM_MESSAGES.updated,
    exam: await exams.update(ctx, actor, params.id, body),
  }));

  serve('adminExams', 'remove', async ({ actor, params }) => {
    await exams.remove(ctx, actor, params.id);
    return { message: EXAM_MESSAGES.deleted };
  });

  serve('adminExams', 'publish', async ({ actor, params }) => ({
    message: EXAM_MESSAGES.published,
    exam: await exams.publish(ctx, actor, params.id),
  }));

  serve('adminExams', 'addQuestion', ({ actor, params, body }) =>
    exams.addQuestion(ctx, actor, params.id, body),
  );

  serve('adminExams', 'editQuestion', ({ actor, params, body }) =>
    exams.editQuestion(ctx, actor, params.id, params.qid, body),
  );

  serve('adminExams', 'deleteQuestion', async ({ actor, params }) => {
    await exams.removeQuestion(ctx, actor, params.id, params.qid);
    return { message: EXAM_MESSAGES.questionDeleted };
  });

  serve('adminExams', 'reviewQuestion', ({ actor, params, body }) =>
    exams.review(ctx, actor, params.id, params.qid, body.action, body.rejectionReason),
  );
  serve('adminExams', 'bulkReview', ({ actor, params, body }) =>
    exams.bulkReview(ctx, actor, params.id, body),
  );

  serve('adminExams', 'generateQuestions', ({ actor, params, body }) =>
    generateQuestions(ctx, actor, params.id, body.prompt, body.numQuestions),
  );

  // AI second opinion (decision 0042): asking writes nothing; applying checks the question is unchanged.
  serve('adminExams', 'secondOpinion', ({ params, body }) =>
    askSecondOpinion(ctx, params.id, params.qid, body?.focus || undefined),
  );
  serve('adminExams', 'applySecondOpinion', ({ actor, params, body }) =>
    applySecondOpinion(ctx, actor, params.id, params.qid, body),
  );

  // Topics, duplicates and histories (decision 0050).
  serve('adminExams', 'info', ({ params }) => exams.info(ctx.db, params.id));
  serve('adminExams', 'topics', ({ params }) => topics.examTopics(ctx.db, params.id));
  serve('adminExams', 'addTopic', ({ actor, params, body }) =>
    topics.addTopic(ctx, actor, params.id, body.name),
  );
  serve('adminExams', 'renameTopic', ({ actor, params, body }) =>
    topics.renameTopic(ctx, actor, params.id, body),
  );
  serve('adminExams', 'mergeTopics', ({ actor, params, body }) =>
    topics.mergeTopics(ctx, actor, params.id, body),
  );
  serve('adminExams', 'removeTopic', ({ actor, params, body }) =>
    topics.removeTopic(ctx, actor, params.id, body),
  );
  serve('adminExams', 'setQuestionsTopic', ({ actor, params, body }) =>
    topics.setTopicOfQuestions(ctx, actor, params.id, body),
  );
  serve('adminExams', 'similarQuestions', ({ params, body }) => exams.similar(ctx.db, params.id, body));
  serve('adminExams', 'questionHistory', ({ params, query }) =>
    questionHistory(ctx.db, params.id, params.qid, query),
  );
  serve('adminExams', 'restoreVersion', ({ actor, params }) =>
    restoreVersion(ctx, actor, params.id, params.qid, params.version),
  );
};
