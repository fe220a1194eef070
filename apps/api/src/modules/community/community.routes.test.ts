import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, COMMUNITY_LIMITS, type ReportCommentBody, type ThreadResponse } from '@mlp/contract';
import {
  createAdmin,
  createArticle,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { comments, questions, siteSettings } from '../../db/schema/index.ts';

/* The learning community for learners (decision 0056): who may read and post, what they see, limits. */

const t = useTestApp();

/** A free exam of `count` questions the learner is subscribed to. */
async function examFor(learners: Learner[], count = 3) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: count, modes: ['exam', 'tutor'] });
  for (const learner of learners) await createSubscription(t, { userId: learner.id, examId: exam.id });
  return exam;
}

/** Sits the exam in exam mode and submits it (every question answered with its first choice). */
async function sitAndSubmit(learner: Learner, examId: string): Promise<string[]> {
  const attempt = await startSitting(t, learner, examId);
  const answers = Object.fromEntries(attempt.questions.map((q) => [q._id, q.choices[0]!]));
  await submitSitting(t, learner, examId, attempt, answers);
  return attempt.questions.map((q) => q._id);
}

async function named(learner: Learner, displayName: string) {
  const saved = await t.call(api.community.saveProfile, { body: { displayName }, as: learner });
  expect(saved.statusCode, saved.message).toBe(200);
}

async function postOn(learner: Learner, questionId: string, body: string, parentId?: string) {
  return t.call(api.community.postOnQuestion, {
    params: { questionId },
    body: parentId ? { body, parentId } : { body },
    as: learner,
  });
}

/** The learner changes the text of a comment, or deletes it. */
async function editComment(learner: Learner, commentId: string, body: string) {
  return t.call(api.community.edit, { params: { id: commentId }, body: { body }, as: learner });
}
async function removeComment(learner: Learner, commentId: string) {
  return t.call(api.community.remove, { params: { id: commentId }, as: learner });
}

/** A published article's thread as the learner (or, with null, a visitor) reads it. */
async function articleThreadOf(learner: Learner | null, articleId: string) {
  return t.call(api.community.articleThread, { params: { articleId }, as: learner });
}

async function report(learner: Learner, commentId: string, body: ReportCommentBody) {
  return t.call(api.community.report, { params: { id: commentId }, body, as: learner });
}

async function threadOf(learner: Learner, questionId: string, page = 1): Promise<ThreadResponse> {
  const response = await t.call(api.community.questionThread, {
    params: { questionId },
    query: { page },
    as: learner,
  });
  expect(response.statusCode, response.message).toBe(200);
  return response.body;
}

async function setCommunity(values: { enabled?: boolean; hold?: boolean }) {
  await t.ctx.db
    .update(siteSettings)
    .set({
      ...(values.enabled === undefined ? {} : { communityEnabled: values.enabled }),
      ...(values.hold === undefined ? {} : { communityHoldFirstComments: values.hold }),
    })
    .where(eq(siteSettings.id, 1));
  t.ctx.settings.invalidate();
}

/** Two learners who have both answered the exam's questions, with display names. */
async function twoWhoAnswered() {
  const ann = await createLearner(t);
  const ben = await createLearner(t);
  const exam = await examFor([ann, ben]);
  const [questionId] = await sitAndSubmit(ann, exam.id);
  await sitAndSubmit(ben, exam.id);
  await named(ann, `Ann ${ann.id.slice(-6)}`);
  await named(ben, `Ben ${ben.id.slice(-6)}`);
  return { ann, ben, exam, questionId: questionId! };
}

describe('display names', () => {
  it('are chosen once, unique whatever their case, and never an e-mail address', async () => {
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const before = await t.call(api.community.profile, { as: learner });
    expect(before.body).toEqual({ displayName: null, commentingSuspended: false });

    const name = `Dr  Ann ${learner.id.slice(-6)}`;
    const saved = await t.call(api.community.saveProfile, { body: { displayName: name }, as: learner });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.profile.displayName).toBe(`Dr Ann ${learner.id.slice(-6)}`);

    const taken = await t.call(api.community.saveProfile, {
      body: { displayName: `dr ann ${learner.id.slice(-6)}`.toUpperCase() },
      as: other,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.message).toBe('That display name is taken: choose another');

    for (const bad of ['ab', 'ann@example.com', '<b>Ann</b>', 'x'.repeat(31), '   ']) {
      const refused = await t.call(api.community.saveProfile, { body: { displayName: bad }, as: other });
      expect(refused.statusCode, bad).toBe(400);
    }
    const anonymous = await t.call(api.community.profile, { as: null });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('question threads', () => {
  it('open only to a learner who has answered the question, and never before', async () => {
    const { ann, exam, questionId } = await twoWhoAnswered();
    const stranger = await createLearner(t);
    await createSubscription(t, { userId: stranger.id, examId: exam.id });
    await named(stranger, `Cy ${stranger.id.slice(-6)}`);

    const posted = await postOn(ann, questionId, 'The answer is the first option, **obviously**.');
    expect(posted.statusCode).toBe(201);
    expect(posted.body.message).toBe('Comment posted');

    // A subscribed learner who has not answered: neither read nor post, nor vote or report the comment.
    const read = await t.call(api.community.questionThread, { params: { questionId }, as: stranger });
    expect(read.statusCode).toBe(403);
    expect(read.message).toBe('Answer this question first: its discussion opens once you have answered it');
    expect((await postOn(stranger, questionId, 'hello')).statusCode).toBe(403);
    const commentId = posted.body.comment._id;
    expect(
      (await t.call(api.community.markHelpful, { params: { id: commentId }, as: stranger })).statusCode,
    ).toBe(403);
    expect((await report(stranger, commentId, { reason: 'spam' })).statusCode).toBe(403);

    // An exam-mode sitting still open does not count (answers can still change) ...
    const open = await startSitting(t, stranger, exam.id);
    await t.call(api.attempts.saveAnswers, {
      params: { id: open._id },
      body: { answers: { [questionId]: 'x' }, seq: 1 },
      as: stranger,
    });
    expect(
      (await t.call(api.community.questionThread, { params: { questionId }, as: stranger })).statusCode,
    ).toBe(403);

    // ... and an unknown or malformed question id answers the same, so the bank cannot be probed.
    for (const id of ['00000000-0000-7000-8000-000000000000', 'nope']) {
      expect(
        (await t.call(api.community.questionThread, { params: { questionId: id }, as: ann })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.call(api.community.questionThread, { params: { questionId }, as: null })).statusCode,
    ).toBe(401);
  });

  it('open in tutor mode once the question is answered and locked', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner]);
    await named(learner, `Tutor ${learner.id.slice(-6)}`);
    const attempt = await startSitting(t, learner, exam.id, { mode: 'tutor' });
    const [first, second] = attempt.questions;
    const answered = await t.call(api.attempts.answer, {
      params: { id: attempt._id },
      body: { questionId: first!._id, answer: first!.choices[1]! },
      as: learner,
    });
    expect(answered.statusCode).toBe(200);
    expect(
      (await t.call(api.community.questionThread, { params: { questionId: first!._id }, as: learner }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call(api.community.questionThread, { params: { questionId: second!._id }, as: learner }))
        .statusCode,
    ).toBe(403);
  });

  it('lists top-level comments by helpful votes then newest, replies oldest first under them', async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    const first = (await postOn(ann, questionId, 'First thought')).body.comment;
    const second = (await postOn(ann, questionId, 'Second thought')).body.comment;
    const reply1 = (await postOn(ben, questionId, 'A reply', first._id)).body.comment;
    // A reply to a reply joins its top-level comment.
    const reply2 = (await postOn(ann, questionId, 'A reply to the reply', reply1._id)).body.comment;
    expect(reply2.parentId).toBe(first._id);

    let thread = await threadOf(ben, questionId);
    expect(thread.comments.map((c) => c.body)).toEqual(['Second thought', 'First thought']);

    const voted = await t.call(api.community.markHelpful, { params: { id: first._id }, as: ben });
    expect(voted.body).toEqual({ helpful: 1, helpfulByYou: true });
    // Voting again changes nothing.
    const again = await t.call(api.community.markHelpful, { params: { id: first._id }, as: ben });
    expect(again.body).toEqual({ helpful: 1, helpfulByYou: true });

    thread = await threadOf(ben, questionId);
    expect(thread.comments.map((c) => c.body)).toEqual(['First thought', 'Second thought']);
    const top = thread.comments[0]!;
    expect(top.helpful).toBe(1);
    expect(top.helpfulByYou).toBe(true);
    expect(top.author).toEqual({ displayName: `Ann ${ann.id.slice(-6)}`, team: false, you: false });
    expect(top.replies.map((r) => [r.body, r.author.you])).toEqual([
      ['A reply', true],
      ['A reply to the reply', false],
    ]);
    expect(thread.total).toBe(2);
    expect(thread.profile.displayName).toBe(`Ben ${ben.id.slice(-6)}`);
    expect(second._id).toBeTruthy();

    const unvoted = await t.call(api.community.unmarkHelpful, { params: { id: first._id }, as: ben });
    expect(unvoted.body).toEqual({ helpful: 0, helpfulByYou: false });
    const own = await t.call(api.community.markHelpful, { params: { id: first._id }, as: ann });
    expect(own.statusCode).toBe(409);
    expect(own.message).toBe('You cannot vote for your own comment');

    // Nothing in a learner's view names their account: no e-mail, no user id.
    const text = JSON.stringify(thread);
    expect(text).not.toContain(ann.email);
    expect(text).not.toContain(ann.id);
  });

  it('pages the top-level comments', async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    for (let i = 0; i < 3; i++) await postOn(ann, questionId, `Ann ${i}`);
    for (let i = 0; i < 2; i++) await postOn(ben, questionId, `Ben ${i}`);
    const first = await t.call(api.community.questionThread, {
      params: { questionId },
      query: { page: 1, limit: 2 },
      as: ann,
    });
    expect(first.body.comments.map((c) => c.body)).toEqual(['Ben 1', 'Ben 0']);
    expect([first.body.total, first.body.pages]).toEqual([5, 3]);
    const past = await t.call(api.community.questionThread, {
      params: { questionId },
      query: { page: 9, limit: 2 },
      as: ann,
    });
    expect([past.body.comments.length, past.body.total]).toEqual([0, 5]);
  });

  it('refuses bad posts with a clear message and stores nothing', async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    const cases: Array<[unknown, number, string]> = [
      [{ body: '' }, 400, 'Write something before posting'],
      [{ body: '   ' }, 400, 'Write something before posting'],
      [{ body: 'x'.repeat(COMMUNITY_LIMITS.body + 1) }, 400, 'Comments can be at most 2000 characters'],
      [{ body: 'Look <script>alert(1)</script>' }, 400, 'Comments are plain text: remove the HTML tags'],
      [{ body: '<img src=x onerror=alert(1)>' }, 400, 'Comments are plain text: remove the HTML tags'],
      [{ body: 'ok', parentId: 'not-a-uuid' }, 400, 'Invalid id'],
      [
        { body: 'ok', parentId: '00000000-0000-7000-8000-000000000000' },
        404,
        'The comment you are replying to is no longer there',
      ],
    ];
    for (const [body, status, message] of cases) {
      // Some of these bodies the types refuse: all go untyped.
      const response = await t.send(api.community.postOnQuestion, { params: { questionId }, body, as: ann });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(response.message).toBe(message);
    }
    // "K+ < 3.5" is text, not a tag.
    const lessThan = await postOn(ann, questionId, 'Treat when K+ < 3.5 and > 2');
    expect(lessThan.statusCode).toBe(201);
    expect(lessThan.body.comment.body).toBe('Treat when K+ < 3.5 and > 2');

    // A reply to a comment of another thread is refused.
    const other = await twoWhoAnswered();
    const elsewhere = (await postOn(other.ann, other.questionId, 'Elsewhere')).body.comment;
    const crossed = await postOn(ben, questionId, 'Cross-thread', elsewhere._id);
    expect(crossed.statusCode).toBe(404);
    const stored = await queryRows<{ body: string }>(
      t.ctx.db,
      sql`select body from ${comments} where question_id = ${questionId}`,
    );
    expect(stored.map((row) => row.body)).toEqual(['Treat when K+ < 3.5 and > 2']);
  });

  it('needs a display name first, and refuses a learner whose commenting is suspended', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner]);
    const [questionId] = await sitAndSubmit(learner, exam.id);
    const unnamed = await postOn(learner, questionId!, 'Hello');
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.message).toBe('Choose a display name before you post');

    await named(learner, `Sus ${learner.id.slice(-6)}`);
    const admin = await createAdmin(t);
    const suspended = await t.call(api.adminCommunity.commenting, {
      params: { id: learner.id },
      body: { suspended: true, reason: 'Repeated spam' },
      as: admin,
    });
    expect(suspended.statusCode).toBe(200);
    const refused = await postOn(learner, questionId!, 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toBe('A moderator has suspended your commenting');
    expect((await threadOf(learner, questionId!)).profile.commentingSuspended).toBe(true);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit for 15 minutes and delete; others cannot', async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    const comment = (await postOn(ann, questionId, 'Tpyo')).body.comment;
    expect(comment.canEdit).toBe(true);

    const edited = await editComment(ann, comment._id, 'Typo fixed');
    expect(edited.statusCode).toBe(200);
    expect(edited.body.comment.body).toBe('Typo fixed');
    expect(edited.body.comment.editedAt).not.toBeNull();

    const notYours = await editComment(ben, comment._id, 'Hijack');
    expect(notYours.statusCode).toBe(403);
    expect(notYours.message).toBe('You can only change your own comments');
    expect((await removeComment(ben, comment._id)).statusCode).toBe(403);

    // Sixteen minutes later the text is final.
    await t.ctx.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(comments.id, comment._id));
    const late = await editComment(ann, comment._id, 'Too late');
    expect(late.statusCode).toBe(409);
    expect(late.message).toBe('Comments can be edited for 15 minutes after posting');
    expect((await threadOf(ann, questionId)).comments[0]!.canEdit).toBe(false);

    // Deleting keeps a placeholder while a reply hangs on it, and nothing of its text.
    await postOn(ben, questionId, 'Reply', comment._id);
    const removed = await removeComment(ann, comment._id);
    expect(removed.statusCode).toBe(200);
    const thread = await threadOf(ben, questionId);
    expect(thread.comments[0]).toMatchObject({ status: 'deleted', body: '', canDelete: false });
    expect(thread.comments[0]!.replies.map((r) => r.body)).toEqual(['Reply']);
    expect((await removeComment(ann, comment._id)).statusCode).toBe(404);

    // Without replies a deleted comment is gone from the thread.
    const lone = (await postOn(ben, questionId, 'Lone')).body.comment;
    await removeComment(ben, lone._id);
    expect((await threadOf(ann, questionId)).comments.map((c) => c.body)).toEqual(['']);
  });
});

describe('reports', () => {
  it('files one report per learner and comment, never on their own', async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    const comment = (await postOn(ann, questionId, 'Dubious advice')).body.comment;
    const first = await report(ben, comment._id, { reason: 'incorrect', details: 'Contradicts NICE' });
    expect(first.statusCode).toBe(201);
    expect(first.body.message).toBe('Thanks: a moderator will look at this comment');
    const again = await report(ben, comment._id, { reason: 'spam' });
    expect(again.statusCode).toBe(200);
    const own = await report(ann, comment._id, { reason: 'spam' });
    expect(own.statusCode).toBe(409);
    const badReason = await t.send(api.community.report, {
      params: { id: comment._id },
      body: { reason: 'boring' },
      as: ben,
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.message).toBe('Choose why you are reporting this comment');

    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, comment._id));
    expect(row!.openReports).toBe(1);
    expect((await threadOf(ben, questionId)).comments[0]!.reportedByYou).toBe(true);
  });
});

describe('limits', () => {
  it(`allows ${COMMUNITY_LIMITS.perThreadPerHour} posts an hour in one thread and ${COMMUNITY_LIMITS.perHour} in all`, async () => {
    const learner = await createLearner(t);
    await named(learner, `Busy ${learner.id.slice(-6)}`);
    const exam = await examFor([learner], 5);
    const questionIds = await sitAndSubmit(learner, exam.id);
    const posts = await Promise.all(
      Array.from({ length: COMMUNITY_LIMITS.perThreadPerHour + 1 }, (_, i) =>
        postOn(learner, questionIds[0]!, `Post ${i}`),
      ),
    );
    // Sent at once, exactly the limit gets through.
    expect(posts.filter((p) => p.statusCode === 201)).toHaveLength(COMMUNITY_LIMITS.perThreadPerHour);
    const refused = posts.find((p) => p.statusCode === 429)!;
    expect(refused.message).toBe(
      'You can post at most 5 comments an hour in one discussion. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    let posted = COMMUNITY_LIMITS.perThreadPerHour;
    for (const questionId of questionIds.slice(1)) {
      for (let i = 0; i < COMMUNITY_LIMITS.perThreadPerHour && posted < COMMUNITY_LIMITS.perHour; i++) {
        expect((await postOn(learner, questionId, `More ${posted}`)).statusCode).toBe(201);
        posted++;
      }
    }
    const over = await postOn(learner, questionIds[4]!, 'One too many');
    expect(over.statusCode).toBe(429);
    expect(over.message).toBe('You can post at most 20 comments an hour. Please try again later.');
    const [counted] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${comments} where user_id = ${learner.id}`,
    );
    expect(counted!.n).toBe(COMMUNITY_LIMITS.perHour);
  });
});

describe('holding first comments and switching the community off', () => {
  it("holds a learner's comments until one is approved, shown only to them meanwhile", async () => {
    const { ann, ben, questionId } = await twoWhoAnswered();
    await setCommunity({ hold: true });
    try {
      const held = await postOn(ann, questionId, 'My first comment');
      expect(held.statusCode).toBe(201);
      expect(held.body.message).toBe('Thanks: your comment will appear once a moderator has approved it');
      expect(held.body.comment.status).toBe('held');
      expect((await threadOf(ann, questionId)).comments.map((c) => c.status)).toEqual(['held']);
      expect((await threadOf(ben, questionId)).comments).toEqual([]);

      const admin = await createAdmin(t);
      const approved = await t.call(api.adminCommunity.moderate, {
        params: { id: held.body.comment._id },
        body: { action: 'approve' },
        as: admin,
      });
      expect(approved.statusCode).toBe(200);
      expect((await threadOf(ben, questionId)).comments.map((c) => c.body)).toEqual(['My first comment']);
      // Once one is approved, the next is shown at once.
      expect((await postOn(ann, questionId, 'Second')).body.comment.status).toBe('visible');
    } finally {
      await setCommunity({ hold: false });
    }
  });

  it('answers every learner route 404 while the community is off', async () => {
    const { ann, questionId } = await twoWhoAnswered();
    const comment = (await postOn(ann, questionId, 'Before')).body.comment;
    await setCommunity({ enabled: false });
    try {
      const read = await t.call(api.community.questionThread, { params: { questionId }, as: ann });
      expect(read.statusCode).toBe(404);
      expect(read.message).toBe('Discussions are switched off');
      expect((await postOn(ann, questionId, 'During')).statusCode).toBe(404);
      expect((await removeComment(ann, comment._id)).statusCode).toBe(404);
      const publicSettings = await t.call(api.settings.public, { as: null });
      expect(publicSettings.body.communityEnabled).toBe(false);
    } finally {
      await setCommunity({ enabled: true });
    }
  });
});

describe('article threads', () => {
  it('are open to signed-in learners on published articles only', async () => {
    const learner = await createLearner(t);
    await named(learner, `Reader ${learner.id.slice(-6)}`);
    const article = await createArticle(t, { status: 'published' });
    const draft = await createArticle(t, { status: 'draft' });
    const posted = await t.call(api.community.postOnArticle, {
      params: { articleId: article.id },
      body: { body: 'Great summary of the sepsis six' },
      as: learner,
    });
    expect(posted.statusCode).toBe(201);
    const thread = await articleThreadOf(learner, article.id);
    expect(thread.body.comments.map((c) => c.body)).toEqual(['Great summary of the sepsis six']);

    for (const articleId of [draft.id, 'missing']) {
      const refused = await articleThreadOf(learner, articleId);
      expect(refused.statusCode).toBe(404);
      expect(refused.message).toBe('Article not found');
    }
    expect((await articleThreadOf(null, article.id)).statusCode).toBe(401);
  });

  it('go with their article or question when it is deleted', async () => {
    const { ann, questionId } = await twoWhoAnswered();
    await postOn(ann, questionId, 'Soon gone');
    await t.ctx.db.delete(questions).where(eq(questions.id, questionId));
    const left = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${comments} where question_id = ${questionId}`,
    );
    expect(left[0]!.n).toBe(0);
  });
});
