import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type Attempt, type Certainty } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  questionsOf,
  startSitting,
  type Learner,
} from '../../../test/factories.ts';
import { applyDerivedResults } from '../../jobs.ts';
import { applyRecordedResponses } from './derived-results.repository.ts';
import {
  applyPendingResults as applyResultRows,
  findOwnAttempt,
  scoreAndRecord,
} from './attempts.service.ts';

/*
 * Decision 0075: a submit writes only the result, and the `derived-results` job applies what it derives.
 * The same sittings go through the submit as it was (`derivedInline`: everything in the submit, the cards
 * right after) for one set of learners and through the new submit and the job for their twins; every
 * learner's figures must come out the same. Then: a second run counts nothing, a run that dies half-way
 * loses nothing, and runs at once (on PostgreSQL, each on a connection of its own) apply each result once.
 */

const t = useTestApp({ NODE_ENV: 'development' });

/** Per question, in the order of their ids: 'R' right, 'W' wrong, null left unanswered. */
type Pick = 'R' | 'W' | null;
interface SittingPlan {
  /** an exam's sitting, or a practice set of every question of both exams */
  on: 'A' | 'B' | 'set';
  picks: Pick[];
  certainty?: Array<Certainty | null>;
  flags?: number[];
}

/**
 * The fixture: two exams (A with Cardiology, Renal and a question without a topic; B all Neurology),
 * three learners sitting them several times, with omitted answers, certainty, flags, a practice set across
 * both exams, and two learners with the same sittings (ties in every average).
 */
const PLANS: SittingPlan[][] = [
  [
    {
      on: 'A',
      picks: ['R', 'W', null, 'R', 'W', 'R'],
      certainty: ['sure', 'sure', null, 'guessing', 'fairly-sure', null],
      flags: [1, 2],
    },
    { on: 'B', picks: ['W', 'W', 'R', null] },
    {
      on: 'A',
      picks: ['R', 'R', 'R', 'R', 'R', 'R'],
      certainty: ['sure', 'guessing', 'sure', null, null, null],
    },
  ],
  [
    {
      on: 'set',
      picks: ['R', 'W', 'R', null, 'W', 'R', 'R', 'W', null, 'R'],
      certainty: ['guessing', 'guessing', 'sure', null, 'sure', null, 'fairly-sure', null, null, 'sure'],
      flags: [3, 8],
    },
    { on: 'B', picks: ['R', 'R', 'W', 'W'], flags: [0] },
    { on: 'B', picks: [null, null, null, null] },
    {
      on: 'A',
      picks: ['W', 'W', 'W', 'R', null, 'R'],
      certainty: ['sure', 'sure', 'sure', 'sure', null, 'guessing'],
    },
  ],
  [
    {
      on: 'A',
      picks: ['R', 'W', null, 'R', 'W', 'R'],
      certainty: ['sure', 'sure', null, 'guessing', 'fairly-sure', null],
      flags: [1, 2],
    },
  ],
];

const TOPICS_A = ['Cardiology', 'Cardiology', 'Renal', 'Cardiology', 'Renal', 'General'];

async function fixtureExams() {
  const a = await createExam(
    t.ctx.db,
    { numberOfQuestions: 6, topics: ['Cardiology', 'Renal'], questionTopic: (i) => TOPICS_A[i]! },
    6,
  );
  // The question without a topic is filed under 'General'.
  await t.ctx.db.execute(
    sql`update questions set topic = null where exam_id = ${a.id} and topic = 'General'`,
  );
  const b = await createExam(
    t.ctx.db,
    { numberOfQuestions: 4, topics: ['Neurology'], questionTopic: () => 'Neurology' },
    4,
  );
  return { A: a, B: b };
}

type Exams = Awaited<ReturnType<typeof fixtureExams>>;

async function learnerOn(exams: Exams): Promise<Learner> {
  const learner = await createLearner(t);
  for (const exam of [exams.A, exams.B]) await createSubscription(t, { userId: learner.id, examId: exam.id });
  const saved = await t.call(api.reviews.savePreferences, {
    body: { desiredRetention: 0.9, certaintyEnabled: true, dailyLimit: 50 },
    as: learner,
  });
  expect(saved.statusCode).toBe(200);
  return learner;
}

/**
 * Sits one plan: starts it through the API, saves its answers, flags and certainty through the API, then
 * submits through the service, the old way (`derivedInline`) or the new.
 */
async function sit(learner: Learner, exams: Exams, plan: SittingPlan, derivedInline: boolean) {
  const bank =
    plan.on === 'set'
      ? [...(await questionsOf(t, exams.A.id)), ...(await questionsOf(t, exams.B.id))]
      : await questionsOf(t, exams[plan.on].id);
  let attempt: Attempt;
  if (plan.on === 'set') {
    const created = await t.call(api.practice.create, {
      body: { examIds: [exams.A.id, exams.B.id], source: 'all', size: 10, mode: 'exam' },
      as: learner,
    });
    expect(created.statusCode).toBe(201);
    attempt = created.body;
  } else attempt = await startSitting(t, learner, exams[plan.on].id);
  expect(attempt.questions).toHaveLength(bank.length);
  const answers: Record<string, string> = {};
  const certainties: Record<string, Certainty> = {};
  bank.forEach((question, index) => {
    const pick = plan.picks[index];
    if (pick) answers[question.id] = question.options[(question.correctAnswer + (pick === 'R' ? 0 : 1)) % 4]!;
    const certainty = plan.certainty?.[index];
    if (pick && certainty) certainties[question.id] = certainty;
  });
  const saved = await t.call(api.attempts.saveAnswers, {
    params: { id: attempt._id },
    body: { answers, certainties, flags: (plan.flags ?? []).map((index) => bank[index]!.id), seq: 1 },
    as: learner,
  });
  expect(saved.statusCode).toBe(204);
  const row = await findOwnAttempt(t.ctx.db, learner.id, attempt._id);
  const title = plan.on === 'set' ? 'Practice set' : exams[plan.on].title;
  const stored = await scoreAndRecord(t.ctx, row!, answers, title, { derivedInline });
  expect(stored?.created).toBe(true);
  return stored!.result;
}

/**
 * Everything a learner's results derive, with their own ids and times taken out: a result is its place in
 * the learner's history, a time the place of the result it came from, so twins compare equal.
 */
async function figuresOf(userId: string) {
  const results = await queryRows<{ id: string; ms: string; duration: number; kind: string }>(
    t.ctx.db,
    sql`select id, floor(extract(epoch from completed_at) * 1000)::bigint::text as ms, duration, kind
      from exam_results where user_id = ${userId} order by completed_at, id`,
  );
  const place = new Map(results.map((row, index) => [row.id, index]));
  const at = new Map(results.map((row, index) => [Number(row.ms), index]));
  const when = (ms: unknown) => at.get(Number(ms)) ?? `unknown time ${String(ms)}`;
  const of = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.db, query);
  const responses = await of<Record<string, unknown>>(
    sql`select result_id, question_id, exam_id, topic, answered, correct, flagged, choice, certainty, miss_tag
      from question_responses where user_id = ${userId}`,
  );
  const standing = await of<Record<string, unknown>>(
    sql`select question_id, exam_id, topic, seen, wrong, last_correct, flagged, last_choice, miss_tag,
        floor(extract(epoch from last_seen_at) * 1000)::bigint::text as last_seen
      from learner_questions where user_id = ${userId}`,
  );
  const topicScores = await of<Record<string, unknown>>(
    sql`select result_id, exam_id, topic, correct, total from result_topic_scores where user_id = ${userId}`,
  );
  const topicStats = await of<{ trend: Array<[number, number, number]> } & Record<string, unknown>>(
    sql`select exam_id, topic, answered, correct, seen, trend,
        floor(extract(epoch from last_at) * 1000)::bigint::text as last_at
      from learner_topic_stats where user_id = ${userId}`,
  );
  const examStats = await of<{ trend: Array<[number, number]>; seconds: number } & Record<string, unknown>>(
    sql`select exam_id, results, score_sum, avg_score, answered, correct, questions, seconds, trend,
        floor(extract(epoch from last_at) * 1000)::bigint::text as last_at
      from learner_exam_stats where user_id = ${userId}`,
  );
  const cards = await of<Record<string, unknown>>(
    sql`select question_id, exam_id, topic, state, reps, lapses, scheduled_days, elapsed_days, suspended,
        round(stability::numeric, 6)::text as stability, round(difficulty::numeric, 6)::text as difficulty,
        round(extract(epoch from due - last_review) / 86400)::int as interval_days,
        floor(extract(epoch from last_review) * 1000)::bigint::text as last_review
      from review_cards where user_id = ${userId}`,
  );
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const examSeconds = results
    .filter((row) => row.kind === 'exam')
    .reduce((sum, row) => sum + Number(row.duration), 0);
  return {
    results: results.length,
    responses: sorted(
      responses.map(({ result_id, ...row }) => ({ ...row, result: place.get(String(result_id)) })),
    ),
    standing: sorted(standing.map(({ last_seen, ...row }) => ({ ...row, last_seen: when(last_seen) }))),
    topicScores: sorted(
      topicScores.map(({ result_id, ...row }) => ({ ...row, result: place.get(String(result_id)) })),
    ),
    topicStats: sorted(
      topicStats.map(({ trend, last_at, ...row }) => ({
        ...row,
        last_at: when(last_at),
        trend: trend.map(([ms, correct, total]) => [when(ms), correct, total]),
      })),
    ),
    // The seconds are each sitting's active time, which differs between twins by the test's own pace:
    // they must add up to the results' durations.
    examStats: sorted(
      examStats.map(({ trend, last_at, seconds: _seconds, ...row }) => ({
        ...row,
        last_at: when(last_at),
        trend: trend.map(([ms, score]) => [when(ms), score]),
      })),
    ),
    examSeconds: examStats.reduce((sum, row) => sum + Number(row.seconds), 0) === examSeconds,
    cards: sorted(cards.map(({ last_review, ...row }) => ({ ...row, last_review: when(last_review) }))),
  };
}

describe('the derived-results job (decision 0075)', () => {
  it('derives the same figures as the submit did inline, for every learner, and counts nothing twice', async () => {
    const exams = await fixtureExams();
    const inline: Learner[] = [];
    const twins: Learner[] = [];
    for (const plans of PLANS) {
      const learner = await learnerOn(exams);
      for (const plan of plans) await sit(learner, exams, plan, true);
      inline.push(learner);
    }
    for (const plans of PLANS) {
      const learner = await learnerOn(exams);
      for (const plan of plans) {
        const result = await sit(learner, exams, plan, false);
        // The answer is complete without the job: the score by topic comes from the result itself.
        expect(result.topics.length).toBeGreaterThan(0);
      }
      twins.push(learner);
    }
    // Nothing derived yet for the twins: their results wait, and say so.
    const waiting = await figuresOf(twins[1]!.id);
    expect(waiting).toMatchObject({
      results: 4,
      responses: [],
      standing: [],
      topicStats: [],
      examStats: [],
      cards: [],
    });
    const analytics = await t.call(api.analytics.read, { as: twins[1]! });
    expect(analytics.body).toMatchObject({ pendingResults: 4, exams: [] });
    const deck = await t.call(api.reviews.summary, { as: twins[1]! });
    expect(deck.body).toMatchObject({ pendingResults: 4, total: 0 });

    // One run applies all eight results (one batch) and their cards.
    expect(await applyPendingResults(t)).toBe(8);
    const expected = await Promise.all(inline.map((learner) => figuresOf(learner.id)));
    const derived = await Promise.all(twins.map((learner) => figuresOf(learner.id)));
    for (const [index, figures] of derived.entries()) {
      expect(figures).toEqual(expected[index]);
      // Certainty reaches the per-question rows, as it did inline.
      expect(figures.responses.some((row) => row.includes('"certainty":"guessing"'))).toBe(true);
      expect(figures.examSeconds).toBe(true);
    }
    // Not empty: every question of every sitting, the topics of both exams, a card per answered question.
    expect(derived.map((figures) => figures.responses.length)).toEqual([16, 24, 6]);
    expect(derived[1]!.topicStats).toHaveLength(4);
    expect(derived[1]!.examStats).toHaveLength(2);
    expect(derived[1]!.cards).toHaveLength(10);
    expect((await t.call(api.analytics.read, { as: twins[1]! })).body.pendingResults).toBe(0);
    expect((await t.call(api.reviews.summary, { as: twins[1]! })).body.pendingResults).toBe(0);

    // A second run finds nothing, and nothing changes.
    expect(await applyPendingResults(t)).toBe(0);
    expect(await Promise.all(twins.map((learner) => figuresOf(learner.id)))).toEqual(derived);
    // The exam sittings were counted into item analysis once: 4 of A and 3 of B in each group.
    const [scores] = await queryRows<{ a: number; b: number }>(
      t.ctx.db,
      sql`select (select results from exam_score_stats where exam_id = ${exams.A.id}) as a,
        (select results from exam_score_stats where exam_id = ${exams.B.id}) as b`,
    );
    expect(scores).toEqual({ a: 8, b: 6 });
  });

  it('loses nothing when a run dies half-way, and applies the rest on the next run', async () => {
    const exams = await fixtureExams();
    const learner = await learnerOn(exams);
    const twin = await learnerOn(exams);
    for (const plan of PLANS[0]!) await sit(twin, exams, plan, true);
    for (const plan of PLANS[0]!) await sit(learner, exams, plan, false);

    // The rows are written and the results claimed, then the run dies: the transaction rolls back.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        expect(await applyRecordedResponses(tx, 500)).toBe(3);
        throw new Error('the process stopped');
      }),
    ).rejects.toThrow('the process stopped');
    expect(await figuresOf(learner.id)).toMatchObject({ responses: [], standing: [], cards: [] });
    expect((await t.call(api.analytics.read, { as: learner })).body.pendingResults).toBe(3);

    // The next run stops between its steps: rows and summaries are there, the cards not yet.
    expect(await applyRecordedResponses(t.ctx.db, 2)).toBe(2);
    expect((await t.call(api.reviews.summary, { as: learner })).body).toMatchObject({ pendingResults: 3 });
    // A learner tagging a miss of a result still waiting has it applied at once.
    const [waiting] = await queryRows<{ id: string; question_id: string }>(
      t.ctx.db,
      sql`select r.id, q->>'questionId' as question_id from exam_results r, jsonb_array_elements(r.questions) q
        where r.user_id = ${learner.id} and not r.responses_recorded and q->>'isCorrect' = 'false'
          and q->>'userAnswer' is not null limit 1`,
    );
    if (waiting) {
      const tagged = await t.call(api.analytics.tagMiss, {
        params: { id: waiting.id, questionId: waiting.question_id },
        body: { tag: 'misread' },
        as: learner,
      });
      expect(tagged.statusCode).toBe(200);
      await t.call(api.analytics.tagMiss, {
        params: { id: waiting.id, questionId: waiting.question_id },
        body: { tag: null },
        as: learner,
      });
    }

    await applyDerivedResults(t.ctx);
    expect(await figuresOf(learner.id)).toEqual(await figuresOf(twin.id));
    expect((await t.call(api.reviews.summary, { as: learner })).body).toMatchObject({ pendingResults: 0 });
  });

  it('applies each result exactly once when runs overlap', async () => {
    const exams = await fixtureExams();
    const learners: Learner[] = [];
    for (let i = 0; i < 4; i += 1) {
      const learner = await learnerOn(exams);
      for (const plan of PLANS[i % 2]!) await sit(learner, exams, plan, false);
      learners.push(learner);
    }
    const pending = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from exam_results where not responses_recorded`,
    );
    // Four runs at once, in small batches so they meet on the same rows (on PostgreSQL each has a
    // connection of its own; PGlite takes them one after another).
    const taken = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const rows = await applyResultRows(t.ctx, 2);
        await applyDerivedResults(t.ctx);
        return rows;
      }),
    );
    expect(taken.reduce((sum, n) => sum + n, 0)).toBe(pending[0]!.n);
    const [counts] = await queryRows<{
      responses: number;
      questions: number;
      seen: number;
      sittings: number;
      results: number;
    }>(
      t.ctx.db,
      sql`select
        (select count(*)::int from question_responses) as responses,
        (select coalesce(sum(total_questions), 0)::int from exam_results) as questions,
        (select coalesce(sum(seen), 0)::int from learner_questions) as seen,
        (select coalesce(sum(results), 0)::int from learner_exam_stats) as sittings,
        (select count(*)::int from exam_results where kind = 'exam') as results`,
    );
    expect(counts!.responses).toBe(counts!.questions);
    expect(counts!.seen).toBe(counts!.questions);
    expect(counts!.sittings).toBe(counts!.results);
    // Each answered question reached its card once per answer.
    const [cards] = await queryRows<{ reps: number; answered: number }>(
      t.ctx.db,
      sql`select (select coalesce(sum(reps), 0)::int from review_cards) as reps,
        (select count(*)::int from question_responses where answered) as answered`,
    );
    expect(cards!.reps).toBe(cards!.answered);
    const [left] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from exam_results where not responses_recorded or not review_applied
        or (kind = 'exam' and not item_counted)`,
    );
    expect(left!.n).toBe(0);
  });
});
