/**
 * The learning community in `npm run bench` (decision 0056): 200 members who have written 100,000 comments
 * under the benchmark exam's questions and under articles over the past 30 days (a fifth of them replies,
 * helpful votes behind every count, a few hidden, deleted or held), one question's thread of exactly 100
 * comments (80 top-level, 20 replies) that the scenarios' learner has answered and reads, and a pool of
 * learners who post: each may post 20 comments an hour and 5 an hour in one thread (429 beyond), so the
 * posting scenario hands every request a (learner, question) pair not used before, and the posts are
 * deleted afterwards so that a run within the hour is not refused.
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { COMMUNITY_LIMITS } from '../packages/contract/src/community.ts';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

const COMMENTS = 100_000;
const MEMBERS = 200;
/** the members' e-mails: `bench-member-N@bench.invalid` (password hash '!': they never sign in) */
const MEMBER_EMAIL = 'bench-member-%@bench.invalid';
/** the name team replies carry (user_id null) */
const TEAM = 'Bench moderator';
/** the measured question thread: 80 top-level comments, 20 replies */
const THREAD_TOP = 80;
const THREAD_REPLIES = 20;
/** the share of the other comments that are replies */
const REPLY_SHARE = 0.2;
/** questions each posting learner may post under once (one post a thread, 20 in all: the hourly limit) */
export const POST_QUESTIONS = COMMUNITY_LIMITS.perHour;
const DAY_SECONDS = 86_400;

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`);

const OPENERS = [
  'I got this wrong the first time, so for anyone else:',
  'What finally made it stick for me:',
  'Worth adding for anyone revising this topic,',
  'Careful with this one on the day.',
  'Our practice educator explained it like this:',
  'The explanation is right, but it skips a step:',
  'Quick tip from someone who sat this last month:',
];
const POINTS = [
  'the timing of the symptoms matters more than the drug named in the stem',
  'check the potassium and the ECG before anything else, then treat the cause',
  'option C looks safe but is contraindicated in renal impairment',
  'think airway, breathing, circulation before you pick an investigation',
  'the guidance changed recently, so older revision notes say the opposite',
  'the dose is per kilogram here, not the adult dose most of us remember',
  'the question asks for the first step, not the definitive treatment',
  'a normal result here does not rule it out if the history fits',
];
const DETAILS = [
  'I drew the pathway out on one page and it made sense after that.',
  'It helped me to say the reasoning out loud before reading the options.',
  'The same idea came up in two other questions in this bank.',
  'Our ward has a laminated card with exactly this on it.',
  'Reading the stem twice saved me from the obvious wrong answer.',
];
const CLOSERS = [
  'Hope that helps someone before their exam.',
  'Does anyone have a good mnemonic for it?',
  'Happy to be corrected if I have this wrong.',
  'It came up twice in my mock last week.',
  'Good luck, everyone.',
];
const NAMES = ['Ward Nurse', 'Night Shift', 'Theatre Tech', 'Student Medic', 'Pharmacy Intern', 'Midwife'];

/** A comment of about 200 characters, varied by `n`. */
function commentBody(n: number): string {
  return [
    OPENERS[n % OPENERS.length],
    `${POINTS[Math.floor(n / OPENERS.length) % POINTS.length]}.`,
    DETAILS[n % DETAILS.length],
    CLOSERS[Math.floor(n / 3) % CLOSERS.length],
  ].join(' ');
}

/** The same composition in SQL, from the integer expression `n`. */
function bodySql(n: ReturnType<typeof sql.raw>) {
  return sql`(${textArray(OPENERS)})[1 + ${n} % ${OPENERS.length}] || ' ' ||
    (${textArray(POINTS)})[1 + (${n} / ${OPENERS.length}) % ${POINTS.length}] || '. ' ||
    (${textArray(DETAILS)})[1 + ${n} % ${DETAILS.length}] || ' ' ||
    (${textArray(CLOSERS)})[1 + (${n} / 3) % ${CLOSERS.length}]`;
}

/** The bench exam's questions in a fixed order: the first is the measured thread, the next 20 are posted under. */
async function benchQuestions(db: Db, examId: string): Promise<string[]> {
  return (
    await rows<{ id: string }>(db, sql`select id from questions where exam_id = ${examId} order by id`)
  ).map((row) => row.id);
}

interface CommunityData {
  /** the measured question thread (exactly 100 comments, all visible) */
  questionId: string;
  /** the busiest article thread, and how many comments it holds */
  articleId: string;
  articleComments: number;
  /** the questions the posting scenario posts under (the measured one not among them) */
  postQuestions: string[];
}

/**
 * The members, their profiles and the 100,000 comments (idempotent: kept when they are all there, else
 * the members' comments are written again). Comments are spread over the benchmark exam's questions and
 * `articleIds`, created 2 hours to 30 days ago (none counts against anyone's hourly limits).
 */
export async function ensureComments(
  target: Target,
  { examId, articleIds }: { examId: string; articleIds: string[] },
  log: Log,
): Promise<CommunityData> {
  return withDb(target, async (db) => {
    const questions = await benchQuestions(db, examId);
    const measured = questions[0]!;
    const members = sql`(select id from users where email like ${MEMBER_EMAIL})`;
    const [state] = (await rows<{ members: number; comments: number; measured: number }>(
      db,
      sql`select (select count(*)::int from users where email like ${MEMBER_EMAIL}) as members,
        (select count(*)::int from comments where user_id in ${members} or team_name = ${TEAM}) as comments,
        (select count(*)::int from comments where question_id = ${measured}) as measured`,
    )) as [{ members: number; comments: number; measured: number }];
    if (
      state.members < MEMBERS ||
      state.comments < COMMENTS ||
      state.measured !== THREAD_TOP + THREAD_REPLIES
    ) {
      const started = Date.now();
      let lap = started;
      const step = (label: string) => {
        log(`  community: ${label}: ${((Date.now() - lap) / 1000).toFixed(1)} s`);
        lap = Date.now();
      };
      await db.execute(sql`
        insert into users (id, name, email, password_hash, email_verified_at, created_at, updated_at)
        select gen_random_uuid(), 'Bench Member ' || i, replace(${MEMBER_EMAIL}, '%', i::text), '!',
          now() - interval '90 days', now() - interval '90 days', now()
        from generate_series(1, ${MEMBERS}::int) as i
        on conflict (email) do nothing`);
      await db.execute(sql`
        insert into community_profiles (user_id, display_name)
        select u.id, (${textArray(NAMES)})[1 + n % ${NAMES.length}] || ' ' || n
        from (select id, substring(email from 'bench-member-([0-9]+)@')::int as n from users
              where email like ${MEMBER_EMAIL}) u
        on conflict (user_id) do update set display_name = excluded.display_name`);
      step(`${MEMBERS} members`);
      // Start again from nothing (an interrupted fill, or a measured thread someone posted in).
      await db.execute(sql`
        delete from comments where user_id in ${members} or team_name = ${TEAM} or question_id = ${measured}`);
      step('earlier comments deleted');
      const memberList = sql`(select id, row_number() over (order by email)::int - 1 as m from users
        where email like ${MEMBER_EMAIL})`;
      // The measured thread: 80 top-level comments, all visible, helpful 0–24.
      await db.execute(sql`
        insert into comments (id, question_id, user_id, body, status, helpful, created_at)
        select gen_random_uuid(), ${measured}::uuid, m.id, ${bodySql(sql.raw('i'))}, 'visible',
          case when i % 4 = 0 then (i * 7) % 25 else i % 3 end,
          now() - interval '2 hours' - ((i * 7919) % ${30 * DAY_SECONDS}) * interval '1 second'
        from generate_series(0, ${THREAD_TOP - 1}::int) as i
        join ${memberList} m on m.m = (i * 7) % ${MEMBERS}`);
      // Its 20 replies: two under each of the 10 comments shown first (most helpful).
      await db.execute(sql`
        with shown as (
          select id, created_at, row_number() over (order by helpful desc, created_at desc)::int - 1 as r
          from comments where question_id = ${measured} and parent_id is null
        )
        insert into comments (id, question_id, parent_id, user_id, body, status, helpful, created_at)
        select gen_random_uuid(), ${measured}::uuid, s.id, m.id, ${bodySql(sql.raw('(i + 3)'))}, 'visible', i % 4,
          least(s.created_at + (1 + i) * interval '1 hour', now() - interval '90 minutes')
        from generate_series(0, ${THREAD_REPLIES - 1}::int) as i
        join shown s on s.r = i / 2
        join ${memberList} m on m.m = (i * 11 + 3) % ${MEMBERS}`);
      step('the measured thread (100)');
      // The other threads: the exam's other 99 questions and the articles, round robin.
      const others = COMMENTS - THREAD_TOP - THREAD_REPLIES;
      const replies = Math.round(others * REPLY_SHARE);
      const threads = sql`(
        select row_number() over (order by kind, id)::int - 1 as t, question_id, article_id from (
          select 'q' as kind, id, id as question_id, null::uuid as article_id
          from questions where exam_id = ${examId} and id <> ${measured}
          union all
          select 'a', a, null::uuid, a from unnest(${sql.param(articleIds)}::uuid[]) as a
        ) listed)`;
      await db.execute(sql`
        with threads as ${threads}, counted as (select count(*)::int as n from threads)
        insert into comments (id, question_id, article_id, user_id, body, status, helpful, created_at,
          moderation_action, moderation_reason, moderated_at)
        select gen_random_uuid(), t.question_id, t.article_id, m.id,
          case when i % 151 = 0 then '' else ${bodySql(sql.raw('i'))} end,
          case when i % 97 = 0 then 'hidden' when i % 151 = 0 then 'deleted' when i % 199 = 0 then 'held'
            else 'visible' end,
          case when i % 11 = 0 then 5 + (i * 13) % 40 when i % 3 = 0 then 1 + i % 4 else 0 end,
          now() - interval '2 hours' - ((i * 7919) % ${30 * DAY_SECONDS}) * interval '1 second',
          case when i % 97 = 0 then 'hidden' end,
          case when i % 97 = 0 then 'Gives the answer away without explaining it' else '' end,
          case when i % 97 = 0 then now() - interval '1 hour' end
        from generate_series(0, ${others - replies - 1}::int) as i
        cross join counted
        join threads t on t.t = i % counted.n
        join ${memberList} m on m.m = (i * 7) % ${MEMBERS}`);
      // Statistics first: planned against an empty table, the replies' join runs as nested loops (minutes).
      await db.execute(sql`analyze comments`);
      step('top-level comments');
      // Replies: under a top-level comment of the same thread, most often one of those shown first; one in
      // 50 from the team.
      await db.execute(sql`
        with parents as (
          select id, question_id, article_id, created_at,
            dense_rank() over (order by coalesce(question_id, article_id))::int - 1 as t,
            row_number() over (partition by coalesce(question_id, article_id)
              order by helpful desc, created_at desc)::int - 1 as r,
            count(*) over (partition by coalesce(question_id, article_id))::int as n
          from comments where parent_id is null and user_id in ${members} and status <> 'held'
            and (question_id is null or question_id <> ${measured})
        ), sizes as (select distinct t, n from parents),
        picks as (
          select i, i % (select count(*)::int from sizes) as t, ((i * 7919) % 1000) / 1000.0 as u
          from generate_series(0, ${replies - 1}::int) as i
        )
        insert into comments (id, question_id, article_id, parent_id, user_id, team_name, body, status, helpful,
          created_at)
        select gen_random_uuid(), p.question_id, p.article_id, p.id,
          case when k.i % 50 = 0 then null else m.id end, case when k.i % 50 = 0 then ${TEAM} end,
          ${bodySql(sql.raw('(k.i + 5)'))},
          case when k.i % 89 = 0 then 'hidden' else 'visible' end,
          case when k.i % 7 = 0 and k.i % 50 <> 0 then 1 + k.i % 9 else 0 end,
          least(p.created_at + (1 + k.i % 72) * interval '1 hour', now() - interval '90 minutes')
        from picks k
        join sizes s on s.t = k.t
        join parents p on p.t = k.t and p.r = floor(s.n * k.u * k.u)::int
        join ${memberList} m on m.m = (k.i * 13 + 5) % ${MEMBERS}`);
      step('replies');
      // A vote behind every helpful count, from the members after the author (never the author).
      await db.execute(sql`
        insert into comment_votes (comment_id, user_id, created_at)
        select c.id, m.id, c.created_at + interval '10 minutes'
        from comments c
        join ${memberList} a on a.id = c.user_id
        cross join lateral generate_series(1, c.helpful) as k
        join ${memberList} m on m.m = (a.m + k) % ${MEMBERS}
        where c.helpful > 0
        on conflict do nothing`);
      step('helpful votes');
      // What autovacuum would do after such a fill: statistics and the visibility map.
      await db.execute(sql`vacuum analyze comments`);
      await db.execute(sql`vacuum analyze comment_votes`);
      step('vacuum analyze');
      log(
        `community: ${COMMENTS} comments by ${MEMBERS} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const [article] = await rows<{ id: string; n: number }>(
      db,
      sql`select article_id as id, count(*)::int as n from comments
          where article_id = any(${sql.param(articleIds)}::uuid[]) group by article_id order by n desc, id limit 1`,
    );
    return {
      questionId: measured,
      articleId: article!.id,
      articleComments: article!.n,
      postQuestions: questions.slice(1, 1 + POST_QUESTIONS),
    };
  });
}

/**
 * Makes learners able to read and post: a display name (kept if they have one) and commenting not
 * suspended, a `learner_questions` row (answered, as a submitted sitting writes it) for each question, and
 * none of their comments of the last hour left (an interrupted run's posts would count against the limits).
 */
export async function prepareLearners(
  target: Target,
  userIds: string[],
  questionIds: string[],
): Promise<void> {
  await withDb(target, async (db) => {
    const users = sql`unnest(${sql.param(userIds)}::uuid[])`;
    await db.execute(sql`
      insert into community_profiles (user_id, display_name)
      select u, 'Bench Learner ' || substring(x.email from 'bench-([0-9]+)@') from ${users} as u
      join users x on x.id = u
      on conflict (user_id) do update
        set display_name = coalesce(community_profiles.display_name, excluded.display_name),
          commenting_suspended_at = null`);
    await db.execute(sql`
      insert into learner_questions (user_id, question_id, exam_id, topic, seen, wrong, last_correct, flagged,
        last_seen_at, last_choice)
      select u, q.id, q.exam_id, coalesce(q.topic, 'General'), 1, 0, true, false, now() - interval '1 day',
        q.correct_answer
      from ${users} as u cross join questions q where q.id = any(${sql.param(questionIds)}::uuid[])
      on conflict (user_id, question_id) do nothing`);
    await removeRecentPosts(db, userIds);
  });
}

async function removeRecentPosts(db: Db, userIds: string[]) {
  const [removed] = await rows<{ n: number }>(
    db,
    sql`with gone as (
          delete from comments where user_id = any(${sql.param(userIds)}::uuid[])
            and created_at > now() - interval '1 hour' returning 1)
        select count(*)::int as n from gone`,
  );
  return removed?.n ?? 0;
}

/**
 * Deletes what the posting learners posted in the last hour (a run within the hour is then not refused),
 * again until a pass finds none: posts autocannon left in flight when it stopped are still being written.
 */
export async function removePosts(target: Target, userIds: string[]): Promise<number> {
  return withDb(target, async (db) => {
    let removed = await removeRecentPosts(db, userIds);
    for (let pass = 0; pass < 20; pass += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const late = await removeRecentPosts(db, userIds);
      if (late === 0) break;
      removed += late;
    }
    return removed;
  });
}

/** The ids of `bench-<first>` … `bench-<first + count - 1>` (the learners `loginMany` signs in). */
export async function learnerIds(target: Target, first: number, count: number): Promise<string[]> {
  return withDb(target, async (db) =>
    (
      await rows<{ id: string }>(
        db,
        sql`select u.id from generate_series(${first}::int, ${first + count - 1}::int) as i
            join users u on u.email = 'bench-' || i || '@example.com' order by i`,
      )
    ).map((row) => row.id),
  );
}

/**
 * Posting: every request a (learner, question) pair not used before, learners in turn (consecutive posts
 * are by different learners, so no post waits for the same learner's row lock): each learner posts once
 * under each question, 20 in all. `used()` says how many pairs were handed out; beyond the pool a pair is
 * used again and answered 429, which shows in the non-2xx count.
 */
export function postScenario(
  url: string,
  tokens: string[],
  questionIds: string[],
): { options: autocannon.Options; used: () => number; pool: number } {
  let next = 0;
  return {
    pool: tokens.length * questionIds.length,
    used: () => next,
    options: {
      url,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const n = next++;
            const token = tokens[n % tokens.length]!;
            const questionId = questionIds[Math.floor(n / tokens.length) % questionIds.length]!;
            return {
              ...request,
              method: 'POST',
              path: `/api/questions/${questionId}/comments`,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ body: commentBody(n) }),
            };
          },
        },
      ],
    },
  };
}
