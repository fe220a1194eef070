import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANKI_EXPORT_MAX, ANKI_MESSAGES, api, NOTE_MESSAGES, NOTE_TEXT_MAX } from '@mlp/contract';
import {
  applyPendingResults,
  createExam,
  createLearner,
  createSubscription,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { learnerQuestions, questionNotes, questions } from '../../db/schema/index.ts';

/* Learners' private notes on questions and 'My notebook' (decision 0059). */

const t = useTestApp();

interface Served {
  _id: string;
  questions: Array<{ _id: string; choices: string[] }>;
}

async function examFor(learners: Learner[], count = 3, title?: string) {
  const exam = await createExam(t.ctx.db, {
    numberOfQuestions: count,
    modes: ['exam', 'tutor'],
    ...(title ? { title } : {}),
  });
  for (const learner of learners) await createSubscription(t, { userId: learner.id, examId: exam.id });
  return exam;
}

/** Sits the exam in exam mode and submits it; the result's id and the served question ids. */
async function sitAndSubmit(learner: Learner, examId: string) {
  const started = await t.call(api.attempts.start, { params: { id: examId }, body: {}, as: learner });
  expect(started.statusCode).toBe(200);
  const attempt = started.body as unknown as Served;
  const answers = Object.fromEntries(attempt.questions.map((q) => [q._id, q.choices[0]!]));
  const submitted = await t.call(api.attempts.submit, {
    params: { id: examId },
    body: { answers, attemptId: attempt._id },
    as: learner,
  });
  expect(submitted.statusCode).toBe(201);
  return { resultId: submitted.body._id, questionIds: attempt.questions.map((q) => q._id) };
}

function saveNote(learner: Learner | null, questionId: string, text: string, resultId?: string) {
  return t.call(api.notes.save, {
    params: { questionId },
    body: resultId ? { text, resultId } : { text },
    as: learner,
  });
}

async function notebook(learner: Learner, query: { search?: string; page?: number; limit?: number } = {}) {
  const answer = await t.call(api.notes.notebook, { query, as: learner });
  expect(answer.statusCode, answer.message).toBe(200);
  return answer.body;
}

describe('notes', () => {
  it('writes a note on an answered question, replaces it on a second save and deletes it', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner]);
    const { resultId, questionIds } = await sitAndSubmit(learner, exam.id);
    const questionId = questionIds[0]!;

    const first = await saveNote(learner, questionId, '  Remember: the first-line drug  ', resultId);
    expect(first.statusCode, first.message).toBe(200);
    expect(first.body).toMatchObject({
      message: NOTE_MESSAGES.saved,
      note: {
        questionId,
        text: 'Remember: the first-line drug',
        version: 1,
        currentVersion: 1,
        questionChanged: false,
      },
    });

    // The same save again changes nothing; a new text replaces the note (one per learner and question).
    const again = await saveNote(learner, questionId, 'Remember: the first-line drug', resultId);
    expect(again.body.note.updatedAt).toBe(first.body.note.updatedAt);
    const replaced = await saveNote(learner, questionId, 'Second thoughts', resultId);
    expect(replaced.body.note.text).toBe('Second thoughts');
    const rows = await t.ctx.db.select().from(questionNotes).where(eq(questionNotes.userId, learner.id));
    expect(rows.map((row) => row.text)).toEqual(['Second thoughts']);

    const read = await t.call(api.notes.read, { params: { questionId }, as: learner });
    expect(read.body.note?.text).toBe('Second thoughts');
    const onResult = await t.call(api.notes.forResult, { params: { id: resultId }, as: learner });
    expect(onResult.body.notes.map((note) => [note.questionId, note.text])).toEqual([
      [questionId, 'Second thoughts'],
    ]);

    const removed = await t.call(api.notes.remove, { params: { questionId }, as: learner });
    expect(removed.statusCode).toBe(204);
    const gone = await t.call(api.notes.remove, { params: { questionId }, as: learner });
    expect(gone.statusCode).toBe(404);
    expect(gone.message).toBe(NOTE_MESSAGES.notFound);
    expect((await t.call(api.notes.read, { params: { questionId }, as: learner })).body).toEqual({
      note: null,
    });
  });

  it('refuses a question the learner has not been shown, and takes one served in an open sitting', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner], 2);
    const [unseen] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    const refused = await saveNote(learner, unseen!.id, 'Peeking');
    expect(refused.statusCode).toBe(404);
    expect(refused.message).toBe(NOTE_MESSAGES.notSeen);
    // A question id that exists nowhere answers the same.
    const missing = await saveNote(learner, '0190a1b2-0000-7000-8000-000000000000', 'Nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.message).toBe(NOTE_MESSAGES.notSeen);

    // Tutor mode: a question of the open sitting can be noted before the sitting is submitted.
    const started = await t.call(api.attempts.start, {
      params: { id: exam.id },
      body: { mode: 'tutor' },
      as: learner,
    });
    const served = (started.body as unknown as Served).questions[0]!._id;
    const noted = await saveNote(learner, served, 'Seen in tutor mode');
    expect(noted.statusCode, noted.message).toBe(200);
    expect(noted.body.note.version).toBe(1);
  });

  it('keeps notes private: another learner can neither read, change nor delete them', async () => {
    const owner = await createLearner(t);
    const other = await createLearner(t);
    const exam = await examFor([owner, other]);
    const mine = await sitAndSubmit(owner, exam.id);
    const questionId = mine.questionIds[0]!;
    expect((await saveNote(owner, questionId, 'Private thought')).statusCode).toBe(200);

    // The other learner has not seen the question: no note of theirs, and no way to reach the owner's.
    expect((await saveNote(other, questionId, 'Overwrite')).statusCode).toBe(404);
    expect((await t.call(api.notes.remove, { params: { questionId }, as: other })).statusCode).toBe(404);
    expect((await t.call(api.notes.read, { params: { questionId }, as: other })).body).toEqual({
      note: null,
    });
    const theirResult = await t.call(api.notes.forResult, { params: { id: mine.resultId }, as: other });
    expect(theirResult.statusCode).toBe(404);
    expect(theirResult.message).toBe(NOTE_MESSAGES.resultNotFound);
    expect((await notebook(other)).notes).toEqual([]);

    // Once the other learner answers it too, each keeps a note of their own.
    await sitAndSubmit(other, exam.id);
    expect((await saveNote(other, questionId, 'My own view')).statusCode).toBe(200);
    expect((await t.call(api.notes.read, { params: { questionId }, as: owner })).body.note?.text).toBe(
      'Private thought',
    );
    expect((await notebook(other)).notes.map((note) => note.text)).toEqual(['My own view']);

    // Signed out: 401.
    expect((await saveNote(null, questionId, 'x')).statusCode).toBe(401);
    expect((await t.call(api.notes.notebook, { query: {}, as: null })).statusCode).toBe(401);
  });

  it('answers bad input with a 400 and a clear message', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner], 1);
    const { questionIds } = await sitAndSubmit(learner, exam.id);
    const questionId = questionIds[0]!;
    const cases: Array<[unknown, string]> = [
      [{ text: '   ' }, NOTE_MESSAGES.empty],
      [{}, NOTE_MESSAGES.empty],
      [{ text: 'x'.repeat(NOTE_TEXT_MAX + 1) }, NOTE_MESSAGES.tooLong],
      [{ text: 'bad \u0000 byte' }, 'Invalid input: contains a character that is not allowed'],
      [{ text: 'fine', resultId: 'nope' }, 'Invalid id'],
    ];
    for (const [payload, message] of cases) {
      const answer = await t.send(api.notes.save, { params: { questionId }, body: payload, as: learner });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.message).toContain(message);
    }
    const badId = await t.call(api.notes.save, {
      params: { questionId: 'not-a-question' },
      body: { text: 'x' },
      as: learner,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.message).toContain('Invalid question id');
    for (const query of [{ limit: 500 }, { page: 0 }, { search: 'a'.repeat(201) }]) {
      const answer = await t.call(api.notes.notebook, { query, as: learner });
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
    }
    // A note of exactly the longest length is kept whole.
    const longest = await saveNote(learner, questionId, 'y'.repeat(NOTE_TEXT_MAX));
    expect(longest.body.note.text).toHaveLength(NOTE_TEXT_MAX);
  });

  it('lists the notebook newest first, searched over note and question, paged, with the link back', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner], 5, 'Cardiology finals');
    const { resultId, questionIds } = await sitAndSubmit(learner, exam.id);
    // The link back to the result is read from the result's rows, which the derived-results job writes.
    await applyPendingResults(t);
    await t.ctx.db
      .update(questions)
      .set({ question: 'Which drug treats AF with a fast ventricular rate?', topic: 'Arrhythmia' })
      .where(eq(questions.id, questionIds[4]!));
    for (const [index, text] of ['Beta blockers first', 'Check the ECG', 'Digoxin 100% of 50_50'].entries()) {
      expect((await saveNote(learner, questionIds[index]!, text, resultId)).statusCode).toBe(200);
    }
    expect((await saveNote(learner, questionIds[4]!, 'rate control', resultId)).statusCode).toBe(200);

    const all = await notebook(learner);
    expect(all.total).toBe(4);
    expect(all.notes.map((note) => note.text)).toEqual([
      'rate control',
      'Digoxin 100% of 50_50',
      'Check the ECG',
      'Beta blockers first',
    ]);
    expect(all.notes[0]).toMatchObject({
      questionId: questionIds[4],
      question: 'Which drug treats AF with a fast ventricular rate?',
      examId: exam.id,
      examTitle: 'Cardiology finals',
      topic: 'Arrhythmia',
      resultId,
      version: 1,
      questionChanged: false,
    });
    expect(all.notes[1]!.topic).toBe('General');

    // Words must all appear, in the note or in the question's text; case ignored; LIKE wildcards are text.
    expect((await notebook(learner, { search: 'ecg' })).notes.map((note) => note.text)).toEqual([
      'Check the ECG',
    ]);
    expect((await notebook(learner, { search: 'ventricular CONTROL' })).notes.map((n) => n.text)).toEqual([
      'rate control',
    ]);
    expect((await notebook(learner, { search: '100%' })).notes.map((n) => n.text)).toEqual([
      'Digoxin 100% of 50_50',
    ]);
    expect((await notebook(learner, { search: '0_5' })).total).toBe(1);
    expect((await notebook(learner, { search: '%' })).total).toBe(1);
    expect((await notebook(learner, { search: 'nothing-like-this' })).notes).toEqual([]);
    // A question's text edited after the note: the search follows the new text (migration 0034's trigger).
    await t.ctx.db
      .update(questions)
      .set({ question: 'Which drug slows atrial flutter?' })
      .where(eq(questions.id, questionIds[4]!));
    expect((await notebook(learner, { search: 'flutter' })).notes.map((n) => n.text)).toEqual([
      'rate control',
    ]);
    expect((await notebook(learner, { search: 'ventricular control' })).total).toBe(0);

    const second = await notebook(learner, { page: 2, limit: 3 });
    expect(second).toMatchObject({ page: 2, pages: 2, total: 4 });
    expect(second.notes.map((note) => note.text)).toEqual(['Beta blockers first']);
    const past = await notebook(learner, { page: 5, limit: 3 });
    expect(past).toMatchObject({ notes: [], total: 4, pages: 2 });
  });

  it('keeps the version the learner saw and says when the question has changed since', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner], 1);
    const { resultId, questionIds } = await sitAndSubmit(learner, exam.id);
    const questionId = questionIds[0]!;
    // The question is edited after the sitting (decision 0050: a new version).
    await t.ctx.db.update(questions).set({ version: 2 }).where(eq(questions.id, questionId));

    // Written from the result: the version that result showed.
    const fromResult = await saveNote(learner, questionId, 'From the review', resultId);
    expect(fromResult.body.note).toMatchObject({ version: 1, currentVersion: 2, questionChanged: true });
    // A result id that is not the learner's is not trusted: the current version is kept.
    const stranger = await createLearner(t);
    const strangerExam = await examFor([stranger], 1);
    const theirs = await sitAndSubmit(stranger, strangerExam.id);
    const untrusted = await saveNote(learner, questionId, 'From elsewhere', theirs.resultId);
    expect(untrusted.body.note).toMatchObject({ version: 2, questionChanged: false });

    await saveNote(learner, questionId, 'From the review again', resultId);
    const [item] = (await notebook(learner)).notes;
    expect(item).toMatchObject({ version: 1, currentVersion: 2, questionChanged: true });

    // Deleting the question deletes its notes.
    await t.ctx.db.delete(questions).where(eq(questions.id, questionId));
    expect((await notebook(learner)).total).toBe(0);
  });
});

describe('take it to Anki', () => {
  /** Sits the exam answering by `pick` (question id → right, wrong or skip); the served ids in order. */
  async function sitWith(learner: Learner, examId: string, pick: Array<'right' | 'wrong' | 'skip'>) {
    const started = await t.call(api.attempts.start, { params: { id: examId }, body: {}, as: learner });
    const attempt = started.body as unknown as Served;
    const ids = attempt.questions.map((q) => q._id);
    const rows = await t.ctx.db.select().from(questions).where(inArray(questions.id, ids));
    const answers: Record<string, string> = {};
    ids.forEach((id, index) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      const choice = pick[index] ?? 'skip';
      if (choice === 'right') answers[id] = row.options[row.correctAnswer]!;
      if (choice === 'wrong') answers[id] = row.options[(row.correctAnswer + 1) % row.options.length]!;
    });
    const submitted = await t.call(api.attempts.submit, {
      params: { id: examId },
      body: { answers, attemptId: attempt._id },
      as: learner,
    });
    expect(submitted.statusCode).toBe(201);
    return ids;
  }

  function exportFile(
    learner: Learner | null,
    query: { source: 'missed' | 'flagged' | 'noted'; examId?: string },
  ) {
    // A file, not JSON: read as text through `request`.
    return t.request({
      method: 'GET',
      url: `/api/notes/export/anki?${new URLSearchParams(query).toString()}`,
      headers: learner?.headers ?? {},
    });
  }

  const guids = (body: string) =>
    body
      .split('\n')
      .filter((line) => line.startsWith('mlp-'))
      .map((line) => line.split('\t')[0]!.slice(4));

  it('exports missed, flagged or noted questions the learner answered, one exam or all, as Anki text', async () => {
    const learner = await createLearner(t);
    const exam = await examFor([learner], 4, 'Acute Medicine');
    const other = await examFor([learner], 2, 'Renal');
    const ids = await sitWith(learner, exam.id, ['right', 'wrong', 'skip', 'wrong']);
    const otherIds = await sitWith(learner, other.id, ['wrong', 'right']);
    await applyPendingResults(t);
    await t.ctx.db
      .update(learnerQuestions)
      .set({ flagged: true })
      .where(and(eq(learnerQuestions.userId, learner.id), eq(learnerQuestions.questionId, ids[0]!)));
    expect((await saveNote(learner, ids[0]!, 'Right, but why?')).statusCode).toBe(200);

    const missed = await exportFile(learner, { source: 'missed' });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.headers['content-type']).toContain('text/plain');
    expect(missed.headers['content-disposition']).toMatch(
      /^attachment; filename="anki-missed-questions-\d{4}-\d{2}-\d{2}\.txt"/,
    );
    expect(missed.headers['x-question-count']).toBe('3');
    // Answered wrongly last time; the skipped question is not 'missed'.
    expect(guids(missed.body).sort()).toEqual([ids[1]!, ids[3]!, otherIds[0]!].sort());
    expect(missed.body.startsWith('#separator:tab\n#html:true\n#deck:')).toBe(true);
    expect(missed.body).toContain('exam::acute-medicine topic::general');
    expect(missed.body).toContain('exam::renal');

    const oneExam = await exportFile(learner, { source: 'missed', examId: other.id });
    expect(guids(oneExam.body)).toEqual([otherIds[0]]);
    const flagged = await exportFile(learner, { source: 'flagged' });
    expect(guids(flagged.body)).toEqual([ids[0]]);
    const noted = await exportFile(learner, { source: 'noted' });
    expect(guids(noted.body)).toEqual([ids[0]]);
    expect(noted.body).toContain('<b>My note:</b> Right, but why?');

    // A note on a question only served in an open sitting (not answered yet) never brings its key out.
    const third = await examFor([learner], 1);
    const started = await t.call(api.attempts.start, { params: { id: third.id }, body: {}, as: learner });
    const served = (started.body as unknown as Served).questions[0]!._id;
    expect((await saveNote(learner, served, 'Not answered yet')).statusCode).toBe(200);
    expect(guids((await exportFile(learner, { source: 'noted' })).body)).toEqual([ids[0]]);
  });

  it("refuses bad input, a caller without a session, and never exports another learner's questions", async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await examFor([learner], 2);
    await sitWith(learner, exam.id, ['wrong', 'wrong']);
    const bad = await t.send(api.notes.anki, { query: { source: 'everything' }, as: learner });
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toContain('Choose missed, flagged or noted questions');
    const badExam = await exportFile(learner, { source: 'missed', examId: 'nope' });
    expect(badExam.statusCode).toBe(400);
    expect((await exportFile(null, { source: 'missed' })).statusCode).toBe(401);
    const nothing = await exportFile(stranger, { source: 'missed' });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json<{ message: string }>().message).toBe(ANKI_MESSAGES.nothing);
    expect((await exportFile(stranger, { source: 'missed', examId: exam.id })).statusCode).toBe(404);
  });

  it(`puts at most ${ANKI_EXPORT_MAX} questions in a file, the most recently answered first`, async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 5 }, ANKI_EXPORT_MAX + 5);
    await t.ctx.db.execute(sql`
      insert into learner_questions (user_id, question_id, exam_id, topic, seen, wrong, last_correct, flagged,
        last_seen_at, last_choice)
      select ${learner.id}::uuid, q.id, q.exam_id, 'General', 1, 1, false, false,
        now() - (row_number() over (order by q.created_at, q.id) || ' minutes')::interval, 0
      from questions q where q.exam_id = ${exam.id}`);
    const started = Date.now();
    const file = await exportFile(learner, { source: 'missed' });
    const took = Date.now() - started;
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-question-count']).toBe(String(ANKI_EXPORT_MAX));
    const exported = guids(file.body);
    expect(exported).toHaveLength(ANKI_EXPORT_MAX);
    const [newest] = await t.ctx.db
      .select({ id: learnerQuestions.questionId })
      .from(learnerQuestions)
      .where(eq(learnerQuestions.userId, learner.id))
      .orderBy(sql`${learnerQuestions.lastSeenAt} desc`)
      .limit(1);
    expect(exported[0]).toBe(newest!.id);
    // The target is 2 s for a full file on the bench's server; here a loose bound on a shared test machine.
    expect(took).toBeLessThan(10_000);
  });
});
