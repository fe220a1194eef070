import { describe, expect, it } from 'vitest';
import { api, type Attempt, type SaveAnswersBody } from '@mlp/contract';
import {
  createExam,
  createLearner,
  createSubscription,
  startSitting,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';

/*
 * Saves of changes (decision 0074): a sitting's page sends what changed since its last acknowledged save,
 * and the server merges it into what the sitting holds, in the order of the saves' numbers.
 */

const t = useTestApp({ NODE_ENV: 'development' });

async function sitting(
  mode: 'exam' | 'tutor' = 'exam',
): Promise<{ learner: Learner; examId: string; attempt: Attempt }> {
  const learner = await createLearner(t);
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 4, modes: ['exam', 'tutor'] });
  await createSubscription(t, { userId: learner.id, examId: exam.id });
  return { learner, examId: exam.id, attempt: await startSitting(t, learner, exam.id, { mode }) };
}

function save(learner: Learner, attempt: Attempt, body: SaveAnswersBody) {
  return t.call(api.attempts.saveAnswers, { params: { id: attempt._id }, body, as: learner });
}

describe('saves of changes', () => {
  it('merges each save into what the sitting holds: set, replace, remove; unnamed questions stay', async () => {
    const { learner, examId, attempt } = await sitting();
    const [q1, q2, q3] = attempt.questions;
    const first = await save(learner, attempt, {
      changes: {
        answers: { [q1!._id]: q1!.choices[0]!, [q2!._id]: q2!.choices[1]! },
        flags: [q2!._id],
        strikes: { [q3!._id]: [q3!.choices[2]!] },
        certainties: { [q1!._id]: 'sure' },
      },
      currentIndex: 1,
      seq: 1,
    });
    expect(first.statusCode).toBe(204);
    const second = await save(learner, attempt, {
      changes: {
        answers: { [q1!._id]: null, [q2!._id]: q2!.choices[3]! },
        strikes: { [q3!._id]: [] },
        certainties: { [q1!._id]: null, [q2!._id]: 'guessing' },
      },
      currentIndex: 2,
      seq: 2,
    });
    expect(second.statusCode).toBe(204);
    const resumed = await startSitting(t, learner, examId, { mode: 'exam' });
    expect(resumed._id).toBe(attempt._id);
    expect(resumed.answers).toEqual({ [q2!._id]: q2!.choices[3] });
    expect(resumed.flags).toEqual([q2!._id]);
    expect(resumed.strikes).toEqual({});
    expect(resumed.certainties).toEqual({ [q2!._id]: 'guessing' });
    expect(resumed.currentIndex).toBe(2);
    expect(resumed.saveSeq).toBe(2);
  });

  it('never lets a stale or replayed save overwrite a newer one', async () => {
    const { learner, examId, attempt } = await sitting();
    const [q1] = attempt.questions;
    // Save 2 (which, as the page builds it, names everything save 1 named) arrives first.
    const newer = { changes: { answers: { [q1!._id]: q1!.choices[1]! } }, seq: 2 };
    const older = { changes: { answers: { [q1!._id]: q1!.choices[0]! } }, seq: 1 };
    expect((await save(learner, attempt, newer)).statusCode).toBe(204);
    const late = await save(learner, attempt, older);
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ code: 'STALE_SAVE' });
    const replayed = await save(learner, attempt, newer);
    expect(replayed.statusCode).toBe(409);
    expect((await startSitting(t, learner, examId, { mode: 'exam' })).answers).toEqual({
      [q1!._id]: q1!.choices[1],
    });
  });

  it('refuses, changing nothing: a question not served, an answer not a choice, an answer also struck out', async () => {
    const { learner, examId, attempt } = await sitting();
    const [q1] = attempt.questions;
    const outsider = '0195f0c2-0000-7000-8000-00000000abcd';
    const refusals: SaveAnswersBody[] = [
      { changes: { answers: { [outsider]: 'A' } }, seq: 1 },
      { changes: { flags: [outsider] }, seq: 1 },
      { changes: { answers: { [q1!._id]: 'Not one of its choices' } }, seq: 1 },
      {
        changes: { answers: { [q1!._id]: q1!.choices[0]! }, strikes: { [q1!._id]: [q1!.choices[0]!] } },
        seq: 1,
      },
    ];
    for (const body of refusals) expect((await save(learner, attempt, body)).statusCode).toBe(400);
    const resumed = await startSitting(t, learner, examId, { mode: 'exam' });
    expect([resumed.answers, resumed.flags, resumed.strikes, resumed.saveSeq]).toEqual([{}, [], {}, 0]);
  });

  it('checks the form: answers or changes, not both; changes need seq; marks go inside changes', async () => {
    const { learner, attempt } = await sitting();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ answers: {}, changes: {}, seq: 1 }, 'Send either answers or changes'],
      [{ currentIndex: 1 }, 'Send either answers or changes'],
      [{ changes: {} }, 'A save of changes needs seq'],
      [{ changes: {}, flags: [], seq: 1 }, 'Send flags, strikes and certainties inside changes'],
    ];
    for (const [body, message] of cases) {
      const answer = await t.send(api.attempts.saveAnswers, {
        params: { id: attempt._id },
        body,
        as: learner,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.message).toContain(message);
    }
  });

  it('tutor mode: answers in a save of changes are ignored (answers are locked one by one), marks are kept', async () => {
    const { learner, examId, attempt } = await sitting('tutor');
    const [q1] = attempt.questions;
    const saved = await save(learner, attempt, {
      changes: { answers: { [q1!._id]: q1!.choices[0]! }, flags: [q1!._id] },
      seq: 1,
    });
    expect(saved.statusCode).toBe(204);
    const resumed = await startSitting(t, learner, examId, { mode: 'tutor' });
    expect(resumed.answers).toEqual({});
    expect(resumed.flags).toEqual([q1!._id]);
  });

  it("answers 404 for someone else's sitting", async () => {
    const { attempt } = await sitting();
    const other = await createLearner(t);
    expect((await save(other, attempt, { changes: {}, seq: 1 })).statusCode).toBe(404);
  });
});
