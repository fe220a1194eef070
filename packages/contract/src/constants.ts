/*
 * Numbers and texts the web app needs before any schema loads (`@mlp/contract/constants`): free of zod, so
 * the first load never pulls it in (decision 0028). The schemas read the same values from here.
 */

export * from './messages.ts';

/** Spec §9: exams per catalogue page. */
export const EXAM_PAGE_SIZE = 20;
/** Spec §9: subscriptions per My Exams page. */
export const SUBSCRIPTION_PAGE_SIZE = 20;
/** Results per history page. */
export const RESULTS_PAGE_SIZE = 20;
/** Spec §2: an article preview is the first 150 characters of its text. */
export const ARTICLE_PREVIEW_LENGTH = 150;
/** A learner's payments per page (Settings, decision 0034). */
export const PAYMENTS_PAGE_SIZE = 10;
/** Spec §9: a learner may be signed in on three devices. */
export const MAX_DEVICES_PER_ACCOUNT = 3;
export const DEVICE_NAME_MAX_LENGTH = 100;
/** Decision 0003. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Said by a 401 when another device (or a password change) signed this one out (decision 0020). */
export const SESSION_REVOKED_MESSAGE = 'This device was signed out from another device. Please log in again.';

/**
 * The `code` of a 409 from PUT /api/subscriptions/{examId}/auto-renew when a paid subscription has nothing
 * to renew with: the exam page then offers to save PayPal for renewals (decision 0030).
 */
export const PAYMENT_METHOD_REQUIRED = 'PAYMENT_METHOD_REQUIRED';

/**
 * The `code` of a 409 from POST /api/reviews/session when 'Start review' meets the learner's reviews per
 * day: the review page then offers 'Review anyway' (decision 0060).
 */
export const REVIEW_LIMIT_REACHED = 'REVIEW_LIMIT_REACHED';

/** The largest file a question import takes (decision 0039): checked in the browser and on the server. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE =
  'The file is larger than 5 MB. Split it into smaller files and import each.';

/**
 * The `code` of a 503 the embedded database's admission answers when the server is busy (decision
 * 0046): nothing of the request was processed, so the client sends it again after `Retry-After`.
 */
export const BUSY_CODE = 'busy';
export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

/** Open sittings and practice sets a learner may hold at once (decision 0063). */
export const OPEN_SITTINGS_LIMIT = 10;

/** Sample questions an exam's public page may show (decision 0061). */
export const MAX_SAMPLE_QUESTIONS = 3;
/** The 409 when a fourth question of an exam is marked as a sample (decision 0061). */
export const SAMPLE_LIMIT_MESSAGE = `An exam can have at most ${MAX_SAMPLE_QUESTIONS} sample questions. Turn off "Sample question" on another question of this exam first.`;

/**
 * The most a timed sitting may be paused in all, in seconds, where its exam allows pausing (decision 0064):
 * paused longer, its countdown runs again from the moment this ran out.
 */
export const TIMED_PAUSE_LIMIT_SECONDS = 30 * 60;

/**
 * An administrator's role (decision 0067): Owner may do everything; Editor runs content; Support runs
 * learners and their access; Finance runs payments and exports; Tutor runs the cohorts an Owner assigns them
 * (decision 0079). What each may call is in admin-roles.ts.
 */
export const ADMIN_ROLES = ['owner', 'editor', 'support', 'finance', 'tutor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  support: 'Support',
  finance: 'Finance',
  tutor: 'Tutor',
};
/** What each role is for, as the Add Admin dialog explains it. */
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  owner: 'Everything, including settings, payments and administrators',
  editor: 'Exams, questions, imports, AI, articles, courses and reports about content',
  support: 'Learners, their access and devices, reports and the community; no money or settings',
  finance: 'Payments, refunds and exports; learners read-only',
  tutor: 'Only the cohorts an Owner assigns: their members, invite codes and assignments',
};
/** The role a new administrator gets when the request names none. */
export const DEFAULT_ADMIN_ROLE: AdminRole = 'editor';

/** What a learner types to confirm deleting their account (decision 0069). */
export const ERASE_CONFIRMATION_WORD = 'DELETE';
