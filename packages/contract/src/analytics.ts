import { z } from 'zod';
import { safeString } from './strings.ts';

/*
 * Learning analytics a learner can act on (decision 0035): by exam and topic, trends, time per
 * question, a percentile shown only with at least PEER_THRESHOLD learners, peer shares on a result.
 */

/** Peer figures are shown only when at least this many learners stand behind them. */
export const PEER_THRESHOLD = 20;

/** The analytics page shows the topics of this many of the learner's courses (the latest enrolments). */
export const COURSE_ANALYTICS_LIMIT = 20;

/**
 * A trend line as two columns, oldest first: `at[i]` is when point i was scored (milliseconds since 1970,
 * UTC) and `score[i]` its score in percent. The shape a chart's axis and series take, and a third of the
 * bytes of one object per point (the analytics page sends about 1,700 points for a learner with 500
 * results; decision 0035, addendum of 2026-11-24).
 */
const TrendSchema = z.object({ at: z.array(z.number().int()), score: z.array(z.number().int()) });
export type Trend = z.infer<typeof TrendSchema>;

/** A learner's figures on one topic of one exam. */
const TopicFiguresSchema = z.object({
  examId: safeString(),
  examTitle: safeString(),
  topic: safeString(),
  seen: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
});

export const AnalyticsSchema = z.object({
  exams: z.array(
    z.object({
      examId: safeString(),
      title: safeString(),
      sittings: z.number().int(),
      questionsSeen: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int(),
      percentCorrect: z.number().int(),
      /** average time per question over the learner's sittings, in seconds */
      secondsPerQuestion: z.number().int(),
      averageScore: z.number().int(),
      /** the share of learners on this exam whose average score is lower (ties half), or null below the threshold */
      percentile: z.number().int().nullable(),
      /** learners with results on this exam (the percentile needs PEER_THRESHOLD) */
      learners: z.number().int(),
      trend: TrendSchema,
    }),
  ),
  topics: z.array(TopicFiguresSchema.extend({ percentCorrect: z.number().int(), trend: TrendSchema })),
  /**
   * The learner's courses (published, enrolled, the latest COURSE_ANALYTICS_LIMIT) with the topics their
   * practice and checkpoint units draw on and the learner's figures on each (decision 0053, addendum of
   * 2026-11-28). A topic not met yet has `seen` 0 and `percentCorrect` null.
   */
  courses: z.array(
    z.object({
      courseId: safeString(),
      title: safeString(),
      topics: z.array(TopicFiguresSchema.extend({ percentCorrect: z.number().int().nullable() })),
    }),
  ),
  review: z.object({ due: z.number().int() }),
  /**
   * The learner's results submitted moments ago whose answers these figures do not include yet (decision
   * 0075: a job adds them within seconds); the page says 'Updating…' while there are any.
   */
  pendingResults: z.number().int(),
  nextStep: z.object({
    kind: z.enum(['review', 'weak-areas', 'practice', 'start']),
    title: safeString(),
    text: safeString(),
    /** the weakest topics, for 'weak-areas' */
    topics: z.array(safeString()),
  }),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

/** How other learners answered the questions of a result (aggregates only; PEER_THRESHOLD answers each). */
export const ResultPeersSchema = z.object({
  questions: z.array(
    z.object({
      questionId: safeString(),
      /** learners who answered it (0 when below the threshold: nothing else is shown) */
      answered: z.number().int(),
      percentCorrect: z.number().int().nullable(),
      /** choice text → share of learners who chose it (percent), null below the threshold */
      choices: z.array(z.object({ choice: safeString(), percent: z.number().int() })).nullable(),
    }),
  ),
});
export type ResultPeers = z.infer<typeof ResultPeersSchema>;
