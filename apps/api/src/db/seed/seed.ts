import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import {
  articles,
  comments,
  commentVotes,
  communityProfiles,
  courseUnits,
  courses,
  exams,
  questions,
  users,
} from '../schema/index.ts';
import { demoArticles, demoCourses, demoExams } from './demo-content.ts';
import { DEMO_TEAM_NAME, demoMembers, demoThreads, type DemoThread } from './demo-community.ts';
import { articlePreview, sanitizeArticleHtml } from '../../lib/html/sanitize.ts';

/**
 * Loads the demo catalogue (exams with questions, published articles) when the database has no
 * exams and no articles yet, and the demo courses when it has no course yet and the demo articles and
 * exams they are built from are there (so an installation seeded before courses gets them too). One
 * transaction: a crash half-way leaves nothing behind. Returns true when it seeded anything.
 */
export async function seedDemoContentIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const catalogue = await seedCatalogueIfEmpty(tx);
    const courseList = await seedCoursesIfNone(tx);
    const community = await seedCommunityIfNone(tx);
    return catalogue || courseList || community;
  });
}

async function seedCatalogueIfEmpty(tx: Tx): Promise<boolean> {
  const [examCount] = await tx.select({ value: count() }).from(exams);
  const [articleCount] = await tx.select({ value: count() }).from(articles);
  if ((examCount?.value ?? 0) > 0 || (articleCount?.value ?? 0) > 0) return false;

  // Spread creation times so "newest first" lists have a stable, meaningful order.
  const base = Date.now() - 60_000;
  let offset = 0;
  for (const exam of demoExams) {
    const createdAt = new Date(base + offset++ * 1000);
    const [row] = await tx
      .insert(exams)
      .values({
        title: exam.title,
        description: exam.description,
        category: exam.category,
        pricePence: exam.pricePence,
        numberOfQuestions: exam.numberOfQuestions,
        isActive: true,
        tags: exam.tags,
        topics: exam.topics,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: exams.id });
    if (!row) throw new Error('exam insert returned nothing');
    await tx.insert(questions).values(
      exam.questions.map((question, index) => ({
        examId: row.id,
        question: question.question,
        options: question.options,
        correctAnswer: question.correctAnswer,
        explanation: question.explanation,
        rationales: question.rationales,
        objective: question.objective,
        references: question.references,
        topic: question.topic ?? null,
        approvalStatus: 'approved' as const,
        isSample: exam.samples.includes(index),
        createdAt: new Date(createdAt.getTime() + index),
      })),
    );
  }
  for (const article of demoArticles) {
    const createdAt = new Date(base + offset++ * 1000);
    const content = sanitizeArticleHtml(article.content);
    await tx.insert(articles).values({
      ...article,
      content,
      preview: articlePreview(content),
      status: 'published',
      createdAt,
      updatedAt: createdAt,
    });
  }
  return true;
}

/**
 * The demo courses (decision 0053), when there is no course at all and every published demo article and
 * exam they use is there (found by title); otherwise nothing, so courses an administrator removed or an
 * installation without the demo catalogue stay as they are.
 */
async function seedCoursesIfNone(tx: Tx): Promise<boolean> {
  const [courseCount] = await tx.select({ value: count() }).from(courses);
  if ((courseCount?.value ?? 0) > 0) return false;
  const units = demoCourses.flatMap((course) => course.units);
  const articleTitles = [...new Set(units.flatMap((unit) => (unit.article ? [unit.article] : [])))];
  const examTitles = [...new Set(units.flatMap((unit) => (unit.exam ? [unit.exam] : [])))];
  const articleIds = new Map(
    (
      await tx
        .select({ id: articles.id, title: articles.title, status: articles.status })
        .from(articles)
        .where(inArray(articles.title, articleTitles))
    )
      .filter((row) => row.status === 'published')
      .map((row) => [row.title, row.id]),
  );
  const examIds = new Map(
    (
      await tx
        .select({ id: exams.id, title: exams.title, isActive: exams.isActive })
        .from(exams)
        .where(inArray(exams.title, examTitles))
    )
      .filter((row) => row.isActive)
      .map((row) => [row.title, row.id]),
  );
  if (articleIds.size < articleTitles.length || examIds.size < examTitles.length) return false;

  const base = Date.now() - 30_000;
  for (const [index, course] of demoCourses.entries()) {
    const createdAt = new Date(base + index * 1000);
    const [row] = await tx
      .insert(courses)
      .values({
        title: course.title,
        summary: course.summary,
        category: course.category,
        status: 'published',
        createdAt,
        updatedAt: createdAt,
        publishedAt: createdAt,
      })
      .returning({ id: courses.id });
    if (!row) throw new Error('course insert returned nothing');
    await tx.insert(courseUnits).values(
      course.units.map((unit, position) => ({
        courseId: row.id,
        position,
        kind: unit.kind,
        title: unit.title,
        articleId: unit.article ? (articleIds.get(unit.article) ?? null) : null,
        examId: unit.exam ? (examIds.get(unit.exam) ?? null) : null,
        topics: unit.topics ?? [],
        size: unit.size ?? null,
        mode: unit.mode ?? null,
        passMark: unit.passMark ?? null,
      })),
    );
  }
  return true;
}

/** The demo members' e-mail addresses: a reserved domain, and accounts whose password can never match. */
const demoMemberEmail = (key: string) => `community-${key}@demo.invalid`;

async function threadOf(tx: Tx, thread: DemoThread) {
  if (thread.article) {
    const [row] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.title, thread.article));
    return row ? { questionId: null, articleId: row.id } : undefined;
  }
  const exam = thread.exam!;
  const [row] = await tx
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .where(eq(exams.title, exam.title))
    .orderBy(asc(questions.createdAt), asc(questions.id))
    .offset(exam.question)
    .limit(1);
  return row ? { questionId: row.id, articleId: null } : undefined;
}

/**
 * The demo discussions (decision 0056), when there is no comment at all and the articles and question they
 * sit under are there. The members are accounts that cannot sign in (their password hash matches nothing).
 */
async function seedCommunityIfNone(tx: Tx): Promise<boolean> {
  const [commentCount] = await tx.select({ value: count() }).from(comments);
  if ((commentCount?.value ?? 0) > 0) return false;
  const threads = [];
  for (const thread of demoThreads) {
    const target = await threadOf(tx, thread);
    if (!target) return false;
    threads.push({ thread, target });
  }
  const members = new Map<string, string>();
  for (const member of demoMembers) {
    const email = demoMemberEmail(member.key);
    await tx
      .insert(users)
      .values({ name: member.name, email, passwordHash: '!', emailVerifiedAt: new Date() })
      .onConflictDoNothing();
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) return false;
    await tx
      .insert(communityProfiles)
      .values({ userId: row.id, displayName: member.displayName })
      .onConflictDoNothing();
    members.set(member.key, row.id);
  }
  let at = Date.now() - 3 * 86_400_000;
  const author = (key: string) =>
    key === 'team'
      ? { userId: null, teamName: DEMO_TEAM_NAME }
      : { userId: members.get(key)!, teamName: null };
  for (const { thread, target } of threads) {
    for (const comment of thread.comments) {
      at += 3_600_000;
      const [row] = await tx
        .insert(comments)
        .values({
          ...target,
          ...author(comment.author),
          body: comment.body,
          helpful: comment.helpfulFrom?.length ?? 0,
          createdAt: new Date(at),
        })
        .returning({ id: comments.id });
      if (!row) throw new Error('comment insert returned nothing');
      for (const voter of comment.helpfulFrom ?? [])
        await tx.insert(commentVotes).values({ commentId: row.id, userId: members.get(voter)! });
      for (const reply of comment.replies ?? []) {
        at += 1_800_000;
        await tx.insert(comments).values({
          ...target,
          ...author(reply.author),
          parentId: row.id,
          body: reply.body,
          createdAt: new Date(at),
        });
      }
    }
  }
  return true;
}
