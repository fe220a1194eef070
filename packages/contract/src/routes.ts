import type { z } from 'zod';
import type { EndpointSchemas, EndpointSchemaTable } from './endpoints.ts';
import { IMPORT_TOO_LARGE_MESSAGE } from './constants.ts';

/*
 * Every API endpoint's method, path, caller and success status (decision 0028), free of zod at
 * run time so the web app's first load can import it (`@mlp/contract/routes`). What an endpoint takes and
 * answers is in endpoints.ts under the same key; the types here are read from there (type-only).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a signed-in learner (`Bearer`), or an administrator (`Admin`). */
export type RouteAuth = 'none' | 'learner' | 'admin';

export interface RouteDefinition {
  method: HttpMethod;
  /** the full path, with `:name` parameters */
  path: string;
  auth: RouteAuth;
  /** the status of a success (200 unless said) */
  status?: 200 | 201 | 204;
  /** the OpenAPI tag the route is listed under */
  tag: string;
  summary?: string;
  /** a larger request body than the app's 1 MiB, with the message a refusal over it shows */
  bodyLimit?: { bytes: number; message: string };
  /**
   * 'public': the same for everyone, so an anonymous request's answer may be kept by browsers and shared
   * caches (a CDN) for a short time and revalidated with its ETag (decision 0044)
   */
  cache?: 'public';
  /**
   * The answer is a file, not JSON (decision 0068): the handler sets its type and name with
   * `fileReply` (apps/api/src/plugins/endpoints.ts) and returns a string, bytes or a Node stream, sent
   * as they are; the response schema is `FileResponseSchema`. The web reads it with `apiDownload`.
   */
  file?: true;
}

type Input<S, K extends keyof EndpointSchemas> = S extends { [P in K]: infer T extends z.ZodType }
  ? z.input<T>
  : undefined;
type Output<S> = S extends { response: infer T extends z.ZodType } ? z.output<T> : never;

/** A route with its request and response types attached (type-only, never present at run time). */
export type Route<S = EndpointSchemas> = RouteDefinition & {
  readonly __types?: {
    params: Input<S, 'params'>;
    query: Input<S, 'query'>;
    body: Input<S, 'body'>;
    response: Output<S>;
  };
};
type TypesOf<R> = R extends { readonly __types?: infer T } ? NonNullable<T> : never;
export type RouteParams<R> = TypesOf<R> extends { params: infer P } ? P : never;
export type RouteQuery<R> = TypesOf<R> extends { query: infer Q } ? Q : never;
export type RouteBody<R> = TypesOf<R> extends { body: infer B } ? B : never;
export type RouteResponse<R> = TypesOf<R> extends { response: infer T } ? T : never;

/** The import routes' body limit: a 5 MB file (IMPORT_MAX_BYTES) as base64 in JSON, with room to spare. */
const IMPORT_BODY_LIMIT = { bytes: 8 * 1024 * 1024, message: IMPORT_TOO_LARGE_MESSAGE };

type RouteTable = {
  [G in keyof EndpointSchemaTable]: { [N in keyof EndpointSchemaTable[G]]: RouteDefinition };
};

const routeTable = {
  health: {
    health: { method: 'GET', path: '/api/health', auth: 'none', tag: 'health', summary: 'The process is up' },
    ready: {
      method: 'GET',
      path: '/api/ready',
      auth: 'none',
      tag: 'health',
      summary: 'The database answers',
    },
  },
  settings: {
    public: {
      method: 'GET',
      path: '/api/settings/public',
      auth: 'none',
      tag: 'settings',
      summary: 'Brand name and notices every page needs',
    },
    payment: { method: 'GET', path: '/api/settings/payment', auth: 'none', tag: 'payments' },
  },
  users: {
    emailService: {
      method: 'GET',
      path: '/api/users/check-email-service',
      auth: 'none',
      tag: 'account',
      summary: 'Whether e-mail can be sent (drives the development login banner)',
    },
    register: { method: 'POST', path: '/api/users/register', auth: 'none', status: 201, tag: 'account' },
    verifyEmail: {
      method: 'GET',
      path: '/api/users/verify-email/:userId/:token',
      auth: 'none',
      tag: 'account',
    },
    confirmEmailChange: {
      method: 'POST',
      path: '/api/users/confirm-email/:userId/:token',
      auth: 'none',
      tag: 'account',
      summary: 'Confirm a new e-mail address from the link sent to it (decision 0072)',
    },
    resendVerification: {
      method: 'POST',
      path: '/api/users/resend-verification',
      auth: 'none',
      tag: 'account',
    },
    forgotPassword: { method: 'POST', path: '/api/users/forgot-password', auth: 'none', tag: 'account' },
    validateResetToken: {
      method: 'GET',
      path: '/api/users/validate-reset-token/:userId/:token',
      auth: 'none',
      tag: 'account',
    },
    resetPassword: {
      method: 'POST',
      path: '/api/users/reset-password/:userId/:token',
      auth: 'none',
      tag: 'account',
    },
    login: { method: 'POST', path: '/api/users/login', auth: 'none', tag: 'account' },
    logout: { method: 'POST', path: '/api/users/logout', auth: 'learner', status: 204, tag: 'account' },
    me: { method: 'GET', path: '/api/users/me', auth: 'learner', tag: 'account' },
    changePassword: { method: 'PUT', path: '/api/users/password', auth: 'learner', tag: 'account' },
  },
  devices: {
    list: { method: 'GET', path: '/api/devices', auth: 'learner', tag: 'devices' },
    logout: { method: 'PUT', path: '/api/devices/:id/logout', auth: 'learner', tag: 'devices' },
    rename: { method: 'PUT', path: '/api/devices/:id', auth: 'learner', tag: 'devices' },
    remove: { method: 'DELETE', path: '/api/devices/:id', auth: 'learner', tag: 'devices' },
  },
  exams: {
    published: {
      method: 'GET',
      path: '/api/exams/published',
      auth: 'none',
      cache: 'public',
      tag: 'exams',
      summary: 'Published exams, newest first, searchable, by category, with the categories',
    },
    mine: { method: 'GET', path: '/api/exams/user', auth: 'learner', tag: 'exams' },
    detail: {
      method: 'GET',
      path: '/api/exams/:id',
      auth: 'none',
      cache: 'public',
      tag: 'exams',
      summary: 'Public fields of a published exam',
    },
    inside: {
      method: 'GET',
      path: '/api/exams/:id/inside',
      auth: 'none',
      cache: 'public',
      tag: 'exams',
      summary: "A published exam's topics with question counts, modes, timing and sample questions (no keys)",
    },
    checkSample: {
      method: 'POST',
      path: '/api/exams/:id/samples/:questionId/check',
      auth: 'none',
      tag: 'exams',
      summary: 'Checks an answer to one sample question: its key, explanation and rationales; writes nothing',
    },
  },
  attempts: {
    start: {
      method: 'POST',
      path: '/api/exams/:id/attempts',
      auth: 'learner',
      tag: 'exams',
      summary: 'Start or resume an attempt: questions without answers',
    },
    saveAnswers: {
      method: 'PUT',
      path: '/api/exams/attempts/:id/answers',
      auth: 'learner',
      status: 204,
      tag: 'exams',
      summary: 'Save the answers and position of an open attempt',
    },
    heartbeat: {
      method: 'POST',
      path: '/api/exams/attempts/:id/heartbeat',
      auth: 'learner',
      tag: 'exams',
      summary: 'A sign of life from the exam page: counts active time',
    },
    answer: {
      method: 'POST',
      path: '/api/exams/attempts/:id/answer',
      auth: 'learner',
      tag: 'exams',
      summary: "Tutor mode: answer one question, lock it and see that question's answer",
    },
    pause: {
      method: 'POST',
      path: '/api/exams/attempts/:id/pause',
      auth: 'learner',
      tag: 'exams',
      summary: 'Pause a sitting: untimed, or timed where the exam allows it (time stops counting)',
    },
    resume: {
      method: 'POST',
      path: '/api/exams/attempts/:id/resume',
      auth: 'learner',
      tag: 'exams',
      summary: 'Resume a paused sitting',
    },
    submit: {
      method: 'POST',
      path: '/api/exams/:id/submit',
      auth: 'learner',
      status: 201,
      tag: 'exams',
      summary: 'Submit once and get the scored result (a repeat answers 200 with the same result)',
    },
    results: { method: 'GET', path: '/api/exams/results', auth: 'learner', tag: 'results' },
    result: { method: 'GET', path: '/api/exams/results/:id', auth: 'learner', tag: 'results' },
    history: { method: 'GET', path: '/api/exams/user/history', auth: 'learner', tag: 'results' },
    recent: { method: 'GET', path: '/api/exams/user/recent', auth: 'learner', tag: 'results' },
    open: {
      method: 'GET',
      path: '/api/exams/attempts/open',
      auth: 'learner',
      tag: 'exams',
      summary: 'The sittings and practice sets in progress (at most 10), most recently used first',
    },
    discard: {
      method: 'DELETE',
      path: '/api/exams/attempts/:id',
      auth: 'learner',
      status: 204,
      tag: 'exams',
      summary:
        'Discard an open sitting or practice set: its answers are deleted and it never becomes a result',
    },
  },
  reviews: {
    summary: {
      method: 'GET',
      path: '/api/reviews/summary',
      auth: 'learner',
      tag: 'reviews',
      summary: "Review due: how many cards are due now, when the next one comes, and today's limit",
    },
    forecast: {
      method: 'GET',
      path: '/api/reviews/forecast',
      auth: 'learner',
      tag: 'reviews',
      summary: "Cards coming due on each of the next 14 days, in the learner's time zone",
    },
    cards: {
      method: 'GET',
      path: '/api/reviews/cards',
      auth: 'learner',
      tag: 'reviews',
      summary: "The learner's review deck: each question, when it comes back, suspended or not",
    },
    suspend: {
      method: 'PUT',
      path: '/api/reviews/cards/:questionId',
      auth: 'learner',
      tag: 'reviews',
      summary: 'Suspend a card (it never comes due) or bring it back',
    },
    reset: {
      method: 'DELETE',
      path: '/api/reviews/deck',
      auth: 'learner',
      tag: 'reviews',
      summary: "Reset the learner's review deck (every card goes)",
    },
    session: {
      method: 'POST',
      path: '/api/reviews/session',
      auth: 'learner',
      status: 201,
      tag: 'reviews',
      summary:
        "Start a tutor-mode practice set of the cards due now (at most 50, and today's limit) or due within N days",
    },
    preferences: {
      method: 'GET',
      path: '/api/reviews/preferences',
      auth: 'learner',
      tag: 'reviews',
    },
    savePreferences: {
      method: 'PUT',
      path: '/api/reviews/preferences',
      auth: 'learner',
      tag: 'reviews',
      summary: 'Desired retention (FSRS) and whether to mark certainty',
    },
  },
  analytics: {
    read: {
      method: 'GET',
      path: '/api/analytics',
      auth: 'learner',
      tag: 'analytics',
      summary: 'By exam and topic: seen, % correct, trends, time per question, percentile; the next step',
    },
    peers: {
      method: 'GET',
      path: '/api/exams/results/:id/peers',
      auth: 'learner',
      tag: 'analytics',
      summary: "How other learners answered a result's questions (aggregates, 20 learners at least)",
    },
    tagMiss: {
      method: 'PUT',
      path: '/api/exams/results/:id/questions/:questionId/tag',
      auth: 'learner',
      tag: 'analytics',
      summary: "Tag why a question was missed ('didnt-know', 'misread', 'reasoning-slip', 'ran-out-of-time')",
    },
  },
  practice: {
    options: {
      method: 'GET',
      path: '/api/practice-sets/options',
      auth: 'learner',
      tag: 'practice',
      summary: 'What a practice set can draw on: per subscribed exam and topic, questions by source',
    },
    create: {
      method: 'POST',
      path: '/api/practice-sets',
      auth: 'learner',
      status: 201,
      tag: 'practice',
      summary: 'Build a practice set and start it (its attempt)',
    },
    resume: {
      method: 'POST',
      path: '/api/practice-sets/:id/resume',
      auth: 'learner',
      tag: 'practice',
      summary: 'Resume an open practice set',
    },
    submit: {
      method: 'POST',
      path: '/api/practice-sets/:id/submit',
      auth: 'learner',
      status: 201,
      tag: 'practice',
      summary: 'Submit a practice set once and get its result (a repeat answers 200 with the same result)',
    },
    startAssigned: {
      method: 'POST',
      path: '/api/practice-sets/assigned/:id',
      auth: 'learner',
      tag: 'practice',
      summary:
        "Start the practice set a cohort's assignment asks for (or resume the one started from it that is still open)",
    },
  },
  subscriptions: {
    list: { method: 'GET', path: '/api/subscriptions/user', auth: 'learner', tag: 'subscriptions' },
    status: {
      method: 'GET',
      path: '/api/subscriptions/status/:examId',
      auth: 'learner',
      tag: 'subscriptions',
    },
    subscribe: {
      method: 'POST',
      path: '/api/subscriptions',
      auth: 'learner',
      status: 201,
      tag: 'subscriptions',
    },
    autoRenew: {
      method: 'PUT',
      path: '/api/subscriptions/:examId/auto-renew',
      auth: 'learner',
      tag: 'subscriptions',
    },
    cancel: {
      method: 'PUT',
      path: '/api/subscriptions/cancel/:subscriptionId',
      auth: 'learner',
      tag: 'subscriptions',
    },
  },
  payments: {
    createOrder: {
      method: 'POST',
      path: '/api/payments/paypal/orders',
      auth: 'learner',
      status: 201,
      tag: 'payments',
    },
    capture: {
      method: 'POST',
      path: '/api/payments/paypal/orders/:orderId/capture',
      auth: 'learner',
      tag: 'payments',
    },
    list: {
      method: 'GET',
      path: '/api/payments',
      auth: 'learner',
      tag: 'payments',
      summary: "The learner's payments and failed renewal charges, newest first (receipts)",
    },
    method: {
      method: 'GET',
      path: '/api/payments/method',
      auth: 'learner',
      tag: 'payments',
      summary: 'The PayPal account saved for renewals, if any',
    },
    removeMethod: {
      method: 'DELETE',
      path: '/api/payments/method',
      auth: 'learner',
      tag: 'payments',
      summary: 'Forget the saved PayPal account (auto-renew of paid exams turns off)',
    },
    createSetupToken: {
      method: 'POST',
      path: '/api/payments/paypal/setup-tokens',
      auth: 'learner',
      status: 201,
      tag: 'payments',
      summary: 'Start saving a PayPal account for renewals without paying now',
    },
    saveMethod: {
      method: 'POST',
      path: '/api/payments/paypal/payment-tokens',
      auth: 'learner',
      status: 201,
      tag: 'payments',
      summary: 'Save the PayPal account the learner approved (an approved setup token)',
    },
    webhook: {
      method: 'POST',
      path: '/api/payments/paypal/webhook',
      auth: 'none',
      tag: 'payments',
      summary: "PayPal's events (refunds, reversals, captures, saved payers removed), verified with PayPal",
    },
  },
  articles: {
    published: {
      method: 'GET',
      path: '/api/articles/published',
      auth: 'none',
      cache: 'public',
      tag: 'articles',
    },
    byCategory: {
      method: 'GET',
      path: '/api/articles/category/:category',
      auth: 'none',
      cache: 'public',
      tag: 'articles',
    },
    detail: { method: 'GET', path: '/api/articles/:id', auth: 'none', cache: 'public', tag: 'articles' },
  },
  adminAuth: {
    check: { method: 'GET', path: '/api/admin/auth/check', auth: 'none', tag: 'admin auth' },
    register: {
      method: 'POST',
      path: '/api/admin/auth/register',
      auth: 'none',
      status: 201,
      tag: 'admin auth',
    },
    login: { method: 'POST', path: '/api/admin/auth/login', auth: 'none', tag: 'admin auth' },
    logout: { method: 'POST', path: '/api/admin/auth/logout', auth: 'admin', status: 204, tag: 'admin auth' },
    me: { method: 'GET', path: '/api/admin/auth/me', auth: 'admin', tag: 'admin auth' },
    changePassword: { method: 'PUT', path: '/api/admin/password', auth: 'admin', tag: 'admin auth' },
  },
  admins: {
    list: { method: 'GET', path: '/api/admin/auth/admins', auth: 'admin', tag: 'admin' },
    create: { method: 'POST', path: '/api/admin/auth/admins', auth: 'admin', status: 201, tag: 'admin' },
    remove: { method: 'DELETE', path: '/api/admin/auth/admins/:id', auth: 'admin', tag: 'admin' },
    changeRole: {
      method: 'PUT',
      path: '/api/admin/auth/admins/:id/role',
      auth: 'admin',
      tag: 'admin',
      summary: "Change an administrator's role (Owner only; never fewer than one Owner)",
    },
  },
  adminUsers: {
    list: { method: 'GET', path: '/api/admin/users', auth: 'admin', tag: 'admin' },
    detail: {
      method: 'GET',
      path: '/api/admin/users/:id',
      auth: 'admin',
      tag: 'admin',
      summary: "A learner's account and subscriptions",
    },
    remove: { method: 'DELETE', path: '/api/admin/users/:id', auth: 'admin', tag: 'admin' },
    resendVerification: {
      method: 'POST',
      path: '/api/admin/users/:id/resend-verification',
      auth: 'admin',
      tag: 'admin',
      summary: 'Send an unverified learner a new verification link',
    },
    signOut: {
      method: 'POST',
      path: '/api/admin/users/:id/sign-out',
      auth: 'admin',
      tag: 'admin',
      summary: "End every session on the learner's devices",
    },
    suspend: {
      method: 'PUT',
      path: '/api/admin/users/:id/suspension',
      auth: 'admin',
      tag: 'admin',
      summary: 'Suspend a learner (signed out, cannot sign in) or restore them',
    },
    grantAccess: {
      method: 'POST',
      path: '/api/admin/users/:id/grants',
      auth: 'admin',
      status: 201,
      tag: 'admin',
      summary: 'Give a learner complimentary access to an exam until a day, with a reason (never charged)',
    },
    changeName: {
      method: 'PUT',
      path: '/api/admin/users/:id/name',
      auth: 'admin',
      tag: 'admin',
      summary: "Correct a learner's name, with a reason",
    },
    changeEmail: {
      method: 'POST',
      path: '/api/admin/users/:id/email',
      auth: 'admin',
      tag: 'admin',
      summary: "Change a learner's e-mail address: a link to the new address confirms it, with a reason",
    },
    sendPasswordReset: {
      method: 'POST',
      path: '/api/admin/users/:id/password-reset',
      auth: 'admin',
      tag: 'admin',
      summary: 'Mail a learner a password-reset link, with a reason',
    },
    markVerified: {
      method: 'POST',
      path: '/api/admin/users/:id/verification',
      auth: 'admin',
      tag: 'admin',
      summary: "Mark a learner's e-mail address verified, with a reason",
    },
  },
  reports: {
    send: {
      method: 'POST',
      path: '/api/questions/:questionId/reports',
      auth: 'learner',
      status: 201,
      tag: 'results',
      summary: 'Report a problem with a question the learner has been shown',
    },
    list: {
      method: 'GET',
      path: '/api/admin/reports',
      auth: 'admin',
      tag: 'admin',
      summary: 'Learner reports, open ones oldest first',
    },
    byQuestion: {
      method: 'GET',
      path: '/api/admin/reports/questions',
      auth: 'admin',
      tag: 'admin',
      summary: 'The reports grouped by question, with their counts and reasons',
    },
    resolveQuestion: {
      method: 'POST',
      path: '/api/admin/reports/questions/:questionId/resolve',
      auth: 'admin',
      tag: 'admin',
      summary: 'Resolve every open report on a question together, telling each learner who asked',
    },
    resolve: {
      method: 'PUT',
      path: '/api/admin/reports/:id/resolve',
      auth: 'admin',
      tag: 'admin',
      summary: 'Record what was done about a report and optionally tell the learner',
    },
  },
  adminSettings: {
    read: { method: 'GET', path: '/api/admin/settings', auth: 'admin', tag: 'admin' },
    save: { method: 'PUT', path: '/api/admin/settings', auth: 'admin', tag: 'admin' },
    testPaypal: {
      method: 'POST',
      path: '/api/admin/settings/test-paypal',
      auth: 'admin',
      tag: 'admin',
      summary: 'Try PayPal credentials: the ones in the body (before saving), else the saved ones',
    },
  },
  adminPayments: {
    list: {
      method: 'GET',
      path: '/api/admin/payments',
      auth: 'admin',
      tag: 'admin',
      summary: 'Payments and renewal charges, newest first, paged and filtered',
    },
    refund: {
      method: 'POST',
      path: '/api/admin/payments/:id/refund',
      auth: 'admin',
      tag: 'admin',
      summary: 'Refund a payment in full through PayPal and end the access it paid for',
    },
  },
  itemAnalysis: {
    read: {
      method: 'GET',
      path: '/api/admin/exams/:id/item-analysis',
      auth: 'admin',
      tag: 'admin',
      summary: "Item analysis of an exam's questions from its submitted sittings, and the exam's reliability",
    },
    recalculate: {
      method: 'POST',
      path: '/api/admin/exams/:id/item-analysis/recalculate',
      auth: 'admin',
      tag: 'admin',
      summary: "Count the exam's sittings into its item analysis again from the start",
    },
  },
  testHooks: {
    clock: {
      method: 'POST',
      path: '/api/test/clock',
      auth: 'none',
      tag: 'test hooks',
      summary: 'Move the server clock forward (only with TEST_HOOKS=true, never in production)',
    },
    runJob: {
      method: 'POST',
      path: '/api/test/jobs/:name',
      auth: 'none',
      tag: 'test hooks',
      summary: 'Run a scheduled job now and wait for it (only with TEST_HOOKS=true)',
    },
  },
  audit: {
    list: {
      method: 'GET',
      path: '/api/admin/audit',
      auth: 'admin',
      tag: 'admin',
      summary: 'The activity log: administrator actions, newest first, paged and filtered',
    },
  },
  stats: {
    read: { method: 'GET', path: '/api/admin/stats', auth: 'admin', tag: 'admin' },
  },
  adminExports: {
    payments: {
      method: 'GET',
      path: '/api/admin/exports/payments',
      auth: 'admin',
      tag: 'admin',
      file: true,
      summary:
        'Payments, refunds and complimentary grants of a date range as CSV or an Excel workbook (streamed)',
    },
    results: {
      method: 'GET',
      path: '/api/admin/exports/exams/:id/results',
      auth: 'admin',
      tag: 'admin',
      file: true,
      summary:
        "An exam's submitted sittings of a date range, with the score by topic, as CSV or Excel (streamed)",
    },
    learners: {
      method: 'GET',
      path: '/api/admin/exports/learners',
      auth: 'admin',
      tag: 'admin',
      file: true,
      summary: 'The learners (optionally those registered in a date range) as CSV or Excel (streamed)',
    },
  },
  adminExams: {
    list: { method: 'GET', path: '/api/admin/exams', auth: 'admin', tag: 'admin exams' },
    create: { method: 'POST', path: '/api/admin/exams', auth: 'admin', status: 201, tag: 'admin exams' },
    detail: { method: 'GET', path: '/api/admin/exams/:id', auth: 'admin', tag: 'admin exams' },
    update: { method: 'PUT', path: '/api/admin/exams/:id', auth: 'admin', tag: 'admin exams' },
    remove: { method: 'DELETE', path: '/api/admin/exams/:id', auth: 'admin', tag: 'admin exams' },
    publish: { method: 'PUT', path: '/api/admin/exams/:id/publish', auth: 'admin', tag: 'admin exams' },
    addQuestion: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions',
      auth: 'admin',
      status: 201,
      tag: 'admin exams',
    },
    editQuestion: {
      method: 'PUT',
      path: '/api/admin/exams/:id/questions/:qid',
      auth: 'admin',
      tag: 'admin exams',
    },
    deleteQuestion: {
      method: 'DELETE',
      path: '/api/admin/exams/:id/questions/:qid',
      auth: 'admin',
      tag: 'admin exams',
    },
    reviewQuestion: {
      method: 'PUT',
      path: '/api/admin/exams/:id/questions/:qid/approve',
      auth: 'admin',
      tag: 'admin exams',
    },
    questions: {
      method: 'GET',
      path: '/api/admin/exams/:id/questions',
      auth: 'admin',
      tag: 'admin exams',
      summary:
        "A page of the exam's questions, filtered by status, topic, author and words, with counts per status",
    },
    preview: {
      method: 'GET',
      path: '/api/admin/exams/:id/preview',
      auth: 'admin',
      tag: 'admin exams',
      summary:
        "The exam as a learner's sitting would serve it (drawn and shuffled), with answers; records nothing",
    },
    bulkReview: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/review',
      auth: 'admin',
      tag: 'admin exams',
      summary: 'Approve or reject pending AI questions together (one reason), or restore rejected ones',
    },
    generateQuestions: {
      method: 'POST',
      path: '/api/admin/exams/:id/generate-questions',
      auth: 'admin',
      status: 201,
      tag: 'admin exams',
    },
    secondOpinion: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/:qid/second-opinion',
      auth: 'admin',
      tag: 'admin exams',
      summary:
        "The AI model's check of a question's key and explanation, with a suggested fix; writes nothing",
    },
    applySecondOpinion: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/:qid/second-opinion/apply',
      auth: 'admin',
      tag: 'admin exams',
      summary:
        'Apply a reviewed AI suggestion if the question is unchanged since the opinion was asked (else 409)',
    },
    info: {
      method: 'GET',
      path: '/api/admin/exams/:id/info',
      auth: 'admin',
      tag: 'admin exams',
      summary: "The exam's own fields and counts, without its questions (the edit page pages those)",
    },
    topics: {
      method: 'GET',
      path: '/api/admin/exams/:id/topics',
      auth: 'admin',
      tag: 'admin exams',
      summary: "The exam's topics, each with how many questions use it",
    },
    addTopic: {
      method: 'POST',
      path: '/api/admin/exams/:id/topics',
      auth: 'admin',
      tag: 'admin exams',
      summary: 'Add a topic to the exam',
    },
    renameTopic: {
      method: 'POST',
      path: '/api/admin/exams/:id/topics/rename',
      auth: 'admin',
      tag: 'admin exams',
      summary: "Rename a topic: its questions and learners' figures follow (one transaction)",
    },
    mergeTopics: {
      method: 'POST',
      path: '/api/admin/exams/:id/topics/merge',
      auth: 'admin',
      tag: 'admin exams',
      summary: "Merge topics into another: their questions and learners' figures move (one transaction)",
    },
    removeTopic: {
      method: 'POST',
      path: '/api/admin/exams/:id/topics/remove',
      auth: 'admin',
      tag: 'admin exams',
      summary: 'Remove a topic, moving its questions to another topic or to none',
    },
    setQuestionsTopic: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/topic',
      auth: 'admin',
      tag: 'admin exams',
      summary: 'Set the topic of chosen questions (one of the exam topics, or none)',
    },
    similarQuestions: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/similar',
      auth: 'admin',
      tag: 'admin exams',
      summary: "The exam's questions whose text is nearly the same as the one given; writes nothing",
    },
    questionHistory: {
      method: 'GET',
      path: '/api/admin/exams/:id/questions/:qid/versions',
      auth: 'admin',
      tag: 'admin exams',
      summary: "A question's versions, newest first, with who changed what",
    },
    restoreVersion: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/:qid/versions/:version/restore',
      auth: 'admin',
      tag: 'admin exams',
      summary: "Bring an earlier version's content back as the question's new version",
    },
  },
  questionImports: {
    preview: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/import/preview',
      auth: 'admin',
      tag: 'admin exams',
      summary: 'What importing a CSV, Moodle XML, GIFT or Aiken file would create and refuse; writes nothing',
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    confirm: {
      method: 'POST',
      path: '/api/admin/exams/:id/questions/import',
      auth: 'admin',
      status: 201,
      tag: 'admin exams',
      summary:
        "Import a file's valid questions in one transaction (a repeated key answers 200 with the first outcome)",
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    export: {
      method: 'GET',
      path: '/api/admin/exams/:id/questions/export',
      auth: 'admin',
      tag: 'admin exams',
      summary: "Download the exam's approved questions as CSV, Moodle XML, GIFT or Aiken",
    },
  },
  media: {
    upload: {
      method: 'POST',
      path: '/api/admin/media',
      auth: 'admin',
      status: 201,
      tag: 'media',
      summary:
        "Upload an image (PNG, JPEG or WebP, at most 2 MB): the file's bytes as the body; checked by content and re-encoded",
    },
    image: {
      method: 'GET',
      path: '/api/media/:hash',
      auth: 'none',
      tag: 'media',
      summary: 'An uploaded image by its content hash (cached for a year)',
    },
  },
  adminArticles: {
    list: { method: 'GET', path: '/api/admin/articles', auth: 'admin', tag: 'admin articles' },
    generate: { method: 'POST', path: '/api/admin/articles/generate', auth: 'admin', tag: 'admin articles' },
    create: {
      method: 'POST',
      path: '/api/admin/articles',
      auth: 'admin',
      status: 201,
      tag: 'admin articles',
    },
    detail: { method: 'GET', path: '/api/admin/articles/:id', auth: 'admin', tag: 'admin articles' },
    update: { method: 'PUT', path: '/api/admin/articles/:id', auth: 'admin', tag: 'admin articles' },
    remove: { method: 'DELETE', path: '/api/admin/articles/:id', auth: 'admin', tag: 'admin articles' },
  },
  courses: {
    list: {
      method: 'GET',
      path: '/api/courses',
      auth: 'none',
      cache: 'public',
      tag: 'courses',
      summary: 'Published courses, newest first (search, category)',
    },
    enrolled: {
      method: 'GET',
      path: '/api/courses/enrolled',
      auth: 'learner',
      tag: 'courses',
      summary: "The learner's courses with their progress",
    },
    detail: { method: 'GET', path: '/api/courses/:id', auth: 'none', cache: 'public', tag: 'courses' },
    progress: {
      method: 'GET',
      path: '/api/courses/:id/progress',
      auth: 'learner',
      tag: 'courses',
      summary: "The learner's progress per unit (not enrolled: every unit not started)",
    },
    enrol: {
      method: 'POST',
      path: '/api/courses/:id/enrol',
      auth: 'learner',
      tag: 'courses',
      summary: 'Enrol (again: no change) and get the progress',
    },
    markRead: {
      method: 'POST',
      path: '/api/courses/:id/units/:unitId/read',
      auth: 'learner',
      tag: 'courses',
      summary: 'Mark an article unit read (again: no change)',
    },
    startUnit: {
      method: 'POST',
      path: '/api/courses/:id/units/:unitId/start',
      auth: 'learner',
      tag: 'courses',
      summary: "Start a practice unit's set (or resume it), or get a checkpoint's exam",
    },
    certificate: {
      method: 'GET',
      path: '/api/courses/:id/certificate',
      auth: 'learner',
      tag: 'courses',
      summary: 'The certificate of completion of a completed course',
    },
  },
  mocks: {
    list: {
      method: 'GET',
      path: '/api/mocks',
      auth: 'learner',
      tag: 'mocks',
      summary: "Live mocks of the learner's exams: upcoming, open, and those they sat",
    },
    start: {
      method: 'POST',
      path: '/api/mocks/:id/start',
      auth: 'learner',
      tag: 'mocks',
      summary: "Start the mock's one timed sitting inside its window, or resume it",
    },
    submit: {
      method: 'POST',
      path: '/api/mocks/:id/submit',
      auth: 'learner',
      tag: 'mocks',
      summary: 'Hand the sitting in: the result only once results are released',
    },
    result: {
      method: 'GET',
      path: '/api/mocks/:id/result',
      auth: 'learner',
      tag: 'mocks',
      summary: 'The learner’s result, rank and percentile once released',
    },
  },
  adminMocks: {
    list: { method: 'GET', path: '/api/admin/mocks', auth: 'admin', tag: 'admin mocks' },
    create: { method: 'POST', path: '/api/admin/mocks', auth: 'admin', status: 201, tag: 'admin mocks' },
    update: { method: 'PUT', path: '/api/admin/mocks/:id', auth: 'admin', tag: 'admin mocks' },
    cancel: { method: 'DELETE', path: '/api/admin/mocks/:id', auth: 'admin', tag: 'admin mocks' },
    release: {
      method: 'POST',
      path: '/api/admin/mocks/:id/release',
      auth: 'admin',
      tag: 'admin mocks',
      summary: "Release a closed mock's results now, before the time set",
    },
    live: {
      method: 'GET',
      path: '/api/admin/mocks/:id/live',
      auth: 'admin',
      tag: 'admin mocks',
      summary:
        "A mock's sittings as they happen: started, in progress and how far, connection lost, handed in",
    },
    items: {
      method: 'GET',
      path: '/api/admin/mocks/:id/items',
      auth: 'admin',
      tag: 'admin mocks',
      summary: "The item analysis of a closed mock's sittings alone",
    },
  },
  cohorts: {
    join: {
      method: 'POST',
      path: '/api/cohorts/join',
      auth: 'learner',
      tag: 'cohorts',
      summary: 'Join a cohort with its invite code (already a member: the same answer)',
    },
    assignments: {
      method: 'GET',
      path: '/api/cohorts/assignments',
      auth: 'learner',
      tag: 'cohorts',
      summary: "The assignments of the learner's cohorts, with their status",
    },
  },
  adminCohorts: {
    list: { method: 'GET', path: '/api/admin/cohorts', auth: 'admin', tag: 'admin cohorts' },
    create: { method: 'POST', path: '/api/admin/cohorts', status: 201, auth: 'admin', tag: 'admin cohorts' },
    assignableExams: {
      method: 'GET',
      path: '/api/admin/cohorts/assignable-exams',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    detail: { method: 'GET', path: '/api/admin/cohorts/:id', auth: 'admin', tag: 'admin cohorts' },
    update: { method: 'PUT', path: '/api/admin/cohorts/:id', auth: 'admin', tag: 'admin cohorts' },
    remove: { method: 'DELETE', path: '/api/admin/cohorts/:id', auth: 'admin', tag: 'admin cohorts' },
    previewMembers: {
      method: 'POST',
      path: '/api/admin/cohorts/:id/members/preview',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    addMembers: {
      method: 'POST',
      path: '/api/admin/cohorts/:id/members',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    removeMember: {
      method: 'DELETE',
      path: '/api/admin/cohorts/:id/members/:userId',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    grantAccess: {
      method: 'POST',
      path: '/api/admin/cohorts/:id/access',
      auth: 'admin',
      tag: 'admin cohorts',
      summary: "Every member gets complimentary access to an exam until the cohort's last day (Owners)",
    },
    setMemberTime: {
      method: 'PUT',
      path: '/api/admin/cohorts/:id/members/:userId/extra-time',
      auth: 'admin',
      tag: 'admin cohorts',
      summary: "A member's extra time on the cohort's timed sittings and mocks",
    },
    invites: { method: 'GET', path: '/api/admin/cohorts/:id/invites', auth: 'admin', tag: 'admin cohorts' },
    createInvite: {
      method: 'POST',
      path: '/api/admin/cohorts/:id/invites',
      status: 201,
      auth: 'admin',
      tag: 'admin cohorts',
    },
    revokeInvite: {
      method: 'DELETE',
      path: '/api/admin/cohorts/:id/invites/:inviteId',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    createAssignment: {
      method: 'POST',
      path: '/api/admin/cohorts/:id/assignments',
      status: 201,
      auth: 'admin',
      tag: 'admin cohorts',
    },
    assignmentProgress: {
      method: 'GET',
      path: '/api/admin/cohorts/:id/assignments/:assignmentId',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    assignmentItems: {
      method: 'GET',
      path: '/api/admin/cohorts/:id/assignments/:assignmentId/items',
      auth: 'admin',
      tag: 'admin cohorts',
      summary: "The item analysis of the members' sittings of an assigned exam or mock",
    },
    insights: {
      method: 'GET',
      path: '/api/admin/cohorts/:id/insights',
      auth: 'admin',
      tag: 'admin cohorts',
      summary:
        'The cohort against every learner by topic of its assigned exams, and its results week by week',
    },
    removeAssignment: {
      method: 'DELETE',
      path: '/api/admin/cohorts/:id/assignments/:assignmentId',
      auth: 'admin',
      tag: 'admin cohorts',
    },
    report: {
      method: 'GET',
      path: '/api/admin/cohorts/:id/report',
      auth: 'admin',
      tag: 'admin cohorts',
      file: true,
      summary: "The cohort's members with each assignment's status and best score, as CSV",
    },
  },
  adminCourses: {
    list: { method: 'GET', path: '/api/admin/courses', auth: 'admin', tag: 'admin courses' },
    create: { method: 'POST', path: '/api/admin/courses', auth: 'admin', status: 201, tag: 'admin courses' },
    detail: { method: 'GET', path: '/api/admin/courses/:id', auth: 'admin', tag: 'admin courses' },
    update: { method: 'PUT', path: '/api/admin/courses/:id', auth: 'admin', tag: 'admin courses' },
    remove: { method: 'DELETE', path: '/api/admin/courses/:id', auth: 'admin', tag: 'admin courses' },
  },
  community: {
    profile: {
      method: 'GET',
      path: '/api/community/profile',
      auth: 'learner',
      tag: 'community',
      summary: "The learner's display name and whether they may comment",
    },
    saveProfile: {
      method: 'PUT',
      path: '/api/community/profile',
      auth: 'learner',
      tag: 'community',
      summary: 'Choose or change the public display name',
    },
    questionThread: {
      method: 'GET',
      path: '/api/questions/:questionId/comments',
      auth: 'learner',
      tag: 'community',
      summary: "A question's discussion (only for a learner who has answered it)",
    },
    postOnQuestion: {
      method: 'POST',
      path: '/api/questions/:questionId/comments',
      auth: 'learner',
      status: 201,
      tag: 'community',
    },
    articleThread: {
      method: 'GET',
      path: '/api/articles/:articleId/comments',
      auth: 'learner',
      tag: 'community',
      summary: "A published article's discussion",
    },
    postOnArticle: {
      method: 'POST',
      path: '/api/articles/:articleId/comments',
      auth: 'learner',
      status: 201,
      tag: 'community',
    },
    edit: {
      method: 'PUT',
      path: '/api/comments/:id',
      auth: 'learner',
      tag: 'community',
      summary: 'Edit an own comment (within 15 minutes of posting)',
    },
    remove: { method: 'DELETE', path: '/api/comments/:id', auth: 'learner', tag: 'community' },
    markHelpful: {
      method: 'PUT',
      path: '/api/comments/:id/helpful',
      auth: 'learner',
      tag: 'community',
      summary: 'Vote a comment helpful (again: no change)',
    },
    unmarkHelpful: { method: 'DELETE', path: '/api/comments/:id/helpful', auth: 'learner', tag: 'community' },
    report: {
      method: 'POST',
      path: '/api/comments/:id/report',
      auth: 'learner',
      status: 201,
      tag: 'community',
      summary: 'Report a comment to the moderators (again: no change)',
    },
  },
  adminCommunity: {
    queue: {
      method: 'GET',
      path: '/api/admin/comments',
      auth: 'admin',
      tag: 'admin community',
      summary: 'The moderation queue: held and reported comments, or one view',
    },
    moderate: {
      method: 'POST',
      path: '/api/admin/comments/:id/moderate',
      auth: 'admin',
      tag: 'admin community',
      summary: 'Approve, hide or delete a comment',
    },
    reply: {
      method: 'POST',
      path: '/api/admin/comments/:id/reply',
      auth: 'admin',
      status: 201,
      tag: 'admin community',
      summary: "Reply in a comment's thread as the team",
    },
    commenting: {
      method: 'PUT',
      path: '/api/admin/users/:id/commenting',
      auth: 'admin',
      tag: 'admin community',
      summary: "Suspend or restore a learner's commenting",
    },
  },
  notes: {
    save: {
      method: 'PUT',
      path: '/api/notes/:questionId',
      auth: 'learner',
      tag: 'notes',
      summary: "Write or replace the learner's private note on a question they have been shown",
    },
    remove: {
      method: 'DELETE',
      path: '/api/notes/:questionId',
      auth: 'learner',
      status: 204,
      tag: 'notes',
      summary: "Delete the learner's note on a question",
    },
    read: {
      method: 'GET',
      path: '/api/notes/:questionId',
      auth: 'learner',
      tag: 'notes',
      summary: "The learner's note on one question, or null",
    },
    notebook: {
      method: 'GET',
      path: '/api/notes',
      auth: 'learner',
      tag: 'notes',
      summary: "My notebook: the learner's notes newest first, searched over the note and the question",
    },
    forResult: {
      method: 'GET',
      path: '/api/exams/results/:id/notes',
      auth: 'learner',
      tag: 'notes',
      summary: "The learner's notes on the questions of one of their results",
    },
    anki: {
      method: 'GET',
      path: '/api/notes/export/anki',
      auth: 'learner',
      tag: 'notes',
      summary:
        "The learner's missed, flagged or noted questions as a file Anki imports (text, tab-separated)",
    },
  },
  // Data rights under UK GDPR (decision 0069).
  dataRights: {
    download: {
      method: 'GET',
      path: '/api/users/me/data',
      auth: 'learner',
      tag: 'account',
      summary: 'Everything the platform holds about the learner, as one JSON file',
    },
    deleteAccount: {
      method: 'POST',
      path: '/api/users/me/delete',
      auth: 'learner',
      tag: 'account',
      summary: "Deletes the learner's account: personal data erased, payments kept without name or address",
    },
    adminDownload: {
      method: 'GET',
      path: '/api/admin/users/:id/data',
      auth: 'admin',
      tag: 'admin',
      summary: "A learner's data file, on their written request",
    },
    adminErase: {
      method: 'POST',
      path: '/api/admin/users/:id/erase',
      auth: 'admin',
      tag: 'admin',
      summary: "Erases a learner's account on their written request",
    },
  },
} as const satisfies RouteTable;

/** The route table's literal shape (the admin role table, admin-roles.ts, is typed from it). */
export type RouteTableShape = typeof routeTable;

/** The routes, each typed with what it takes and answers: `apiRequest(api.exams.detail, { params })`. */
export type Api = {
  [G in keyof typeof routeTable]: {
    [N in keyof (typeof routeTable)[G]]: (typeof routeTable)[G][N] &
      Route<N extends keyof EndpointSchemaTable[G] ? EndpointSchemaTable[G][N] : never>;
  };
};
export const api: Api = routeTable;

/** The path of a route with its `:name` parameters filled in (encoded). */
export function routePath(route: RouteDefinition, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The URL of a call: the path with its parameters and the query string, in the query object's order
 * (undefined and '' values are left out), so the same call always has the same URL (first-load
 * preloads are matched by URL, decision 0015).
 */
export function routeUrl(route: RouteDefinition, params?: unknown, query?: unknown): string {
  const path = routePath(route, params as Record<string, string | number> | undefined);
  const pairs: string[] = [];
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    pairs.push(
      `${formEncode(name)}=${formEncode(typeof value === 'string' ? value : JSON.stringify(value))}`,
    );
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (spaces as '+'). */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

export * from './admin-roles.ts';
