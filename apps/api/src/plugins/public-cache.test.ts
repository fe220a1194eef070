import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixtures.ts';
import { createExam, createLearner } from '../../test/factories.ts';
import { PUBLIC_CACHE_CONTROL } from './endpoints.ts';

const t = useTestApp();

describe('public reads a CDN can serve (decision 0044)', () => {
  it('answers anonymous catalogue, exam and article reads with a short public cache and an ETag, and 304 when it matches', async () => {
    const exam = await createExam(t.ctx.db, { title: 'Cached exam' });
    for (const url of [
      '/api/exams/published?page=1&limit=20',
      `/api/exams/${exam.id}`,
      '/api/articles/published?limit=20',
      '/api/articles/category/medical',
    ]) {
      const first = await t.request({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);

      const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);

      // Another tag, or a list without this one: the full answer.
      const other = await t.request({ method: 'GET', url, headers: { 'if-none-match': 'W/"other", "x"' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.json(), url).toEqual(first.json());
    }
  });

  it('gives a new ETag when the content changes', async () => {
    const exam = await createExam(t.ctx.db, { title: 'Before the edit' });
    const url = `/api/exams/${exam.id}`;
    const before = await t.request({ method: 'GET', url });
    await t.ctx.db.execute(sql`update exams set title = 'After the edit' where id = ${exam.id}`);
    const after = await t.request({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ title: string }>().title).toBe('After the edit');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps no-store on requests that carry a session, on errors and on personal reads', async () => {
    const learner = await createLearner(t.ctx.db);
    const exam = await createExam(t.ctx.db);
    const signedIn = await t.request({
      method: 'GET',
      url: `/api/exams/${exam.id}`,
      headers: learner.headers,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();

    const missing = await t.request({
      method: 'GET',
      url: '/api/exams/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');

    const bad = await t.request({ method: 'GET', url: '/api/exams/published?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');

    const mine = await t.request({ method: 'GET', url: '/api/exams/user', headers: learner.headers });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
  });

  it('still compresses a large public answer, with the same ETag', async () => {
    for (let i = 0; i < 20; i += 1)
      await createExam(t.ctx.db, { title: `Compressed ${i} ${'word '.repeat(30)}` });
    const url = '/api/exams/published?page=1&limit=20';
    const plain = await t.request({ method: 'GET', url });
    const gzipped = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    const revalidated = await t.request({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});
