import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Learner reports (decision 0041): a learner reports a problem with a question from their result review; the
 * administrator finds it on the dashboard and the exam's page, resolves it in the queue and tells the
 * learner, who gets the mail.
 */

test('a learner report reaches the queue, is resolved and the learner is told', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(150_000);
  const title = `Reported exam ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 2 });
  const learner = await createVerifiedAccount(api, mailbox, 'reporter');
  const token = await signInAs(page, api, learner);

  await test.step('the learner sits the exam through the API and opens the result', async () => {
    const headers = { authorization: `Bearer ${token}` };
    await api.call('POST', '/api/subscriptions', { examId }, headers);
    const attempt = await api.call<{ _id: string; questions: Array<{ _id: string }> }>(
      'POST',
      `/api/exams/${examId}/attempts`,
      {},
      headers,
    );
    const result = await api.call<{ _id: string }>(
      'POST',
      `/api/exams/${examId}/submit`,
      { attemptId: attempt._id, answers: {} },
      headers,
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/exams/results/${result._id}`);
  });

  await test.step('reports the first question, with details, on a phone', async () => {
    await page.getByRole('button', { name: 'Report a problem with this question (question 1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem with this question' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose what is wrong with the question')).toBeVisible();
    await dialog.getByRole('radio', { name: 'The marked answer is wrong' }).check();
    await dialog.getByRole('textbox', { name: /Details/ }).fill('Option A is the current answer.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thank you. An administrator will look at this question.')).toBeVisible();
    await page.screenshot({ path: 'test-results/report-sent-375.png' });
  });

  const admin = await adminToken(api);
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), admin);

  await test.step('the administrator sees it on the dashboard and the exam page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await expect(page.getByText(/open learner reports? about questions\./)).toBeVisible();
    await page.goto(`/admin/exams/${examId}/edit`);
    await expect(page.getByText(/1 open learner report: Question \d\./)).toBeVisible();
    await page.getByRole('link', { name: 'Review reports' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/reports\\?examId=${examId}`));
  });

  await test.step('sees it grouped by question (decision 0073), then opens its reports', async () => {
    const grouped = page.getByRole('table', { name: 'Reported questions' });
    await expect(grouped.getByText('1 open')).toBeVisible();
    await expect(grouped.getByText('The marked answer is wrong · 1')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports-by-question-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('list', { name: 'Reported questions' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports-by-question-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await grouped.getByRole('button', { name: /^Show reports on question/ }).click();
    await expect(page.getByText('Showing the reports on one question.')).toBeVisible();
  });

  await test.step('resolves it, telling the learner', async () => {
    const table = page.getByRole('table', { name: 'Learner reports' });
    await expect(table.getByText('Option A is the current answer.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('list', { name: 'Learner reports' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/reports-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await table.getByRole('button', { name: /^Resolve the report from/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve report' });
    await dialog.getByRole('radio', { name: 'Fixed the question' }).check();
    await dialog.getByRole('textbox', { name: /Note/ }).fill('The key now follows the current guideline.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Report resolved')).toBeVisible();
    await expect(page.getByText('No open reports')).toBeVisible();
  });

  await test.step('the learner gets the mail', async () => {
    const mail = await mailbox.waitFor(learner.email, /About the question you reported/);
    expect(mail.text).toContain('Fixed the question. The key now follows the current guideline.');
  });
});
