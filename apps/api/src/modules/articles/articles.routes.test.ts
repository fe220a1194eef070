import { describe, expect, it } from 'vitest';
import { api, type RouteBody } from '@mlp/contract';
import { createLearner } from '../../../test/factories.ts';
import { aiEnv } from '../../../test/fake-ai.ts';
import { useAdmin, useFakeAi, useTestApp } from '../../../test/fixtures.ts';
import { isHarmless, XSS_PAYLOADS } from '../../../test/xss.ts';
import { articles } from '../../db/schema/index.ts';
import { refreshArticlePreviews } from './articles.service.ts';

const ai = useFakeAi();
const t = useTestApp(() => ({ NODE_ENV: 'development', ...aiEnv(ai) }));

const admin = useAdmin(t);

/** Writes an article through the admin API: published, valid; override what the test is about. */
async function createArticle(overrides: Partial<RouteBody<typeof api.adminArticles.create>> = {}) {
  const response = await t.call(api.adminArticles.create, {
    as: admin,
    body: {
      title: 'Sepsis in practice',
      summary: 'Recognise it early',
      category: 'medical',
      content: '<h2>Sepsis</h2><p>Think sepsis.</p>',
      status: 'published',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.body.article;
}

describe('public articles', () => {
  it('previews keep a heading apart from the next block, and stale stored previews are recomputed', async () => {
    const fresh = await createArticle({
      title: 'Heading first',
      category: 'career',
      content: `<h2>Heading</h2><div>Body ${'text '.repeat(60)}</div>`,
    });
    // A row written by the old rule: the heading run into the body.
    const [stale] = await t.ctx.db
      .insert(articles)
      .values({
        title: 'Old row',
        content: '<h2>Heading</h2><p>Body</p>',
        preview: 'HeadingBody',
        category: 'career',
        status: 'published',
      })
      .returning({ id: articles.id });
    expect(await refreshArticlePreviews(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await refreshArticlePreviews(t.ctx)).toBe(0);

    const list = await t.call(api.articles.published, { query: { limit: 100 } });
    const previews = new Map(list.body.articles.map((a) => [a._id, a.preview]));
    expect(previews.get(stale!.id)).toBe('Heading Body');
    const preview = previews.get(fresh._id) ?? '';
    expect(preview.startsWith('Heading Body text text')).toBe(true);
    expect(preview.endsWith('text\u2026')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(151);
  });

  it('lists published articles newest first with previews and present categories; drafts never show', async () => {
    const older = await createArticle({
      title: 'Career paths',
      category: 'career',
      content: '<p>Pharmacy <strong>careers</strong> are varied.</p>',
    });
    const newer = await createArticle({ title: 'Exam tips', category: 'exam-prep' });
    const draft = await createArticle({ title: 'Secret draft', status: 'draft' });
    const list = await t.call(api.articles.published);
    const body = list.body;
    const ids = body.articles.map((a) => a._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(ids).not.toContain(draft._id);
    expect(body.articles.find((a) => a._id === older._id)?.preview).toBe('Pharmacy careers are varied.');
    expect(body.categories).toEqual(expect.arrayContaining(['career', 'exam-prep']));
    // The only medical article is a draft, so 'medical' is not offered as a chip.
    expect(body.categories).not.toContain('medical');
    expect(JSON.stringify(list.body)).not.toContain('<strong>');

    expect((await t.call(api.articles.detail, { params: { id: draft._id } })).statusCode).toBe(404);
    expect((await t.call(api.articles.detail, { params: { id: 'not-an-id' } })).statusCode).toBe(404);
    const read = await t.call(api.articles.detail, { params: { id: older._id } });
    expect(read.body).toMatchObject({
      title: 'Career paths',
      content: '<p>Pharmacy <strong>careers</strong> are varied.</p>',
    });
  });

  it('filters by category and searches title and summary', async () => {
    await createArticle({ title: 'Unique Zebra Trial', category: 'research' });
    const byCategory = await t.call(api.articles.byCategory, { params: { category: 'research' } });
    expect(byCategory.body.articles.every((a) => a.category === 'research')).toBe(true);
    // A category the types refuse: sent untyped.
    expect((await t.send(api.articles.byCategory, { params: { category: 'gossip' } })).statusCode).toBe(400);
    const search = await t.call(api.articles.published, { query: { search: 'zebra TRIAL' } });
    expect(search.body.articles.map((a) => a.title)).toEqual(['Unique Zebra Trial']);
  });

  it('vanishes from the public site when set back to draft', async () => {
    const article = await createArticle({ title: 'Now you see me' });
    expect((await t.call(api.articles.detail, { params: { id: article._id } })).statusCode).toBe(200);
    await t.call(api.adminArticles.update, {
      as: admin,
      params: { id: article._id },
      body: {
        title: 'Now you see me',
        category: 'medical',
        content: '<p>x</p>',
        status: 'draft',
      },
    });
    expect((await t.call(api.articles.detail, { params: { id: article._id } })).statusCode).toBe(404);
  });
});

describe('administering articles', () => {
  it.each([
    [{ title: '' }],
    [{ category: 'gossip' }],
    [{ content: '' }],
    [{ content: '<script>only a script</script>' }],
  ])('requires title, category and content %#', async (override) => {
    // Some of these bodies the types refuse: all go untyped.
    const response = await t.send(api.adminArticles.create, {
      body: { title: 'T', category: 'medical', content: '<p>x</p>', ...override },
      as: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.message).toBe('Please fill in all required fields');
  });

  it('pages and searches the admin list across statuses, updates and deletes', async () => {
    const draft = await createArticle({ title: 'Admin only draft', status: 'draft' });
    const list = await t.call(api.adminArticles.list, {
      as: admin,
      query: { keyword: 'admin only', page: 1 },
    });
    expect(list.body.articles).toEqual([expect.objectContaining({ _id: draft._id, status: 'draft' })]);
    const updated = await t.call(api.adminArticles.update, {
      as: admin,
      params: { id: draft._id },
      body: {
        title: 'Renamed',
        category: 'education',
        content: '<p>y</p>',
        status: 'published',
      },
    });
    expect(updated.body).toMatchObject({
      message: 'Article updated successfully!',
      article: { title: 'Renamed', status: 'published' },
    });
    expect((await t.call(api.adminArticles.remove, { as: admin, params: { id: draft._id } })).body).toEqual({
      message: 'Article deleted successfully',
    });
    expect(
      (await t.call(api.adminArticles.detail, { as: admin, params: { id: draft._id } })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(api.adminArticles.remove, { as: admin, params: { id: draft._id } })).statusCode,
    ).toBe(404);
  });

  it.each(XSS_PAYLOADS)('stores %s harmlessly', async (payload) => {
    const article = await createArticle({ content: `<p>Before</p>${payload}<p>After</p>` });
    expect(isHarmless(article.content)).toBe(true);
    const read = await t.call(api.articles.detail, { params: { id: article._id } });
    expect(isHarmless(read.body.content)).toBe(true);
    // Text around the payload survives (an unclosed <math> may swallow what follows it, harmlessly).
    expect(read.body.content).toContain('<p>Before</p>');
  });

  it('keeps learners and visitors out', async () => {
    const learner = await createLearner(t);
    for (const as of [null, learner]) {
      expect((await t.call(api.adminArticles.list, { as })).statusCode).toBe(401);
      expect(
        (
          await t.call(api.adminArticles.create, {
            body: { title: 'T', category: 'medical', content: '<p>x</p>' },
            as,
          })
        ).statusCode,
      ).toBe(401);
      expect((await t.call(api.adminArticles.generate, { body: { prompt: 'x' }, as })).statusCode).toBe(401);
    }
  });
});

describe('AI article drafts', () => {
  it('drafts title, summary, content and a category', async () => {
    ai.article = {
      title: 'Anticoagulants',
      summary: 'A primer.',
      content: '<h2>DOACs</h2><p>Apixaban and rivaroxaban.</p>',
      category: 'research',
    };
    const response = await t.call(api.adminArticles.generate, {
      as: admin,
      body: { prompt: 'Write about DOACs' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      title: 'Anticoagulants',
      summary: 'A primer.',
      content: '<h2>DOACs</h2><p>Apixaban and rivaroxaban.</p>',
      category: 'research',
    });
    const request = ai.requests.at(-1);
    expect(request?.messages.find((m) => m.role === 'user')?.content).toContain('Write about DOACs');
    // The model is asked for one of the article categories, as a required field (strict outputs).
    expect(request?.response_format?.json_schema?.schema).toMatchObject({
      required: expect.arrayContaining(['category']) as unknown,
      properties: {
        category: { type: 'string', enum: ['medical', 'education', 'exam-prep', 'career', 'research'] },
      },
    });
  });

  it.each([
    { answer: 'a category written as a label', category: 'Exam Prep', expected: 'exam-prep' },
    { answer: 'a category outside the list', category: 'gossip', expected: null },
    { answer: 'a category that is not a string', category: 3, expected: null },
    { answer: 'no category at all', category: undefined, expected: null },
  ])('answers $answer with category $expected', async ({ category, expected }) => {
    ai.article = { title: 'T', summary: 'S', content: '<p>Body</p>', category };
    const response = await t.call(api.adminArticles.generate, { as: admin, body: { prompt: 'x' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ title: 'T', summary: 'S', content: '<p>Body</p>', category: expected });
  });

  it.each(XSS_PAYLOADS)('sanitises model output %s', async (payload) => {
    ai.article = { title: 'T', summary: 'S', content: `<p>Safe</p>${payload}` };
    const response = await t.call(api.adminArticles.generate, { as: admin, body: { prompt: 'x' } });
    expect(response.statusCode).toBe(200);
    expect(isHarmless(response.body.content)).toBe(true);
  });

  it('answers 502 on bad model output and 400 without a prompt', async () => {
    ai.mode = 'malformed';
    expect((await t.call(api.adminArticles.generate, { as: admin, body: { prompt: 'x' } })).statusCode).toBe(
      502,
    );
    ai.mode = 'error';
    expect((await t.call(api.adminArticles.generate, { as: admin, body: { prompt: 'x' } })).statusCode).toBe(
      502,
    );
    expect((await t.call(api.adminArticles.generate, { as: admin, body: { prompt: '  ' } })).statusCode).toBe(
      400,
    );
  });
});
