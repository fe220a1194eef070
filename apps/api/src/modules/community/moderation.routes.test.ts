import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type AdminComment, type ModerateBody } from '@mlp/contract';
import { createAdmin, createArticle, createLearner, type Learner } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { auditLog, comments, siteSettings } from '../../db/schema/index.ts';

/* The moderation queue (decision 0056): held and reported comments, actions, team replies, suspension. */

const t = useTestApp();

async function namedLearner(prefix: string): Promise<Learner> {
  const learner = await createLearner(t);
  const saved = await t.call(api.community.saveProfile, {
    body: { displayName: `${prefix} ${learner.id.slice(-6)}` },
    as: learner,
  });
  expect(saved.statusCode).toBe(200);
  return learner;
}

/** An article with a comment by `author`, reported by `reporter`. */
async function reportedComment(author: Learner, reporter: Learner, body = 'Buy cheap notes at spam.example') {
  const article = await createArticle(t, { status: 'published' });
  const posted = await t.call(api.community.postOnArticle, {
    params: { articleId: article.id },
    body: { body },
    as: author,
  });
  expect(posted.statusCode).toBe(201);
  const reported = await t.call(api.community.report, {
    params: { id: posted.body.comment._id },
    body: { reason: 'spam', details: 'Advertising' },
    as: reporter,
  });
  expect(reported.statusCode).toBe(201);
  return { article, commentId: posted.body.comment._id };
}

/** A moderator's action on a comment (`as` an administrator, or anyone the route should refuse). */
function moderate(as: { headers: Record<string, string> }, commentId: string, body: ModerateBody) {
  return t.call(api.adminCommunity.moderate, { params: { id: commentId }, body, as });
}

function find(list: AdminComment[], id: string): AdminComment | undefined {
  return list.find((comment) => comment._id === id);
}

describe('the moderation queue', () => {
  it('is for administrators only', async () => {
    const learner = await createLearner(t);
    expect((await t.call(api.adminCommunity.queue, { as: learner })).statusCode).toBe(401);
    expect((await t.call(api.adminCommunity.queue, { as: null })).statusCode).toBe(401);
    const fake = await moderate(learner, '00000000-0000-7000-8000-000000000000', { action: 'approve' });
    expect(fake.statusCode).toBe(401);
  });

  it('lists reported comments with their reports, author and place, and dismisses the reports', async () => {
    const admin = await createAdmin(t);
    const author = await namedLearner('Spammer');
    const reporter = await namedLearner('Reporter');
    const { article, commentId } = await reportedComment(author, reporter);

    const queue = await t.call(api.adminCommunity.queue, { query: { view: 'reported' }, as: admin });
    expect(queue.statusCode).toBe(200);
    const listed = find(queue.body.comments, commentId)!;
    expect(listed).toMatchObject({
      status: 'visible',
      reportCount: 1,
      reports: [{ reason: 'spam', details: 'Advertising' }],
      target: { kind: 'article', id: article.id, title: article.title, examTitle: null },
      author: { userId: author.id, email: author.email, team: false, commentingSuspended: false },
    });
    expect(queue.body.counts.reported).toBeGreaterThanOrEqual(1);

    const dismissed = await moderate(admin, commentId, { action: 'approve' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.body.message).toBe('Reports dismissed: the comment stays');
    expect(dismissed.body.comment).toMatchObject({ status: 'visible', reportCount: 0, reports: [] });
    const after = await t.call(api.adminCommunity.queue, { query: { view: 'attention' }, as: admin });
    expect(find(after.body.comments, commentId)).toBeUndefined();
  });

  it('hides a comment with a reason only its author sees, and deletes one for good', async () => {
    const admin = await createAdmin(t);
    const author = await namedLearner('Author');
    const reader = await namedLearner('Reader');
    const { article, commentId } = await reportedComment(author, reader, 'Rude words');

    const noReason = await moderate(admin, commentId, { action: 'hide' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.message).toBe('Give a reason (the author is shown it)');

    const hidden = await moderate(admin, commentId, { action: 'hide', reason: 'Please keep it civil' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body.comment.moderation).toMatchObject({
      action: 'hidden',
      reason: 'Please keep it civil',
    });

    const forAuthor = await t.call(api.community.articleThread, {
      params: { articleId: article.id },
      as: author,
    });
    expect(forAuthor.body.comments[0]).toMatchObject({
      status: 'hidden',
      body: 'Rude words',
      moderatorNote: 'Please keep it civil',
    });
    const forReader = await t.call(api.community.articleThread, {
      params: { articleId: article.id },
      as: reader,
    });
    expect(forReader.body.comments).toEqual([]);

    // A hidden comment can be shown again.
    const shown = await moderate(admin, commentId, { action: 'approve' });
    expect(shown.body.message).toBe('Comment shown again');
    const again1 = await t.call(api.community.articleThread, {
      params: { articleId: article.id },
      as: reader,
    });
    expect(again1.body.comments.map((c) => c.body)).toEqual(['Rude words']);

    const deleted = await moderate(admin, commentId, { action: 'delete', reason: 'Abuse' });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, commentId));
    expect([row!.status, row!.body]).toEqual(['deleted', '']);
    const again = await moderate(admin, commentId, { action: 'approve' });
    expect(again.statusCode).toBe(409);

    // Every action is in the activity log, in words.
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, commentId));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'approved_comment',
      'deleted_comment',
      'hid_comment',
    ]);
    const log = await t.call(api.audit.list, { query: { entityType: 'comment' }, as: admin });
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.body)).toContain('Hid a comment by Author');
  });

  it('approves a held comment, and unknown ids are 404', async () => {
    const admin = await createAdmin(t);
    const author = await namedLearner('New');
    await t.ctx.db
      .update(siteSettings)
      .set({ communityHoldFirstComments: true })
      .where(eq(siteSettings.id, 1));
    t.ctx.settings.invalidate();
    try {
      const article = await createArticle(t, { status: 'published' });
      const posted = await t.call(api.community.postOnArticle, {
        params: { articleId: article.id },
        body: { body: 'Hello all' },
        as: author,
      });
      const held = await t.call(api.adminCommunity.queue, { query: { view: 'held' }, as: admin });
      expect(find(held.body.comments, posted.body.comment._id)?.status).toBe('held');
      const approved = await moderate(admin, posted.body.comment._id, { action: 'approve' });
      expect(approved.body.message).toBe('Comment approved');
      expect(approved.body.comment.status).toBe('visible');
    } finally {
      await t.ctx.db
        .update(siteSettings)
        .set({ communityHoldFirstComments: false })
        .where(eq(siteSettings.id, 1));
      t.ctx.settings.invalidate();
    }
    for (const id of ['00000000-0000-7000-8000-000000000000', 'junk']) {
      const missing = await moderate(admin, id, { action: 'approve' });
      expect(missing.statusCode).toBe(404);
      expect(missing.message).toBe('Comment not found');
    }
    const badAction = await t.send(api.adminCommunity.moderate, {
      params: { id: '00000000-0000-7000-8000-000000000000' },
      body: { action: 'ban' },
      as: admin,
    });
    expect(badAction.statusCode).toBe(400);
  });

  it('replies as the team, badged, in the thread of the comment', async () => {
    const admin = await createAdmin(t, { name: 'Dr Admin' });
    const author = await namedLearner('Asker');
    const reader = await namedLearner('Other');
    const { article, commentId } = await reportedComment(author, reader, 'Is this still current?');
    const replied = await t.call(api.adminCommunity.reply, {
      params: { id: commentId },
      body: { body: 'Yes: updated for the 2026 guideline.' },
      as: admin,
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.body.comment).toMatchObject({
      parentId: commentId,
      author: { team: true, displayName: 'Dr Admin', userId: null },
    });
    const thread = await t.call(api.community.articleThread, {
      params: { articleId: article.id },
      as: reader,
    });
    expect(thread.body.comments[0]!.replies[0]).toMatchObject({
      body: 'Yes: updated for the 2026 guideline.',
      author: { displayName: 'Dr Admin', team: true, you: false },
    });
    const bad = await t.call(api.adminCommunity.reply, {
      params: { id: commentId },
      body: { body: '<b>bold</b>' },
      as: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("suspends and restores a learner's commenting, with a reason to suspend", async () => {
    const admin = await createAdmin(t);
    const learner = await namedLearner('Loud');
    const noReason = await t.call(api.adminCommunity.commenting, {
      params: { id: learner.id },
      body: { suspended: true },
      as: admin,
    });
    expect(noReason.statusCode).toBe(400);
    const suspended = await t.call(api.adminCommunity.commenting, {
      params: { id: learner.id },
      body: { suspended: true, reason: 'Spam' },
      as: admin,
    });
    expect(suspended.body.message).toBe('Commenting suspended');
    expect((await t.call(api.community.profile, { as: learner })).body.commentingSuspended).toBe(true);
    const restored = await t.call(api.adminCommunity.commenting, {
      params: { id: learner.id },
      body: { suspended: false },
      as: admin,
    });
    expect(restored.body.message).toBe('Commenting restored');
    expect((await t.call(api.community.profile, { as: learner })).body.commentingSuspended).toBe(false);
    const missing = await t.call(api.adminCommunity.commenting, {
      params: { id: '00000000-0000-7000-8000-000000000000' },
      body: { suspended: false },
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
