import { TOPICS_MAX, topicNotInExam, type ExamTopics, type QuestionVersionSource } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { carryTopicStats } from '../analytics/analytics.service.ts';
import { carryLearnerTopics } from '../practice/practice.service.ts';
import { carryCardTopics } from '../reviews/reviews.service.ts';
import { questionsOfExam, updateExam, type ExamWithCounts } from './admin-exams.repository.ts';
import { loadExam, recordExamChange } from './admin-exams.service.ts';
import { examTopic } from './question-changes.ts';
import {
  figuresTopic,
  questionIdsWithTopics,
  setQuestionsTopic,
  topicUsage,
} from './exam-topics.repository.ts';
import { appendVersions, keepBaselines } from './question-history.repository.ts';

/*
 * An exam's topics (decision 0050): added, renamed, merged and removed from the panel. A rename, merge or
 * removal moves the questions (each a new version) and carries learners' figures along (topic scores and
 * trends, review cards, weak areas), in one transaction holding the exam's lock, so no learner's history
 * splits in two. Results keep their snapshots as they were.
 */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The exam's topic named `name` (ignoring case), as the exam spells it, or a 404 naming it. */
function listedTopic(exam: ExamWithCounts, name: string): string {
  const found = exam.topics.find((topic) => topic.toLowerCase() === name.toLowerCase());
  if (found === undefined) throw new NotFoundError(topicNotInExam(name));
  return found;
}

function alreadyListed(name: string, hint = ''): ConflictError {
  return new ConflictError(`"${name}" is already one of this exam's topics.${hint}`);
}

export async function examTopics(db: Executor, examId: string): Promise<ExamTopics> {
  const exam = await loadExam(db, examId);
  return topicsOf(db, exam.id, exam.topics);
}

async function topicsOf(db: Executor, examId: string, topics: string[]): Promise<ExamTopics> {
  const usage = await topicUsage(db, examId);
  return {
    topics: topics.map((name) => ({ name, questionCount: usage.get(name) ?? 0 })),
    untagged: usage.get(null) ?? 0,
  };
}

/**
 * Files the exam's questions under `from` topics under `to` (null: none), as new versions made by
 * `source`, and moves learners' figures with them. Returns how many questions moved.
 */
async function moveQuestions(
  tx: Executor,
  actor: Actor,
  examId: string,
  from: string[],
  to: string | null,
  source: QuestionVersionSource,
): Promise<number> {
  const ids = await questionIdsWithTopics(tx, examId, from);
  await keepBaselines(tx, ids);
  const moved = await setQuestionsTopic(tx, examId, ids, to);
  await appendVersions(tx, { questionIds: moved, source, adminId: actor.id });
  const target = figuresTopic(to);
  await carryTopicStats(tx, examId, from, target);
  await carryCardTopics(tx, ids, target);
  await carryLearnerTopics(tx, ids, target);
  return moved.length;
}

async function done(
  ctx: AppContext,
  tx: Executor,
  exam: ExamWithCounts,
  topics: string[],
  message: string,
): Promise<{ message: string; topics: ExamTopics }> {
  ctx.caches.catalogue.clear();
  return { message, topics: await topicsOf(tx, exam.id, topics) };
}

export async function addTopic(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  name: string,
): Promise<{ message: string; topics: ExamTopics }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const clash = exam.topics.find((topic) => topic.toLowerCase() === name.toLowerCase());
    if (clash !== undefined) throw alreadyListed(clash);
    if (exam.topics.length >= TOPICS_MAX)
      throw new UnprocessableError(`An exam has at most ${TOPICS_MAX} topics. Merge or remove one first.`);
    const topics = [...exam.topics, name];
    await updateExam(tx, exam.id, { topics });
    await recordExamChange(ctx, tx, actor, exam.id, 'added_topic', { label: exam.title, topic: name });
    return done(ctx, tx, exam, topics, `Topic "${name}" added`);
  });
}

export async function renameTopic(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: { from: string; to: string },
): Promise<{ message: string; topics: ExamTopics }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const from = listedTopic(exam, body.from);
    const to = body.to;
    if (to === from) throw new UnprocessableError(`The topic is already called "${to}".`);
    const clash = exam.topics.find((topic) => topic !== from && topic.toLowerCase() === to.toLowerCase());
    if (clash !== undefined) throw alreadyListed(clash, ' Merge the two topics instead.');
    const topics = exam.topics.map((topic) => (topic === from ? to : topic));
    await updateExam(tx, exam.id, { topics });
    const moved = await moveQuestions(tx, actor, exam.id, [from], to, 'topic-renamed');
    await recordExamChange(ctx, tx, actor, exam.id, 'renamed_topic', {
      label: exam.title,
      from,
      to,
      count: moved,
    });
    return done(ctx, tx, exam, topics, `Topic "${from}" renamed to "${to}" (${plural(moved, 'question')})`);
  });
}

export async function mergeTopics(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: { from: string[]; into: string },
): Promise<{ message: string; topics: ExamTopics }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const into = listedTopic(exam, body.into);
    const from = [...new Set(body.from.map((name) => listedTopic(exam, name)))];
    if (from.includes(into))
      throw new BadRequestError(`"${into}" is the topic they merge into: choose other topics to merge.`);
    const topics = exam.topics.filter((topic) => !from.includes(topic));
    await updateExam(tx, exam.id, { topics });
    const moved = await moveQuestions(tx, actor, exam.id, from, into, 'topic-merged');
    await recordExamChange(ctx, tx, actor, exam.id, 'merged_topics', {
      label: exam.title,
      from,
      to: into,
      count: moved,
    });
    return done(
      ctx,
      tx,
      exam,
      topics,
      `${plural(from.length, 'topic')} merged into "${into}" (${plural(moved, 'question')} moved)`,
    );
  });
}

export async function removeTopic(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: { name: string; moveTo: string | null },
): Promise<{ message: string; topics: ExamTopics }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const name = listedTopic(exam, body.name);
    const moveTo = body.moveTo === null ? null : listedTopic(exam, body.moveTo);
    if (moveTo === name)
      throw new BadRequestError(
        `Its questions cannot move to "${name}" itself: choose another topic or none.`,
      );
    const topics = exam.topics.filter((topic) => topic !== name);
    await updateExam(tx, exam.id, { topics });
    const moved = await moveQuestions(tx, actor, exam.id, [name], moveTo, 'topic-removed');
    await recordExamChange(ctx, tx, actor, exam.id, 'removed_topic', {
      label: exam.title,
      from: name,
      ...(moveTo ? { to: moveTo } : {}),
      count: moved,
    });
    const where = moveTo ? `moved to "${moveTo}"` : 'left without a topic';
    return done(
      ctx,
      tx,
      exam,
      topics,
      moved > 0
        ? `Topic "${name}" removed (${plural(moved, 'question')} ${where})`
        : `Topic "${name}" removed`,
    );
  });
}

/**
 * The bank's bulk 'Set topic': files the chosen questions of the exam under one of its topics, or none.
 * All or nothing: a question that is not the exam's refuses the whole request (404). Each question whose
 * topic changes becomes a new version; learners' figures for those questions follow them.
 */
export async function setTopicOfQuestions(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: { questionIds: string[]; topic: string | null },
): Promise<{ message: string; updated: number }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, examId, true);
    const topic = examTopic(exam.topics, body.topic);
    const found = (await questionsOfExam(tx, exam.id, body.questionIds)).map((row) => row.id);
    if (found.length !== body.questionIds.length)
      throw new NotFoundError(
        'Some of the chosen questions are not in this exam. Reload the list and try again.',
      );
    await keepBaselines(tx, found);
    const moved = await setQuestionsTopic(tx, exam.id, found, topic);
    await appendVersions(tx, { questionIds: moved, source: 'bulk-topic', adminId: actor.id });
    await carryCardTopics(tx, moved, figuresTopic(topic));
    await carryLearnerTopics(tx, moved, figuresTopic(topic));
    await recordExamChange(ctx, tx, actor, exam.id, 'set_questions_topic', {
      label: exam.title,
      count: moved.length,
      ...(topic ? { topic } : {}),
    });
    const what = topic ? `filed under "${topic}"` : 'left without a topic';
    return { message: `${plural(moved.length, 'question')} ${what}`, updated: moved.length };
  });
}
