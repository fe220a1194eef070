import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/** Decision 0016: a question deleted by an administrator never takes an exam away from its subscribers. */
test('an administrator cannot delete a question a subscribed exam needs, and My Exams never offers a start that cannot work', async ({
  page,
  browser,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const title = `Withdrawal ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 2 });
  const learner = await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'withdrawal'));
  await api.call('POST', '/api/subscriptions', { examId }, { authorization: `Bearer ${learner}` });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const token = await adminToken(api);
  await adminPage.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await adminPage.goto(`/admin/exams/${examId}/edit`);
  await expect(adminPage.getByText('Questions (2/2)')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Delete question 1' }).click();
  await expect(
    adminPage.getByText(
      /Learners with active subscriptions rely on this published exam, which needs 2 questions/,
    ),
  ).toBeVisible();
  await expect(adminPage.getByRole('dialog')).toHaveCount(0);
  await expect(adminPage.getByText('Questions (2/2)')).toBeVisible();
  await expectAccessible(adminPage);

  // The learner still has the exam.
  await page.goto('/my-exams');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();

  // An administrator who unpublishes it on purpose: My Exams says so, with nothing to start.
  await api.call(
    'PUT',
    `/api/admin/exams/${examId}`,
    { title, description: 'd', category: 'medical', numberOfQuestions: 2, price: 0, isActive: false },
    { authorization: `Admin ${token}` },
  );
  await page.goto('/my-exams');
  await expect(page.getByText(/This exam is not available at the moment/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Exam' })).toHaveCount(0);
  await expectAccessible(page);
  await adminContext.close();
});
