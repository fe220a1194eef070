import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  test,
  type ApiHelper,
  type Account,
} from '../fixtures/test.ts';

/*
 * Item analysis (decision 0036): ten learners sit a three-question exam; the stronger ones all pick the same
 * wrong option of question 3. Once the job has counted the sittings, the administrator's statistics
 * table on the exam's edit page flags that question, and the exam's figures are shown.
 */

async function loginToken(api: ApiHelper, account: Account): Promise<string> {
  const { token } = await api.call<{ token: string }>('POST', '/api/users/login', {
    email: account.email,
    password: account.password,
    deviceId: `e2e${Math.random().toString(16).slice(2).padEnd(29, '0')}`,
    deviceName: 'Playwright',
  });
  return token;
}

interface Attempt {
  _id: string;
  questions: Array<{ _id: string; question: string; choices: string[] }>;
}

/** `picks[n]` is the option chosen for question n + 1 ('Right' or a wrong option's first word + letter). */
async function sit(api: ApiHelper, token: string, examId: string, picks: string[]) {
  const headers = { authorization: `Bearer ${token}` };
  await api.call('POST', '/api/subscriptions', { examId }, headers);
  const attempt = await api.call<Attempt>('POST', `/api/exams/${examId}/attempts`, {}, headers);
  const answers: Record<string, string> = {};
  for (const question of attempt.questions) {
    const n = Number(/^Question (\d+)/.exec(question.question)?.[1]);
    answers[question._id] = `${picks[n - 1]}${picks[n - 1] === 'Right' ? ' ' : ''}${n}`;
  }
  await api.call('POST', `/api/exams/${examId}/submit`, { attemptId: attempt._id, answers }, headers);
}

test('the statistics table flags a question strong learners get wrong the same way', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const title = `Item analysis ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 3 });
  const patterns = [
    ...Array.from({ length: 4 }, () => ['Right', 'Right', 'Wrong A']),
    ...Array.from({ length: 3 }, () => ['Right', 'Wrong B', 'Right']),
    ...Array.from({ length: 3 }, () => ['Wrong C', 'Wrong B', 'Right']),
  ];
  await test.step('ten learners sit the exam', async () => {
    for (const [index, picks] of patterns.entries()) {
      const account = await createVerifiedAccount(api, mailbox, `items-${index}`);
      await sit(api, await loginToken(api, account), examId, picks);
    }
    // The derived-results job records the sittings' answers and counts them (decisions 0036, 0075).
    await api.call('POST', '/api/test/jobs/derived-results');
    await api.call('POST', '/api/test/jobs/item-analysis');
  });

  const token = await adminToken(api);
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  const section = page.getByRole('region', { name: 'Item analysis' });

  await test.step('the administrator reads the figures on the edit page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/exams/${examId}/edit`);
    await expect(section.getByText('Sittings', { exact: true })).toBeVisible();
    await expect(section.locator('dd').first()).toHaveText('10');
    const table = section.getByRole('table', { name: 'Question statistics' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const third = table.getByRole('row').filter({ hasText: 'Question 3' });
    await expect(third.getByText('Strong learners prefer a wrong option')).toBeVisible();
    await expect(third.getByText('Negative discrimination: check the answer')).toBeVisible();
    await expect(third.getByText(/Wrong A3 \(most chosen wrong answer\)/)).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('flagged only narrows the table', async () => {
    await section.getByRole('switch', { name: 'Flagged only' }).check();
    const table = section.getByRole('table', { name: 'Question statistics' });
    await expect(table.getByRole('row').filter({ hasText: 'Question 3' })).toBeVisible();
    // Question 2 is flagged too (its rest-score correlation is −0.06); question 1 (no spread in its rest
    // score) is not.
    await expect(table.getByRole('row').filter({ hasText: 'Question 2' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Question 1' })).toHaveCount(0);
  });

  await test.step('on a phone each question is a card', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(section.getByRole('list', { name: 'Question statistics' })).toBeVisible();
    await page.screenshot({ path: 'test-results/item-analysis-375.png', fullPage: true });
    await expectAccessible(page);
  });
});
