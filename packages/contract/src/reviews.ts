import { z } from 'zod';
import { safeString } from './strings.ts';
import { pageQuery, pagedResponse } from './common.ts';

/*
 * Spaced review of answered questions with FSRS (decision 0035), certainty and miss tags.
 */

export const CERTAINTIES = ['sure', 'fairly-sure', 'guessing'] as const;
export type Certainty = (typeof CERTAINTIES)[number];
export const CertaintySchema = z.enum(CERTAINTIES, {
  message: 'Certainty must be sure, fairly-sure or guessing',
});

export const MISS_TAGS = ['didnt-know', 'misread', 'reasoning-slip', 'ran-out-of-time'] as const;
export type MissTag = (typeof MISS_TAGS)[number];
export const MissTagSchema = z.enum(MISS_TAGS, {
  message: 'Tag must be didnt-know, misread, reasoning-slip or ran-out-of-time',
});

/** Most due questions a review session takes (a day's work). */
export const REVIEW_SESSION_CAP = 50;
export const RETENTION_RANGE = { min: 0.7, max: 0.97, default: 0.9 } as const;
/**
 * Reviews per day (decision 0060): answers given in review sessions a learner's day may hold before 'Start
 * review' stops; the default is the session cap, as before the preference existed.
 */
export const DAILY_LIMIT_RANGE = { min: 10, max: 500, default: REVIEW_SESSION_CAP } as const;
/** Days of the review forecast after today, and the furthest a learner may study ahead (decision 0060). */
export const REVIEW_FORECAST_DAYS = 14;

/**
 * Zone names already checked, with their canonical spelling (null: not a zone). Building an
 * `Intl.DateTimeFormat` costs far more than the forecast's query, and every review read names a zone; the
 * names in use are few (at most a few hundred exist), so the map is bounded and simply cleared when full.
 */
const checkedZones = new Map<string, string | null>();
const CHECKED_ZONES_MAX = 1_000;

function canonicalZone(name: string): string | null {
  const known = checkedZones.get(name);
  if (known !== undefined) return known;
  let canonical: string | null = null;
  if (name.length > 0 && name.length <= 64) {
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      canonical = null;
    }
  }
  if (checkedZones.size >= CHECKED_ZONES_MAX) checkedZones.clear();
  checkedZones.set(name, canonical);
  return canonical;
}

/** Whether `name` is an IANA time zone this runtime knows ('Europe/London', 'UTC'). */
export function isTimeZone(name: string): boolean {
  return canonicalZone(name) !== null;
}

const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone such as Europe/London';

/**
 * A learner's time zone (decision 0060): an IANA name, checked with `Intl.DateTimeFormat` and given in its
 * canonical spelling ('utc' → 'UTC'); days of the forecast and of the daily limit are the learner's days.
 */
export const TimeZoneSchema = safeString({ message: TIME_ZONE_MESSAGE })
  .refine(isTimeZone, { message: TIME_ZONE_MESSAGE })
  .transform((name) => canonicalZone(name) ?? name);

/** `?tz=` of the reviews' reads that count days (the summary, the forecast); UTC when left out. */
export const ReviewDayQuerySchema = z.object({ tz: TimeZoneSchema.optional().default('UTC') });

export const ReviewSummarySchema = z.object({
  /** cards due now (not suspended) */
  due: z.number().int(),
  /** what 'Start review' would take now: due cards, at most REVIEW_SESSION_CAP and what is left of today */
  session: z.number().int(),
  /** the learner's reviews per day, and how many review-session answers today (their time zone) holds */
  dailyLimit: z.number().int(),
  reviewedToday: z.number().int(),
  /** when the next card comes due, when none is due now */
  nextDue: safeString().nullable(),
  /** cards in the deck, and how many are suspended */
  total: z.number().int(),
  suspended: z.number().int(),
  /**
   * The learner's results whose answers have not reached the deck yet (decision 0075: a job applies them
   * within seconds); the deck says 'Updating…' while there are any.
   */
  pendingResults: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/**
 * GET /api/reviews/forecast (decision 0060): unsuspended cards by the learner's day. `dueNow` are due
 * already (overdue), `laterToday` come due before the learner's midnight, `days` are the next
 * REVIEW_FORECAST_DAYS days, tomorrow first, each with its date (YYYY-MM-DD, in the learner's zone).
 */
export const ReviewForecastSchema = z.object({
  timeZone: safeString(),
  dueNow: z.number().int(),
  laterToday: z.number().int(),
  days: z.array(z.object({ date: safeString(), due: z.number().int() })),
});
export type ReviewForecast = z.infer<typeof ReviewForecastSchema>;

/**
 * POST /api/reviews/session, all optional (decision 0060). Without `aheadDays` the session takes the cards
 * due now, at most what is left of the day's limit (`beyondLimit`: the learner chose to go on past it);
 * with it, the cards due by the end of the learner's day `aheadDays` days from today (1 = tomorrow).
 */
export const StartReviewSessionBodySchema = z
  .object({
    aheadDays: z
      .number({ message: 'aheadDays must be a number' })
      .int('aheadDays must be a whole number')
      .min(1, `aheadDays must be 1 to ${REVIEW_FORECAST_DAYS}`)
      .max(REVIEW_FORECAST_DAYS, `aheadDays must be 1 to ${REVIEW_FORECAST_DAYS}`)
      .optional(),
    beyondLimit: z.boolean({ message: 'beyondLimit must be true or false' }).optional(),
    timeZone: TimeZoneSchema.optional().default('UTC'),
  })
  // No body at all (Fastify passes null) is 'Start review' in UTC, as before these options existed.
  .nullish();

export const ReviewCardSchema = z.object({
  questionId: safeString(),
  question: safeString(),
  examId: safeString().nullable(),
  examTitle: safeString().nullable(),
  topic: safeString(),
  due: safeString(),
  /** new, learning, review or relearning (FSRS) */
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  reps: z.number().int(),
  lapses: z.number().int(),
  suspended: z.boolean(),
  lastReview: safeString().nullable(),
});
export type ReviewCard = z.infer<typeof ReviewCardSchema>;

export const ReviewCardsQuerySchema = pageQuery({ defaultLimit: 20, maxLimit: 100 }).extend({
  filter: z
    .enum(['due', 'upcoming', 'suspended', 'all'], { message: 'Unknown filter' })
    .optional()
    .default('all'),
});
export const ReviewCardsResponseSchema = pagedResponse({
  cards: z.array(ReviewCardSchema),
  total: z.number().int(),
});
export type ReviewCardsResponse = z.infer<typeof ReviewCardsResponseSchema>;

export const QuestionIdParamsSchema = z.object({ questionId: z.uuid({ message: 'Invalid id' }) });
export const SuspendCardBodySchema = z.object({
  suspended: z.boolean({ message: 'suspended must be true or false' }),
});

export const ReviewPreferencesSchema = z.object({
  desiredRetention: z
    .number({ message: 'Desired retention must be a number' })
    .min(RETENTION_RANGE.min, `Desired retention must be ${RETENTION_RANGE.min} to ${RETENTION_RANGE.max}`)
    .max(RETENTION_RANGE.max, `Desired retention must be ${RETENTION_RANGE.min} to ${RETENTION_RANGE.max}`),
  certaintyEnabled: z.boolean(),
  /** Reviews per day (decision 0060) */
  dailyLimit: z
    .number({ message: 'Reviews per day must be a number' })
    .int('Reviews per day must be a whole number')
    .min(
      DAILY_LIMIT_RANGE.min,
      `Reviews per day must be ${DAILY_LIMIT_RANGE.min} to ${DAILY_LIMIT_RANGE.max}`,
    )
    .max(
      DAILY_LIMIT_RANGE.max,
      `Reviews per day must be ${DAILY_LIMIT_RANGE.min} to ${DAILY_LIMIT_RANGE.max}`,
    ),
});
export type ReviewPreferences = z.infer<typeof ReviewPreferencesSchema>;

/** Tagging why a question was missed (on a result's review). */
export const ResultQuestionParamsSchema = z.object({
  id: z.uuid({ message: 'Invalid id' }),
  questionId: z.uuid({ message: 'Invalid id' }),
});
export const MissTagBodySchema = z.object({ tag: MissTagSchema.nullable() });
export const MissTagResponseSchema = z.object({ questionId: safeString(), tag: MissTagSchema.nullable() });
