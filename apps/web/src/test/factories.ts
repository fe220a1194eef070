import type {
  AdminComment,
  AdminExamDetail,
  AdminExamSummary,
  AdminQuestion,
  AdminReport,
  AdminStats,
  AdminUserDetail,
  Attempt,
  Comment,
  CourseUnit,
  ExamPublic,
  ExamResult,
  ItemAnalysis,
  ItemStatistics,
  ModerationResponse,
  NotebookItem,
  Note,
  ResultQuestion,
  ReviewForecast,
  SiteSettings,
  Subscription,
  ThreadComment,
  ThreadResponse,
} from '@mlp/contract';

/** A scored attempt as `GET /api/exams/results/:id` answers it (1 of 3 right); override what the test is about. */
export function buildExamResult(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    _id: 'result-1',
    examId: 'exam-1',
    exam: { _id: 'exam-1', title: 'Cardiology Basics' },
    correctAnswers: 1,
    incorrectAnswers: 1,
    omittedAnswers: 1,
    totalQuestions: 3,
    score: 33,
    completedAt: '2025-03-05T10:30:00.000Z',
    duration: 1800,
    mode: 'exam',
    kind: 'exam',
    topics: [],
    certainty: null,
    questions: [],
    ...overrides,
  };
}

/** A question of a result's review, answered right ('A'), untimed; override what the test is about. */
export function buildResultQuestion(id: string, overrides: Partial<ResultQuestion> = {}): ResultQuestion {
  return {
    questionId: id,
    question: `Question ${id}?`,
    choices: ['A', 'B', 'C'],
    userAnswer: 'A',
    correctAnswer: 'A',
    isCorrect: true,
    explanation: '',
    topic: 'General',
    flagged: false,
    certainty: null,
    missTag: null,
    seconds: null,
    rationales: [],
    objective: '',
    references: [],
    ...overrides,
  };
}

/** `GET /api/admin/stats`'s answer, all zero; override what the test is about. */
export function buildAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    totalUsers: 0,
    totalExams: 0,
    totalArticles: 0,
    activeSubscriptions: 0,
    monthlyRecurringRevenuePence: 0,
    renewalsDueThisWeek: 0,
    openReports: 0,
    ...overrides,
  };
}

/** `GET /api/admin/settings`'s answer for an open site in PayPal's sandbox; override what the test is about. */
export function buildSiteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    siteName: 'MedLearn',
    siteDescription: '',
    contactEmail: '',
    maintenanceMode: false,
    registrationEnabled: true,
    examCreationEnabled: true,
    paypal: {
      clientId: '',
      mode: 'sandbox',
      enabled: false,
      hasClientSecret: false,
      testPayments: false,
      webhookId: '',
    },
    testPaymentsActive: true,
    community: { enabled: true, holdFirstComments: false },
    ...overrides,
  };
}

/** A sitting just started (`POST /api/practice-sets`, `POST /api/reviews/session`); override what matters. */
export function buildAttempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    _id: 'attempt-1',
    examId: null,
    examTitle: 'Practice set',
    startedAt: '2025-03-05T10:00:00.000Z',
    elapsedSeconds: 0,
    questions: [],
    answers: {},
    currentIndex: 0,
    mode: 'tutor',
    kind: 'practice',
    deadline: null,
    remainingSeconds: null,
    flags: [],
    strikes: {},
    saveSeq: 0,
    paused: false,
    pauseAllowed: true,
    pauseLeftSeconds: null,
    reveals: [],
    certainties: {},
    certaintyEnabled: false,
    ...overrides,
  };
}

/**
 * The review forecast (`GET /api/reviews/forecast`, decision 0060): nothing due now, 4 tomorrow (2 December
 * 2026), 6 three days on, in London's days; override what matters.
 */
export function buildReviewForecast(overrides: Partial<ReviewForecast> = {}): ReviewForecast {
  return {
    timeZone: 'Europe/London',
    dueNow: 0,
    laterToday: 0,
    days: Array.from({ length: 14 }, (_, index) => ({
      date: `2026-12-${String(index + 2).padStart(2, '0')}`,
      due: index === 0 ? 4 : index === 2 ? 6 : 0,
    })),
    ...overrides,
  };
}

/** A question as the panel reads it (`AdminQuestion`), approved, option 2 right; override what matters. */
export function buildAdminQuestion(overrides: Partial<AdminQuestion> = {}): AdminQuestion {
  return {
    _id: 'q1',
    question: 'Which rhythm is irregularly irregular?',
    options: ['AF', 'VT', 'Flutter', 'Sinus'],
    correctAnswer: 0,
    explanation: '',
    isAIGenerated: false,
    approvalStatus: 'approved',
    rejectionReason: null,
    topic: null,
    image: null,
    explanationImage: null,
    rationales: [],
    objective: '',
    references: [],
    version: 1,
    isSample: false,
    ...overrides,
  };
}

/** An exam as the panel lists it (`AdminExamSummary`): a draft of 10 questions; override what matters. */
export function buildAdminExamSummary(overrides: Partial<AdminExamSummary> = {}): AdminExamSummary {
  return {
    _id: 'exam-1',
    title: 'Cardiology basics',
    description: '',
    category: 'medical',
    price: 0,
    numberOfQuestions: 10,
    isActive: false,
    tags: [],
    questionCount: 0,
    pendingCount: 0,
    createdAt: '2025-03-05T10:00:00.000Z',
    topics: [],
    secondsPerQuestion: 90,
    modes: ['exam', 'timed', 'tutor'],
    timedPauseAllowed: false,
    ...overrides,
  };
}

/** An exam with its questions, as creating or publishing one answers it (`AdminExamDetail`). */
export function buildAdminExamDetail(overrides: Partial<AdminExamDetail> = {}): AdminExamDetail {
  return { ...buildAdminExamSummary(), activeSubscribers: 0, questions: [], ...overrides };
}

/** A learner's open report of a question (`AdminReport`); override what the test is about. */
export function buildAdminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    _id: 'rep1',
    questionId: 'q1',
    question: 'Which drug reverses warfarin fastest?',
    examId: 'e1',
    examTitle: 'Pharmacology',
    learner: { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    resultId: 'r1',
    reason: 'wrong-answer',
    details: 'Prothrombin complex concentrate, not vitamin K',
    notifyRequested: true,
    status: 'open',
    outcome: null,
    resolution: null,
    learnerNotified: false,
    resolvedBy: null,
    resolvedAt: null,
    createdAt: new Date(2026, 10, 20, 10, 0).toISOString(),
    openOnQuestion: 2,
    questionNumber: 3,
    ...overrides,
  };
}

/**
 * A learner's comment as the moderation queue lists it (`AdminComment`): visible, under a question, with
 * one open report; override what the test is about.
 */
export function buildAdminComment(overrides: Partial<AdminComment> = {}): AdminComment {
  return {
    _id: 'c1',
    parentId: null,
    body: 'Vitamin K takes hours.\nPCC works in minutes.',
    status: 'visible',
    createdAt: new Date(2026, 10, 20, 10, 0).toISOString(),
    editedAt: null,
    helpful: 2,
    author: {
      userId: 'u1',
      displayName: 'ada_l',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      team: false,
      commentingSuspended: false,
    },
    target: {
      kind: 'question',
      id: 'q1',
      title: 'Which drug reverses warfarin fastest?',
      examTitle: 'Pharmacology',
    },
    reports: [
      {
        reason: 'incorrect',
        details: 'Vitamin K is the answer',
        createdAt: new Date(2026, 10, 21, 9, 30).toISOString(),
      },
    ],
    reportCount: 1,
    moderation: null,
    ...overrides,
  };
}

/** `GET /api/admin/comments`'s answer: one page holding `comments`; override the counts or paging. */
export function buildModerationResponse(
  comments: AdminComment[] = [],
  overrides: Partial<ModerationResponse> = {},
): ModerationResponse {
  return {
    comments,
    total: comments.length,
    counts: { held: 0, reported: comments.filter((comment) => comment.reportCount > 0).length },
    page: 1,
    pages: 1,
    ...overrides,
  };
}

/** Another learner's visible comment as a thread lists it (`Comment`); override what the test is about. */
export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    _id: 'c1',
    parentId: null,
    author: { displayName: 'Dr Ann', team: false, you: false },
    body: 'Remember the mnemonic.',
    status: 'visible',
    moderatorNote: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    helpful: 0,
    helpfulByYou: false,
    reportedByYou: false,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

/** A top-level comment with its replies (`ThreadComment`), none unless given. */
export function buildThreadComment(overrides: Partial<ThreadComment> = {}): ThreadComment {
  return { ...buildComment(), replies: [], ...overrides };
}

/**
 * A discussion's page as `GET /api/questions/:questionId/comments` (or an article's) answers it: the
 * comments given, one page, and a learner who chose the display name 'Ada' and may comment.
 */
export function buildThread(overrides: Partial<ThreadResponse> = {}): ThreadResponse {
  const comments = overrides.comments ?? [];
  return {
    comments,
    total: comments.length,
    page: 1,
    pages: 1,
    profile: { displayName: 'Ada', commentingSuspended: false },
    ...overrides,
  };
}

/** A learner's note on a question as the notes endpoints answer it; override what the test is about. */
export function buildNote(overrides: Partial<Note> = {}): Note {
  return {
    questionId: 'q1',
    text: 'Remember the first-line drug',
    version: 1,
    currentVersion: 1,
    questionChanged: false,
    createdAt: '2026-11-30T09:00:00.000Z',
    updatedAt: '2026-11-30T09:00:00.000Z',
    ...overrides,
  };
}

/** A notebook entry as `GET /api/notes` answers it; override what the test is about. */
export function buildNotebookItem(overrides: Partial<NotebookItem> = {}): NotebookItem {
  return {
    ...buildNote(),
    question: 'Which drug is first-line for stable angina?',
    examId: 'e1',
    examTitle: 'Cardiology Basics',
    topic: 'Angina',
    resultId: 'r1',
    ...overrides,
  };
}

/** A paid subscription to 'Cardiology review' that runs to 5 March 2026 and renews then for £9.99. */
export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const march5 = new Date(2026, 2, 5, 12).toISOString();
  return {
    _id: 's1',
    examId: 'e1',
    exam: { _id: 'e1', title: 'Cardiology review', description: '', available: true },
    autoRenew: true,
    isFree: false,
    startDate: new Date(2026, 1, 5).toISOString(),
    endDate: march5,
    isActive: true,
    cancelledAt: null,
    paymentData: { paymentId: 'ORDER-1', status: 'COMPLETED' },
    renewal: { date: march5, amountPence: 999, state: 'scheduled', lastError: null },
    ...overrides,
  };
}

/** A published exam as the catalogue lists it (`ExamPublic`): £4.99, 25 questions, every mode. */
export function buildExamPublic(overrides: Partial<ExamPublic> = {}): ExamPublic {
  return {
    _id: 'exam-1',
    title: 'Cardiology Basics',
    description: 'Hearts.',
    category: 'medical',
    price: 4.99,
    numberOfQuestions: 25,
    tags: [],
    createdAt: '2025-03-01T00:00:00.000Z',
    modes: ['exam', 'timed', 'tutor'],
    secondsPerQuestion: 90,
    ...overrides,
  };
}

/** A learner's page (`AdminUserDetail`) with nothing on it yet; `user` overrides the account's fields. */
export function buildAdminUserDetail(
  user: Partial<AdminUserDetail['user']> = {},
  overrides: Partial<Omit<AdminUserDetail, 'user'>> = {},
): AdminUserDetail {
  return {
    user: {
      _id: 'u1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      createdAt: new Date(2025, 0, 15).toISOString(),
      verified: true,
      suspended: false,
      ...user,
    },
    results: [],
    devices: [],
    subscriptions: [],
    ...overrides,
  };
}

/** A question of an item analysis report (decision 0036): 40 answers, a good question. */
export const buildItemStatistics = (
  number: number,
  overrides: Partial<ItemStatistics> = {},
): ItemStatistics => ({
  questionId: `q${number}`,
  number,
  question: `Which drug is first line? (${number})`,
  topic: 'Cardiology',
  isAIGenerated: false,
  approvalStatus: 'approved',
  attempts: 40,
  facility: 62.5,
  sd: 0.49,
  discrimination: 0.41,
  efficiency: 58.2,
  skippedShare: 2.5,
  options: [
    { text: 'Aspirin', isKey: true, share: 62.5, strongShare: 90, mostPopularWrong: false },
    { text: 'Warfarin', isKey: false, share: 25, strongShare: 10, mostPopularWrong: true },
    { text: 'Heparin', isKey: false, share: 10, strongShare: 0, mostPopularWrong: false },
    { text: 'Digoxin', isKey: false, share: 0, strongShare: 0, mostPopularWrong: false },
  ],
  flags: [],
  countedSince: null,
  ...overrides,
});

/** An item analysis report of two questions, the second a flagged AI draft. */
export const buildItemAnalysis = (overrides: Partial<ItemAnalysis> = {}): ItemAnalysis => ({
  exam: {
    results: 40,
    pending: 0,
    mean: 61.2,
    median: 60,
    sd: 14.3,
    alpha: 0.82,
    questionsPerSitting: 20,
    updatedAt: '2026-11-24T10:00:00.000Z',
  },
  bySource: {
    ai: { questions: 1, analysed: 1, meanFacility: 95, meanDiscrimination: -0.2, flagged: 1 },
    manual: { questions: 1, analysed: 1, meanFacility: 62.5, meanDiscrimination: 0.41, flagged: 0 },
  },
  items: [
    buildItemStatistics(1),
    buildItemStatistics(2, {
      isAIGenerated: true,
      facility: 95,
      discrimination: -0.2,
      flags: ['negative-discrimination', 'too-easy'],
    }),
  ],
  total: 2,
  page: 1,
  pageSize: 10,
  ...overrides,
});

/** A course unit (`CourseUnit`) that uses none of its kind's fields: an untitled article unit without its article. */
export function buildCourseUnit(overrides: Partial<CourseUnit> = {}): CourseUnit {
  return {
    _id: 'unit-1',
    position: 0,
    kind: 'article',
    title: '',
    articleId: null,
    examId: null,
    examTitle: null,
    topics: [],
    size: null,
    mode: null,
    passMark: null,
    requiresSubscription: false,
    ...overrides,
  };
}
