import {
  GENERAL_TOPIC,
  MAX_SAMPLE_QUESTIONS,
  normaliseRationales,
  type CheckSampleBody,
  type ExamInside,
  type ExamTopicCount,
  type SampleReveal,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { toQuestionImage } from '../media/media.service.ts';
import {
  approvedSamples,
  approvedTopicCounts,
  findPublishedExamInside,
  findSampleWithAnswer,
} from './exams.repository.ts';
import {
  EXAM_NOT_FOUND,
  SAMPLE_ANSWER_NOT_AN_OPTION,
  SAMPLE_CHECKS_TOO_MANY,
  SAMPLE_NOT_FOUND,
} from './exams.messages.ts';

/*
 * Try before you buy (decision 0061): a published exam's topics with their question counts, its modes and
 * timing, and up to 3 samples without their keys, the same for everyone (a CDN may keep it, decision
 * 0044); and checking an answer to one sample, which reveals that sample only and writes nothing.
 */

/** Checks of sample answers from one address: a visitor trying all three a few times is far inside it. */
const SAMPLE_CHECKS_PER_IP: RateLimitRule = { max: 60, windowMs: 10 * 60_000 };

/**
 * The exam's topics in its own order with their approved questions, then any other topic in use (none,
 * as decision 0050 keeps questions to their exam's topics, but an answer never hides questions), then
 * 'General' for the questions without one. Topics without approved questions are left out.
 */
export function topicCounts(
  examTopics: readonly string[],
  counts: ReadonlyArray<{ topic: string | null; questionCount: number }>,
): ExamTopicCount[] {
  const byTopic = new Map<string, number>();
  let general = 0;
  for (const { topic, questionCount } of counts) {
    if (topic === null || topic === '') general += questionCount;
    else byTopic.set(topic, (byTopic.get(topic) ?? 0) + questionCount);
  }
  const ordered: ExamTopicCount[] = [];
  for (const topic of examTopics) {
    const questionCount = byTopic.get(topic);
    if (questionCount) ordered.push({ topic, questionCount });
    byTopic.delete(topic);
  }
  for (const [topic, questionCount] of [...byTopic].sort(([a], [b]) => a.localeCompare(b)))
    if (questionCount > 0) ordered.push({ topic, questionCount });
  if (general > 0) ordered.push({ topic: GENERAL_TOPIC, questionCount: general });
  return ordered;
}

async function readInside(ctx: AppContext, examId: string): Promise<ExamInside | null> {
  const exam = await findPublishedExamInside(ctx.db, examId);
  if (!exam) return null;
  const [counts, samples] = await Promise.all([
    approvedTopicCounts(ctx.db, exam.id),
    approvedSamples(ctx.db, exam.id, MAX_SAMPLE_QUESTIONS),
  ]);
  return {
    examId: exam.id,
    topics: topicCounts(exam.topics, counts),
    questionCount: counts.reduce((sum, row) => sum + row.questionCount, 0),
    modes: exam.modes,
    questionsPerSitting: exam.numberOfQuestions,
    secondsPerQuestion: exam.secondsPerQuestion,
    // As a sitting shows a question, but in the question's own order: the page is the same for everyone.
    samples: samples.map((sample) => ({
      _id: sample.id,
      question: sample.question,
      choices: sample.options,
      topic: sample.topic ?? GENERAL_TOPIC,
      image: toQuestionImage(sample.image),
    })),
  };
}

/**
 * What is inside a published exam (404 'Exam not found' otherwise), kept a few seconds per process like
 * the catalogue's totals; an administrator's change through this process drops it at once.
 */
export async function examInside(ctx: AppContext, examId: string): Promise<ExamInside> {
  const inside = isUuid(examId)
    ? await ctx.caches.catalogue.inside.get(examId, () => readInside(ctx, examId))
    : null;
  if (!inside) throw new NotFoundError(EXAM_NOT_FOUND);
  return inside;
}

/**
 * Checks an answer to a sample: its key, explanation and rationales, of this one question only. Refused
 * (404) unless it is an approved sample of a published exam; an answer that is none of its options is a
 * 400. Writes nothing: a sample is never counted as seen (no responses, review cards or item statistics).
 */
export async function checkSample(
  ctx: AppContext,
  params: { id: string; questionId: string },
  body: CheckSampleBody,
  ip: string,
): Promise<SampleReveal> {
  await ctx.limiter.hit(`sample-check:ip:${ip}`, SAMPLE_CHECKS_PER_IP, SAMPLE_CHECKS_TOO_MANY);
  const sample =
    isUuid(params.id) && isUuid(params.questionId)
      ? await findSampleWithAnswer(ctx.db, params.id, params.questionId)
      : undefined;
  if (!sample) throw new NotFoundError(SAMPLE_NOT_FOUND);
  if (!sample.options.includes(body.answer)) throw new BadRequestError(SAMPLE_ANSWER_NOT_AN_OPTION);
  const correctAnswer = sample.options[sample.correctAnswer] ?? '';
  return {
    questionId: sample.id,
    answer: body.answer,
    isCorrect: body.answer === correctAnswer,
    correctAnswer,
    explanation: sample.explanation,
    explanationImage: toQuestionImage(sample.explanationImage),
    rationales: normaliseRationales(sample.rationales, sample.options.length),
    objective: sample.objective,
    references: sample.references,
  };
}
