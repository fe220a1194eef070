import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as community from './community.service.ts';

/** api.community.* (packages/contract/src/routes.ts): threads, posting, votes and reports (decision 0056). */
export const communityRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('community', 'profile', ({ actor }) => community.profile(ctx, actor));
  serve('community', 'saveProfile', ({ actor, body }) => community.saveProfile(ctx, actor, body.displayName));
  serve('community', 'questionThread', ({ actor, params, query }) =>
    community.thread(ctx, actor, { kind: 'question', questionId: params.questionId }, query),
  );
  serve('community', 'postOnQuestion', ({ actor, params, body }) =>
    community.post(ctx, actor, { kind: 'question', questionId: params.questionId }, body),
  );
  serve('community', 'articleThread', ({ actor, params, query }) =>
    community.thread(ctx, actor, { kind: 'article', articleId: params.articleId }, query),
  );
  serve('community', 'postOnArticle', ({ actor, params, body }) =>
    community.post(ctx, actor, { kind: 'article', articleId: params.articleId }, body),
  );
  serve('community', 'edit', ({ actor, params, body }) => community.edit(ctx, actor, params.id, body.body));
  serve('community', 'remove', ({ actor, params }) => community.remove(ctx, actor, params.id));
  serve('community', 'markHelpful', ({ actor, params }) => community.vote(ctx, actor, params.id, true));
  serve('community', 'unmarkHelpful', ({ actor, params }) => community.vote(ctx, actor, params.id, false));
  serve('community', 'report', ({ actor, params, body }, reply) =>
    community.report(ctx, actor, params.id, body, reply),
  );
};
