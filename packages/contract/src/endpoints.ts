import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdParamsSchema } from './common.ts';
import { MessageResponseSchema } from './errors.ts';
import { HealthResponseSchema, ReadyResponseSchema } from './health.ts';
import { PublicSettingsSchema } from './settings.ts';
import {
  ChangePasswordBodySchema,
  DevicesResponseSchema,
  EmailBodySchema,
  EmailServiceStatusSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  RenameDeviceBodySchema,
  ResetPasswordBodySchema,
  TokenLinkParamsSchema,
  ValidateResetTokenResponseSchema,
} from './users.ts';
import {
  ExamPublicSchema,
  PublishedExamsQuerySchema,
  PublishedExamsResponseSchema,
  UserExamsResponseSchema,
} from './exams.ts';
import {
  AttemptHeartbeatBodySchema,
  AttemptHeartbeatResponseSchema,
  AttemptSchema,
  ExamResultSchema,
  HistoryResponseSchema,
  RecentExamsResponseSchema,
  ResultsQuerySchema,
  ResultsResponseSchema,
  SaveAnswersBodySchema,
  SubmitExamBodySchema,
} from './results.ts';
import {
  AutoRenewBodySchema,
  CreatePaypalOrderBodySchema,
  CreateSubscriptionBodySchema,
  ExamIdParamsSchema,
  PaymentSettingsSchema,
  PaypalCaptureResponseSchema,
  PaypalOrderParamsSchema,
  PaypalOrderResponseSchema,
  SubscriptionIdParamsSchema,
  SubscriptionResponseSchema,
  SubscriptionsQuerySchema,
  SubscriptionsResponseSchema,
  SubscriptionStatusSchema,
} from './subscriptions.ts';
import {
  AdminAccountSchema,
  AdminCheckResponseSchema,
  AdminCreatedResponseSchema,
  AdminListQuerySchema,
  AdminLoginBodySchema,
  AdminPasswordBodySchema,
  AdminRegisterBodySchema,
  AdminsResponseSchema,
  AdminStatsSchema,
  AdminTokenResponseSchema,
  AdminUsersResponseSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  CreateAdminBodySchema,
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  TestPaypalBodySchema,
  TestPaypalResponseSchema,
} from './admin.ts';
import {
  AdminExamDetailSchema,
  AdminExamMessageSchema,
  AdminExamsResponseSchema,
  AdminQuestionSchema,
  ApproveBodySchema,
  CreateExamBodySchema,
  GenerateQuestionsBodySchema,
  GenerateQuestionsResponseSchema,
  QuestionBodySchema,
  QuestionParamsSchema,
  UpdateExamBodySchema,
} from './admin-exams.ts';
import {
  AdminArticlesQuerySchema,
  AdminArticlesResponseSchema,
  ArticleBodySchema,
  ArticleCategoryParamsSchema,
  ArticleMessageSchema,
  ArticleSchema,
  ArticlesQuerySchema,
  ArticlesResponseSchema,
  GenerateArticleBodySchema,
  GeneratedArticleSchema,
} from './articles.ts';

/**
 * What each endpoint takes and answers (issue 16, decision 0028), keyed exactly like `routes`
 * (routes.ts: method, path, who may call it). The server registers every route from these two tables;
 * the web calls `apiRequest(api.<group>.<name>, …)` and gets these types. `response` is the success body.
 */

/** An id in a URL that answers 404 rather than 400 when malformed (pages say 'Exam not found'). */
export const LooseIdParamsSchema = z.object({ id: safeString().max(64) });
/** A 204 answer. */
export const NoContentSchema = z.null();

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const endpointSchemas = {
  health: {
    health: { response: HealthResponseSchema },
    ready: { response: ReadyResponseSchema },
  },
  settings: {
    public: { response: PublicSettingsSchema },
    payment: { response: PaymentSettingsSchema },
  },
  users: {
    emailService: { response: EmailServiceStatusSchema },
    register: { body: RegisterBodySchema, response: RegisterResponseSchema },
    verifyEmail: { params: TokenLinkParamsSchema, response: MessageResponseSchema },
    resendVerification: { body: EmailBodySchema, response: MessageResponseSchema },
    forgotPassword: { body: EmailBodySchema, response: MessageResponseSchema },
    validateResetToken: { params: TokenLinkParamsSchema, response: ValidateResetTokenResponseSchema },
    resetPassword: {
      params: TokenLinkParamsSchema,
      body: ResetPasswordBodySchema,
      response: MessageResponseSchema,
    },
    login: { body: LoginBodySchema, response: LoginResponseSchema },
    logout: { response: NoContentSchema },
    me: { response: MeResponseSchema },
    changePassword: { body: ChangePasswordBodySchema, response: MessageResponseSchema },
  },
  devices: {
    list: { response: DevicesResponseSchema },
    logout: { params: IdParamsSchema, response: MessageResponseSchema },
    rename: { params: IdParamsSchema, body: RenameDeviceBodySchema, response: MessageResponseSchema },
    remove: { params: IdParamsSchema, response: MessageResponseSchema },
  },
  exams: {
    published: { query: PublishedExamsQuerySchema, response: PublishedExamsResponseSchema },
    mine: { response: UserExamsResponseSchema },
    detail: { params: LooseIdParamsSchema, response: ExamPublicSchema },
  },
  attempts: {
    start: { params: LooseIdParamsSchema, response: AttemptSchema },
    saveAnswers: { params: LooseIdParamsSchema, body: SaveAnswersBodySchema, response: NoContentSchema },
    heartbeat: {
      params: LooseIdParamsSchema,
      body: AttemptHeartbeatBodySchema,
      response: AttemptHeartbeatResponseSchema,
    },
    submit: { params: LooseIdParamsSchema, body: SubmitExamBodySchema, response: ExamResultSchema },
    results: { query: ResultsQuerySchema, response: ResultsResponseSchema },
    result: { params: LooseIdParamsSchema, response: ExamResultSchema },
    history: { query: ResultsQuerySchema, response: HistoryResponseSchema },
    recent: { response: RecentExamsResponseSchema },
  },
  subscriptions: {
    list: { query: SubscriptionsQuerySchema, response: SubscriptionsResponseSchema },
    status: { params: ExamIdParamsSchema, response: SubscriptionStatusSchema },
    subscribe: { body: CreateSubscriptionBodySchema, response: SubscriptionResponseSchema },
    autoRenew: {
      params: ExamIdParamsSchema,
      body: AutoRenewBodySchema,
      response: SubscriptionResponseSchema,
    },
    cancel: { params: SubscriptionIdParamsSchema, response: SubscriptionResponseSchema },
  },
  payments: {
    createOrder: { body: CreatePaypalOrderBodySchema, response: PaypalOrderResponseSchema },
    capture: { params: PaypalOrderParamsSchema, response: PaypalCaptureResponseSchema },
  },
  articles: {
    published: { query: ArticlesQuerySchema, response: ArticlesResponseSchema },
    byCategory: {
      params: ArticleCategoryParamsSchema,
      query: ArticlesQuerySchema,
      response: ArticlesResponseSchema,
    },
    detail: { params: LooseIdParamsSchema, response: ArticleSchema },
  },
  adminAuth: {
    check: { response: AdminCheckResponseSchema },
    register: { body: AdminRegisterBodySchema, response: AdminTokenResponseSchema },
    login: { body: AdminLoginBodySchema, response: AdminTokenResponseSchema },
    logout: { response: NoContentSchema },
    me: { response: AdminAccountSchema },
    changePassword: { body: AdminPasswordBodySchema, response: MessageResponseSchema },
  },
  admins: {
    list: { response: AdminsResponseSchema },
    create: { body: CreateAdminBodySchema, response: AdminCreatedResponseSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
  adminUsers: {
    list: { query: AdminListQuerySchema, response: AdminUsersResponseSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
  adminSettings: {
    read: { response: SiteSettingsSchema },
    save: { body: SiteSettingsUpdateSchema, response: SiteSettingsSchema },
    testPaypal: { body: TestPaypalBodySchema, response: TestPaypalResponseSchema },
  },
  audit: {
    list: { query: AuditQuerySchema, response: AuditResponseSchema },
  },
  stats: {
    read: { response: AdminStatsSchema },
  },
  adminExams: {
    list: { response: AdminExamsResponseSchema },
    create: { body: CreateExamBodySchema, response: AdminExamMessageSchema },
    detail: { params: LooseIdParamsSchema, response: AdminExamDetailSchema },
    update: { params: LooseIdParamsSchema, body: UpdateExamBodySchema, response: AdminExamMessageSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
    publish: { params: LooseIdParamsSchema, response: AdminExamMessageSchema },
    addQuestion: { params: LooseIdParamsSchema, body: QuestionBodySchema, response: AdminQuestionSchema },
    editQuestion: { params: QuestionParamsSchema, body: QuestionBodySchema, response: AdminQuestionSchema },
    deleteQuestion: { params: QuestionParamsSchema, response: MessageResponseSchema },
    reviewQuestion: { params: QuestionParamsSchema, body: ApproveBodySchema, response: AdminQuestionSchema },
    generateQuestions: {
      params: LooseIdParamsSchema,
      body: GenerateQuestionsBodySchema,
      response: GenerateQuestionsResponseSchema,
    },
  },
  adminArticles: {
    list: { query: AdminArticlesQuerySchema, response: AdminArticlesResponseSchema },
    generate: { body: GenerateArticleBodySchema, response: GeneratedArticleSchema },
    create: { body: ArticleBodySchema, response: ArticleMessageSchema },
    detail: { params: LooseIdParamsSchema, response: ArticleSchema },
    update: { params: LooseIdParamsSchema, body: ArticleBodySchema, response: ArticleMessageSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
} as const satisfies Record<string, Record<string, EndpointSchemas>>;

export type EndpointSchemaTable = typeof endpointSchemas;
