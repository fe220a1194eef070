import { and, asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  auditLog,
  cohortAssignmentSittings,
  cohortMembers,
  cohorts,
  commentReports,
  comments,
  commentVotes,
  communityProfiles,
  courseEnrolments,
  courseUnitReads,
  courseUnitSittings,
  devices,
  examAttempts,
  examResults,
  learnerExamStats,
  learnerPreferences,
  learnerQuestions,
  learnerTopicStats,
  mailOutbox,
  paymentMethods,
  payments,
  paypalOrders,
  paypalSetupTokens,
  questionNotes,
  questionReports,
  questionResponses,
  reviewCards,
  reviewLog,
  sessions,
  subscriptionRenewals,
  subscriptions,
  userTokens,
  users,
} from '../../db/schema/index.ts';

/*
 * Data rights (decision 0069): what one learner's download reads, and what erasing their account writes.
 * This module reads and writes other modules' tables on purpose: the list of what the platform holds about
 * a person is kept in one place, so a new table that holds personal data has one place to be added.
 */

/** Who a cohort's activity log names where an erased learner's address was. */
const ERASED_MEMBER = 'a deleted learner';

/** Every column of a table but the named ones (secrets are never selected, so never exported). */
function columnsWithout<T extends Record<string, unknown>, K extends keyof T>(columns: T, ...omit: K[]) {
  const picked = { ...columns };
  for (const key of omit) delete picked[key];
  return picked as Omit<T, K>;
}

/** The learner's row (null when there is none), locked for the rest of the transaction. */
export async function lockLearner(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/** Everything stored about one learner, table by table (without password, token hashes or vault ids). */
export async function readPersonalData(db: Executor, userId: string) {
  const [
    account,
    preferences,
    deviceRows,
    sessionRows,
    tokenRows,
    subscriptionRows,
    renewalRows,
    paymentRows,
    orderRows,
    methodRows,
    attemptRows,
    resultRows,
    responseRows,
    questionRows,
    examStatRows,
    topicStatRows,
    cardRows,
    logRows,
    noteRows,
    reportRows,
    profileRows,
    commentRows,
    voteRows,
    commentReportRows,
    enrolmentRows,
    readRows,
    unitSittingRows,
    membershipRows,
    assignmentSittingRows,
    mailRows,
  ] = await Promise.all([
    db
      .select(columnsWithout(getTableColumns(users), 'passwordHash'))
      .from(users)
      .where(eq(users.id, userId)),
    db.select().from(learnerPreferences).where(eq(learnerPreferences.userId, userId)),
    db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt)),
    db
      .select(columnsWithout(getTableColumns(sessions), 'tokenHash'))
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select(columnsWithout(getTableColumns(userTokens), 'tokenHash'))
      .from(userTokens)
      .where(eq(userTokens.userId, userId))
      .orderBy(asc(userTokens.createdAt)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt)),
    db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.userId, userId))
      .orderBy(asc(subscriptionRenewals.createdAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(paypalOrders)
      .where(eq(paypalOrders.userId, userId))
      .orderBy(asc(paypalOrders.createdAt)),
    db
      .select(columnsWithout(getTableColumns(paymentMethods), 'vaultId', 'customerId'))
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId)),
    db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.userId, userId))
      .orderBy(asc(examAttempts.startedAt)),
    db.select().from(examResults).where(eq(examResults.userId, userId)).orderBy(asc(examResults.completedAt)),
    db
      .select()
      .from(questionResponses)
      .where(eq(questionResponses.userId, userId))
      .orderBy(asc(questionResponses.answeredAt)),
    db.select().from(learnerQuestions).where(eq(learnerQuestions.userId, userId)),
    db.select().from(learnerExamStats).where(eq(learnerExamStats.userId, userId)),
    db.select().from(learnerTopicStats).where(eq(learnerTopicStats.userId, userId)),
    db.select().from(reviewCards).where(eq(reviewCards.userId, userId)),
    db.select().from(reviewLog).where(eq(reviewLog.userId, userId)).orderBy(asc(reviewLog.reviewedAt)),
    db
      .select(columnsWithout(getTableColumns(questionNotes), 'searchText'))
      .from(questionNotes)
      .where(eq(questionNotes.userId, userId))
      .orderBy(asc(questionNotes.createdAt)),
    db
      .select()
      .from(questionReports)
      .where(eq(questionReports.userId, userId))
      .orderBy(asc(questionReports.createdAt)),
    db.select().from(communityProfiles).where(eq(communityProfiles.userId, userId)),
    db.select().from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.createdAt)),
    db
      .select()
      .from(commentVotes)
      .where(eq(commentVotes.userId, userId))
      .orderBy(asc(commentVotes.createdAt)),
    db
      .select()
      .from(commentReports)
      .where(eq(commentReports.userId, userId))
      .orderBy(asc(commentReports.createdAt)),
    db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, userId)),
    db.select().from(courseUnitReads).where(eq(courseUnitReads.userId, userId)),
    db.select().from(courseUnitSittings).where(eq(courseUnitSittings.userId, userId)),
    // Cohorts they belong to (decision 0079): the cohort's name, when they joined, their extra time.
    db
      .select({
        cohort: cohorts.name,
        joinedAt: cohortMembers.joinedAt,
        extraTimePercent: cohortMembers.extraTimePercent,
      })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(eq(cohortMembers.userId, userId))
      .orderBy(asc(cohortMembers.joinedAt)),
    db.select().from(cohortAssignmentSittings).where(eq(cohortAssignmentSittings.userId, userId)),
    // Mail sent to them: what and when (a sent mail's body is removed once sent, decision 0026).
    db
      .select({
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, userId))
      .orderBy(asc(mailOutbox.createdAt)),
  ]);
  return {
    account: account[0] ?? null,
    preferences: preferences[0] ?? null,
    devices: deviceRows,
    sessions: sessionRows,
    emailLinks: tokenRows,
    subscriptions: subscriptionRows,
    renewals: renewalRows,
    payments: paymentRows,
    paypalOrders: orderRows,
    paymentMethod: methodRows[0] ?? null,
    sittings: attemptRows,
    results: resultRows,
    answers: responseRows,
    questionHistory: questionRows,
    examStatistics: examStatRows,
    topicStatistics: topicStatRows,
    reviewCards: cardRows,
    reviewLog: logRows,
    notes: noteRows,
    questionReports: reportRows,
    communityProfile: profileRows[0] ?? null,
    comments: commentRows,
    helpfulVotes: voteRows,
    commentReports: commentReportRows,
    courseEnrolments: enrolmentRows,
    courseUnitsRead: readRows,
    coursePracticeSets: unitSittingRows,
    cohorts: membershipRows,
    cohortPracticeSets: assignmentSittingRows,
    mail: mailRows,
  };
}

/** Whether a renewal charge of the learner is being taken at PayPal right now (a runner holds it). */
export async function hasRenewalInFlight(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.userId, userId), eq(subscriptionRenewals.status, 'charging')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Erases a learner's personal data in the caller's transaction (decision 0069 lists what goes and what
 * stays, and why). Returns the PayPal vault id of their saved payer, if any, for PayPal to forget after
 * the commit.
 */
export async function erasePersonalData(
  db: Executor,
  user: { id: string; email: string },
  placeholder: { name: string; email: string; passwordHash: string },
): Promise<{ vaultId: string | null }> {
  const userId = user.id;
  // Signing in and renewals: sessions, devices, links, the saved payer and every subscription go; a
  // subscription's renewals go with it (ON DELETE CASCADE), so no later run can charge the account.
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(devices).where(eq(devices.userId, userId));
  await db.delete(userTokens).where(eq(userTokens.userId, userId));
  await db.delete(paypalSetupTokens).where(eq(paypalSetupTokens.userId, userId));
  const methods = await db
    .delete(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .returning({ vaultId: paymentMethods.vaultId });
  await db.delete(subscriptionRenewals).where(eq(subscriptionRenewals.userId, userId));
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
  // Accounting keeps payments (six years), detached from the account.
  await db.update(payments).set({ userId: null }).where(eq(payments.userId, userId));
  await db.update(paypalOrders).set({ userId: null }).where(eq(paypalOrders.userId, userId));
  // Mail to them, queued or sent (a sent mail keeps its address and subject for support).
  await db.delete(mailOutbox).where(or(eq(mailOutbox.userId, userId), eq(mailOutbox.toAddress, user.email)));
  // Study: sittings, notes, the review deck, preferences, the per-question history and topic trends go.
  // Results, their per-question answers and the per-exam summary stay with the anonymous row: item
  // analysis, peer shares and percentiles count them.
  await db.delete(courseUnitSittings).where(eq(courseUnitSittings.userId, userId));
  await db.delete(cohortAssignmentSittings).where(eq(cohortAssignmentSittings.userId, userId));
  // Their cohorts: an erased learner leaves every cohort (their tutors no longer see them). The activity
  // log keeps what tutors did (removed a member, gave extra time) but not whom to: the address goes.
  await db.delete(cohortMembers).where(eq(cohortMembers.userId, userId));
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} || jsonb_build_object('member', ${ERASED_MEMBER}::text)` })
    .where(and(eq(auditLog.entityType, 'cohort'), sql`${auditLog.details} ->> 'member' = ${user.email}`));
  await db.delete(examAttempts).where(eq(examAttempts.userId, userId));
  await db.delete(questionNotes).where(eq(questionNotes.userId, userId));
  await db.delete(reviewCards).where(eq(reviewCards.userId, userId));
  await db.delete(reviewLog).where(eq(reviewLog.userId, userId));
  await db.delete(learnerPreferences).where(eq(learnerPreferences.userId, userId));
  await db.delete(learnerQuestions).where(eq(learnerQuestions.userId, userId));
  await db.delete(learnerTopicStats).where(eq(learnerTopicStats.userId, userId));
  await db.delete(courseUnitReads).where(eq(courseUnitReads.userId, userId));
  await db.delete(courseEnrolments).where(eq(courseEnrolments.userId, userId));
  // What they wrote for others to read: the text goes, the row stays where others' rows hang on it
  // (replies under a comment, a report's resolution).
  await db.delete(communityProfiles).where(eq(communityProfiles.userId, userId));
  await db
    .update(comments)
    .set({ body: '', status: 'deleted', openReports: 0, moderationReason: '' })
    .where(eq(comments.userId, userId));
  await db.update(commentReports).set({ details: '' }).where(eq(commentReports.userId, userId));
  await db.update(questionReports).set({ details: '' }).where(eq(questionReports.userId, userId));
  // Their reports on comments are closed with the account: no moderator acts on an erased learner's word.
  const closed = await db
    .update(commentReports)
    .set({ status: 'closed' })
    .where(and(eq(commentReports.userId, userId), eq(commentReports.status, 'open')))
    .returning({ commentId: commentReports.commentId });
  for (const row of closed) {
    await db
      .update(comments)
      .set({ openReports: sql`greatest(${comments.openReports} - 1, 0)` })
      .where(eq(comments.id, row.commentId));
  }
  await db
    .update(users)
    .set({
      name: placeholder.name,
      email: placeholder.email,
      passwordHash: placeholder.passwordHash,
      emailVerifiedAt: null,
      suspendedAt: null,
      erasedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return { vaultId: methods[0]?.vaultId ?? null };
}
