import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';

/*
 * Images in questions and explanations (decision 0040): administrators attach uploaded images
 * with alt text; learners get the question's image with the question, and the explanation's image only
 * where the explanation is shown (a tutor reveal, the result), never before.
 */

const t = useTestApp({ NODE_ENV: 'development' });

let admin: { authorization: string };
let questionImage: string;
let explanationImage: string;
beforeAll(async () => {
  admin = (await createAdmin(t)).headers;
  questionImage = await uploadImage('#c00');
  explanationImage = await uploadImage('#0c0');
});

async function uploadImage(background: string): Promise<string> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...admin, 'content-type': 'image/png' },
    payload: png,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ hash: string }>().hash;
}

function call(
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: Record<string, unknown>,
  headers = admin,
) {
  return t.request({ method, url, headers, ...(payload ? { payload } : {}) });
}

const questionBody = (extra: Record<string, unknown> = {}) => ({
  question: 'What does this ECG show?',
  options: ['Sinus rhythm', 'Atrial fibrillation', 'Atrial flutter', 'Complete heart block'],
  correctAnswer: 1,
  explanation: 'Irregularly irregular, no P waves.',
  ...extra,
});

interface Image {
  hash: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  alt: string;
}

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
    const added = await call(
      'POST',
      `/api/admin/exams/${exam.id}/questions`,
      questionBody({
        image: { hash: questionImage, alt: '  12-lead ECG  ' },
        explanationImage: { hash: explanationImage, alt: 'Annotated ECG' },
      }),
    );
    expect(added.statusCode).toBe(201);
    const question = added.json<{ _id: string; image: Image; explanationImage: Image }>();
    expect(question.image).toEqual({
      hash: questionImage,
      url: `/api/media/${questionImage}`,
      contentType: 'image/png',
      width: 120,
      height: 80,
      alt: '12-lead ECG',
    });
    expect(question.explanationImage).toMatchObject({ hash: explanationImage, alt: 'Annotated ECG' });

    const url = `/api/admin/exams/${exam.id}/questions/${question._id}`;
    const kept = await call('PUT', url, questionBody({ question: 'Edited?' }));
    expect(kept.json()).toMatchObject({ question: 'Edited?', image: { alt: '12-lead ECG' } });
    const removed = await call('PUT', url, questionBody({ image: null }));
    expect(removed.json()).toMatchObject({ image: null, explanationImage: { alt: 'Annotated ECG' } });
    const detail = await call('GET', `/api/admin/exams/${exam.id}`);
    expect(detail.json<{ questions: Array<{ image: Image | null }> }>().questions[0]?.image).toBeNull();
  });

  it('refuses an image that was never uploaded (422) and missing or long alt text (400)', async () => {
    const exam = await createExam(t.ctx.db, { isActive: false, numberOfQuestions: 1 }, 0);
    const url = `/api/admin/exams/${exam.id}/questions`;
    const unknown = await call('POST', url, questionBody({ image: { hash: 'b'.repeat(64), alt: 'X-ray' } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'The question image was not found. Upload it again before saving the question.',
    });
    const unknownExplanation = await call(
      'POST',
      url,
      questionBody({ explanationImage: { hash: 'c'.repeat(64), alt: 'X-ray' } }),
    );
    expect(unknownExplanation.json<{ message: string }>().message).toMatch(/explanation image was not found/);
    const noAlt = await call('POST', url, questionBody({ image: { hash: questionImage, alt: '   ' } }));
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json<{ message: string }>().message).toBe('Describe the image for people who cannot see it');
    const longAlt = await call(
      'POST',
      url,
      questionBody({ image: { hash: questionImage, alt: 'x'.repeat(251) } }),
    );
    expect(longAlt.json<{ message: string }>().message).toBe(
      'The image description must be at most 250 characters',
    );
  });
});

describe('question images (learners)', () => {
  async function illustrate(examId: string) {
    const detail = await call('GET', `/api/admin/exams/${examId}`);
    const [first] = detail.json<{
      questions: Array<{ _id: string; options: string[]; correctAnswer: number }>;
    }>().questions;
    await call(
      'PUT',
      `/api/admin/exams/${examId}/questions/${first!._id}`,
      questionBody({
        image: { hash: questionImage, alt: 'Chest X-ray' },
        explanationImage: { hash: explanationImage, alt: 'The same X-ray, annotated' },
      }),
    );
    return first!._id;
  }

  it('an exam sitting carries the question image, never the explanation image; the result has both', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const illustrated = await illustrate(exam.id);
    const started = await call('POST', `/api/exams/${exam.id}/attempts`, undefined, learner.headers);
    expect(started.statusCode).toBe(200);
    expect(started.body).not.toContain(explanationImage);
    expect(started.body).not.toContain('explanationImage');
    const attempt = started.json<{ _id: string; questions: Array<{ _id: string; image: Image | null }> }>();
    const served = attempt.questions.find((q) => q._id === illustrated)!;
    expect(served.image).toMatchObject({
      url: `/api/media/${questionImage}`,
      alt: 'Chest X-ray',
      width: 120,
    });
    expect(attempt.questions.find((q) => q._id !== illustrated)!.image).toBeNull();

    const submitted = await call(
      'POST',
      `/api/exams/${exam.id}/submit`,
      { answers: {}, attemptId: attempt._id },
      learner.headers,
    );
    expect(submitted.statusCode).toBe(201);
    const result = submitted.json<{
      _id: string;
      questions: Array<{ questionId: string; image: Image | null; explanationImage: Image | null }>;
    }>();
    const reviewed = result.questions.find((q) => q.questionId === illustrated)!;
    expect(reviewed.image).toMatchObject({ alt: 'Chest X-ray' });
    expect(reviewed.explanationImage).toMatchObject({
      url: `/api/media/${explanationImage}`,
      alt: 'The same X-ray, annotated',
    });
    // Read again later: the result keeps its own snapshot of the images.
    const again = await call('GET', `/api/exams/results/${result._id}`, undefined, learner.headers);
    expect(
      again.json<typeof result>().questions.find((q) => q.questionId === illustrated)!.explanationImage,
    ).toMatchObject({ alt: 'The same X-ray, annotated' });
  });

  it('tutor mode reveals the explanation image only once that question is answered', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const illustrated = await illustrate(exam.id);
    const started = await call('POST', `/api/exams/${exam.id}/attempts`, { mode: 'tutor' }, learner.headers);
    expect(started.body).not.toContain(explanationImage);
    const attempt = started.json<{ _id: string; questions: Array<{ _id: string; choices: string[] }> }>();
    const other = attempt.questions.find((q) => q._id !== illustrated)!;
    // Answering the other question reveals nothing of this one's explanation.
    const otherReveal = await call(
      'POST',
      `/api/exams/attempts/${attempt._id}/answer`,
      { questionId: other._id, answer: other.choices[0]! },
      learner.headers,
    );
    expect(otherReveal.statusCode).toBe(200);
    expect(otherReveal.json()).toMatchObject({ explanationImage: null });
    const resumed = await call('POST', `/api/exams/${exam.id}/attempts`, undefined, learner.headers);
    expect(resumed.body).not.toContain(explanationImage);

    const target = attempt.questions.find((q) => q._id === illustrated)!;
    const reveal = await call(
      'POST',
      `/api/exams/attempts/${attempt._id}/answer`,
      { questionId: illustrated, answer: target.choices[0]! },
      learner.headers,
    );
    expect(reveal.json()).toMatchObject({
      questionId: illustrated,
      explanationImage: { url: `/api/media/${explanationImage}`, alt: 'The same X-ray, annotated' },
    });
    const afterwards = await call('POST', `/api/exams/${exam.id}/attempts`, undefined, learner.headers);
    const reveals = afterwards.json<{
      reveals: Array<{ questionId: string; explanationImage: Image | null }>;
    }>().reveals;
    expect(reveals.find((r) => r.questionId === illustrated)!.explanationImage).toMatchObject({
      hash: explanationImage,
    });
  });
});
