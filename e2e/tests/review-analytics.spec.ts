import { useOwnServer } from '../fixtures/server.ts';
import {
  ApiHelper,
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Review and analytics on the web (decision 0038): a learner misses questions, the clock moves on, 'Review
 * due' appears on the dashboard, the review session starts (a tutor-mode practice set), they tag a miss on
 * the result and read their analytics. The journey moves the server's clock, so it runs on a server of its
 * own.
 */
const own = useOwnServer();

const DAY_MS = 24 * 3600 * 1000;
const SHOTS = process.env.REVIEW_SHOTS_DIR ?? 'test-results/review-analytics';

interface Attempt {
  _id: string;
  questions: Array<{ _id: string; question: string; choices: string[] }>;
}

const numberOf = (text: string) => Number(/^Question (\d+)/.exec(text)?.[1]);

test('miss questions, see Review due after the clock moves, review, tag a miss and read the analytics', async ({
  page,
  mailbox,
}) => {
  const base = own.current.baseUrl;
  const api = new ApiHelper(base);
  const title = `Review cardiology ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 5 });
  const account = await createVerifiedAccount(api, mailbox, 'reviewer');
  const token = await signInAs(page, api, account);
  const asLearner = { authorization: `Bearer ${token}` };

  const resultId = await test.step('sit the exam, missing questions 1 and 2', async () => {
    await api.call('POST', '/api/subscriptions', { examId }, asLearner);
    const attempt = await api.call<Attempt>('POST', `/api/exams/${examId}/attempts`, {}, asLearner);
    const answers: Record<string, string> = {};
    for (const question of attempt.questions) {
      const n = numberOf(question.question);
      answers[question._id] = n <= 2 ? `Wrong A${n}` : `Right ${n}`;
    }
    const result = await api.call<{ _id: string }>(
      'POST',
      `/api/exams/${examId}/submit`,
      { attemptId: attempt._id, answers },
      asLearner,
    );
    // The answers reach the deck and the figures by the derived-results job (decision 0075), run now.
    await api.call('POST', '/api/test/jobs/derived-results');
    return result._id;
  });

  await test.step('nothing is due yet: the dashboard gives the next review time', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/dashboard`);
    const card = page.getByRole('region', { name: 'Review due: 0' });
    await expect(card.getByText(/^Nothing is due now\. Next review: /)).toBeVisible();
    await expect(card.getByRole('link', { name: 'View review deck' })).toBeVisible();
  });

  await test.step('two days on, the missed questions are due', async () => {
    await api.call('POST', '/api/test/clock', { advanceMs: 2 * DAY_MS });
    await page.goto(`${base}/dashboard`);
    const card = page.getByRole('region', { name: 'Review due: 2' });
    await expect(card.getByText('A review session takes 2 questions.')).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'dashboard');
  });

  await test.step('the deck lists what is due and what comes back later', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/reviews`);
    await expect(page.getByRole('heading', { name: 'Review deck', level: 1 })).toBeVisible();
    await expect(page.getByText('2 due now · 5 in your deck · 0 suspended')).toBeVisible();
    await page.getByRole('tab', { name: 'Due now' }).click();
    const list = page.getByRole('list', { name: 'Review questions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Question 1: which is right?')).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'reviews');
  });

  await test.step('start the review: a tutor-mode set of the due questions', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/dashboard`);
    await page
      .getByRole('region', { name: 'Review due: 2' })
      .getByRole('button', { name: 'Start review' })
      .click();
    // Practice sets are taken at /practice/{id} (the sittings work builds that page).
    await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
  });

  await test.step('answer the review on the tutor page, with the keyboard, and submit it', async () => {
    await expect(page.getByText('Question 1 of 2')).toBeVisible();
    await expect(page.getByText('Tutor mode')).toBeVisible();
    for (const position of [1, 2]) {
      await expect(page.getByText(`Question ${position} of 2`)).toBeVisible();
      const text =
        (await page
          .getByRole('heading', { level: 2, name: /^Question \d+: which is right\?$/ })
          .textContent()) ?? '';
      const n = numberOf(text);
      // Missed in the exam, right this time.
      expect([1, 2]).toContain(n);
      const choice = page.getByRole('radio', { name: `Right ${n}`, exact: true });
      await choice.focus();
      await page.keyboard.press('Enter');
      await expect(choice).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('button', { name: 'Check answer' }).click();
      await expect(page.getByText('Correct', { exact: true })).toBeVisible();
      if (position === 1) {
        await checkAtBothWidths(page, SHOTS, 'review-session');
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.getByRole('button', { name: 'Next' }).click();
      }
    }
    // Each answer rescheduled its question as it was given: nothing is due before the set is submitted.
    const summary = await api.call<{ due: number }>('GET', '/api/reviews/summary', undefined, asLearner);
    expect(summary.due).toBe(0);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
    await expect(page.getByText('You answered 2 out of 2 questions correctly.')).toBeVisible();
    await expect(page).toHaveURL(/\/exams\/results\/[0-9a-f-]{36}$/);
    await page.goto(`${base}/dashboard`);
    await expect(page.getByRole('region', { name: 'Review due: 0' })).toBeVisible();
  });

  await test.step('suspend a question and bring it back', async () => {
    await page.goto(`${base}/reviews`);
    const row = page.getByRole('listitem').filter({ hasText: 'Question 1: which is right?' });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    await expect(page.getByText('0 due now · 5 in your deck · 1 suspended')).toBeVisible();
    await row.getByRole('button', { name: 'Bring back' }).click();
    await expect(row.getByRole('button', { name: 'Suspend' })).toBeVisible();
  });

  await test.step('tag a miss on the result, and the tag stays after a reload', async () => {
    await page.goto(`${base}/exams/results/${resultId}`);
    const missed = page.getByRole('listitem').filter({ hasText: 'Question 1: which is right?' });
    const tags = missed.getByRole('group', { name: 'Why I missed it' });
    await tags.getByRole('button', { name: 'Misread' }).click();
    await expect(tags.getByRole('button', { name: 'Misread' })).toHaveAttribute('aria-pressed', 'true');
    // A question answered right has no tags.
    const right = page.getByRole('listitem').filter({ hasText: 'Question 3: which is right?' });
    await expect(right.getByRole('group', { name: 'Why I missed it' })).toHaveCount(0);
    await page.reload();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Question 1: which is right?' })
        .getByRole('button', { name: 'Misread' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await checkAtBothWidths(page, SHOTS, 'result');
  });

  await test.step('read the analytics page', async () => {
    await api.call('POST', '/api/test/jobs/derived-results');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/analytics`);
    const byExam = page.getByRole('table', { name: 'Figures by exam' });
    const row = byExam.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    // Sittings, questions seen, % correct (3 of 5), average score, percentile (the exam is the row header).
    await expect(row.getByRole('cell').nth(0)).toHaveText('1');
    await expect(row.getByRole('cell').nth(1)).toHaveText('5');
    // Omitted apart from incorrect (decision 0065): none omitted here.
    await expect(row.getByRole('cell').nth(2)).toHaveText('0');
    await expect(row.getByRole('cell').nth(3)).toHaveText('60%');
    await expect(row.getByRole('cell').nth(5)).toHaveText('60%');
    await expect(row.getByRole('cell').nth(6)).toHaveText('Not yet (1 of 20 learners)');
    const exam = page.getByRole('region', { name: title });
    await expect(exam.getByText(/Shown once 20 learners have results on this exam/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next step' })).toBeVisible();
    // The charts have drawn (MUI X Charts renders SVG, with its axis label as SVG text).
    await expect(page.locator('svg').getByText('Score (%)').first()).toBeVisible();
    await expect(page.locator('svg').getByText('% correct').first()).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'analytics');
  });

  await test.step('settings: the review section', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/settings`);
    const section = page.getByRole('region', { name: 'Review' });
    await expect(section.getByRole('slider', { name: 'Desired retention: 90%' })).toBeVisible();
    await section.getByRole('switch', { name: /Mark how sure I am/ }).check();
    await section.getByRole('button', { name: 'Save review settings' }).click();
    await expect(page.getByText('Review settings saved')).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'settings');
  });
});
