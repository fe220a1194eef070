import { api, UNSAFE_TEXT_MESSAGE } from '@mlp/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import { buildExamUpdate, createAdmin, createExam } from '../../../test/factories.ts';

/*
 * Decision 0057: the catalogue (GET /api/exams/published) filters by an exam's category, whatever its
 * case, with search and paging, and answers the categories that have published exams (the chips). A file
 * of its own: its database holds only the exams written here, so the category list is known exactly.
 */

const t = useTestApp({ NODE_ENV: 'development' });

const base = Date.now() - 1_000_000;
let minute = 0;
/** Creation times one minute apart, in the order the exams are written (newest last). */
const next = () => new Date(base + (minute += 1) * 60_000);

/** An exam in `category`, written a minute after the one before; published unless `isActive` is false. */
const addExam = (title: string, category: string, isActive = true) =>
  createExam(t.ctx.db, { title, category, isActive, createdAt: next() });

function listing(query: { page?: number; limit?: number; search?: string; category?: string }) {
  return t.call(api.exams.published, { query });
}

const titles = (body: { exams: Array<{ title: string }> }) => body.exams.map((exam) => exam.title);

describe('the catalogue by category', () => {
  it('answers the categories of published exams, one spelling each whatever its case, in order', async () => {
    await addExam('Old nursing', 'Nursing');
    await addExam('New nursing', 'nursing');
    await addExam('ECG', 'Cardiology & ECG');
    await addExam('Drugs', 'pharmacy');
    await addExam('Unfinished', 'Draft only', false);
    t.ctx.caches.catalogue.clear();

    const all = await listing({});
    expect(all.statusCode).toBe(200);
    // The newest exam's spelling of 'nursing'; a category of drafts only is not one.
    expect(all.body.categories).toEqual(['Cardiology & ECG', 'nursing', 'pharmacy']);
    expect(all.body.totalExams).toBe(4);

    // The chips do not depend on the filters: a filtered answer carries the same list.
    const filtered = await listing({ category: 'pharmacy', search: 'nothing like this' });
    expect(filtered.body.categories).toEqual(['Cardiology & ECG', 'nursing', 'pharmacy']);
    expect(filtered.body.exams).toEqual([]);
  });

  it('filters by the exact category whatever its case, trimmed, never by a part of it', async () => {
    const byCategory = async (category: string) => titles((await listing({ category })).body);
    expect(await byCategory('nursing')).toEqual(['New nursing', 'Old nursing']);
    expect(await byCategory('  NURSING ')).toEqual(['New nursing', 'Old nursing']);
    expect(await byCategory('cardiology & ecg')).toEqual(['ECG']);
    expect(await byCategory('nurs')).toEqual([]);
    expect(await byCategory('Draft only')).toEqual([]);
    // '' is every category.
    expect((await listing({ category: '' })).body.totalExams).toBe(4);
    const none = await listing({ category: 'Unknown' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toMatchObject({ exams: [], totalExams: 0, page: 1 });
  });

  it('pages one category, newest first, with its own total and page count', async () => {
    for (let i = 0; i < 23; i += 1) await addExam(`Surgery ${i}`, 'Surgery');
    await addExam('Surgery draft', 'Surgery', false);
    t.ctx.caches.catalogue.clear();

    const first = await listing({ category: 'surgery', limit: 20 });
    expect(first.body.totalExams).toBe(23);
    expect(first.body.pages).toBe(2);
    expect(titles(first.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Surgery ${22 - i}`));
    const second = await listing({ category: 'surgery', page: 2, limit: 20 });
    expect(second.body).toMatchObject({ page: 2, pages: 2, totalExams: 23 });
    expect(titles(second.body)).toEqual(['Surgery 2', 'Surgery 1', 'Surgery 0']);
    const past = await listing({ category: 'surgery', page: 3, limit: 20 });
    expect(past.body).toMatchObject({ exams: [], page: 3, pages: 2, totalExams: 23 });
    expect((await listing({})).body.categories).toEqual([
      'Cardiology & ECG',
      'nursing',
      'pharmacy',
      'Surgery',
    ]);
  });

  it('combines the category with a search, for common and rare terms alike, and pages the result', async () => {
    // 'Suture' is in 8 of the 23 surgery exams (common: read through the category index in order);
    // 'Surgery 7' only in one (rare: found through the trigram index first). Nursing has a suture exam too.
    await addExam('Suture care', 'nursing');
    for (let i = 0; i < 8; i += 1) await addExam(`Suture ${i}`, 'Surgery');
    t.ctx.caches.catalogue.clear();

    const common = await listing({ category: 'Surgery', search: 'SUTURE' });
    expect(common.body.totalExams).toBe(8);
    expect(titles(common.body)).toEqual(Array.from({ length: 8 }, (_, i) => `Suture ${7 - i}`));
    const paged = await listing({ category: 'Surgery', search: 'suture', page: 2, limit: 3 });
    expect(paged.body).toMatchObject({ page: 2, pages: 3, totalExams: 8 });
    expect(titles(paged.body)).toEqual(['Suture 4', 'Suture 3', 'Suture 2']);

    const rare = await listing({ category: 'surgery', search: 'surgery 7' });
    expect(rare.body).toMatchObject({ page: 1, pages: 1, totalExams: 1 });
    expect(titles(rare.body)).toEqual(['Surgery 7']);
    expect((await listing({ category: 'nursing', search: 'surgery 7' })).body.totalExams).toBe(0);

    const nursing = await listing({ category: 'nursing', search: 'suture' });
    expect(titles(nursing.body)).toEqual(['Suture care']);
    expect((await listing({ search: 'suture' })).body.totalExams).toBe(9);
  });

  it('shows an edited category at once (the edit clears the catalogue caches)', async () => {
    const admin = await createAdmin(t);
    const exam = await addExam('Moved', 'pharmacy');
    t.ctx.caches.catalogue.clear();
    expect(titles((await listing({ category: 'pharmacy' })).body)).toEqual(['Moved', 'Drugs']);

    const edited = await t.call(api.adminExams.update, {
      params: { id: exam.id },
      as: admin,
      body: buildExamUpdate({
        title: 'Moved',
        description: 'Now in its own category',
        category: 'Emergency medicine',
        numberOfQuestions: 3,
      }),
    });
    expect(edited.statusCode).toBe(200);
    const after = await listing({ category: 'emergency MEDICINE' });
    expect(titles(after.body)).toEqual(['Moved']);
    expect(after.body.categories).toContain('Emergency medicine');
    expect(titles((await listing({ category: 'pharmacy' })).body)).toEqual(['Drugs']);
  });

  it('refuses a category longer than 200 characters, or with a NUL byte, with 400 and a message', async () => {
    const long = await listing({ category: 'c'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({
      message: 'category is too long',
      errors: [{ path: 'category', message: 'category is too long' }],
    });
    // Trimmed first: 200 characters and spaces around them are a category (that no exam has).
    const longest = await listing({ category: ` ${'c'.repeat(200)} ` });
    expect(longest.statusCode).toBe(200);
    expect(longest.body).toMatchObject({ exams: [], totalExams: 0 });
    const unsafe = await listing({ category: 'a\u0000b' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.body).toMatchObject({ message: `category: ${UNSAFE_TEXT_MESSAGE}` });
  });
});
