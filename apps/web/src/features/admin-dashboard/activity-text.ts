import type { AuditAction, AuditChange, AuditEntityType } from '@mlp/contract';

/** The activity log's 'Type' filter, in the panel's words. */
export const ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  exam: 'Exams and questions',
  article: 'Articles',
  course: 'Courses',
  comment: 'Community',
  user: 'Learners',
  administrator: 'Administrators',
  settings: 'Site settings',
  payment: 'Payments',
  mock: 'Mock exams',
  cohort: 'Cohorts',
};

/** The activity log's 'Action' filter, in the panel's words. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Edited',
  deleted: 'Deleted',
  published: 'Published',
  added_question: 'Added a question',
  edited_question: 'Edited a question',
  deleted_question: 'Deleted a question',
  approved_question: 'Approved a question',
  rejected_question: 'Rejected a question',
  generated_questions: 'Generated questions',
  applied_ai_suggestion: 'Applied an AI suggestion',
  imported_questions: 'Imported questions',
  exported_questions: 'Exported questions',
  exported_data: 'Exported data',
  changed_password: 'Changed password',
  changed_role: 'Changed a role',
  refunded: 'Refunded',
  resolved_report: 'Resolved a report',
  approved_questions: 'Approved questions together',
  rejected_questions: 'Rejected questions together',
  restored_questions: 'Restored rejected questions',
  suspended: 'Suspended a learner',
  unsuspended: 'Restored a learner',
  signed_out: 'Signed a learner out',
  resent_verification: 'Resent verification',
  granted_access: 'Gave access',
  changed_name: "Changed a learner's name",
  requested_email_change: 'Started an email change',
  sent_password_reset: 'Sent a password reset',
  marked_verified: 'Marked verified',
  restored_question_version: 'Restored a question version',
  set_questions_topic: 'Set the topic of questions',
  added_topic: 'Added a topic',
  renamed_topic: 'Renamed a topic',
  merged_topics: 'Merged topics',
  removed_topic: 'Removed a topic',
  approved_comment: 'Approved a comment',
  hid_comment: 'Hid a comment',
  deleted_comment: 'Deleted a comment',
  replied_comment: 'Replied as the team',
  suspended_commenting: 'Suspended commenting',
  restored_commenting: 'Restored commenting',
  downloaded_data: "Downloaded a learner's data",
  erased_account: 'Erased an account',
  cancelled: 'Cancelled',
  released: 'Released results',
  added_members: 'Added cohort members',
  removed_member: 'Removed a cohort member',
  set_extra_time: "Set a member's extra time",
  granted_cohort_access: 'Gave a cohort access',
  created_invite: 'Created an invite code',
  revoked_invite: 'Revoked an invite code',
  created_assignment: 'Assigned an exam',
  removed_assignment: 'Removed an assignment',
};

/**
 * One changed field as a line: 'Price: £4.99 → £5.50', 'Reason: Vague' (only an after value), or
 * 'Article content changed' (values not recorded, e.g. a secret).
 */
export function changeLine(change: AuditChange): string {
  if (change.before === null && change.after === null) return `${change.field} changed`;
  if (change.before === null) return `${change.field}: ${change.after}`;
  return `${change.field}: ${change.before} → ${change.after ?? '(none)'}`;
}
