import { z } from 'zod';
import { safeString } from './strings.ts';
import { RESULTS_PAGE_SIZE } from './constants.ts';
import { pageQuery, pagedResponse } from './common.ts';
import { CertaintySchema, MissTagSchema } from './reviews.ts';
import { QuestionImageSchema } from './media.ts';
import { QuestionReferenceSchema } from './question-content.ts';

/**
 * What a question teaches, shown with its answer only (decision 0050): each option's rationale in the
 * question's choices order ([] when none is written), the educational objective ('' when none), references.
 */
const teaching = {
  rationales: z.array(safeString()),
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
};

/**
 * How a learner sits (decision 0031): the spec's plain exam, against a countdown, or with feedback per
 * question.
 */
export const SITTING_MODES = ['exam', 'timed', 'tutor'] as const;
export type SittingMode = (typeof SITTING_MODES)[number];
export const SittingModeSchema = z.enum(SITTING_MODES, { message: 'Mode must be exam, timed or tutor' });

/** A question's topic when it has none. */
export const GENERAL_TOPIC = 'General';

/** A question as a learner sees it before submitting: never the correct answer or the explanation. */
export const LearnerQuestionSchema = z.object({
  _id: safeString(),
  question: safeString(),
  choices: z.array(safeString()),
  topic: safeString(),
  /** the question's image (decision 0040); its explanation's image is only ever in a reveal or a result */
  image: QuestionImageSchema.nullish(),
});

/** Tutor mode: what a locked answer reveals (only ever for a question already answered and locked). */
export const RevealSchema = z.object({
  questionId: safeString(),
  answer: safeString(),
  isCorrect: z.boolean(),
  correctAnswer: safeString(),
  explanation: safeString(),
  explanationImage: QuestionImageSchema.nullish(),
  ...teaching,
});
export type Reveal = z.infer<typeof RevealSchema>;
export type LearnerQuestion = z.infer<typeof LearnerQuestionSchema>;

/** Map of question id → the chosen choice's text (spec §3 Submit payload). */
export const AnswersSchema = z
  .record(safeString().max(64), safeString().max(2000, 'An answer is too long'))
  .refine((answers) => Object.keys(answers).length <= 500, 'Too many answers');
export type Answers = z.infer<typeof AnswersSchema>;

export const AttemptSchema = z.object({
  _id: safeString(),
  /** null for a practice set */
  examId: safeString().nullable(),
  examTitle: safeString(),
  startedAt: safeString(),
  /**
   * seconds spent in the exam so far, measured by the server from the page's saves and heartbeats (time
   * away from the exam does not count, ADR 0018)
   */
  elapsedSeconds: z.number().int(),
  questions: z.array(LearnerQuestionSchema),
  /** answers saved so far (resume after a reload or on another device) */
  answers: AnswersSchema,
  /** zero-based position of the question the learner was on (resume there) */
  currentIndex: z.number().int(),
  mode: SittingModeSchema,
  /** an exam's own sitting, or a practice set drawn from several exams */
  kind: z.enum(['exam', 'practice']),
  /** timed: when time is up (server time), and the seconds left when this answer was made */
  deadline: safeString().nullable(),
  remainingSeconds: z.number().int().nullable(),
  /** flagged question ids */
  flags: z.array(safeString()),
  /** question id → the choices struck out */
  strikes: z.record(safeString(), z.array(safeString())),
  /** the sequence number of the last save recorded: the page numbers its next saves from here */
  saveSeq: z.number().int(),
  paused: z.boolean(),
  /**
   * the learner may pause this sitting: an untimed one always, a timed one where its exam allows it and
   * pause time is left (decision 0064)
   */
  pauseAllowed: z.boolean(),
  /** timed sittings that may pause: the pause time left, in seconds (null: no limit, or no pausing) */
  pauseLeftSeconds: z.number().int().nullable(),
  /** tutor: the answers given so far, locked, with what they reveal */
  reveals: z.array(RevealSchema),
  /** question id → how sure the learner said they were (decision 0035) */
  certainties: z.record(safeString(), CertaintySchema),
  /** the learner asks to mark each answer 'sure / fairly sure / guessing' */
  certaintyEnabled: z.boolean(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** Starting a sitting: the mode (default: resume what is open, else the plain exam). */
export const StartAttemptBodySchema = z
  .object({
    mode: SittingModeSchema.optional(),
    /**
     * Start a new sitting in place of the open one of this exam (decision 0063): the open one is discarded
     * in the same transaction. Without it, asking for another mode while a sitting is open is a 409.
     */
    restart: z.boolean({ message: 'restart must be true or false' }).optional(),
  })
  // Fastify hands a POST without a body to the schema as null.
  .nullish();
export type StartAttemptBody = z.input<typeof StartAttemptBodySchema>;

/** A save's sequence number: each save of an attempt carries a higher one than the last (decision 0031). */
const SaveSeqSchema = z
  .number({ message: 'seq must be a number' })
  .int('seq must be a whole number')
  .min(1, 'seq must be 1 or more')
  .max(2_000_000_000, 'seq is too large');

/** Zero-based position of the question the learner is on. */
export const CurrentIndexSchema = z
  .number({ message: 'currentIndex must be a number' })
  .int('currentIndex must be a whole number')
  .min(0, 'currentIndex must not be negative')
  .max(499, 'currentIndex is too large');

export const FlagsSchema = z.array(safeString().max(64)).max(500, 'Too many flags');
export const StrikesSchema = z
  .record(safeString().max(64), z.array(safeString().max(2000)).max(6, 'Too many struck options'))
  .refine((strikes) => Object.keys(strikes).length <= 500, 'Too many struck questions');

/** At most this many questions one record of a save may name (a sitting has at most 500). */
const perQuestion = <T extends z.ZodType>(value: T, message: string) =>
  z.record(safeString().max(64), value).refine((record) => Object.keys(record).length <= 500, message);

/**
 * What changed since the save the page last had acknowledged (decision 0074): each named question's new
 * answer, struck options or certainty (null or an empty list: none any more), and the whole list of flags
 * when it changed. Questions not named keep what the server holds.
 */
export const SaveChangesSchema = z.object({
  answers: perQuestion(
    safeString().max(2000, 'An answer is too long').nullable(),
    'Too many answers',
  ).optional(),
  flags: FlagsSchema.optional(),
  strikes: perQuestion(
    z.array(safeString().max(2000)).max(6, 'Too many struck options'),
    'Too many struck questions',
  ).optional(),
  certainties: perQuestion(CertaintySchema.nullable(), 'Too many certainties').optional(),
});
export type SaveChanges = z.infer<typeof SaveChangesSchema>;

/**
 * A save: the whole progress (`answers`, with `flags`, `strikes`, `certainties` when given), or only what
 * changed (`changes`, which needs `seq`: a change applies on top of the saves before it, so its order must be
 * known). Sittings' pages send changes; the whole form stays for pages loaded before it existed.
 */
export const SaveAnswersBodySchema = z
  .object({
    answers: AnswersSchema.optional(),
    changes: SaveChangesSchema.optional(),
    currentIndex: CurrentIndexSchema.optional(),
    flags: FlagsSchema.optional(),
    strikes: StrikesSchema.optional(),
    certainties: z
      .record(safeString().max(64), CertaintySchema)
      .refine((value) => Object.keys(value).length <= 500, 'Too many certainties')
      .optional(),
    /** omitted by older pages: then the save always applies */
    seq: SaveSeqSchema.optional(),
  })
  .refine((body) => (body.answers === undefined) !== (body.changes === undefined), {
    message: 'Send either answers or changes',
    path: ['answers'],
  })
  .refine((body) => body.changes === undefined || body.seq !== undefined, {
    message: 'A save of changes needs seq',
    path: ['seq'],
  })
  .refine(
    (body) =>
      body.changes === undefined ||
      (body.flags === undefined && body.strikes === undefined && body.certainties === undefined),
    { message: 'Send flags, strikes and certainties inside changes', path: ['changes'] },
  );

/** Tutor mode: answer one question; the answer is locked and the question's answer revealed. */
export const AnswerQuestionBodySchema = z.object({
  questionId: safeString().max(64),
  answer: safeString().max(2000, 'An answer is too long'),
  currentIndex: CurrentIndexSchema.optional(),
  certainty: CertaintySchema.optional(),
});
/**
 * A pause or resume: timed sittings answer the seconds left on the clock (frozen while paused) and the pause
 * time left (decision 0064); null for untimed ones.
 */
export const PausedResponseSchema = z.object({
  paused: z.boolean(),
  remainingSeconds: z.number().int().nullable(),
  pauseLeftSeconds: z.number().int().nullable(),
});
export type PausedResponse = z.infer<typeof PausedResponseSchema>;
export type SaveAnswersBody = z.infer<typeof SaveAnswersBodySchema>;

/** The page's heartbeat while the exam is visible (ADR 0018): keeps active time counting. */
export const AttemptHeartbeatBodySchema = z.object({ currentIndex: CurrentIndexSchema.optional() });
export type AttemptHeartbeatBody = z.infer<typeof AttemptHeartbeatBodySchema>;
export const AttemptHeartbeatResponseSchema = z.object({ elapsedSeconds: z.number().int() });
export type AttemptHeartbeatResponse = z.infer<typeof AttemptHeartbeatResponseSchema>;

export const SubmitExamBodySchema = z.object({
  answers: AnswersSchema,
  /** the browser's timer, in seconds: accepted and ignored (the server measures active time, ADR 0018) */
  duration: z
    .number({ message: 'duration must be a number of seconds' })
    .min(0, 'duration must not be negative')
    .max(10_000_000, 'duration is too large')
    .optional(),
  attemptId: z.uuid().optional(),
});
export type SubmitExamBody = z.infer<typeof SubmitExamBodySchema>;

export const ResultQuestionSchema = z.object({
  questionId: safeString(),
  question: safeString(),
  choices: z.array(safeString()),
  userAnswer: safeString().nullable(),
  correctAnswer: safeString(),
  isCorrect: z.boolean(),
  explanation: safeString(),
  topic: safeString(),
  image: QuestionImageSchema.nullish(),
  explanationImage: QuestionImageSchema.nullish(),
  flagged: z.boolean(),
  certainty: CertaintySchema.nullable(),
  /** why the learner says they missed it (decision 0035) */
  missTag: MissTagSchema.nullable(),
  /**
   * active seconds spent on it during the sitting, measured by the server (decision 0065); null for results
   * stored before times per question were kept
   */
  seconds: z.number().int().nullable(),
  ...teaching,
});
export type ResultQuestion = z.infer<typeof ResultQuestionSchema>;

/** A result's score by topic (decision 0031). */
export const TopicScoreSchema = z.object({
  topic: safeString(),
  correct: z.number().int(),
  total: z.number().int(),
  score: z.number().int(),
});
export type TopicScore = z.infer<typeof TopicScoreSchema>;

export const ExamResultSchema = z.object({
  _id: safeString(),
  examId: safeString().nullable(),
  exam: z.object({ _id: safeString().nullable(), title: safeString() }),
  correctAnswers: z.number().int(),
  /**
   * answered wrongly, and left unanswered: omitted is not incorrect (decision 0065); correct + incorrect +
   * omitted = totalQuestions. Only on a whole result, not in history's summaries.
   */
  incorrectAnswers: z.number().int(),
  omittedAnswers: z.number().int(),
  totalQuestions: z.number().int(),
  score: z.number().int(),
  completedAt: safeString(),
  duration: z.number().int(),
  mode: SittingModeSchema,
  /** a practice set's result is labelled as such in history */
  kind: z.enum(['exam', 'practice']),
  questions: z.array(ResultQuestionSchema),
  topics: z.array(TopicScoreSchema),
  /**
   * Accuracy by certainty and the certainty-based mark (UCL scheme: guessing 1/0, fairly sure 2/−2, sure
   * 3/−6), when the learner marked certainty (decision 0035); null otherwise.
   */
  certainty: z
    .object({
      levels: z.array(
        z.object({
          level: CertaintySchema,
          answered: z.number().int(),
          correct: z.number().int(),
          percentCorrect: z.number().int(),
        }),
      ),
      mark: z.number().int(),
      maxMark: z.number().int(),
      /** over-confident: wrong too often when sure; under-confident: right very often when unsure */
      calibration: z.enum(['over', 'under', 'good']).nullable(),
    })
    .nullable(),
});
export type ExamResult = z.infer<typeof ExamResultSchema>;

export const ResultSummarySchema = ExamResultSchema.omit({
  questions: true,
  topics: true,
  certainty: true,
  incorrectAnswers: true,
  omittedAnswers: true,
});
export type ResultSummary = z.infer<typeof ResultSummarySchema>;

export const ResultsQuerySchema = pageQuery({ defaultLimit: RESULTS_PAGE_SIZE, maxLimit: 100 });

export const ResultsResponseSchema = pagedResponse({
  results: z.array(ResultSummarySchema),
  total: z.number().int(),
});
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;

export const HistoryResponseSchema = pagedResponse({
  history: z.array(ResultSummarySchema),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** The last few exams a learner took, each with its latest score (spec: "recent", shape not shown). */
export const RecentExamSchema = z.object({
  examId: safeString().nullable(),
  examTitle: safeString(),
  lastResultId: safeString(),
  lastScore: z.number().int(),
  lastTakenAt: safeString(),
  attempts: z.number().int(),
});
export type RecentExam = z.infer<typeof RecentExamSchema>;

/** An exam the learner started and has not submitted (dashboard: 'Continue'). */
export const InProgressExamSchema = z.object({
  attemptId: safeString(),
  /** null for a practice set (continue it at /practice/{attemptId}) */
  examId: safeString().nullable(),
  kind: z.enum(['exam', 'practice']),
  mode: SittingModeSchema,
  paused: z.boolean(),
  examTitle: safeString(),
  startedAt: safeString(),
  answered: z.number().int(),
  totalQuestions: z.number().int(),
  /** timed sittings: whole seconds left when the list was read (never negative); null when untimed */
  remainingSeconds: z.number().int().nullable(),
  /** when the learner last worked in it */
  lastActiveAt: safeString(),
});
export type InProgressExam = z.infer<typeof InProgressExamSchema>;

/** Every open sitting and practice set of the learner (at most OPEN_SITTINGS_LIMIT), most recently used first. */
export const OpenSittingsResponseSchema = z.object({ sittings: z.array(InProgressExamSchema) });
export type OpenSittingsResponse = z.infer<typeof OpenSittingsResponseSchema>;

/** `inProgress` rides on the recent call so the dashboard still makes its three calls together. */
export const RecentExamsResponseSchema = z.object({
  recent: z.array(RecentExamSchema),
  inProgress: z.array(InProgressExamSchema),
});
export type RecentExamsResponse = z.infer<typeof RecentExamsResponseSchema>;

/** Score percent = round(correct / total × 100) (spec §4). */
export function scorePercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 100);
}
