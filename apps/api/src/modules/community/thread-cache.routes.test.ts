import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { createAdmin, createArticle, createLearner, type Learner } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';

/*
 * A thread's page as everyone sees it is kept per process for READ_CACHE_MS (decision 0056; 0 in the other
 * tests): every write through the API is seen at once, and each learner still gets their own votes,
 * reports and held comments.
 */

const t = useTestApp({ READ_CACHE_MS: '60000' });

async function member(name: string): Promise<Learner> {
  const learner = await createLearner(t);
  await t.call(api.community.saveProfile, {
    body: { displayName: `${name} ${learner.id.slice(-6)}` },
    as: learner,
  });
  return learner;
}

describe('a kept thread page', () => {
  it('shows every write at once and each learner their own facts', async () => {
    const article = await createArticle(t);
    const [ann, ben] = [await member('Ann'), await member('Ben')];
    const read = async (learner: Learner) =>
      (await t.call(api.community.articleThread, { params: { articleId: article.id }, as: learner })).body;
    expect((await read(ann)).comments).toEqual([]);

    const posted = await t.call(api.community.postOnArticle, {
      params: { articleId: article.id },
      body: { body: 'First' },
      as: ann,
    });
    const id = posted.body.comment._id;
    expect((await read(ben)).comments.map((c) => c.body)).toEqual(['First']);

    await t.call(api.community.markHelpful, { params: { id }, as: ben });
    expect((await read(ben)).comments[0]).toMatchObject({ helpful: 1, helpfulByYou: true });
    expect((await read(ann)).comments[0]).toMatchObject({ helpful: 1, helpfulByYou: false, canEdit: true });

    await t.call(api.community.edit, { params: { id }, body: { body: 'First, edited' }, as: ann });
    expect((await read(ben)).comments[0]!.body).toBe('First, edited');

    await t.call(api.community.postOnArticle, {
      params: { articleId: article.id },
      body: { body: 'A reply', parentId: id },
      as: ben,
    });
    expect((await read(ann)).comments[0]!.replies.map((r) => r.body)).toEqual(['A reply']);

    const admin = await createAdmin(t);
    await t.call(api.adminCommunity.moderate, {
      params: { id },
      body: { action: 'hide', reason: 'Off topic' },
      as: admin,
    });
    // Everyone else sees a placeholder above the reply; the author sees their text and the reason.
    expect((await read(ben)).comments[0]).toMatchObject({ status: 'hidden', body: '' });
    expect((await read(ann)).comments[0]).toMatchObject({
      status: 'hidden',
      body: 'First, edited',
      moderatorNote: 'Off topic',
    });
  });
});
