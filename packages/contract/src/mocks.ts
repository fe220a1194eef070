import { z } from 'zod';
import { safeString } from './strings.ts';
import { AnswersSchema, ExamResultSchema } from './results.ts';

/*
 * Live mock exams (decision 0077): an administrator schedules an exam for everyone in one window; each
 * subscribed learner sits it once, timed, and sees their rank among all who sat it once results are
 * released.
 */

export const MOCK_LATE_START = ['full', 'remaining'] as const;
export type MockLateStart = (typeof MOCK_LATE_START)[number];
export const MOCK_RELEASES = ['at_close', 'immediately', 'at'] as const;
export type MockRelease = (typeof MOCK_RELEASES)[number];

export const MOCK_LIMITS = {
  title: 200,
  minMinutes: 1,
  maxMinutes: 600,
  /** the longest window, opening to closing */
  maxWindowDays: 7,
  /** the score distribution's bands: 0–9, 10–19, … 90–100 */
  bands: 10,
  /** an open sitting not heard from for this long has lost its connection (the live view) */
  lostAfterSeconds: 120,
  /** how many of those the live view names */
  lostListed: 50,
} as const;

export const MOCK_FORM_MESSAGES = {
  exam: 'Choose the exam to sit.',
  title: 'Give the mock a title.',
  titleLong: `The title must be at most ${MOCK_LIMITS.title} characters.`,
  minutes: `The time limit must be a whole number of minutes from ${MOCK_LIMITS.minMinutes} to ${MOCK_LIMITS.maxMinutes}.`,
  closesAfterOpens: 'The mock must close after it opens.',
  windowTooLong: `The mock can be open for at most ${MOCK_LIMITS.maxWindowDays} days.`,
  releaseAtRequired: 'Choose when the results are released.',
  releaseAtBeforeClose: 'Results can be released only when the mock closes or later.',
} as const;

const when = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be a date and time such as 2026-12-20T09:00:00Z` });

/** What an administrator schedules (create and edit take the same body). */
export const MockBodySchema = z
  .object({
    examId: z.uuid({ message: MOCK_FORM_MESSAGES.exam }),
    title: safeString({ message: MOCK_FORM_MESSAGES.title })
      .trim()
      .min(1, MOCK_FORM_MESSAGES.title)
      .max(MOCK_LIMITS.title, MOCK_FORM_MESSAGES.titleLong),
    opensAt: when('The opening time'),
    closesAt: when('The closing time'),
    timeLimitMinutes: z
      .number({ message: MOCK_FORM_MESSAGES.minutes })
      .int(MOCK_FORM_MESSAGES.minutes)
      .min(MOCK_LIMITS.minMinutes, MOCK_FORM_MESSAGES.minutes)
      .max(MOCK_LIMITS.maxMinutes, MOCK_FORM_MESSAGES.minutes),
    lateStart: z.enum(MOCK_LATE_START, { message: 'Late starters get the full time or what is left.' }),
    release: z.enum(MOCK_RELEASES, {
      message: 'Results are released at the close, immediately or at a chosen time.',
    }),
    /** only with release 'at': at or after the close */
    releaseAt: when('The release time').nullish(),
  })
  .superRefine((value, ctx) => {
    const opens = Date.parse(value.opensAt);
    const closes = Date.parse(value.closesAt);
    if (closes <= opens)
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: MOCK_FORM_MESSAGES.closesAfterOpens });
    else if (closes - opens > MOCK_LIMITS.maxWindowDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: MOCK_FORM_MESSAGES.windowTooLong });
    if (value.release === 'at') {
      if (!value.releaseAt)
        ctx.addIssue({ code: 'custom', path: ['releaseAt'], message: MOCK_FORM_MESSAGES.releaseAtRequired });
      else if (Date.parse(value.releaseAt) < closes)
        ctx.addIssue({
          code: 'custom',
          path: ['releaseAt'],
          message: MOCK_FORM_MESSAGES.releaseAtBeforeClose,
        });
    }
  });
export type MockBody = z.input<typeof MockBodySchema>;

export const MOCK_STATES = ['upcoming', 'open', 'closed', 'cancelled'] as const;
export type MockState = (typeof MOCK_STATES)[number];

/** A mock as the panel lists it. */
export const AdminMockSchema = z.object({
  _id: safeString(),
  exam: z.object({ _id: safeString(), title: safeString() }),
  title: safeString(),
  opensAt: safeString(),
  closesAt: safeString(),
  timeLimitMinutes: z.number().int(),
  lateStart: z.enum(MOCK_LATE_START),
  release: z.enum(MOCK_RELEASES),
  releaseAt: safeString().nullable(),
  /** when results are released, whatever the rule */
  resultsAt: safeString(),
  state: z.enum(MOCK_STATES),
  /** sittings started */
  sittings: z.number().int(),
});
export type AdminMock = z.infer<typeof AdminMockSchema>;

export const AdminMocksResponseSchema = z.object({ mocks: z.array(AdminMockSchema) });
export const AdminMockMessageSchema = z.object({ message: safeString(), mock: AdminMockSchema });

/**
 * A mock's sittings as they happen (the panel's live view, refreshed every few seconds). An open sitting is
 * in progress while the server has heard from its page within `MOCK_LIMITS.lostAfterSeconds` (a save or
 * a heartbeat), and has lost its connection after that.
 */
export const MockLiveSchema = z.object({
  mock: AdminMockSchema,
  /** the server's time of these figures */
  at: safeString(),
  /** learners with an active subscription to the exam: those who may sit it */
  subscribed: z.number().int(),
  started: z.number().int(),
  inProgress: z.number().int(),
  connectionLost: z.number().int(),
  submitted: z.number().int(),
  /**
   * open sittings by how far into the paper they are (the question on screen): 10 bands, questions 1–10 %,
   * 11–20 %, … 91–100 % of the paper
   */
  progress: z.array(z.number().int()),
  /** the open sittings not heard from, the longest silent first (at most `MOCK_LIMITS.lostListed`) */
  lost: z.array(
    z.object({
      learner: z.object({ _id: safeString(), name: safeString(), email: safeString() }),
      /** the question on screen, 1-based, and the paper's length */
      position: z.number().int(),
      questions: z.number().int(),
      lastHeardAt: safeString(),
    }),
  ),
});
export type MockLive = z.infer<typeof MockLiveSchema>;

/** A mock as a subscribed learner sees it (upcoming and open ones, and those they sat). */
export const LearnerMockSchema = z.object({
  _id: safeString(),
  examId: safeString(),
  examTitle: safeString(),
  title: safeString(),
  opensAt: safeString(),
  closesAt: safeString(),
  timeLimitMinutes: z.number().int(),
  resultsAt: safeString(),
  state: z.enum(['upcoming', 'open', 'closed']),
  /** the learner's sitting: none, in progress (resume it), or handed in */
  sitting: z.enum(['none', 'in_progress', 'submitted']),
  /** results are out (the learner's result may be read) */
  released: z.boolean(),
});
export type LearnerMock = z.infer<typeof LearnerMockSchema>;
export const LearnerMocksResponseSchema = z.object({ mocks: z.array(LearnerMockSchema) });

/** Where a released result stands among everyone who sat the mock. */
export const MockStandingSchema = z.object({
  /** competition ranking: ties share the best rank (1, 2, 2, 4) */
  rank: z.number().int(),
  /** share of sitters with a strictly lower score plus half of those with the same score, 0–100 */
  percentile: z.number().int(),
  sat: z.number().int(),
  /** how many scored 0–9, 10–19, … 90–100 (10 bands) */
  distribution: z.array(z.number().int()),
  /** everyone's answers by topic (the learner's own are the result's `topics`) */
  topics: z.array(z.object({ topic: safeString(), correct: z.number().int(), total: z.number().int() })),
});
export type MockStanding = z.infer<typeof MockStandingSchema>;

/** A mock's submit and result: before release only the message and when results come out. */
export const MockOutcomeSchema = z.object({
  message: safeString(),
  resultsAt: safeString(),
  released: z.boolean(),
  result: ExamResultSchema.nullable(),
  standing: MockStandingSchema.nullable(),
});
export type MockOutcome = z.infer<typeof MockOutcomeSchema>;

/** A mock's submit: the answers on the page (the server scores those saved once time is up). */
export const MockSubmitBodySchema = z.object({ answers: AnswersSchema });
