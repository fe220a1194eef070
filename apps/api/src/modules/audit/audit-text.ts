import { ADMIN_ROLE_LABELS, penceToPounds, type AdminRole, type AuditChange } from '@mlp/contract';
import type { RecordedChange } from './audit-changes.ts';

/*
 * The activity log in words (decision 0024): pure functions from a stored entry (action, entity type,
 * details) to the sentence and the changed fields an administrator reads. Entries written before
 * details.changes existed read as well as their details allow.
 */

export interface AuditFacts {
  action: string;
  entityType: string;
  details: Record<string, unknown> | null;
}

function text(details: AuditFacts['details'], key: string): string | undefined {
  const value = details?.[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function count(details: AuditFacts['details'], key: string): number | undefined {
  const value = details?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function recordedChanges(details: AuditFacts['details']): RecordedChange[] | undefined {
  const changes = details?.changes;
  if (!Array.isArray(changes)) return undefined;
  return changes.filter(
    (change): change is RecordedChange =>
      typeof change === 'object' && change !== null && typeof (change as RecordedChange).field === 'string',
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function describeExam(action: string, details: AuditFacts['details']): string | undefined {
  const title = text(details, 'label');
  const exam = title ? `the exam "${title}"` : 'an exam';
  const inExam = title ? `"${title}"` : 'an exam';
  switch (action) {
    case 'created':
      return `Created ${exam}`;
    case 'updated':
      return `Edited ${exam}`;
    case 'published':
      return `Published ${exam}`;
    case 'deleted':
      return `Deleted ${exam}`;
    case 'added_question':
      return `Added a question to ${inExam}`;
    case 'edited_question':
      return `Edited a question in ${inExam}`;
    case 'deleted_question':
      // Decision 0016: a delete that left a published exam short moved it back to Draft.
      return details?.unpublished === true
        ? `Deleted a question from ${inExam}, which moved it back to Draft`
        : `Deleted a question from ${inExam}`;
    case 'approved_question':
      return `Approved a question in ${inExam}`;
    case 'rejected_question':
      return `Rejected a question in ${inExam}`;
    case 'approved_questions':
    case 'rejected_questions':
    case 'restored_questions': {
      const n = count(details, 'count');
      const which = n === undefined ? 'questions' : plural(n, 'question');
      const verb =
        action === 'approved_questions'
          ? 'Approved'
          : action === 'rejected_questions'
            ? 'Rejected'
            : 'Restored';
      return action === 'restored_questions'
        ? `Restored ${which} in ${inExam} to pending`
        : `${verb} ${which} in ${inExam} together`;
    }
    case 'resolved_report': {
      const outcome = text(details, 'outcome');
      const done =
        outcome === 'fixed'
          ? ', fixing the question'
          : outcome === 'removed'
            ? ', removing the question'
            : outcome === 'no-change'
              ? ' with no change needed'
              : '';
      const reports = count(details, 'reports');
      if (reports !== undefined && reports > 1) {
        const toldMany = count(details, 'learnersNotified') ? ' and told the learners who asked' : '';
        return `Resolved ${reports} learners' reports on a question in ${inExam} together${done}${toldMany}`;
      }
      const told = details?.learnerNotified === true ? ' and told the learner' : '';
      return `Resolved a learner's report on a question in ${inExam}${done}${told}`;
    }
    case 'generated_questions': {
      const kept = count(details, 'kept');
      const dropped = count(details, 'dropped') ?? 0;
      const made = kept === undefined ? 'questions' : plural(kept, 'question');
      const left = dropped > 0 ? ` (${plural(dropped, 'unusable draft')} left out)` : '';
      return `Generated ${made} with AI for ${inExam}${left}`;
    }
    case 'applied_ai_suggestion': {
      // Decision 0042: the entry keeps what the model said of the question.
      const verdict = text(details, 'verdict');
      const said =
        verdict === 'agrees'
          ? ' (the model agreed with the key)'
          : verdict === 'disagrees'
            ? ' (the model disagreed with the key or explanation)'
            : '';
      return `Applied an AI suggestion to a question in ${inExam}${said}`;
    }
    case 'imported_questions': {
      const created = count(details, 'created');
      const refused = count(details, 'refused') ?? 0;
      const file = text(details, 'fileName');
      const made = created === undefined ? 'questions' : plural(created, 'question');
      const left = refused > 0 ? ` (${plural(refused, 'refused row')} left out)` : '';
      // 'Add new topics to this exam' (decision 0039): the topics the import added to the exam.
      const topics = Array.isArray(details?.addedTopics)
        ? details.addedTopics.filter((topic): topic is string => typeof topic === 'string')
        : [];
      const added =
        topics.length > 0
          ? `; added the ${topics.length === 1 ? 'topic' : 'topics'} ${topics.map((t) => `"${t}"`).join(', ')}`
          : '';
      return `Imported ${made} into ${inExam}${file ? ` from ${file}` : ''}${left}${added}`;
    }
    case 'restored_question_version': {
      const version = count(details, 'restoredFrom');
      return `Restored ${version === undefined ? 'an earlier version' : `version ${version}`} of a question in ${inExam}`;
    }
    case 'set_questions_topic': {
      const n = count(details, 'count');
      const topic = text(details, 'topic');
      const which = n === undefined ? 'questions' : plural(n, 'question');
      return topic
        ? `Set the topic of ${which} in ${inExam} to "${topic}"`
        : `Cleared the topic of ${which} in ${inExam}`;
    }
    case 'added_topic':
      return `Added the topic "${text(details, 'topic') ?? ''}" to ${inExam}`;
    case 'renamed_topic':
      return `Renamed the topic "${text(details, 'from') ?? ''}" to "${text(details, 'to') ?? ''}" in ${inExam}`;
    case 'merged_topics': {
      const from = Array.isArray(details?.from)
        ? (details.from as unknown[]).filter((t) => typeof t === 'string')
        : [];
      return `Merged ${from.map((t) => `"${String(t)}"`).join(', ') || 'topics'} into "${text(details, 'to') ?? ''}" in ${inExam}`;
    }
    case 'removed_topic': {
      const to = text(details, 'to');
      return `Removed the topic "${text(details, 'from') ?? ''}" from ${inExam}${to ? `, moving its questions to "${to}"` : ''}`;
    }
    case 'exported_questions': {
      const exported = count(details, 'exported');
      const format = text(details, 'format');
      return `Exported ${exported === undefined ? 'the questions' : plural(exported, 'question')} of ${inExam}${format ? ` as ${format}` : ''}`;
    }
    default:
      return undefined;
  }
}

function describeArticle(action: string, details: AuditFacts['details']): string | undefined {
  const title = text(details, 'label');
  const article = title ? `the article "${title}"` : 'an article';
  switch (action) {
    case 'created': {
      const status = text(details, 'status');
      if (status === 'published') return `Created and published ${article}`;
      if (status === 'draft') return `Created ${article} as a draft`;
      return `Created ${article}`;
    }
    case 'updated':
      return `Edited ${article}`;
    case 'deleted':
      return `Deleted ${article}`;
    default:
      return undefined;
  }
}

function describeCourse(action: string, details: AuditFacts['details']): string | undefined {
  const title = text(details, 'label');
  const course = title ? `the course "${title}"` : 'a course';
  switch (action) {
    case 'created': {
      const status = text(details, 'status');
      if (status === 'published') return `Created and published ${course}`;
      if (status === 'draft') return `Created ${course} as a draft`;
      return `Created ${course}`;
    }
    case 'updated':
      return `Edited ${course}`;
    case 'deleted':
      return `Deleted ${course}`;
    default:
      return undefined;
  }
}

function describeMock(action: string, details: AuditFacts['details']): string | undefined {
  const title = text(details, 'label');
  const mock = title ? `the mock exam "${title}"` : 'a mock exam';
  switch (action) {
    case 'created':
      return `Scheduled ${mock}`;
    case 'updated':
      return `Edited ${mock}`;
    case 'cancelled':
      return `Cancelled ${mock}`;
    case 'released':
      return `Released the results of ${mock}`;
    default:
      return undefined;
  }
}

function describeCohort(action: string, details: AuditFacts['details']): string | undefined {
  const name = text(details, 'label');
  const cohort = name ? `the cohort "${name}"` : 'a cohort';
  const assignment = text(details, 'assignment');
  const what = assignment ? `"${assignment}"` : 'an exam';
  const n = count(details, 'count');
  const prefix = text(details, 'prefix');
  const code = prefix ? `the invite code ${prefix}…` : 'an invite code';
  switch (action) {
    case 'created':
      return `Created ${cohort}`;
    case 'updated':
      return `Edited ${cohort}`;
    case 'deleted':
      return `Deleted ${cohort}`;
    case 'added_members':
      return `Added ${n === undefined ? 'members' : plural(n, 'member')} to ${cohort}`;
    case 'removed_member': {
      const member = text(details, 'member');
      return `Removed ${member ?? 'a member'} from ${cohort}`;
    }
    case 'granted_cohort_access': {
      const exam = text(details, 'examTitle');
      const until = text(details, 'until');
      return `Gave ${n === undefined ? 'the members' : plural(n, 'member')} of ${cohort} access to ${exam ? `"${exam}"` : 'an exam'}${until ? ` until ${until}` : ''}`;
    }
    case 'set_extra_time': {
      const member = text(details, 'member') ?? 'a member';
      const percent = count(details, 'percent');
      return percent
        ? `Gave ${member} ${percent}% extra time in ${cohort}`
        : `Took away the extra time of ${member} in ${cohort}`;
    }
    case 'created_invite':
      return `Created ${code} for ${cohort}`;
    case 'revoked_invite':
      return `Revoked ${code} of ${cohort}`;
    case 'created_assignment':
      return `Assigned ${what} to ${cohort}`;
    case 'removed_assignment':
      return `Removed the assignment ${what} from ${cohort}`;
    default:
      return undefined;
  }
}

function describeComment(action: string, details: AuditFacts['details']): string | undefined {
  const author = text(details, 'label');
  const of = author ? ` by ${author}` : '';
  const reason = text(details, 'reason');
  const why = reason ? ` ("${reason}")` : '';
  switch (action) {
    case 'approved_comment':
      return details?.dismissedReports === true
        ? `Dismissed the reports of a comment${of}`
        : `Approved a comment${of}`;
    case 'hid_comment':
      return `Hid a comment${of}${why}`;
    case 'deleted_comment':
      return `Deleted a comment${of}${why}`;
    case 'replied_comment':
      return `Replied as the team to a comment${of}`;
    case 'suspended_commenting':
      return `Suspended the commenting of ${author || 'a learner'}${why}`;
    case 'restored_commenting':
      return `Restored the commenting of ${author || 'a learner'}`;
    default:
      return undefined;
  }
}

function describeAdministrator(action: string, details: AuditFacts['details']): string | undefined {
  const email = text(details, 'label');
  const administrator = email ? `the administrator ${email}` : 'an administrator';
  switch (action) {
    case 'created': {
      if (details?.firstAdministrator === true) {
        return `Created the first administrator account${email ? `, ${email}` : ''}`;
      }
      const role = roleName(text(details, 'role'));
      return role ? `Added ${administrator} as ${role}` : `Added ${administrator}`;
    }
    case 'deleted':
      return `Deleted ${administrator}`;
    case 'changed_password':
      return 'Changed their password';
    case 'changed_role': {
      const from = roleName(text(details, 'from'));
      const to = roleName(text(details, 'to'));
      return from && to
        ? `Changed ${administrator} from ${from} to ${to}`
        : `Changed the role of ${administrator}`;
    }
    default:
      return undefined;
  }
}

/** A role's name as the panel shows it (decision 0067), or undefined for an unknown value. */
function roleName(role: string | undefined): string | undefined {
  return role && role in ADMIN_ROLE_LABELS ? ADMIN_ROLE_LABELS[role as AdminRole] : undefined;
}

/** The site switches a settings entry names in its sentence, as they read once changed. */
const SWITCHES: Record<string, [on: string, off: string]> = {
  maintenanceMode: ['maintenance mode on', 'maintenance mode off'],
  registrationEnabled: ['registration on', 'registration off'],
  examCreationEnabled: ['exam creation on', 'exam creation off'],
  paypalEnabled: ['PayPal on', 'PayPal off'],
  communityEnabled: ['community discussions on', 'community discussions off'],
  communityHoldFirstComments: ['first comments held for approval', 'first comments no longer held'],
};

function describeSettings(action: string, details: AuditFacts['details']): string | undefined {
  if (action !== 'updated') return undefined;
  const changes = recordedChanges(details);
  if (!changes) return 'Changed the site settings';
  if (changes.length === 0) return 'Saved the site settings without changes';
  const switched = changes.flatMap((change) => {
    const words = SWITCHES[change.field];
    return words && typeof change.after === 'boolean' ? [change.after ? words[0] : words[1]] : [];
  });
  return switched.length > 0
    ? `Changed the site settings (${switched.join(', ')})`
    : 'Changed the site settings';
}

function describeUser(action: string, details: AuditFacts['details']): string | undefined {
  const learner = 'a learner';
  switch (action) {
    // Decision 0010: the entry names a deleted learner by id only.
    case 'deleted':
      return 'Deleted a learner account';
    case 'suspended':
      return `Suspended ${learner}`;
    case 'unsuspended':
      return `Restored ${learner}`;
    case 'signed_out':
      return `Signed ${learner} out on every device`;
    case 'resent_verification':
      return `Sent ${learner} a new verification link`;
    // The support desk (decision 0072); the reason is listed with the entry's changes.
    case 'granted_access': {
      const exam = text(details, 'examTitle');
      const until = text(details, 'until');
      return `Gave ${learner} access to ${exam ? `"${exam}"` : 'an exam'}${until ? ` until ${until}` : ''}`;
    }
    case 'changed_name':
      return `Changed the name of ${learner}`;
    case 'requested_email_change':
      return `Sent ${learner}'s new email address a link to confirm it`;
    case 'sent_password_reset':
      return `Sent ${learner} a password-reset link`;
    case 'marked_verified':
      return `Marked the email address of ${learner} as verified`;
    // Data rights (decision 0069), on the learner's written request.
    case 'downloaded_data':
      return `Downloaded the data of ${learner}`;
    case 'erased_account':
      return `Erased the account of ${learner}`;
    default:
      return undefined;
  }
}

function describePayment(action: string, details: AuditFacts['details']): string | undefined {
  const amount = text(details, 'label');
  const reason = text(details, 'reason');
  if (action !== 'refunded') return undefined;
  const ended = details?.accessEnded === true ? ', ending the access it paid for' : '';
  return `Refunded a payment${amount ? ` of ${amount}` : ''}${ended}${reason ? ` ("${reason}")` : ''}`;
}

/**
 * The sentence for one activity-log entry, e.g. 'Approved a question in "Cardiology basics"',
 * 'Deleted the article "Sepsis six"', 'Changed the site settings (maintenance mode on)'. Unknown
 * actions still read as words: 'Archived exam "X"'.
 */
export function describeAudit(facts: AuditFacts): string {
  const { action, entityType, details } = facts;
  const sentence =
    action === 'exported_data'
      ? describeExport(details)
      : entityType === 'exam'
        ? describeExam(action, details)
        : entityType === 'article'
          ? describeArticle(action, details)
          : entityType === 'course'
            ? describeCourse(action, details)
            : entityType === 'mock'
              ? describeMock(action, details)
              : entityType === 'cohort'
                ? describeCohort(action, details)
                : entityType === 'comment'
                  ? describeComment(action, details)
                  : entityType === 'administrator'
                    ? describeAdministrator(action, details)
                    : entityType === 'settings'
                      ? describeSettings(action, details)
                      : entityType === 'user'
                        ? describeUser(action, details)
                        : entityType === 'payment'
                          ? describePayment(action, details)
                          : undefined;
  if (sentence) return sentence;
  const label = text(details, 'label');
  return capitalise(`${action.replaceAll('_', ' ')} ${entityType}${label ? ` "${label}"` : ''}`);
}

const EXPORT_FORMAT_NAMES: Record<string, string> = { csv: 'CSV', xlsx: 'Excel' };

/** An export (decision 0068): 'Exported 12 payments from 2026-12-01 to 2026-12-31 as CSV'. */
function describeExport(details: AuditFacts['details']): string {
  const kind = text(details, 'export');
  const rows = count(details, 'rows');
  const from = text(details, 'from');
  const to = text(details, 'to');
  const format = text(details, 'format');
  const label = text(details, 'label');
  const noun =
    kind === 'payments'
      ? 'payment'
      : kind === 'results'
        ? 'result'
        : kind === 'cohort'
          ? 'member'
          : 'learner';
  const what = rows === undefined ? `the ${noun}s` : plural(rows, noun);
  const of =
    kind === 'results' && label
      ? ` of "${label}"`
      : kind === 'cohort' && label
        ? ` of the cohort "${label}"`
        : '';
  const range = from && to ? ` from ${from} to ${to}` : kind === 'learners' ? ' (all)' : '';
  const as = format ? ` as ${EXPORT_FORMAT_NAMES[format] ?? format}` : '';
  return `Exported ${what}${of}${range}${as}`;
}

// ---- Changed fields -----------------------------------------------------------------------------

type Format = (value: unknown) => string;

const onOff: Format = (value) => (value ? 'On' : 'Off');
const pounds: Format = (value) =>
  typeof value === 'number' ? `£${penceToPounds(value).toFixed(2)}` : plain(value);
const publishedOrDraft: Format = (value) => (value ? 'Published' : 'Draft');
const ARTICLE_CATEGORY: Record<string, string> = {
  medical: 'Medical',
  education: 'Education',
  'exam-prep': 'Exam prep',
  career: 'Career',
  research: 'Research',
};

function plain(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((item) => plain(item)).join(', ');
  return JSON.stringify(value);
}

const FIELDS: Record<string, Record<string, { label: string; format?: Format }>> = {
  exam: {
    title: { label: 'Title' },
    description: { label: 'Description' },
    category: { label: 'Category' },
    numberOfQuestions: { label: 'Number of questions' },
    price: { label: 'Price', format: pounds },
    isActive: { label: 'Status', format: publishedOrDraft },
    tags: { label: 'Tags' },
    topics: { label: 'Topics' },
    secondsPerQuestion: { label: 'Seconds per question (timed)' },
    modes: { label: 'Ways to sit it' },
    timedPauseAllowed: { label: 'Allow pausing timed sittings' },
    isSample: { label: 'Sample question' },
  },
  article: {
    title: { label: 'Title' },
    summary: { label: 'Summary' },
    category: { label: 'Category', format: (value) => ARTICLE_CATEGORY[String(value)] ?? plain(value) },
    status: { label: 'Status', format: (value) => (value === 'published' ? 'Published' : 'Draft') },
    content: { label: 'Article content' },
  },
  course: {
    title: { label: 'Title' },
    summary: { label: 'Summary' },
    category: { label: 'Category', format: (value) => capitalise(plain(value)) },
    coverImage: { label: 'Cover image' },
    coverImageAlt: { label: 'Cover image alt text' },
    status: { label: 'Status', format: (value) => (value === 'published' ? 'Published' : 'Draft') },
    units: { label: 'Units' },
  },
  mock: {
    examTitle: { label: 'Exam' },
    title: { label: 'Title' },
    opensAt: { label: 'Opens' },
    closesAt: { label: 'Closes' },
    timeLimitMinutes: { label: 'Time limit (minutes)' },
    lateStart: {
      label: 'Late starters get',
      format: (value) => (value === 'full' ? 'The full time' : 'What is left of the window'),
    },
    release: {
      label: 'Results released',
      format: (value) =>
        value === 'at_close' ? 'At the close' : value === 'immediately' ? 'Immediately' : 'At a set time',
    },
    releaseAt: { label: 'Release time' },
  },
  cohort: {
    name: { label: 'Name' },
    description: { label: 'Description' },
    startsOn: { label: 'Starts' },
    endsOn: { label: 'Ends' },
    tutors: { label: 'Tutors' },
  },
  settings: {
    siteName: { label: 'Site name' },
    siteDescription: { label: 'Site description' },
    contactEmail: { label: 'Contact email' },
    maintenanceMode: { label: 'Maintenance mode', format: onOff },
    registrationEnabled: { label: 'Registration', format: onOff },
    examCreationEnabled: { label: 'Exam creation', format: onOff },
    paypalEnabled: { label: 'PayPal', format: onOff },
    paypalClientId: { label: 'PayPal client ID' },
    paypalMode: { label: 'PayPal mode', format: (value) => capitalise(plain(value)) },
    paypalWebhookId: { label: 'PayPal webhook ID' },
    paypalClientSecret: { label: 'PayPal client secret' },
    communityEnabled: { label: 'Community discussions', format: onOff },
    communityHoldFirstComments: { label: 'Hold first comments for approval', format: onOff },
    testPaymentsEnabled: { label: 'Test payments in production', format: onOff },
  },
};

/** A field name as words when no label is known: 'numberOfQuestions' → 'Number of questions'. */
function fieldWords(field: string): string {
  return capitalise(field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

/** The support desk's and the account's actions on a learner (decision 0072), each recorded with its reason. */
const SUPPORT_ACTIONS = new Set([
  'resent_verification',
  'signed_out',
  'suspended',
  'unsuspended',
  'granted_access',
  'changed_name',
  'requested_email_change',
  'sent_password_reset',
  'marked_verified',
  'downloaded_data',
  'erased_account',
]);

/**
 * What an entry changed, as shown: each field's label and its values before and after (null when not
 * recorded, as for secrets and article bodies), plus the reason of a rejected question.
 */
export function describeChanges(facts: AuditFacts): AuditChange[] {
  const fields = FIELDS[facts.entityType] ?? {};
  const changes: AuditChange[] = (recordedChanges(facts.details) ?? []).map((change) => {
    const known = fields[change.field];
    const format = known?.format ?? plain;
    const recorded = 'before' in change || 'after' in change;
    return {
      field: known?.label ?? fieldWords(change.field),
      before: recorded ? format(change.before) : null,
      after: recorded ? format(change.after) : null,
    };
  });
  const reason = text(facts.details, 'reason');
  if ((facts.action === 'rejected_question' || SUPPORT_ACTIONS.has(facts.action)) && reason)
    changes.push({ field: 'Reason', before: null, after: reason });
  const question = text(facts.details, 'question');
  if (facts.action === 'deleted_question' && question)
    changes.push({ field: 'Question', before: question, after: null });
  return changes;
}
