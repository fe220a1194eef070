import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer, fileReply } from '../../plugins/endpoints.ts';
import * as cohorts from './cohorts.service.ts';
import { COHORT_MESSAGES } from './cohorts.messages.ts';

/** api.adminCohorts.* (packages/contract/src/routes.ts): cohorts run by Owners and their tutors (0079). */
export const adminCohortRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminCohorts', 'list', ({ actor }) => cohorts.list(ctx, actor));
  serve('adminCohorts', 'create', async ({ actor, body }) => ({
    message: COHORT_MESSAGES.created,
    cohort: await cohorts.create(ctx, actor, body),
  }));
  serve('adminCohorts', 'detail', ({ actor, params }) => cohorts.detail(ctx, actor, params.id));
  serve('adminCohorts', 'update', async ({ actor, params, body }) => ({
    message: COHORT_MESSAGES.updated,
    cohort: await cohorts.update(ctx, actor, params.id, body),
  }));
  serve('adminCohorts', 'remove', async ({ actor, params }) => {
    await cohorts.remove(ctx, actor, params.id);
    return { message: COHORT_MESSAGES.deleted };
  });
  serve('adminCohorts', 'previewMembers', ({ actor, params, body }) =>
    cohorts.previewMembers(ctx, actor, params.id, body.emails),
  );
  serve('adminCohorts', 'addMembers', ({ actor, params, body }) =>
    cohorts.addMembersByEmail(ctx, actor, params.id, body.emails),
  );
  serve('adminCohorts', 'removeMember', async ({ actor, params }) => {
    await cohorts.removeMember(ctx, actor, params.id, params.userId);
    return { message: COHORT_MESSAGES.memberRemoved };
  });
  serve('adminCohorts', 'grantAccess', ({ actor, params, body }) =>
    cohorts.grantAccess(ctx, actor, params.id, body.examId),
  );
  serve('adminCohorts', 'setMemberTime', async ({ actor, params, body }) => {
    await cohorts.setMemberTime(ctx, actor, params.id, params.userId, body.extraTimePercent);
    return { message: COHORT_MESSAGES.extraTimeSaved };
  });
  serve('adminCohorts', 'invites', ({ actor, params }) => cohorts.invites(ctx, actor, params.id));
  serve('adminCohorts', 'createInvite', async ({ actor, params, body }) => ({
    message: COHORT_MESSAGES.inviteCreated,
    ...(await cohorts.createInvite(ctx, actor, params.id, body.days)),
  }));
  serve('adminCohorts', 'revokeInvite', async ({ actor, params }) => {
    await cohorts.revokeInvite(ctx, actor, params.id, params.inviteId);
    return { message: COHORT_MESSAGES.inviteRevoked };
  });
  serve('adminCohorts', 'assignableExams', () => cohorts.assignableExams(ctx));
  serve('adminCohorts', 'createAssignment', async ({ actor, params, body }) => ({
    message: COHORT_MESSAGES.assignmentCreated,
    assignment: await cohorts.createAssignment(ctx, actor, params.id, body),
  }));
  serve('adminCohorts', 'assignmentProgress', ({ actor, params }) =>
    cohorts.assignmentProgress(ctx, actor, params.id, params.assignmentId),
  );
  serve('adminCohorts', 'assignmentItems', ({ actor, params }) =>
    cohorts.assignmentItems(ctx, actor, params.id, params.assignmentId),
  );
  serve('adminCohorts', 'insights', ({ actor, params }) => cohorts.insights(ctx, actor, params.id));
  serve('adminCohorts', 'removeAssignment', async ({ actor, params }) => {
    await cohorts.removeAssignment(ctx, actor, params.id, params.assignmentId);
    return { message: COHORT_MESSAGES.assignmentRemoved };
  });
  serve('adminCohorts', 'report', async ({ actor, params }, reply) => {
    const file = await cohorts.report(ctx, actor, params.id);
    fileReply(reply, file);
    return file.body;
  });
};
