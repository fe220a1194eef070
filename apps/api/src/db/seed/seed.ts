import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { articles, exams, questions } from '../schema/index.ts';
import { demoArticles, demoExams } from './demo-content.ts';
import { articlePreview, sanitizeArticleHtml } from '../../lib/html/sanitize.ts';

/**
 * Loads the demo catalogue (exams with questions, published articles) when the database has no
 * exams and no articles yet. One transaction: a crash half-way leaves nothing behind.
 * Returns true when it seeded.
 */
export async function seedDemoContentIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
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
  });
}
