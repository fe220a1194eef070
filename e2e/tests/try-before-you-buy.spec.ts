import { mkdirSync } from 'node:fs';
import { adminToken, expect, expectAccessible, test, type ApiHelper } from '../fixtures/test.ts';

/*
 * Try before you buy (decision 0061): a visitor opens a paid exam's page and sees what is inside (topics
 * with their question counts, the ways to sit it, the timing), answers a sample the administrator marked
 * and sees the reveal of that question. Axe on each new state; screenshots at 375 and 1280 px.
 */

const SHOTS = 'test-results/try-before-you-buy';
const STEM = 'Which rhythm is irregularly irregular with no P waves?';
const OPTIONS = ['Atrial fibrillation', 'Atrial flutter', 'Sinus arrhythmia', 'Ventricular tachycardia'];

/** A paid, published exam with two topics, timed and tutor modes, and one sample question. */
async function examWithSample(api: ApiHelper, title: string): Promise<string> {
  const headers = { authorization: `Admin ${await adminToken(api)}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title,
      category: 'medical',
      description: 'Rhythms and heart failure.',
      numberOfQuestions: 3,
      monthlySubscriptionFee: 7.99,
      topics: ['Arrhythmia', 'Heart failure'],
      modes: ['exam', 'timed', 'tutor'],
      secondsPerQuestion: 60,
    },
    headers,
  );
  await api.call(
    'POST',
    `/api/admin/exams/${exam._id}/questions`,
    {
      question: STEM,
      options: OPTIONS,
      correctAnswer: 0,
      explanation: 'AF has no organised atrial activity, so the ventricular rhythm is irregularly irregular.',
      topic: 'Arrhythmia',
      rationales: ['No P waves, irregular.', 'Saw-tooth waves, often regular.', 'Varies with breathing.', ''],
      objective: 'Recognise AF on an ECG.',
      isSample: true,
    },
    headers,
  );
  for (const question of [
    'Which drug class lowers mortality in heart failure with reduced ejection fraction?',
    'What is the first investigation for suspected heart failure in primary care?',
  ]) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question,
        options: ['Right', 'Wrong A', 'Wrong B', 'Wrong C'],
        correctAnswer: 0,
        topic: 'Heart failure',
      },
      headers,
    );
  }
  await api.call('PUT', `/api/admin/exams/${exam._id}/publish`, undefined, headers);
  return exam._id;
}

test('a visitor sees what is inside an exam and tries its sample question', async ({ page, api }) => {
  mkdirSync(SHOTS, { recursive: true });
  const examId = await examWithSample(api, `Rhythm Check ${Date.now()}`);

  await page.goto(`/exams/${examId}`);
  const inside = page.getByRole('region', { name: "What's inside" });
  await expect(inside.getByRole('heading', { name: "What's inside" })).toBeVisible();
  await expect(inside.getByText('3 questions in the question bank.')).toBeVisible();
  await expect(inside.getByRole('listitem').filter({ hasText: 'Arrhythmia' })).toContainText('1 question');
  await expect(inside.getByRole('listitem').filter({ hasText: 'Heart failure' })).toContainText(
    '2 questions',
  );
  await expect(
    inside.getByText(
      'See whether you were right, the correct answer and the explanation after each question.',
    ),
  ).toBeVisible();
  await expect(inside.getByText('Timed: 3 min in all, 60 s a question')).toBeVisible();
  await expect(inside.getByText('Exam and Tutor: no time limit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Exam' })).toBeVisible();

  const sample = page.getByRole('region', { name: 'Sample 1 of 1' });
  await expect(sample.getByText(STEM)).toBeVisible();
  await expectAccessible(page);

  // Chosen with the keyboard: the second option, then Tab on to 'Check answer'.
  await sample.getByRole('radio', { name: 'Atrial flutter', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(sample.getByRole('radio', { name: 'Atrial flutter', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await sample.getByRole('button', { name: 'Check answer' }).click();

  await expect(sample.getByText(/Incorrect\./)).toBeVisible();
  await expect(sample.getByRole('alert')).toBeFocused();
  const options = sample.getByRole('list', { name: 'Options' });
  await expect(options.getByRole('listitem').filter({ hasText: 'Atrial fibrillation' })).toContainText(
    'Correct answer',
  );
  await expect(options.getByRole('listitem').filter({ hasText: 'Atrial flutter' })).toContainText(
    'Your answer',
  );
  await expect(sample.getByText('Saw-tooth waves, often regular.')).toBeVisible();
  await expect(sample.getByText(/AF has no organised atrial activity/)).toBeVisible();
  await expect(sample.getByText('Recognise AF on an ECG.')).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/revealed-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/revealed-1280.png`, fullPage: true });

  // Again, right this time.
  await sample.getByRole('button', { name: 'Try again' }).click();
  await sample.getByRole('radio', { name: 'Atrial fibrillation', exact: true }).click();
  await sample.getByRole('button', { name: 'Check answer' }).click();
  await expect(sample.getByText(/^Correct\./)).toBeVisible();

  // Before any answer, at 375 px.
  await page.reload();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('region', { name: 'Sample 1 of 1' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/page-375.png`, fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/page-1280.png`, fullPage: true });
});
