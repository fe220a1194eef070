import {
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Studying ahead (decision 0060): a learner who has just sat an exam has nothing due yet; the review page
 * shows what comes due over the next 14 days and lets them study the questions due within the days they
 * choose, as a tutor-mode review session.
 */

const SHOTS = 'test-results/study-ahead';

interface Attempt {
  _id: string;
  questions: Array<{ _id: string; question: string; choices: string[] }>;
}

const numberOf = (text: string) => Number(/^Question (\d+)/.exec(text)?.[1]);

test('a learner with nothing due sees the forecast and studies ahead', async ({ page, api, mailbox }) => {
  const examId = await publishedExam(api, { title: `Study ahead renal ${Date.now()}`, fee: 0, count: 5 });
  const account = await createVerifiedAccount(api, mailbox, 'study-ahead');
  const token = await signInAs(page, api, account);
  const asLearner = { authorization: `Bearer ${token}` };

  await test.step('sit the exam, missing questions 1 and 2: they come back tomorrow, the rest in 3 days', async () => {
    await api.call('POST', '/api/subscriptions', { examId }, asLearner);
    const attempt = await api.call<Attempt>('POST', `/api/exams/${examId}/attempts`, {}, asLearner);
    const answers: Record<string, string> = {};
    for (const question of attempt.questions) {
      const n = numberOf(question.question);
      answers[question._id] = n <= 2 ? `Wrong A${n}` : `Right ${n}`;
    }
    await api.call('POST', `/api/exams/${examId}/submit`, { attemptId: attempt._id, answers }, asLearner);
    // The answers reach the deck by the derived-results job (decision 0075), run now rather than waited for.
    await api.call('POST', '/api/test/jobs/derived-results');
  });

  await test.step('the review page: nothing due now, the next 14 days, and Study ahead', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Review deck', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Nothing is due now\. Next review: /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start review' })).toHaveCount(0);
    const comingUp = page.getByRole('region', { name: 'Coming up' });
    await expect(comingUp.getByText('0 due today · 5 in the next 14 days')).toBeVisible();
    const table = comingUp.getByRole('table', { name: 'Questions coming due each day' });
    await expect(table.getByRole('row', { name: /^Tomorrow 2$/ })).toHaveCount(1);
    await expect(comingUp.locator('svg').first()).toBeVisible();
    const days = comingUp.getByLabel('Questions due within');
    await expect(days).toHaveValue('1');
    await expect(days.locator('option').first()).toHaveText(/^1 day \(to .+\): 2 questions$/);
    await checkAtBothWidths(page, SHOTS, 'forecast');
  });

  await test.step('study 3 days ahead, with the keyboard: a tutor-mode session of all five', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    const comingUp = page.getByRole('region', { name: 'Coming up' });
    const days = comingUp.getByLabel('Questions due within');
    await days.focus();
    await days.selectOption('3');
    await expect(days.locator('option:checked')).toHaveText(/^3 days \(to .+\): 5 questions$/);
    await page.keyboard.press('Tab');
    await expect(comingUp.getByRole('button', { name: 'Study ahead' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    await expect(page.getByText('Tutor mode')).toBeVisible();
  });

  await test.step('answer the first question early: it counts as one of the day’s reviews', async () => {
    const text =
      (await page
        .getByRole('heading', { level: 2, name: /^Question \d+: which is right\?$/ })
        .textContent()) ?? '';
    const n = numberOf(text);
    await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByText('Correct', { exact: true })).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'session');
    const summary = await api.call<{ reviewedToday: number; dailyLimit: number }>(
      'GET',
      '/api/reviews/summary',
      undefined,
      asLearner,
    );
    expect(summary).toMatchObject({ reviewedToday: 1, dailyLimit: 50 });
  });
});
