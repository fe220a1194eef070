import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdParamsSchema } from './common.ts';
import { MessageResponseSchema } from './errors.ts';
import { HealthResponseSchema, ReadyResponseSchema } from './health.ts';
import {
  AdminMockMessageSchema,
  AdminMocksResponseSchema,
  LearnerMocksResponseSchema,
  MockBodySchema,
  MockLiveSchema,
  MockOutcomeSchema,
  MockSubmitBodySchema,
} from './mocks.ts';
import { PublicSettingsSchema } from './settings.ts';
import {
  AdminCohortDetailSchema,
  AdminCohortMessageSchema,
  AdminCohortsResponseSchema,
  AssignableExamsSchema,
  AssignmentBodySchema,
  AssignmentMessageSchema,
  AssignmentParamsSchema,
  AssignmentProgressSchema,
  CohortBodySchema,
  CohortEmailsBodySchema,
  CohortInvitesResponseSchema,
  InviteBodySchema,
  InviteCreatedSchema,
  InviteParamsSchema,
  JoinCohortBodySchema,
  JoinCohortResponseSchema,
  LearnerAssignmentsResponseSchema,
  MemberParamsSchema,
  MemberTimeBodySchema,
  CohortAccessBodySchema,
  CohortAccessResultSchema,
  MembersAddedSchema,
  MembersPreviewSchema,
  CohortInsightsSchema,
} from './cohorts.ts';
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
  CheckSampleBodySchema,
  ExamInsideSchema,
  SampleParamsSchema,
  SampleRevealSchema,
} from './exam-samples.ts';
import { CreatePracticeSetBodySchema, PracticeOptionsSchema, PracticeSubmitBodySchema } from './practice.ts';
import {
  MissTagBodySchema,
  MissTagResponseSchema,
  QuestionIdParamsSchema,
  ResultQuestionParamsSchema,
  ReviewCardSchema,
  ReviewCardsQuerySchema,
  ReviewCardsResponseSchema,
  ReviewDayQuerySchema,
  ReviewForecastSchema,
  ReviewPreferencesSchema,
  ReviewSummarySchema,
  StartReviewSessionBodySchema,
  SuspendCardBodySchema,
} from './reviews.ts';
import { AnalyticsSchema, ResultPeersSchema } from './analytics.ts';
import { DataExportQuerySchema, FileResponseSchema } from './exports.ts';
import { ItemAnalysisQuerySchema, ItemAnalysisSchema } from './item-analysis.ts';
import {
  AdminReportsQuerySchema,
  AdminReportsResponseSchema,
  ReportBodySchema,
  ReportParamsSchema,
  ResolveReportBodySchema,
  ReportedQuestionsQuerySchema,
  ReportedQuestionsResponseSchema,
  ReportedQuestionParamsSchema,
  ResolveQuestionReportsResponseSchema,
  ResolveReportResponseSchema,
} from './reports.ts';
import {
  AnswerQuestionBodySchema,
  AttemptHeartbeatBodySchema,
  AttemptHeartbeatResponseSchema,
  AttemptSchema,
  ExamResultSchema,
  HistoryResponseSchema,
  RecentExamsResponseSchema,
  ResultsQuerySchema,
  ResultsResponseSchema,
  PausedResponseSchema,
  RevealSchema,
  SaveAnswersBodySchema,
  OpenSittingsResponseSchema,
  StartAttemptBodySchema,
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
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  PaymentMethodResponseSchema,
  PaymentsQuerySchema,
  PaymentsResponseSchema,
  RefundPaymentBodySchema,
  RefundPaymentResponseSchema,
  SavePaymentMethodBodySchema,
  SetupTokenResponseSchema,
  TestClockBodySchema,
  TestClockResponseSchema,
  TestJobParamsSchema,
  TestJobResponseSchema,
  WebhookAckSchema,
} from './payments.ts';
import {
  AdminAccountSchema,
  AdminCheckResponseSchema,
  AdminCreatedResponseSchema,
  AdminRoleBodySchema,
  ChangeLearnerEmailBodySchema,
  ChangeLearnerNameBodySchema,
  GrantAccessBodySchema,
  SupportReasonBodySchema,
  AdminListQuerySchema,
  AdminLoginBodySchema,
  AdminPasswordBodySchema,
  AdminRegisterBodySchema,
  AdminsResponseSchema,
  AdminStatsSchema,
  AdminTokenResponseSchema,
  AdminUserDetailSchema,
  AdminUserActionResponseSchema,
  SuspendUserBodySchema,
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
  AdminExamInfoSchema,
  AdminExamMessageSchema,
  AdminExamsResponseSchema,
  AdminQuestionListQuerySchema,
  AdminQuestionListSchema,
  AdminQuestionSchema,
  ApproveBodySchema,
  BulkReviewBodySchema,
  BulkReviewResponseSchema,
  CreateExamBodySchema,
  ExamPreviewSchema,
  GenerateQuestionsBodySchema,
  GenerateQuestionsResponseSchema,
  QuestionBodySchema,
  QuestionParamsSchema,
  UpdateExamBodySchema,
} from './admin-exams.ts';
import {
  AddTopicBodySchema,
  BulkTopicBodySchema,
  BulkTopicResponseSchema,
  ExamTopicsSchema,
  HISTORY_PAGE_SIZE,
  MergeTopicsBodySchema,
  QuestionHistorySchema,
  RemoveTopicBodySchema,
  RenameTopicBodySchema,
  SimilarQuestionsBodySchema,
  SimilarQuestionsSchema,
  TopicChangeResponseSchema,
  VersionParamsSchema,
} from './question-content.ts';
import { pageQuery } from './common.ts';
import {
  ApplySecondOpinionBodySchema,
  ApplySecondOpinionResponseSchema,
  SecondOpinionBodySchema,
  SecondOpinionSchema,
} from './second-opinion.ts';
import { MediaParamsSchema, MediaUploadSchema } from './media.ts';
import {
  ExportFileSchema,
  ExportQuerySchema,
  ImportBodySchema,
  ImportPreviewBodySchema,
  ImportPreviewSchema,
  ImportResultSchema,
} from './question-imports.ts';
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
import {
  AdminCourseSchema,
  AdminCoursesQuerySchema,
  AdminCoursesResponseSchema,
  CourseBodySchema,
  CourseCertificateSchema,
  CourseMessageSchema,
  CourseProgressSchema,
  CourseSchema,
  CoursesQuerySchema,
  CoursesResponseSchema,
  CourseUnitParamsSchema,
  EnrolledCoursesResponseSchema,
  StartUnitResponseSchema,
} from './courses.ts';
import {
  AdminCommentResponseSchema,
  AdminReplyBodySchema,
  ArticleThreadParamsSchema,
  CommentingBodySchema,
  CommentResponseSchema,
  CommunityProfileSchema,
  DisplayNameBodySchema,
  DisplayNameResponseSchema,
  EditCommentBodySchema,
  HelpfulResponseSchema,
  ModerateBodySchema,
  ModerationQuerySchema,
  ModerationResponseSchema,
  PostCommentBodySchema,
  QuestionThreadParamsSchema,
  ReportCommentBodySchema,
  ThreadQuerySchema,
  ThreadResponseSchema,
} from './community.ts';
import {
  AnkiExportQuerySchema,
  AnkiFileSchema,
  NoteParamsSchema,
  NoteResponseSchema,
  NotebookQuerySchema,
  NotebookResponseSchema,
  ResultNotesResponseSchema,
  SaveNoteBodySchema,
  SaveNoteResponseSchema,
} from './notes.ts';
import { DeleteAccountBodySchema, EraseLearnerBodySchema, PersonalDataFileSchema } from './data-rights.ts';

/**
 * What each endpoint takes and answers (decision 0028), keyed exactly like `routes`
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
    confirmEmailChange: { params: TokenLinkParamsSchema, response: MessageResponseSchema },
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
    inside: { params: LooseIdParamsSchema, response: ExamInsideSchema },
    checkSample: { params: SampleParamsSchema, body: CheckSampleBodySchema, response: SampleRevealSchema },
  },
  attempts: {
    start: { params: LooseIdParamsSchema, body: StartAttemptBodySchema, response: AttemptSchema },
    saveAnswers: { params: LooseIdParamsSchema, body: SaveAnswersBodySchema, response: NoContentSchema },
    heartbeat: {
      params: LooseIdParamsSchema,
      body: AttemptHeartbeatBodySchema,
      response: AttemptHeartbeatResponseSchema,
    },
    answer: { params: LooseIdParamsSchema, body: AnswerQuestionBodySchema, response: RevealSchema },
    pause: { params: LooseIdParamsSchema, response: PausedResponseSchema },
    resume: { params: LooseIdParamsSchema, response: PausedResponseSchema },
    submit: { params: LooseIdParamsSchema, body: SubmitExamBodySchema, response: ExamResultSchema },
    results: { query: ResultsQuerySchema, response: ResultsResponseSchema },
    result: { params: LooseIdParamsSchema, response: ExamResultSchema },
    history: { query: ResultsQuerySchema, response: HistoryResponseSchema },
    recent: { response: RecentExamsResponseSchema },
    open: { response: OpenSittingsResponseSchema },
    discard: { params: LooseIdParamsSchema, response: NoContentSchema },
  },
  reviews: {
    summary: { query: ReviewDayQuerySchema, response: ReviewSummarySchema },
    forecast: { query: ReviewDayQuerySchema, response: ReviewForecastSchema },
    cards: { query: ReviewCardsQuerySchema, response: ReviewCardsResponseSchema },
    suspend: { params: QuestionIdParamsSchema, body: SuspendCardBodySchema, response: ReviewCardSchema },
    reset: { response: MessageResponseSchema },
    session: { body: StartReviewSessionBodySchema, response: AttemptSchema },
    preferences: { response: ReviewPreferencesSchema },
    savePreferences: { body: ReviewPreferencesSchema, response: ReviewPreferencesSchema },
  },
  analytics: {
    read: { response: AnalyticsSchema },
    peers: { params: LooseIdParamsSchema, response: ResultPeersSchema },
    tagMiss: { params: ResultQuestionParamsSchema, body: MissTagBodySchema, response: MissTagResponseSchema },
  },
  practice: {
    options: { response: PracticeOptionsSchema },
    create: { body: CreatePracticeSetBodySchema, response: AttemptSchema },
    resume: { params: LooseIdParamsSchema, response: AttemptSchema },
    submit: { params: LooseIdParamsSchema, body: PracticeSubmitBodySchema, response: ExamResultSchema },
    startAssigned: { params: LooseIdParamsSchema, response: AttemptSchema },
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
    list: { query: PaymentsQuerySchema, response: PaymentsResponseSchema },
    method: { response: PaymentMethodResponseSchema },
    removeMethod: { response: MessageResponseSchema },
    createSetupToken: { response: SetupTokenResponseSchema },
    saveMethod: { body: SavePaymentMethodBodySchema, response: PaymentMethodResponseSchema },
    // The event is read as sent: PayPal verifies the signature over its own JSON.
    webhook: { body: z.unknown(), response: WebhookAckSchema },
  },
  adminPayments: {
    list: { query: AdminPaymentsQuerySchema, response: AdminPaymentsResponseSchema },
    refund: {
      params: LooseIdParamsSchema,
      body: RefundPaymentBodySchema,
      response: RefundPaymentResponseSchema,
    },
  },
  itemAnalysis: {
    read: { params: LooseIdParamsSchema, query: ItemAnalysisQuerySchema, response: ItemAnalysisSchema },
    recalculate: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
  testHooks: {
    clock: { body: TestClockBodySchema, response: TestClockResponseSchema },
    runJob: { params: TestJobParamsSchema, response: TestJobResponseSchema },
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
    changeRole: {
      params: LooseIdParamsSchema,
      body: AdminRoleBodySchema,
      response: AdminCreatedResponseSchema,
    },
  },
  adminUsers: {
    list: { query: AdminListQuerySchema, response: AdminUsersResponseSchema },
    detail: { params: LooseIdParamsSchema, response: AdminUserDetailSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
    resendVerification: {
      params: LooseIdParamsSchema,
      body: SupportReasonBodySchema,
      response: MessageResponseSchema,
    },
    signOut: { params: LooseIdParamsSchema, body: SupportReasonBodySchema, response: MessageResponseSchema },
    suspend: {
      params: LooseIdParamsSchema,
      body: SuspendUserBodySchema,
      response: AdminUserActionResponseSchema,
    },
    grantAccess: {
      params: LooseIdParamsSchema,
      body: GrantAccessBodySchema,
      response: MessageResponseSchema,
    },
    changeName: {
      params: LooseIdParamsSchema,
      body: ChangeLearnerNameBodySchema,
      response: AdminUserActionResponseSchema,
    },
    changeEmail: {
      params: LooseIdParamsSchema,
      body: ChangeLearnerEmailBodySchema,
      response: MessageResponseSchema,
    },
    sendPasswordReset: {
      params: LooseIdParamsSchema,
      body: SupportReasonBodySchema,
      response: MessageResponseSchema,
    },
    markVerified: {
      params: LooseIdParamsSchema,
      body: SupportReasonBodySchema,
      response: AdminUserActionResponseSchema,
    },
  },
  reports: {
    send: { params: ReportParamsSchema, body: ReportBodySchema, response: MessageResponseSchema },
    list: { query: AdminReportsQuerySchema, response: AdminReportsResponseSchema },
    resolve: {
      params: LooseIdParamsSchema,
      body: ResolveReportBodySchema,
      response: ResolveReportResponseSchema,
    },
    byQuestion: { query: ReportedQuestionsQuerySchema, response: ReportedQuestionsResponseSchema },
    resolveQuestion: {
      params: ReportedQuestionParamsSchema,
      body: ResolveReportBodySchema,
      response: ResolveQuestionReportsResponseSchema,
    },
  },
  adminSettings: {
    read: { response: SiteSettingsSchema },
    save: { body: SiteSettingsUpdateSchema, response: SiteSettingsSchema },
    testPaypal: { body: TestPaypalBodySchema, response: TestPaypalResponseSchema },
  },
  audit: {
    list: { query: AuditQuerySchema, response: AuditResponseSchema },
  },
  // Files, streamed (decision 0068): `file: true` in routes.ts.
  adminExports: {
    payments: { query: DataExportQuerySchema, response: FileResponseSchema },
    results: { params: LooseIdParamsSchema, query: DataExportQuerySchema, response: FileResponseSchema },
    learners: { query: DataExportQuerySchema, response: FileResponseSchema },
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
    questions: {
      params: LooseIdParamsSchema,
      query: AdminQuestionListQuerySchema,
      response: AdminQuestionListSchema,
    },
    preview: { params: LooseIdParamsSchema, response: ExamPreviewSchema },
    bulkReview: {
      params: LooseIdParamsSchema,
      body: BulkReviewBodySchema,
      response: BulkReviewResponseSchema,
    },
    generateQuestions: {
      params: LooseIdParamsSchema,
      body: GenerateQuestionsBodySchema,
      response: GenerateQuestionsResponseSchema,
    },
    secondOpinion: {
      params: QuestionParamsSchema,
      body: SecondOpinionBodySchema,
      response: SecondOpinionSchema,
    },
    applySecondOpinion: {
      params: QuestionParamsSchema,
      body: ApplySecondOpinionBodySchema,
      response: ApplySecondOpinionResponseSchema,
    },
    info: { params: LooseIdParamsSchema, response: AdminExamInfoSchema },
    topics: { params: LooseIdParamsSchema, response: ExamTopicsSchema },
    addTopic: { params: LooseIdParamsSchema, body: AddTopicBodySchema, response: TopicChangeResponseSchema },
    renameTopic: {
      params: LooseIdParamsSchema,
      body: RenameTopicBodySchema,
      response: TopicChangeResponseSchema,
    },
    mergeTopics: {
      params: LooseIdParamsSchema,
      body: MergeTopicsBodySchema,
      response: TopicChangeResponseSchema,
    },
    removeTopic: {
      params: LooseIdParamsSchema,
      body: RemoveTopicBodySchema,
      response: TopicChangeResponseSchema,
    },
    setQuestionsTopic: {
      params: LooseIdParamsSchema,
      body: BulkTopicBodySchema,
      response: BulkTopicResponseSchema,
    },
    similarQuestions: {
      params: LooseIdParamsSchema,
      body: SimilarQuestionsBodySchema,
      response: SimilarQuestionsSchema,
    },
    questionHistory: {
      params: QuestionParamsSchema,
      query: pageQuery({ defaultLimit: HISTORY_PAGE_SIZE, maxLimit: 100 }),
      response: QuestionHistorySchema,
    },
    restoreVersion: {
      params: VersionParamsSchema,
      response: ApplySecondOpinionResponseSchema.omit({ previousVersion: true }),
    },
  },
  questionImports: {
    preview: { params: LooseIdParamsSchema, body: ImportPreviewBodySchema, response: ImportPreviewSchema },
    confirm: { params: LooseIdParamsSchema, body: ImportBodySchema, response: ImportResultSchema },
    export: { params: LooseIdParamsSchema, query: ExportQuerySchema, response: ExportFileSchema },
  },
  media: {
    // The body is the image's bytes, whatever the declared type (decision 0040): the server reads its content.
    upload: {
      body: z.instanceof(Uint8Array, { message: "Send the image file's bytes as the request body" }),
      response: MediaUploadSchema,
    },
    // The image's bytes (or 304): never JSON.
    image: { params: MediaParamsSchema, response: z.unknown() },
  },
  adminArticles: {
    list: { query: AdminArticlesQuerySchema, response: AdminArticlesResponseSchema },
    generate: { body: GenerateArticleBodySchema, response: GeneratedArticleSchema },
    create: { body: ArticleBodySchema, response: ArticleMessageSchema },
    detail: { params: LooseIdParamsSchema, response: ArticleSchema },
    update: { params: LooseIdParamsSchema, body: ArticleBodySchema, response: ArticleMessageSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
  courses: {
    list: { query: CoursesQuerySchema, response: CoursesResponseSchema },
    enrolled: { response: EnrolledCoursesResponseSchema },
    detail: { params: LooseIdParamsSchema, response: CourseSchema },
    progress: { params: LooseIdParamsSchema, response: CourseProgressSchema },
    enrol: { params: LooseIdParamsSchema, response: CourseProgressSchema },
    markRead: { params: CourseUnitParamsSchema, response: CourseProgressSchema },
    startUnit: { params: CourseUnitParamsSchema, response: StartUnitResponseSchema },
    certificate: { params: LooseIdParamsSchema, response: CourseCertificateSchema },
  },
  mocks: {
    list: { response: LearnerMocksResponseSchema },
    start: { params: LooseIdParamsSchema, response: AttemptSchema },
    submit: { params: LooseIdParamsSchema, body: MockSubmitBodySchema, response: MockOutcomeSchema },
    result: { params: LooseIdParamsSchema, response: MockOutcomeSchema },
  },
  adminMocks: {
    list: { response: AdminMocksResponseSchema },
    create: { body: MockBodySchema, response: AdminMockMessageSchema },
    update: { params: LooseIdParamsSchema, body: MockBodySchema, response: AdminMockMessageSchema },
    cancel: { params: LooseIdParamsSchema, response: MessageResponseSchema },
    release: { params: LooseIdParamsSchema, response: AdminMockMessageSchema },
    live: { params: LooseIdParamsSchema, response: MockLiveSchema },
    items: { params: LooseIdParamsSchema, response: ItemAnalysisSchema },
  },
  cohorts: {
    join: { body: JoinCohortBodySchema, response: JoinCohortResponseSchema },
    assignments: { response: LearnerAssignmentsResponseSchema },
  },
  adminCohorts: {
    list: { response: AdminCohortsResponseSchema },
    create: { body: CohortBodySchema, response: AdminCohortMessageSchema },
    detail: { params: LooseIdParamsSchema, response: AdminCohortDetailSchema },
    update: { params: LooseIdParamsSchema, body: CohortBodySchema, response: AdminCohortMessageSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
    previewMembers: {
      params: LooseIdParamsSchema,
      body: CohortEmailsBodySchema,
      response: MembersPreviewSchema,
    },
    addMembers: { params: LooseIdParamsSchema, body: CohortEmailsBodySchema, response: MembersAddedSchema },
    removeMember: { params: MemberParamsSchema, response: MessageResponseSchema },
    grantAccess: {
      params: LooseIdParamsSchema,
      body: CohortAccessBodySchema,
      response: CohortAccessResultSchema,
    },
    setMemberTime: {
      params: MemberParamsSchema,
      body: MemberTimeBodySchema,
      response: MessageResponseSchema,
    },
    invites: { params: LooseIdParamsSchema, response: CohortInvitesResponseSchema },
    createInvite: { params: LooseIdParamsSchema, body: InviteBodySchema, response: InviteCreatedSchema },
    revokeInvite: { params: InviteParamsSchema, response: MessageResponseSchema },
    assignableExams: { response: AssignableExamsSchema },
    createAssignment: {
      params: LooseIdParamsSchema,
      body: AssignmentBodySchema,
      response: AssignmentMessageSchema,
    },
    assignmentProgress: { params: AssignmentParamsSchema, response: AssignmentProgressSchema },
    insights: { params: LooseIdParamsSchema, response: CohortInsightsSchema },
    assignmentItems: { params: AssignmentParamsSchema, response: ItemAnalysisSchema },
    removeAssignment: { params: AssignmentParamsSchema, response: MessageResponseSchema },
    report: { params: LooseIdParamsSchema, response: FileResponseSchema },
  },
  adminCourses: {
    list: { query: AdminCoursesQuerySchema, response: AdminCoursesResponseSchema },
    create: { body: CourseBodySchema, response: CourseMessageSchema },
    detail: { params: LooseIdParamsSchema, response: AdminCourseSchema },
    update: { params: LooseIdParamsSchema, body: CourseBodySchema, response: CourseMessageSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
  },
  community: {
    profile: { response: CommunityProfileSchema },
    saveProfile: { body: DisplayNameBodySchema, response: DisplayNameResponseSchema },
    questionThread: {
      params: QuestionThreadParamsSchema,
      query: ThreadQuerySchema,
      response: ThreadResponseSchema,
    },
    postOnQuestion: {
      params: QuestionThreadParamsSchema,
      body: PostCommentBodySchema,
      response: CommentResponseSchema,
    },
    articleThread: {
      params: ArticleThreadParamsSchema,
      query: ThreadQuerySchema,
      response: ThreadResponseSchema,
    },
    postOnArticle: {
      params: ArticleThreadParamsSchema,
      body: PostCommentBodySchema,
      response: CommentResponseSchema,
    },
    edit: { params: LooseIdParamsSchema, body: EditCommentBodySchema, response: CommentResponseSchema },
    remove: { params: LooseIdParamsSchema, response: MessageResponseSchema },
    markHelpful: { params: LooseIdParamsSchema, response: HelpfulResponseSchema },
    unmarkHelpful: { params: LooseIdParamsSchema, response: HelpfulResponseSchema },
    report: { params: LooseIdParamsSchema, body: ReportCommentBodySchema, response: MessageResponseSchema },
  },
  adminCommunity: {
    queue: { query: ModerationQuerySchema, response: ModerationResponseSchema },
    moderate: { params: LooseIdParamsSchema, body: ModerateBodySchema, response: AdminCommentResponseSchema },
    reply: { params: LooseIdParamsSchema, body: AdminReplyBodySchema, response: AdminCommentResponseSchema },
    commenting: { params: LooseIdParamsSchema, body: CommentingBodySchema, response: MessageResponseSchema },
  },
  notes: {
    save: { params: NoteParamsSchema, body: SaveNoteBodySchema, response: SaveNoteResponseSchema },
    remove: { params: NoteParamsSchema, response: NoContentSchema },
    read: { params: NoteParamsSchema, response: NoteResponseSchema },
    notebook: { query: NotebookQuerySchema, response: NotebookResponseSchema },
    forResult: { params: LooseIdParamsSchema, response: ResultNotesResponseSchema },
    anki: { query: AnkiExportQuerySchema, response: AnkiFileSchema },
  },
  dataRights: {
    download: { response: PersonalDataFileSchema },
    deleteAccount: { body: DeleteAccountBodySchema, response: MessageResponseSchema },
    adminDownload: { params: LooseIdParamsSchema, response: PersonalDataFileSchema },
    adminErase: {
      params: LooseIdParamsSchema,
      body: EraseLearnerBodySchema,
      response: MessageResponseSchema,
    },
  },
} as const satisfies Record<string, Record<string, EndpointSchemas>>;

export type EndpointSchemaTable = typeof endpointSchemas;
