import { randomBytes } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  api,
  type AdminMock,
  type AdminRole,
  type Answers,
  type Attempt,
  type ExamResult,
  type MockBody,
  type RouteBody,
  type StartAttemptBody,
} from '@mlp/contract';
import type { Db } from '../src/db/client.ts';
import { applyDerivedResults } from '../src/jobs.ts';
import { exams, questions, subscriptions } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import {
  insertAdmin,
  insertAdminSession,
  recordAdminLogin,
} from '../src/modules/admins/admins.repository.ts';
import { insertArticle } from '../src/modules/articles/articles.repository.ts';
import {
  insertCourse,
  replaceUnits,
  unitsOf,
  type CourseRow,
  type CourseUnitRow,
} from '../src/modules/courses/courses.repository.ts';
import { insertDevice } from '../src/modules/devices/devices.repository.ts';
import { insertSession } from '../src/modules/users/sessions.repository.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import type { TestApp } from './app.ts';

let sequence = 0;

export interface ExamInput {
  /** the topic of the question at each index (createExam only; questions have none by default) */
  questionTopic?: (index: number) => string;
  title?: string;
  description?: string;
  category?: string;
  pricePence?: number;
  numberOfQuestions?: number;
  isActive?: boolean;
  tags?: string[];
  createdAt?: Date;
  topics?: string[];
  secondsPerQuestion?: number;
  modes?: Array<'exam' | 'timed' | 'tutor'>;
  timedPauseAllowed?: boolean;
}

/** Valid exam values; override what the test is about. */
export function buildExam(overrides: Omit<ExamInput, 'questionTopic'> = {}) {
  sequence += 1;
  return {
    title: `Exam ${sequence}`,
    description: `Description of exam ${sequence}`,
    category: 'medical',
    pricePence: 0,
    numberOfQuestions: 3,
    isActive: true,
    tags: [],
    ...overrides,
  };
}

/** Valid input for an exam's edit in the panel (`PUT /api/admin/exams/:id`): published, free, 2 questions. */
export function buildExamUpdate(
  overrides: Partial<RouteBody<typeof api.adminExams.update>> = {},
): RouteBody<typeof api.adminExams.update> {
  return {
    title: 'x',
    description: 'y',
    category: 'medical',
    numberOfQuestions: 2,
    price: 0,
    isActive: true,
    ...overrides,
  };
}

export function buildQuestion(index: number) {
  return {
    question: `Question ${index}: which option is correct?`,
    options: [`Option A${index}`, `Option B${index}`, `Option C${index}`, `Option D${index}`],
    correctAnswer: index % 4,
    explanation: `Explanation ${index}`,
    // What the question teaches (decision 0050): never served before the answer, so tests can look for it.
    rationales: ['A', 'B', 'C', 'D'].map(
      (letter) => `Why ${letter}${index} is ${index % 4 === 'ABCD'.indexOf(letter) ? 'right' : 'wrong'}`,
    ),
    objective: `Objective ${index}`,
    references: [{ title: `Reference ${index}`, url: `https://example.org/ref/${index}` }],
  };
}

/** Inserts an exam with `questionCount` approved questions (default: numberOfQuestions). */
export async function createExam(db: Db, overrides: ExamInput = {}, questionCount?: number) {
  const { questionTopic, ...examValues } = overrides;
  const values = buildExam(examValues);
  const [exam] = await db.insert(exams).values(values).returning();
  if (!exam) throw new Error('exam insert failed');
  const count = questionCount ?? values.numberOfQuestions;
  if (count > 0) {
    await db.insert(questions).values(
      Array.from({ length: count }, (_, i) => ({
        ...buildQuestion(i),
        ...(questionTopic ? { topic: questionTopic(i) } : {}),
        examId: exam.id,
      })),
    );
  }
  return exam;
}

/** An exam of 10 questions (unless overridden), alternately Cardiology and Renal, both in its topics. */
export function createTopicExam(db: Db, overrides: ExamInput = {}) {
  return createExam(db, {
    numberOfQuestions: 10,
    topics: ['Cardiology', 'Renal'],
    questionTopic: (index) => (index % 2 === 0 ? 'Cardiology' : 'Renal'),
    ...overrides,
  });
}

export interface ArticleInput {
  title?: string;
  summary?: string;
  category?: 'medical' | 'education' | 'exam-prep' | 'career' | 'research';
  content?: string;
  status?: 'draft' | 'published';
}

/** Inserts a published article (as the articles repository writes one); override what the test is about. */
export async function createArticle(target: DbOrApp, overrides: ArticleInput = {}) {
  sequence += 1;
  return insertArticle(dbOf(target), {
    title: `Article ${sequence}`,
    summary: `Summary of article ${sequence}`,
    category: 'medical',
    content: `<p>Body of article ${sequence}</p>`,
    preview: `Body of article ${sequence}`,
    status: 'published',
    ...overrides,
  });
}

/** A course unit: give the kind's own fields (articleId; examId, size, mode; examId, passMark). */
export interface CourseUnitInput {
  kind: 'article' | 'practice' | 'checkpoint';
  title?: string;
  articleId?: string;
  examId?: string;
  topics?: string[];
  size?: number;
  mode?: 'exam' | 'timed' | 'tutor';
  passMark?: number;
}

export interface CourseInput {
  title?: string;
  summary?: string;
  category?: 'medical' | 'nursing' | 'pharmacy' | 'other';
  status?: 'draft' | 'published';
  createdAt?: Date;
  units?: CourseUnitInput[];
}

/** Inserts a published course with its units in the order given (none by default). */
export async function createCourse(
  target: DbOrApp,
  overrides: CourseInput = {},
): Promise<{ course: CourseRow; units: CourseUnitRow[] }> {
  sequence += 1;
  const db = dbOf(target);
  const { units = [], ...fields } = overrides;
  const course = await insertCourse(db, {
    title: `Course ${sequence}`,
    summary: `Summary of course ${sequence}`,
    category: 'medical',
    status: 'published',
    ...fields,
  });
  await replaceUnits(
    db,
    course.id,
    units.map((unit) => ({
      kind: unit.kind,
      title: unit.title ?? '',
      articleId: unit.articleId ?? null,
      examId: unit.examId ?? null,
      topics: unit.topics ?? [],
      size: unit.size ?? null,
      mode: unit.mode ?? null,
      passMark: unit.passMark ?? null,
    })),
  );
  return { course, units: await unitsOf(db, [course.id]) };
}

/** Valid site settings for `PUT /api/admin/settings`, PayPal switched off; override what the test is about. */
export function buildSiteSettings(overrides: Record<string, unknown> = {}) {
  return {
    siteName: 'MedPrep',
    siteDescription: '',
    contactEmail: 'help@medprep.example',
    maintenanceMode: false,
    registrationEnabled: true,
    examCreationEnabled: true,
    paypal: { clientId: '', mode: 'sandbox', enabled: false },
    ...overrides,
  };
}

/** The subjects of the mails queued for a user (the outbox), oldest first. */
export async function mailSubjectsOf(target: DbOrApp, userId: string): Promise<string[]> {
  const rows = await queryRows<{ subject: string }>(
    dbOf(target),
    sql`select subject from mail_outbox where user_id = ${userId} order by created_at, id`,
  );
  return rows.map((row) => row.subject);
}

/** Rows of a raw query, the same on PGlite and node-postgres. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

// Accounts. API tests get a signed-in learner or administrator straight from the database, the way
// login leaves it (users.service.ts login, admins.service.ts openSession), instead of registering and
// logging in over HTTP. Rows go in through the repositories' own insert functions so the test data keeps
// in step with the code; only tests of registration and login themselves go through the API.

/** Anything a factory can insert through: a database or a test app (its database). */
export type DbOrApp = Db | { ctx: { db: Db } };

function dbOf(target: DbOrApp): Db {
  return 'ctx' in target ? target.ctx.db : target;
}

let accountSequence = 0;
function nextAccount(): string {
  accountSequence += 1;
  return `${accountSequence}-${randomBytes(3).toString('hex')}`;
}

/** argon2id takes about 25 ms a hash: each distinct password is hashed once per process and reused. */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** A session token as login hands it out, and the Authorization header that carries it. */
function newSessionToken(scheme: 'Bearer' | 'Admin') {
  const token = newToken();
  return { token, tokenHash: hashToken(token), headers: { authorization: `${scheme} ${token}` } };
}

export const LEARNER_PASSWORD = 'Learner-Pass-1';
export const ADMIN_PASSWORD = 'Admin-Pass-2026';

export interface LearnerInput {
  name?: string;
  /** stored as given: pass it trimmed and lower-cased, as registration stores it */
  email?: string;
  password?: string;
  /** false: registered but the e-mail address is not verified yet */
  verified?: boolean;
}

/** Valid registration input for a learner (`POST /api/users/register` takes name, email and password). */
export function buildLearner(overrides: LearnerInput = {}) {
  const key = nextAccount();
  return {
    name: `Learner ${key}`,
    email: `learner-${key}@example.com`,
    password: LEARNER_PASSWORD,
    verified: true,
    ...overrides,
  };
}

export interface LearnerAccount {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** Inserts a learner's account only: no device, no session (for tests that log in themselves). */
export async function createLearnerAccount(
  target: DbOrApp,
  overrides: LearnerInput = {},
): Promise<LearnerAccount> {
  const { verified, ...learner } = buildLearner(overrides);
  const row = await insertUser(dbOf(target), {
    name: learner.name,
    email: learner.email,
    passwordHash: await passwordHashOf(learner.password),
    emailVerifiedAt: verified ? new Date() : null,
  });
  if (!row) throw new Error(`a learner with the address ${learner.email} exists already`);
  return { id: row.id, ...learner };
}

export interface DeviceInput {
  /** the browser's own random id (login's `deviceId`) */
  deviceKey?: string;
  deviceName?: string;
}

export interface LearnerSession {
  /** the device row's id, as GET /api/devices answers it */
  deviceId: string;
  token: string;
  headers: { authorization: string };
}

/** Signs a learner in on a new device, as login does: a device row and a live session on it. */
export async function createLearnerSession(
  target: DbOrApp,
  learner: Pick<LearnerAccount, 'id'>,
  overrides: DeviceInput = {},
): Promise<LearnerSession> {
  const db = dbOf(target);
  const device = await insertDevice(db, {
    userId: learner.id,
    deviceKey: overrides.deviceKey ?? `device-${nextAccount()}`,
    deviceName: overrides.deviceName ?? 'Test browser',
  });
  const { token, tokenHash, headers } = newSessionToken('Bearer');
  await insertSession(db, { userId: learner.id, deviceId: device.id, tokenHash });
  return { deviceId: device.id, token, headers };
}

export type Learner = LearnerAccount & LearnerSession;

/** Inserts a verified learner signed in on one device; `headers` carry `Authorization: Bearer …`. */
export async function createLearner(
  target: DbOrApp,
  overrides: LearnerInput & DeviceInput = {},
): Promise<Learner> {
  const { deviceKey, deviceName, ...account } = overrides;
  const learner = await createLearnerAccount(target, account);
  const device: DeviceInput = {
    ...(deviceKey === undefined ? {} : { deviceKey }),
    ...(deviceName === undefined ? {} : { deviceName }),
  };
  return { ...learner, ...(await createLearnerSession(target, learner, device)) };
}

export interface AdminInput {
  name?: string;
  email?: string;
  password?: string;
  /** createAdmin: Owner unless given (decision 0067) */
  role?: AdminRole;
}

/** Valid input for a new administrator (`POST /api/admin/auth/admins`). */
export function buildAdmin(overrides: AdminInput = {}) {
  const key = nextAccount();
  return { name: `Admin ${key}`, email: `admin-${key}@example.com`, password: ADMIN_PASSWORD, ...overrides };
}

export interface Admin {
  id: string;
  role: AdminRole;
  name: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

/** Inserts an administrator with a live session; `headers` carry `Authorization: Admin …`. */
export async function createAdmin(target: DbOrApp, overrides: AdminInput = {}): Promise<Admin> {
  const db = dbOf(target);
  const { role = 'owner', ...admin } = buildAdmin(overrides);
  const row = await insertAdmin(db, {
    name: admin.name,
    email: admin.email,
    passwordHash: await passwordHashOf(admin.password),
    role,
  });
  if (!row) throw new Error(`an administrator with the address ${admin.email} exists already`);
  const { token, tokenHash, headers } = newSessionToken('Admin');
  await insertAdminSession(db, row.id, tokenHash);
  await recordAdminLogin(db, row.id);
  return { id: row.id, role, ...admin, token, headers };
}

export interface SubscriptionInput {
  userId: string;
  examId: string;
  isFree?: boolean;
  startDate?: Date;
  endDate?: Date;
  autoRenew?: boolean;
  cancelledAt?: Date | null;
}

/** A learner's subscription to an exam: free, from now, for 30 days; override what the test is about. */
export async function createSubscription(target: DbOrApp, input: SubscriptionInput) {
  const now = Date.now();
  const [row] = await dbOf(target)
    .insert(subscriptions)
    .values({
      isFree: true,
      startDate: new Date(now),
      endDate: new Date(now + 30 * 86_400_000),
      ...input,
    })
    .returning();
  if (!row) throw new Error('subscription insert failed');
  return row;
}

/** A subscription that outlasts any clock a test moves forward: free, from now, for 400 days. */
const LONG_SUBSCRIPTION_MS = 400 * 86_400_000;

/**
 * An exam (as createExam makes it) the learner holds a free 400-day subscription to: what a test of sitting
 * an exam starts from.
 */
export async function createSubscribedExam(
  target: DbOrApp,
  learner: Pick<LearnerAccount, 'id'>,
  overrides: ExamInput = {},
  questionCount?: number,
) {
  const exam = await createExam(dbOf(target), overrides, questionCount);
  await createSubscription(target, {
    userId: learner.id,
    examId: exam.id,
    endDate: new Date(Date.now() + LONG_SUBSCRIPTION_MS),
  });
  return exam;
}

/** A signed-in learner (createLearner) with a free 400-day subscription to each exam given. */
export async function createSubscribedLearner(
  target: DbOrApp,
  examIds: string | string[],
  overrides: LearnerInput & DeviceInput = {},
): Promise<Learner> {
  const learner = await createLearner(target, overrides);
  for (const examId of typeof examIds === 'string' ? [examIds] : examIds) {
    await createSubscription(target, {
      userId: learner.id,
      examId,
      endDate: new Date(Date.now() + LONG_SUBSCRIPTION_MS),
    });
  }
  return learner;
}

// Live mocks (decision 0077).

/**
 * A live mock's schedule as the panel sends it: opening an hour after `now` for a day, 90 minutes, one
 * attempt with the full time for late starters, results at the close.
 */
export function buildMockBody(now: Date, examId: string, overrides: Partial<MockBody> = {}): MockBody {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  return {
    examId,
    title: 'Spring finals mock',
    opensAt: at(3_600_000),
    closesAt: at(3_600_000 + 86_400_000),
    timeLimitMinutes: 90,
    lateStart: 'full',
    release: 'at_close',
    ...overrides,
  };
}

/** A live mock scheduled through the panel's API (by `as`, else a new Owner), as buildMockBody makes it. */
export async function scheduleMock(
  t: Pick<TestApp, 'call' | 'ctx' | 'clock'>,
  examId: string,
  overrides: Partial<MockBody> = {},
  as?: Admin,
): Promise<{ mock: AdminMock; admin: Admin }> {
  const admin = as ?? (await createAdmin(t));
  const created = await t.call(api.adminMocks.create, {
    body: buildMockBody(t.clock.now(), examId, overrides),
    as: admin,
  });
  if (created.statusCode !== 201)
    throw new Error(`scheduling a mock answered ${created.statusCode}: ${created.message}`);
  return { mock: created.body.mock, admin };
}

// Sittings. Learners sit exams through the API (start, then submit), as the exam page does, so a result
// is stored by the code under test with its responses, review cards and figures; only the answer key is
// read from the database.

/** What a sitting factory needs of the test app: its typed client and its database. */
export type SittingApp = Pick<TestApp, 'call' | 'ctx'>;

/** Starts (or resumes) the learner's sitting of an exam through the API; the attempt as served. */
export async function startSitting(
  t: SittingApp,
  learner: { headers: Record<string, string> },
  examId: string,
  body: StartAttemptBody = {},
): Promise<Attempt> {
  const started = await t.call(api.attempts.start, { params: { id: examId }, body, as: learner });
  if (started.statusCode !== 200) {
    throw new Error(`starting a sitting answered ${started.statusCode}: ${started.message}`);
  }
  return started.body;
}

/** Submits the attempt with these answers through the API; the stored result (a first submit's 201). */
export async function submitSitting(
  t: SittingApp,
  learner: { headers: Record<string, string> },
  examId: string,
  attempt: Pick<Attempt, '_id'>,
  answers: Answers,
): Promise<ExamResult> {
  const submitted = await t.call(api.attempts.submit, {
    params: { id: examId },
    body: { answers, attemptId: attempt._id },
    as: learner,
  });
  if (submitted.statusCode !== 201) {
    throw new Error(`submitting a sitting answered ${submitted.statusCode}: ${submitted.message}`);
  }
  return submitted.body;
}

/**
 * Runs the `derived-results` job now (decision 0075): what submitted results derive (per-question rows,
 * standing, analytics, review cards, item statistics) follows a submit within seconds, so a test that reads
 * those after a submit applies them first instead of waiting. Resolves with how many results it applied.
 */
export function applyPendingResults(t: { ctx: TestApp['ctx'] }): Promise<number> {
  return applyDerivedResults(t.ctx);
}

/** The text of each question's correct option, by question id (the key is never served before a submit). */
export async function correctAnswersOf(target: DbOrApp, questionIds: string[]): Promise<Map<string, string>> {
  if (questionIds.length === 0) return new Map();
  const rows = await dbOf(target)
    .select({ id: questions.id, options: questions.options, correctAnswer: questions.correctAnswer })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  return new Map(rows.map((row) => [row.id, row.options[row.correctAnswer]!]));
}

/** The text of the question's correct option. */
export async function correctAnswerOf(target: DbOrApp, questionId: string): Promise<string> {
  const answer = (await correctAnswersOf(target, [questionId])).get(questionId);
  if (answer === undefined) throw new Error(`no question ${questionId}`);
  return answer;
}

/** A served question's first choice that is not its key. */
export async function wrongAnswerOf(
  target: DbOrApp,
  question: { _id: string; choices: string[] },
): Promise<string> {
  const correct = await correctAnswerOf(target, question._id);
  return question.choices.find((choice) => choice !== correct)!;
}

type ServedQuestion = Attempt['questions'][number];

/**
 * Answers to the served questions: right where `right` says (the first `right` questions when it is a
 * number), wrong elsewhere (the first choice that is not the key).
 */
export async function answersFor(
  target: DbOrApp,
  served: ServedQuestion[],
  right: number | ((question: ServedQuestion, index: number) => boolean),
): Promise<Answers> {
  const key = await correctAnswersOf(
    target,
    served.map((question) => question._id),
  );
  const isRight = typeof right === 'number' ? (_: ServedQuestion, index: number) => index < right : right;
  return Object.fromEntries(
    served.map((question, index) => {
      const correct = key.get(question._id)!;
      const answer = isRight(question, index)
        ? correct
        : question.choices.find((choice) => choice !== correct)!;
      return [question._id, answer];
    }),
  );
}

export interface SitInput extends NonNullable<StartAttemptBody> {
  /** which questions to get right: the first n, or those the function picks (default: all) */
  right?: number | ((question: ServedQuestion, index: number) => boolean);
}

/** Sits an exam through the API (start, then submit), right where `right` says; the stored result. */
export async function sitExam(
  t: SittingApp,
  learner: { headers: Record<string, string> },
  examId: string,
  { right = () => true, ...start }: SitInput = {},
): Promise<ExamResult> {
  const attempt = await startSitting(t, learner, examId, start);
  return submitSitting(t, learner, examId, attempt, await answersFor(t, attempt.questions, right));
}

/** The exam's questions in a stable order (by id), as stored: with their keys, for setting answers by hand. */
export async function questionsOf(target: DbOrApp, examId: string) {
  const rows = await dbOf(target).select().from(questions).where(eq(questions.examId, examId));
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}
