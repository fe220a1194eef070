import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import {
  createExam,
  createLearner,
  createSubscription,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';

/*
 * Images in questions and explanations (decision 0040): administrators attach uploaded images
 * with alt text; learners get the question's image with the question, and the explanation's image only
 * where the explanation is shown (a tutor reveal, the result), never before.
 */

const t = useTestApp({ NODE_ENV: 'development' });

const admin = useAdmin(t);
let questionImage: string;
let explanationImage: string;
beforeAll(async () => {
  questionImage = await uploadImage('#c00');
  explanationImage = await uploadImage('#0c0');
});

async function uploadImage(background: string): Promise<string> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
  // Raw image bytes with their own content type: by hand.
  const response = await t.request({
    method: 'POST',
    url: api.media.upload.path,
    headers: { ...admin.headers, 'content-type': 'image/png' },
    payload: png,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ hash: string }>().hash;
}

const questionBody = (extra: Record<string, unknown> = {}) => ({
  question: 'What does this ECG show?',
  options: ['Sinus rhythm', 'Atrial fibrillation', 'Atrial flutter', 'Complete heart block'],
  correctAnswer: 1,
  explanation: 'Irregularly irregular, no P waves.',
  ...extra,
});

async function subscribedExam(learner: Learner) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, modes: ['exam', 'tutor'] }, 2);
  await createSubscription(t, {
    userId: learner.id,
    examId: exam.id,
    endDate: new Date(Date.now() + 86_400_000),
  });
  return exam;
}

describe('question images (admin)', () => {
  it('adds a question with images, keeps them when an edit leaves them out, and removes one with null', async () => {
    const exam = await createExam(t.ctx.db, { isActive: false, numberOfQuestions: 1 }, 0);
    const added = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: questionBody({
        image: { hash: questionImage, alt: '  12-lead ECG  ' },
        explanationImage: { hash: explanationImage, alt: 'Annotated ECG' },
      }),
      as: admin,
    });
    expect(added.statusCode).toBe(201);
    const question = added.body;
    expect(question.image).toEqual({
      hash: questionImage,
      url: `/api/media/${questionImage}`,
      contentType: 'image/png',
      width: 120,
      height: 80,
      alt: '12-lead ECG',
    });
    expect(question.explanationImage).toMatchObject({ hash: explanationImage, alt: 'Annotated ECG' });

    const kept = await t.call(api.adminExams.editQuestion, {
      params: { id: exam.id, qid: question._id },
      body: questionBody({ question: 'Edited?' }),
      as: admin,
    });
    expect(kept.body).toMatchObject({ question: 'Edited?', image: { alt: '12-lead ECG' } });
    const removed = await t.call(api.adminExams.editQuestion, {
      params: { id: exam.id, qid: question._id },
      body: questionBody({ image: null }),
      as: admin,
    });
    expect(removed.body).toMatchObject({ image: null, explanationImage: { alt: 'Annotated ECG' } });
    const detail = await t.call(api.adminExams.detail, { params: { id: exam.id }, as: admin });
    expect(detail.body.questions[0]?.image).toBeNull();
  });

  it('refuses an image that was never uploaded (422) and missing or long alt text (400)', async () => {
    const exam = await createExam(t.ctx.db, { isActive: false, numberOfQuestions: 1 }, 0);
    const unknown = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: questionBody({ image: { hash: 'b'.repeat(64), alt: 'X-ray' } }),
      as: admin,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toEqual({
      message: 'The question image was not found. Upload it again before saving the question.',
    });
    const unknownExplanation = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: questionBody({ explanationImage: { hash: 'c'.repeat(64), alt: 'X-ray' } }),
      as: admin,
    });
    expect(unknownExplanation.message).toMatch(/explanation image was not found/);
    const noAlt = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: questionBody({ image: { hash: questionImage, alt: '   ' } }),
      as: admin,
    });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.message).toBe('Describe the image for people who cannot see it');
    const longAlt = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: questionBody({ image: { hash: questionImage, alt: 'x'.repeat(251) } }),
      as: admin,
    });
    expect(longAlt.message).toBe('The image description must be at most 250 characters');
  });
});

describe('question images (learners)', () => {
  async function illustrate(examId: string) {
    const detail = await t.call(api.adminExams.detail, { params: { id: examId }, as: admin });
    const [first] = detail.body.questions;
    await t.call(api.adminExams.editQuestion, {
      params: { id: examId, qid: first!._id },
      body: questionBody({
        image: { hash: questionImage, alt: 'Chest X-ray' },
        explanationImage: { hash: explanationImage, alt: 'The same X-ray, annotated' },
      }),
      as: admin,
    });
    return first!._id;
  }

  it('an exam sitting carries the question image, never the explanation image; the result has both', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const illustrated = await illustrate(exam.id);
    const attempt = await startSitting(t, learner, exam.id);
    expect(JSON.stringify(attempt)).not.toContain(explanationImage);
    expect(JSON.stringify(attempt)).not.toContain('explanationImage');
    const served = attempt.questions.find((q) => q._id === illustrated)!;
    expect(served.image).toMatchObject({
      url: `/api/media/${questionImage}`,
      alt: 'Chest X-ray',
      width: 120,
    });
    expect(attempt.questions.find((q) => q._id !== illustrated)!.image).toBeNull();

    const result = await submitSitting(t, learner, exam.id, attempt, {});
    const reviewed = result.questions.find((q) => q.questionId === illustrated)!;
    expect(reviewed.image).toMatchObject({ alt: 'Chest X-ray' });
    expect(reviewed.explanationImage).toMatchObject({
      url: `/api/media/${explanationImage}`,
      alt: 'The same X-ray, annotated',
    });
    // Read again later: the result keeps its own snapshot of the images.
    const again = await t.call(api.attempts.result, { params: { id: result._id }, as: learner });
    expect(again.body.questions.find((q) => q.questionId === illustrated)!.explanationImage).toMatchObject({
      alt: 'The same X-ray, annotated',
    });
  });

  it('tutor mode reveals the explanation image only once that question is answered', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const illustrated = await illustrate(exam.id);
    const attempt = await startSitting(t, learner, exam.id, { mode: 'tutor' });
    expect(JSON.stringify(attempt)).not.toContain(explanationImage);
    const other = attempt.questions.find((q) => q._id !== illustrated)!;
    // Answering the other question reveals nothing of this one's explanation.
    const otherReveal = await t.call(api.attempts.answer, {
      params: { id: attempt._id },
      body: { questionId: other._id, answer: other.choices[0]! },
      as: learner,
    });
    expect(otherReveal.statusCode).toBe(200);
    expect(otherReveal.body).toMatchObject({ explanationImage: null });
    const resumed = await startSitting(t, learner, exam.id);
    expect(JSON.stringify(resumed)).not.toContain(explanationImage);

    const target = attempt.questions.find((q) => q._id === illustrated)!;
    const reveal = await t.call(api.attempts.answer, {
      params: { id: attempt._id },
      body: { questionId: illustrated, answer: target.choices[0]! },
      as: learner,
    });
    expect(reveal.body).toMatchObject({
      questionId: illustrated,
      explanationImage: { url: `/api/media/${explanationImage}`, alt: 'The same X-ray, annotated' },
    });
    const { reveals } = await startSitting(t, learner, exam.id);
    expect(reveals.find((r) => r.questionId === illustrated)!.explanationImage).toMatchObject({
      hash: explanationImage,
    });
  });
});
