import { describe, it, expect } from 'vitest';
import { OBJECTIVE_MAX, RATIONALE_MAX, REFERENCE_TITLE_MAX, REFERENCES_MAX, isHttpUrl } from '@mlp/contract';
import { demoArticles, demoExams } from './demo-content.ts';

const ALLOWED_ARTICLE_CATEGORIES = ['medical', 'education', 'exam-prep', 'career', 'research'];

const normalise = (s: string): string => s.trim().toLowerCase();

/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs)\./g;

/** One sentence: ends with a full stop, and no full stop, question or exclamation mark ends one before. */
function isOneSentence(text: string): boolean {
  const body = text.replace(ABBREVIATIONS, '');
  return text.endsWith('.') && !/[.!?]\s/.test(body) && !/\n/.test(text);
}

describe('demo exams', () => {
  it('includes at least three exams covering medical, nursing and pharmacy', () => {
    expect(demoExams.length).toBeGreaterThanOrEqual(3);
    const categories = new Set(demoExams.map((exam) => exam.category));
    for (const category of ['medical', 'nursing', 'pharmacy'] as const) {
      expect(categories.has(category)).toBe(true);
    }
  });

  it('has at least one free and at least two paid exams with valid prices', () => {
    for (const exam of demoExams) {
      expect(Number.isInteger(exam.pricePence)).toBe(true);
      expect(exam.pricePence).toBeGreaterThanOrEqual(0);
    }
    expect(demoExams.filter((exam) => exam.pricePence === 0).length).toBeGreaterThanOrEqual(1);
    expect(demoExams.filter((exam) => exam.pricePence > 0).length).toBeGreaterThanOrEqual(2);
  });

  describe.each(demoExams.map((exam) => [exam.title, exam] as const))('%s', (_title, exam) => {
    it('has a title, a description and a consistent question count of at least 20', () => {
      expect(exam.title.trim()).not.toBe('');
      expect(exam.description.trim()).not.toBe('');
      expect(exam.numberOfQuestions).toBe(exam.questions.length);
      expect(exam.questions.length).toBeGreaterThanOrEqual(20);
    });

    it('marks 2 or 3 of its questions as samples to try on its page (decision 0061)', () => {
      expect(exam.samples.length).toBeGreaterThanOrEqual(2);
      expect(exam.samples.length).toBeLessThanOrEqual(3);
      expect(new Set(exam.samples).size).toBe(exam.samples.length);
      for (const index of exam.samples) expect(exam.questions[index]).toBeDefined();
    });

    it('has well-formed questions', () => {
      exam.questions.forEach((q, i) => {
        const where = `${exam.title} Q${i + 1}`;
        expect(q.question.trim(), where).not.toBe('');
        expect(q.options.length, where).toBeGreaterThanOrEqual(4);
        expect(q.options.length, where).toBeLessThanOrEqual(6);
        for (const option of q.options) {
          expect(option.trim(), where).not.toBe('');
        }
        expect(new Set(q.options.map(normalise)).size, `${where}: options must be distinct`).toBe(
          q.options.length,
        );
        expect(Number.isInteger(q.correctAnswer), where).toBe(true);
        expect(q.correctAnswer, where).toBeGreaterThanOrEqual(0);
        expect(q.correctAnswer, where).toBeLessThan(q.options.length);
        expect(q.explanation.trim(), where).not.toBe('');
      });
    });

    it('teaches every question: a rationale per option, a one-sentence objective and its sources', () => {
      exam.questions.forEach((q, i) => {
        const where = `${exam.title} Q${i + 1}`;
        expect(q.rationales, `${where}: one rationale per option`).toHaveLength(q.options.length);
        for (const rationale of q.rationales) {
          expect(rationale.trim(), where).not.toBe('');
          expect(rationale, where).toBe(rationale.trim());
          expect(rationale.length, where).toBeLessThanOrEqual(RATIONALE_MAX);
        }
        // A copied rationale would explain the wrong option.
        expect(new Set(q.rationales).size, `${where}: rationales must differ`).toBe(q.options.length);

        expect(q.objective.length, where).toBeGreaterThan(0);
        expect(q.objective.length, where).toBeLessThanOrEqual(OBJECTIVE_MAX);
        expect(isOneSentence(q.objective), `${where}: objective "${q.objective}"`).toBe(true);

        expect(q.references.length, where).toBeGreaterThanOrEqual(1);
        expect(q.references.length, where).toBeLessThanOrEqual(REFERENCES_MAX);
        for (const reference of q.references) {
          expect(reference.title.trim(), where).not.toBe('');
          expect(reference.title.length, where).toBeLessThanOrEqual(REFERENCE_TITLE_MAX);
          if (reference.url !== null) {
            expect(reference.url, where).toMatch(/^https:\/\//);
            expect(isHttpUrl(reference.url), `${where}: ${reference.url}`).toBe(true);
          }
        }
        expect(new Set(q.references.map((r) => r.title)).size, `${where}: references repeat`).toBe(
          q.references.length,
        );
      });
    });

    it('has no duplicate question texts', () => {
      const texts = exam.questions.map((q) => normalise(q.question));
      expect(new Set(texts).size).toBe(texts.length);
    });

    it('gives every question one of the exam topics, and every topic at least two questions (decision 0031)', () => {
      expect(exam.topics.length).toBeGreaterThanOrEqual(3);
      for (const q of exam.questions) expect(exam.topics).toContain(q.topic);
      for (const topic of exam.topics) {
        expect(exam.questions.filter((q) => q.topic === topic).length, topic).toBeGreaterThanOrEqual(2);
      }
    });

    it('spreads the correct answer across option positions', () => {
      const counts = new Map<number, number>();
      for (const q of exam.questions) {
        counts.set(q.correctAnswer, (counts.get(q.correctAnswer) ?? 0) + 1);
      }
      for (const [index, count] of counts) {
        expect(count / exam.questions.length, `index ${index} holds ${count} answers`).toBeLessThanOrEqual(
          0.5,
        );
      }
    });
  });
});

describe('demo articles', () => {
  it('includes at least four articles in at least three allowed categories', () => {
    expect(demoArticles.length).toBeGreaterThanOrEqual(4);
    for (const article of demoArticles) {
      expect(ALLOWED_ARTICLE_CATEGORIES).toContain(article.category);
    }
    expect(new Set(demoArticles.map((article) => article.category)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(demoArticles.map((article) => [article.title, article] as const))(
    '%s has safe, structured HTML content',
    (_title, article) => {
      expect(article.title.trim()).not.toBe('');
      expect(article.summary.trim()).not.toBe('');
      expect(article.content).toContain('<h2>');
      expect(article.content).toContain('<p>');
      expect(article.content.toLowerCase()).not.toContain('<script');
      expect(article.content).not.toMatch(/\son\w+=/i);
      expect(article.content.toLowerCase()).not.toContain('style=');
      expect(article.content.toLowerCase()).not.toContain('javascript:');
    },
  );
});
