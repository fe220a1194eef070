import { z } from 'zod';
import { safeString } from './strings.ts';
import { PRACTICE_SIZE } from './practice.ts';
import { SittingModeSchema } from './results.ts';

/*
 * Cohorts (decision 0079): a school's group of learners run by its tutors (administrators with the role
 * Tutor). Tutors add members by e-mail or by an invite code and assign exams, mocks and practice sets with a
 * due date; members see their assignments on the dashboard.
 */

export const COHORT_LIMITS = {
  name: 120,
  description: 1000,
  assignmentTitle: 200,
  /** e-mails in one paste */
  emails: 500,
  /** the text pasted: 500 addresses of up to 254 characters, with separators */
  emailsText: 130_000,
  minInviteDays: 1,
  maxInviteDays: 90,
  /** an invite code's length: characters of INVITE_CODE_ALPHABET */
  inviteCodeLength: 12,
  /** how much of a code the list shows */
  inviteCodePrefix: 4,
} as const;

/** An invite code's characters: no look-alikes (0/O, 1/I/L), so a code read aloud or copied by hand works. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed: spaces and dashes dropped, upper-cased (the server compares the hash of this). */
export function normaliseInviteCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export const COHORT_FORM_MESSAGES = {
  name: 'Give the cohort a name.',
  nameLong: `The name must be at most ${COHORT_LIMITS.name} characters.`,
  descriptionLong: `The description must be at most ${COHORT_LIMITS.description} characters.`,
  date: 'Enter a date such as 2027-01-31.',
  endsBeforeStarts: 'The cohort must end on or after the day it starts.',
  emails: 'Paste at least one e-mail address.',
  tooManyEmails: `Paste at most ${COHORT_LIMITS.emails} e-mail addresses at a time.`,
  days: `An invite code lasts from ${COHORT_LIMITS.minInviteDays} to ${COHORT_LIMITS.maxInviteDays} days.`,
  exam: 'Choose the exam to assign.',
  due: 'Choose when it is due.',
  titleLong: `The title must be at most ${COHORT_LIMITS.assignmentTitle} characters.`,
  code: 'Enter the invite code.',
  extraTime: 'Choose extra time of 0, 25, 50, 75 or 100%.',
  accessExam: 'Choose the exam to give access to.',
  practiceSize: `A practice set has ${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions.`,
  practiceMode: 'Choose how the practice set is sat.',
  practiceOfMock: 'A practice set is drawn from the exam, not from a mock: choose one or the other.',
} as const;

const day = (message: string) => z.iso.date({ message });

/** What an Owner saves: create and edit take the same body. */
export const CohortBodySchema = z
  .object({
    name: safeString({ message: COHORT_FORM_MESSAGES.name })
      .trim()
      .min(1, COHORT_FORM_MESSAGES.name)
      .max(COHORT_LIMITS.name, COHORT_FORM_MESSAGES.nameLong),
    description: safeString()
      .trim()
      .max(COHORT_LIMITS.description, COHORT_FORM_MESSAGES.descriptionLong)
      .nullish(),
    startsOn: day(COHORT_FORM_MESSAGES.date),
    endsOn: day(COHORT_FORM_MESSAGES.date),
    /** the administrators with the role Tutor who run it */
    tutorIds: z
      .array(z.uuid({ message: 'Invalid tutor id' }))
      .max(50)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (value.endsOn < value.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: COHORT_FORM_MESSAGES.endsBeforeStarts });
  });
export type CohortBody = z.input<typeof CohortBodySchema>;

export const CohortTutorSchema = z.object({ _id: safeString(), name: safeString(), email: safeString() });
export type CohortTutor = z.infer<typeof CohortTutorSchema>;

/** A cohort as the panel lists it. */
export const AdminCohortSchema = z.object({
  _id: safeString(),
  name: safeString(),
  description: safeString().nullable(),
  startsOn: safeString(),
  endsOn: safeString(),
  tutors: z.array(CohortTutorSchema),
  members: z.number().int(),
  assignments: z.number().int(),
});
export type AdminCohort = z.infer<typeof AdminCohortSchema>;
export const AdminCohortsResponseSchema = z.object({ cohorts: z.array(AdminCohortSchema) });
export const AdminCohortMessageSchema = z.object({ message: safeString(), cohort: AdminCohortSchema });

/**
 * Extra time a tutor grants a member (accommodations, decision 0079): a percentage added to the time limit
 * of the member's timed sittings and mocks of every exam the cohort is assigned. 0 is none.
 */
export const EXTRA_TIME_PERCENTS = [0, 25, 50, 75, 100] as const;
export type ExtraTimePercent = (typeof EXTRA_TIME_PERCENTS)[number];
export const EXTRA_TIME_LABELS: Record<ExtraTimePercent, string> = {
  0: 'None',
  25: '+25% (1.25×)',
  50: '+50% (1.5×)',
  75: '+75% (1.75×)',
  100: '+100% (2×)',
};

export const CohortMemberSchema = z.object({
  _id: safeString(),
  name: safeString(),
  email: safeString(),
  joinedAt: safeString(),
  extraTimePercent: z.number().int(),
});
export type CohortMember = z.infer<typeof CohortMemberSchema>;

export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'done', 'overdue'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  overdue: 'Overdue',
};

/** What an assignment asks: the exam itself, a mock of it, or a practice set drawn from it. */
export const ASSIGNMENT_KINDS = ['exam', 'mock', 'practice'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** A practice set's draw (decision 0079): the exam's topics (none: all), its size and its mode. */
export const AssignedPracticeSchema = z.object({
  topics: z.array(safeString().trim().min(1).max(60, 'A topic must be at most 60 characters')).max(50),
  size: z
    .number({ message: COHORT_FORM_MESSAGES.practiceSize })
    .int(COHORT_FORM_MESSAGES.practiceSize)
    .min(PRACTICE_SIZE.min, COHORT_FORM_MESSAGES.practiceSize)
    .max(PRACTICE_SIZE.max, COHORT_FORM_MESSAGES.practiceSize),
  mode: SittingModeSchema,
});
export type AssignedPractice = z.infer<typeof AssignedPracticeSchema>;

/** An assignment as the tutor sees it, with how many members are at each stage. */
export const AdminAssignmentSchema = z.object({
  _id: safeString(),
  kind: z.enum(ASSIGNMENT_KINDS),
  title: safeString(),
  exam: z.object({ _id: safeString(), title: safeString() }),
  mock: z.object({ _id: safeString(), title: safeString() }).nullable(),
  /** a practice set's draw; null for an exam or a mock */
  practice: AssignedPracticeSchema.nullable(),
  dueAt: safeString(),
  createdAt: safeString(),
  counts: z.object({
    done: z.number().int(),
    inProgress: z.number().int(),
    notStarted: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type AdminAssignment = z.infer<typeof AdminAssignmentSchema>;

/** One cohort with its members and assignments. */
export const AdminCohortDetailSchema = z.object({
  cohort: AdminCohortSchema,
  members: z.array(CohortMemberSchema),
  assignments: z.array(AdminAssignmentSchema),
});
export type AdminCohortDetail = z.infer<typeof AdminCohortDetailSchema>;

/** E-mails pasted one per line or separated by commas or semicolons. */
export const CohortEmailsBodySchema = z.object({
  emails: safeString({ message: COHORT_FORM_MESSAGES.emails })
    .max(COHORT_LIMITS.emailsText, COHORT_FORM_MESSAGES.tooManyEmails)
    .refine((text) => splitEmails(text).length > 0, COHORT_FORM_MESSAGES.emails)
    .refine((text) => splitEmails(text).length <= COHORT_LIMITS.emails, COHORT_FORM_MESSAGES.tooManyEmails),
});
export type CohortEmailsBody = z.input<typeof CohortEmailsBodySchema>;

/** The entries of a paste, trimmed, empty ones left out, in the order given. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

export const MEMBER_REFUSALS = ['invalid', 'duplicate', 'not_learner', 'already_member'] as const;
export type MemberRefusal = (typeof MEMBER_REFUSALS)[number];
export const MEMBER_REFUSAL_TEXT: Record<MemberRefusal, string> = {
  invalid: 'Not a valid e-mail address',
  duplicate: 'Listed more than once',
  not_learner: 'No learner account with this e-mail',
  already_member: 'Already a member',
};

/** What a paste would do: every entry is either added or refused with its reason. */
export const MembersPreviewSchema = z.object({
  add: z.array(z.object({ email: safeString(), name: safeString() })),
  refused: z.array(z.object({ email: safeString(), reason: z.enum(MEMBER_REFUSALS) })),
});
export type MembersPreview = z.infer<typeof MembersPreviewSchema>;
export const MembersAddedSchema = z.object({ message: safeString(), added: z.number().int() });

/**
 * Access paid by the organisation (decision 0079): every member gets complimentary access to the exam until
 * the cohort's last day, as the support desk's grant does for one learner.
 */
export const CohortAccessBodySchema = z.object({
  examId: z.uuid({ message: COHORT_FORM_MESSAGES.accessExam }),
});
export type CohortAccessBody = z.infer<typeof CohortAccessBodySchema>;
export const CohortAccessResultSchema = z.object({
  message: safeString(),
  /** members given access (or their access lengthened) */
  granted: z.number().int(),
  /** members whose access already lasted until the cohort's end */
  covered: z.number().int(),
});

/** A member's extra time, as a tutor sets it. */
export const MemberTimeBodySchema = z.object({
  extraTimePercent: z.literal(EXTRA_TIME_PERCENTS, { error: COHORT_FORM_MESSAGES.extraTime }),
});
export type MemberTimeBody = z.infer<typeof MemberTimeBodySchema>;

export const MemberParamsSchema = z.object({ id: safeString().max(64), userId: safeString().max(64) });
export const InviteParamsSchema = z.object({ id: safeString().max(64), inviteId: safeString().max(64) });
export const AssignmentParamsSchema = z.object({
  id: safeString().max(64),
  assignmentId: safeString().max(64),
});

export const InviteBodySchema = z.object({
  days: z
    .number({ message: COHORT_FORM_MESSAGES.days })
    .int(COHORT_FORM_MESSAGES.days)
    .min(COHORT_LIMITS.minInviteDays, COHORT_FORM_MESSAGES.days)
    .max(COHORT_LIMITS.maxInviteDays, COHORT_FORM_MESSAGES.days),
});
export type InviteBody = z.input<typeof InviteBodySchema>;

/** An invite code as listed: only its first characters; the whole code is shown once, when created. */
export const CohortInviteSchema = z.object({
  _id: safeString(),
  prefix: safeString(),
  expiresAt: safeString(),
  revokedAt: safeString().nullable(),
  uses: z.number().int(),
  createdAt: safeString(),
});
export type CohortInvite = z.infer<typeof CohortInviteSchema>;
export const CohortInvitesResponseSchema = z.object({ invites: z.array(CohortInviteSchema) });
export const InviteCreatedSchema = z.object({
  message: safeString(),
  invite: CohortInviteSchema,
  /** the whole code: shown once, stored only as its hash */
  code: safeString(),
});

export const AssignmentBodySchema = z
  .object({
    examId: z.uuid({ message: COHORT_FORM_MESSAGES.exam }),
    /** a mock of that exam, or none for the exam itself */
    mockId: z.uuid({ message: 'Invalid mock id' }).nullish(),
    /** a practice set drawn from the exam, instead of the exam itself */
    practice: AssignedPracticeSchema.nullish(),
    title: safeString().trim().max(COHORT_LIMITS.assignmentTitle, COHORT_FORM_MESSAGES.titleLong).nullish(),
    dueAt: z.iso.datetime({ offset: true, message: COHORT_FORM_MESSAGES.due }),
  })
  .superRefine((value, ctx) => {
    if (value.mockId && value.practice)
      ctx.addIssue({ code: 'custom', path: ['mockId'], message: COHORT_FORM_MESSAGES.practiceOfMock });
  });
export type AssignmentBody = z.input<typeof AssignmentBodySchema>;
export const AssignmentMessageSchema = z.object({ message: safeString(), assignment: AdminAssignmentSchema });

/** The published exams a tutor may assign, with their mocks that are not cancelled. */
export const AssignableExamsSchema = z.object({
  exams: z.array(
    z.object({
      _id: safeString(),
      title: safeString(),
      mocks: z.array(z.object({ _id: safeString(), title: safeString(), opensAt: safeString() })),
      /** what a practice set may draw on: the exam's topics and the modes it offers */
      topics: z.array(safeString()),
      modes: z.array(SittingModeSchema),
    }),
  ),
});
export type AssignableExams = z.infer<typeof AssignableExamsSchema>;

/** Who has done what of one assignment. */
export const AssignmentProgressSchema = z.object({
  assignment: AdminAssignmentSchema,
  members: z.array(
    z.object({
      _id: safeString(),
      name: safeString(),
      email: safeString(),
      status: z.enum(ASSIGNMENT_STATUSES),
      /** the best score of the results that count (decision 0079), null without one */
      score: z.number().int().nullable(),
    }),
  ),
});
export type AssignmentProgress = z.infer<typeof AssignmentProgressSchema>;

/**
 * The cohort against everyone (decision 0079): per topic of the assigned exams, the members' answers and
 * everyone's; and week by week, the members' results on those exams.
 */
export const CohortInsightsSchema = z.object({
  topics: z.array(
    z.object({
      examId: safeString(),
      examTitle: safeString(),
      topic: safeString(),
      /** the members' answers to the topic's questions (all their sittings of the exam) */
      cohort: z.object({ answered: z.number().int(), correct: z.number().int(), learners: z.number().int() }),
      /** every learner's answers to the topic's questions, the cohort's included */
      everyone: z.object({ answered: z.number().int(), correct: z.number().int() }),
    }),
  ),
  weeks: z.array(
    z.object({
      /** the Monday the week starts (UTC), YYYY-MM-DD */
      weekStart: safeString(),
      results: z.number().int(),
      members: z.number().int(),
      meanScore: z.number().int(),
    }),
  ),
});
export type CohortInsights = z.infer<typeof CohortInsightsSchema>;

/* Learners. */

export const JoinCohortBodySchema = z.object({
  code: safeString({ message: COHORT_FORM_MESSAGES.code }).trim().min(1, COHORT_FORM_MESSAGES.code).max(64),
});
export type JoinCohortBody = z.input<typeof JoinCohortBodySchema>;
export const JoinCohortResponseSchema = z.object({
  message: safeString(),
  cohort: z.object({ _id: safeString(), name: safeString() }),
});

/** An assignment as a member sees it on the dashboard. */
export const LearnerAssignmentSchema = z.object({
  _id: safeString(),
  kind: z.enum(ASSIGNMENT_KINDS),
  title: safeString(),
  cohortName: safeString(),
  examId: safeString(),
  mockId: safeString().nullable(),
  /** a practice set's size and mode (started with POST /api/practice-sets/assigned/:id); null otherwise */
  practice: AssignedPracticeSchema.nullable(),
  dueAt: safeString(),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type LearnerAssignment = z.infer<typeof LearnerAssignmentSchema>;
export const LearnerAssignmentsResponseSchema = z.object({ assignments: z.array(LearnerAssignmentSchema) });
