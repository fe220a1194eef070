import type { AdminRole } from './constants.ts';
import type { RouteTableShape } from './routes.ts';

/*
 * Which administrator roles may call each /api/admin/* operation (decision 0067). One table beside the
 * route table: its type lists every route whose caller is an administrator, so a new admin route that is
 * missing here (or an entry for a route that is gone) is a type error, and `routes.test.ts` checks the
 * same at run time. The server refuses a role that is not listed with 403 before it reads the body; the
 * panel hides what a role cannot do with `adminCan`.
 */

type AdminRoutesOf<G> = {
  [N in keyof G as G[N] extends { auth: 'admin' } ? N : never]: readonly AdminRole[];
};
type AdminRouteRoleTable = {
  [
    G in keyof RouteTableShape as keyof AdminRoutesOf<RouteTableShape[G]> extends never ? never : G
  ]: AdminRoutesOf<RouteTableShape[G]>;
};
export type AdminRouteGroup = keyof AdminRouteRoleTable;

/** signing in and out, one's own password: Tutors too */
const EVERY_ROLE = ['owner', 'editor', 'support', 'finance', 'tutor'] as const;
/**
 * the dashboard's counts are the whole site's (learners, exams, money): not a Tutor's, who sees only their
 * cohorts (decision 0079)
 */
const STAFF = ['owner', 'editor', 'support', 'finance'] as const;
/** a cohort's page, members, invite codes and assignments: its tutors, and Owners for every cohort */
const COHORTS = ['owner', 'tutor'] as const;
const OWNER = ['owner'] as const;
/** exams, questions, imports, AI, articles, courses, images */
const CONTENT = ['owner', 'editor'] as const;
/** learners and their access, sign-outs, suspensions */
const LEARNERS = ['owner', 'support'] as const;
/** reading learners: Finance looks a payer up, read-only */
const LEARNERS_READ = ['owner', 'support', 'finance'] as const;
/** learners' reports on questions and the community's moderation: content and learners both */
const MODERATION = ['owner', 'editor', 'support'] as const;
const MONEY = ['owner', 'finance'] as const;
/**
 * an exam's results with learners' names (decision 0068): support answers learners about them, editors
 * (the tutors who write the exam) follow their learners up, and the exam's page is theirs
 */
const RESULTS = ['owner', 'editor', 'support'] as const;
/**
 * the mocks' schedule and a live mock's sittings as they happen (decision 0077): those who schedule mocks,
 * and support, who answers learners about them and follows up those whose connection was lost
 */
const MOCKS_READ = ['owner', 'editor', 'support'] as const;

export const adminRouteRoles = {
  adminAuth: { logout: EVERY_ROLE, me: EVERY_ROLE, changePassword: EVERY_ROLE },
  admins: { list: OWNER, create: OWNER, remove: OWNER, changeRole: OWNER },
  adminUsers: {
    list: LEARNERS_READ,
    detail: LEARNERS_READ,
    remove: LEARNERS,
    resendVerification: LEARNERS,
    signOut: LEARNERS,
    suspend: LEARNERS,
    grantAccess: LEARNERS,
    changeName: LEARNERS,
    changeEmail: LEARNERS,
    sendPasswordReset: LEARNERS,
    markVerified: LEARNERS,
  },
  dataRights: { adminDownload: LEARNERS, adminErase: LEARNERS },
  reports: { list: MODERATION, resolve: MODERATION, byQuestion: MODERATION, resolveQuestion: MODERATION },
  adminSettings: { read: OWNER, save: OWNER, testPaypal: OWNER },
  adminPayments: { list: MONEY, refund: MONEY },
  itemAnalysis: { read: CONTENT, recalculate: CONTENT },
  audit: { list: OWNER },
  stats: { read: STAFF },
  adminExports: { payments: MONEY, results: RESULTS, learners: LEARNERS_READ },
  adminExams: {
    list: CONTENT,
    create: CONTENT,
    detail: CONTENT,
    update: CONTENT,
    remove: CONTENT,
    publish: CONTENT,
    addQuestion: CONTENT,
    editQuestion: CONTENT,
    deleteQuestion: CONTENT,
    reviewQuestion: CONTENT,
    questions: CONTENT,
    preview: CONTENT,
    bulkReview: CONTENT,
    generateQuestions: CONTENT,
    secondOpinion: CONTENT,
    applySecondOpinion: CONTENT,
    info: CONTENT,
    topics: CONTENT,
    addTopic: CONTENT,
    renameTopic: CONTENT,
    mergeTopics: CONTENT,
    removeTopic: CONTENT,
    setQuestionsTopic: CONTENT,
    similarQuestions: CONTENT,
    questionHistory: CONTENT,
    restoreVersion: CONTENT,
  },
  questionImports: { preview: CONTENT, confirm: CONTENT, export: CONTENT },
  media: { upload: CONTENT },
  adminArticles: {
    list: CONTENT,
    generate: CONTENT,
    create: CONTENT,
    detail: CONTENT,
    update: CONTENT,
    remove: CONTENT,
  },
  adminMocks: {
    list: MOCKS_READ,
    create: CONTENT,
    update: CONTENT,
    cancel: CONTENT,
    release: CONTENT,
    live: MOCKS_READ,
    items: MOCKS_READ,
  },
  adminCohorts: {
    list: COHORTS,
    create: OWNER,
    detail: COHORTS,
    update: OWNER,
    remove: OWNER,
    previewMembers: COHORTS,
    addMembers: COHORTS,
    removeMember: COHORTS,
    setMemberTime: COHORTS,
    grantAccess: OWNER,
    invites: COHORTS,
    createInvite: COHORTS,
    revokeInvite: COHORTS,
    assignableExams: COHORTS,
    createAssignment: COHORTS,
    assignmentProgress: COHORTS,
    removeAssignment: COHORTS,
    report: COHORTS,
    insights: COHORTS,
    assignmentItems: COHORTS,
  },
  adminCourses: { list: CONTENT, create: CONTENT, detail: CONTENT, update: CONTENT, remove: CONTENT },
  adminCommunity: { queue: MODERATION, moderate: MODERATION, reply: MODERATION, commenting: MODERATION },
} as const satisfies AdminRouteRoleTable;

/** The roles that may call an admin operation. */
export function rolesFor(group: string, name: string): readonly AdminRole[] | undefined {
  return (adminRouteRoles as Record<string, Record<string, readonly AdminRole[]> | undefined>)[group]?.[name];
}

/** Whether an administrator of `role` may call `group.name` (the panel hides what they may not). */
export function adminCan<G extends AdminRouteGroup>(
  role: AdminRole | undefined,
  group: G,
  name: keyof (typeof adminRouteRoles)[G] & string,
): boolean {
  return role !== undefined && (rolesFor(group, name) ?? []).includes(role);
}
