import { z } from 'zod';
import { safeString } from './strings.ts';
import { SubscriptionSchema } from './subscriptions.ts';
import { EmailSchema, IdSchema, NewPasswordSchema, pageQuery, pagedResponse } from './common.ts';
import { ADMIN_ROLES, DEFAULT_ADMIN_ROLE } from './constants.ts';

export const AdminRoleSchema = z.enum(ADMIN_ROLES, {
  message: 'Choose a role: Owner, Editor, Support, Finance or Tutor',
});

/**
 * `setupCodeRequired`: on a production install the first administrator needs the one-time set-up code the
 * server prints in its log at start (decision 0067); development keeps the open 'Create First Admin'.
 */
export const AdminCheckResponseSchema = z.object({ exists: z.boolean(), setupCodeRequired: z.boolean() });

export const AdminLoginBodySchema = z.object({
  email: EmailSchema,
  password: safeString({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

export const AdminRegisterBodySchema = z.object({
  name: safeString({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email: EmailSchema,
  password: NewPasswordSchema,
  /** the one-time set-up code, when the install asks for one */
  setupCode: safeString().trim().max(200, 'Set-up code is too long').optional(),
});
export type AdminRegisterBody = z.infer<typeof AdminRegisterBodySchema>;

export const AdminTokenResponseSchema = z.object({ token: safeString() });

/** Spec §2 Admin management: name is optional and defaults to the part of the e-mail before the @. */
export const CreateAdminBodySchema = z.object({
  email: EmailSchema,
  name: safeString().trim().max(100, 'Name must be at most 100 characters').optional().default(''),
  password: NewPasswordSchema,
  /** decision 0067: Editor when not given */
  role: AdminRoleSchema.optional().default(DEFAULT_ADMIN_ROLE),
});
export type CreateAdminBody = z.input<typeof CreateAdminBodySchema>;

/** PUT /api/admin/auth/admins/:id/role */
export const AdminRoleBodySchema = z.object({ role: AdminRoleSchema });
export type AdminRoleBody = z.infer<typeof AdminRoleBodySchema>;

export const AdminAccountSchema = z.object({
  _id: safeString(),
  email: safeString(),
  name: safeString(),
  role: AdminRoleSchema,
  createdAt: safeString(),
  lastLogin: safeString().nullable(),
  isCurrent: z.boolean(),
});
export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export const AdminsResponseSchema = z.object({ admins: z.array(AdminAccountSchema) });
export const AdminCreatedResponseSchema = z.object({ message: safeString(), admin: AdminAccountSchema });

export const AdminPasswordBodySchema = z.object({
  currentPassword: safeString({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024),
  newPassword: NewPasswordSchema,
});
export type AdminPasswordBody = z.infer<typeof AdminPasswordBodySchema>;

export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalExams: z.number().int(),
  totalArticles: z.number().int(),
  activeSubscriptions: z.number().int(),
  /**
   * Monthly recurring revenue in pence (decision 0030): what the paid subscriptions with auto-renew on
   * will bring at their next renewal, at the price each will be charged. Null for a role without money
   * (Editor, Support; decision 0067).
   */
  monthlyRecurringRevenuePence: z.number().int().nullable(),
  /** paid subscriptions with auto-renew on whose renewal falls within the next 7 days (null as above) */
  renewalsDueThisWeek: z.number().int().nullable(),
  /** learner reports of problems with questions waiting for an administrator (decision 0041) */
  openReports: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const ADMIN_ROWS_PER_PAGE = [5, 10, 25] as const;

/** Admin lists: 1-based page, keyword search, rows per page (5, 10 or 25; default 10). */
export const AdminListQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 }).extend({
  keyword: safeString().trim().max(200, 'keyword is too long').optional().default(''),
});
export type AdminListQuery = z.input<typeof AdminListQuerySchema>;

export const AdminUserSchema = z.object({
  _id: safeString(),
  email: safeString(),
  name: safeString(),
  createdAt: safeString(),
  verified: z.boolean(),
  /** suspended by an administrator: cannot sign in (decision 0041) */
  suspended: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = pagedResponse({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/** A learner as administrators see them on their own page: the account and every subscription. */
export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  subscriptions: z.array(SubscriptionSchema),
  /** their latest results (at most 20), newest first */
  results: z.array(
    z.object({
      _id: safeString(),
      examTitle: safeString(),
      kind: z.enum(['exam', 'practice']),
      score: z.number(),
      completedAt: safeString(),
    }),
  ),
  /** their devices, signed in or not */
  devices: z.array(
    z.object({
      _id: safeString(),
      deviceName: safeString(),
      lastUsedAt: safeString(),
      signedIn: z.boolean(),
    }),
  ),
});

/*
 * The support desk on a learner's page (decision 0072): each action carries why it was taken, which the
 * activity log keeps with who took it. The account actions of decision 0041 (resend verification, sign out
 * everywhere, suspend or restore) ask for it too.
 */
const SupportReasonSchema = safeString({ message: 'Please give a reason' })
  .trim()
  .min(3, 'Please give a reason (at least 3 characters)')
  .max(500, 'The reason must be at most 500 characters');
export const SupportReasonBodySchema = z.object({ reason: SupportReasonSchema });

/** Suspending or restoring a learner's account (decision 0041), with the reason (decision 0072). */
export const SuspendUserBodySchema = z.object({
  suspended: z.boolean({ message: 'suspended must be true or false' }),
  reason: SupportReasonSchema,
});
export const AdminUserActionResponseSchema = z.object({ message: safeString(), user: AdminUserSchema });
export type SupportReasonBody = z.infer<typeof SupportReasonBodySchema>;

export const ChangeLearnerNameBodySchema = z.object({
  name: safeString({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  reason: SupportReasonSchema,
});
export type ChangeLearnerNameBody = z.infer<typeof ChangeLearnerNameBodySchema>;

/** A new e-mail address for a learner: it replaces the old one once confirmed from the new address. */
export const ChangeLearnerEmailBodySchema = z.object({ email: EmailSchema, reason: SupportReasonSchema });
export type ChangeLearnerEmailBody = z.infer<typeof ChangeLearnerEmailBodySchema>;

/** How far ahead complimentary access may run. */
export const MAX_GRANT_DAYS = 366;
/**
 * Complimentary access to an exam until a day (inclusive, to the end of that day in UTC): a new
 * subscription, or a longer one; recorded as a payment of kind 'complimentary' for £0, never charged.
 */
export const GrantAccessBodySchema = z.object({
  examId: IdSchema,
  until: safeString({ message: 'Choose the last day of access' }).regex(
    /^\d{4}-\d{2}-\d{2}$/,
    'Choose the last day of access (YYYY-MM-DD)',
  ),
  reason: SupportReasonSchema,
});
export type GrantAccessBody = z.infer<typeof GrantAccessBodySchema>;
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const PAYMENT_MODES = ['sandbox', 'production'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const settingsText = (label: string, max: number) =>
  safeString({ message: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** Site settings as an administrator reads them. The PayPal client secret is never returned. */
export const SiteSettingsSchema = z.object({
  siteName: safeString(),
  siteDescription: safeString(),
  contactEmail: safeString(),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  examCreationEnabled: z.boolean(),
  paypal: z.object({
    clientId: safeString(),
    mode: z.enum(PAYMENT_MODES),
    enabled: z.boolean(),
    /** whether a client secret is stored (the secret itself is write-only) */
    hasClientSecret: z.boolean(),
    /** the demo payment allowed in production too (decision 0019) */
    testPayments: z.boolean(),
    /** PayPal's id of the webhook that calls /api/payments/paypal/webhook (events are verified with it) */
    webhookId: safeString(),
  }),
  /** whether learners are offered the demo payment now: sandbox mode, and outside production or allowed */
  testPaymentsActive: z.boolean(),
  /** the learning community (decision 0056) */
  community: z.object({
    /** off hides every discussion */
    enabled: z.boolean(),
    /** a learner's comments wait for a moderator until one of theirs has been approved */
    holdFirstComments: z.boolean(),
  }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** Saving settings; an omitted or empty clientSecret keeps the stored one. */
export const SiteSettingsUpdateSchema = z.object({
  siteName: settingsText('Site name', 100).min(1, 'Site name is required'),
  siteDescription: settingsText('Site description', 500).default(''),
  contactEmail: EmailSchema,
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  examCreationEnabled: z.boolean(),
  paypal: z.object({
    clientId: settingsText('Client ID', 200).default(''),
    clientSecret: safeString().trim().max(200, 'Client secret is too long').optional(),
    mode: z.enum(PAYMENT_MODES, { message: 'Mode must be sandbox or production' }),
    enabled: z.boolean(),
    /** omitted keeps the stored choice */
    testPayments: z.boolean().optional(),
    /** omitted keeps the stored one */
    webhookId: settingsText('Webhook ID', 100)
      .regex(/^[A-Za-z0-9-]*$/, 'Webhook ID may contain only letters, digits and hyphens')
      .optional(),
  }),
  /** omitted keeps the stored switches */
  community: z.object({ enabled: z.boolean(), holdFirstComments: z.boolean() }).optional(),
});
export type SiteSettingsUpdate = z.input<typeof SiteSettingsUpdateSchema>;

/** Saving settings with PayPal switched on but without a client ID and a client secret (typed or stored). */
export const PAYPAL_CREDENTIALS_REQUIRED = 'To enable PayPal, enter a client ID and a client secret.';

/**
 * Testing the PayPal connection with what the form holds, before saving (decision 0024). An omitted
 * client ID or mode, and an omitted or empty secret, mean the stored ones. No body at all tests the
 * saved settings, which must have PayPal enabled.
 */
export const TestPaypalBodySchema = z
  .object({
    clientId: settingsText('Client ID', 200).optional(),
    clientSecret: safeString().trim().max(200, 'Client secret is too long').optional(),
    mode: z.enum(PAYMENT_MODES, { message: 'Mode must be sandbox or production' }).optional(),
  })
  // Fastify hands a POST without a body to the schema as null.
  .nullish();
export type TestPaypalBody = z.input<typeof TestPaypalBodySchema>;

export const TestPaypalResponseSchema = z.object({ mode: z.enum(PAYMENT_MODES), message: safeString() });

/** What administrator changes are about (audit_log.entity_type). */
export const AUDIT_ENTITY_TYPES = [
  'exam',
  'article',
  'course',
  'comment',
  'user',
  'administrator',
  'settings',
  'payment',
  'mock',
  'cohort',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every action the server records (audit_log.action); questions are recorded against their exam. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'published',
  'added_question',
  'edited_question',
  'deleted_question',
  'approved_question',
  'rejected_question',
  'generated_questions',
  'applied_ai_suggestion',
  'imported_questions',
  'exported_questions',
  'changed_password',
  'changed_role',
  'refunded',
  'resolved_report',
  'approved_questions',
  'rejected_questions',
  'restored_questions',
  'suspended',
  'unsuspended',
  'signed_out',
  'resent_verification',
  'granted_access',
  'changed_name',
  'requested_email_change',
  'sent_password_reset',
  'marked_verified',
  'restored_question_version',
  'set_questions_topic',
  'added_topic',
  'renamed_topic',
  'merged_topics',
  'removed_topic',
  'approved_comment',
  'hid_comment',
  'deleted_comment',
  'replied_comment',
  'suspended_commenting',
  'restored_commenting',
  'exported_data',
  'downloaded_data',
  'erased_account',
  'cancelled',
  'released',
  'added_members',
  'removed_member',
  'set_extra_time',
  'granted_cohort_access',
  'created_invite',
  'revoked_invite',
  'created_assignment',
  'removed_assignment',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field as shown: its name and the values before and after, or null when not shown. */
export const AuditChangeSchema = z.object({
  field: safeString(),
  /** null when there was none or it is not shown (secrets, article bodies) */
  before: safeString().nullable(),
  after: safeString().nullable(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  _id: safeString(),
  /** null once that administrator's account has been deleted (the e-mail stays) */
  adminId: safeString().nullable(),
  adminEmail: safeString(),
  action: safeString(),
  entityType: safeString(),
  entityId: safeString().nullable(),
  /** The entry in words, e.g. 'Approved a question in "Cardiology basics"'. */
  summary: safeString(),
  /** What an edit changed (exams, articles, site settings), or more about the action. */
  changes: z.array(AuditChangeSchema),
  createdAt: safeString(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditResponseSchema = pagedResponse({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

const auditTime = (name: string) =>
  safeString().pipe(
    z.iso.datetime({ offset: true, message: `${name} must be a date and time such as 2026-11-23T00:00:00Z` }),
  );

/**
 * The activity log's page (1-based) and rows per page (the admin tables' 5/10/25, at most 100), with
 * optional filters: action, entity type, administrator, and a time range from `from` (inclusive) to
 * `to` (exclusive), so a day is [its midnight, the next midnight) in the administrator's time zone.
 */
export const AuditQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 })
  .extend({
    action: z.enum(AUDIT_ACTIONS, { message: 'Unknown action' }).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { message: 'Unknown entity type' }).optional(),
    adminId: IdSchema.optional(),
    from: auditTime('from').optional(),
    to: auditTime('to').optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'The start of the date range must be before its end',
    path: ['from'],
  });
export type AuditQuery = z.input<typeof AuditQuerySchema>;
