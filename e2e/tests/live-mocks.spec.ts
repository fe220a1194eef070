import type { Page } from '@playwright/test';
import {
  adminToken,
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  localInput,
  publishedExam,
  shownQuestion,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Live mock exams (decision 0077): an administrator schedules a mock that opens now; a subscribed learner
 * starts it from the dashboard, sits it and submits, and is told only when results come out. A mock whose
 * results are released on submit shows the learner's rank among all who sat it.
 */

const SHOTS = 'test-results/live-mocks';

/** Answers the shown question rightly and submits the sitting. */
async function sitAndSubmit(page: Page) {
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('Time left');
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await page.getByRole('radio', { name: `Right ${await shownQuestion(page)}`, exact: true }).click();
  await page.getByRole('button', { name: 'Submit now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
}

test('a mock scheduled in the panel is sat once from the dashboard; results come when released', async ({
  browser,
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const examTitle = `Mock paper ${stamp}`;
  const examId = await publishedExam(api, { title: examTitle, fee: 0, count: 2 });

  // The administrator schedules a mock that opens now, released at the close.
  const admin = await browser.newPage();
  const token = await adminToken(api);
  await admin.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await admin.goto('/admin/mocks');
  await admin.getByRole('button', { name: 'Schedule mock' }).click();
  const form = admin.getByRole('dialog', { name: 'Schedule a mock exam' });
  await form.getByRole('combobox', { name: /Exam/ }).click();
  await admin.getByRole('option', { name: examTitle }).click();
  const title = `Evening mock ${stamp}`;
  await form.getByRole('textbox', { name: /Title/ }).fill(title);
  await form.getByLabel(/Opens/).fill(await localInput(admin, -60_000));
  await form.getByLabel(/Closes/).fill(await localInput(admin, 2 * 60 * 60_000));
  await form.getByRole('spinbutton', { name: /Time limit/ }).fill('30');
  await checkAtBothWidths(admin, SHOTS, 'schedule-form');
  await form.getByRole('button', { name: 'Schedule mock' }).click();
  await expect(admin.getByText('Mock exam scheduled')).toBeVisible();
  const openNow = admin.getByRole('region', { name: 'Open now' });
  await expect(openNow.getByText(title)).toBeVisible();
  await checkAtBothWidths(admin, SHOTS, 'panel-list');

  // A mock of the same exam whose results come out on submit (through the API).
  const opens = Date.now() - 60_000;
  const quick = `Quick mock ${stamp}`;
  const { mock } = await api.call<{ mock: { _id: string } }>(
    'POST',
    '/api/admin/mocks',
    {
      examId,
      title: quick,
      opensAt: new Date(opens).toISOString(),
      closesAt: new Date(opens + 2 * 60 * 60_000).toISOString(),
      timeLimitMinutes: 30,
      lateStart: 'full',
      release: 'immediately',
    },
    { authorization: `Admin ${token}` },
  );

  // The learner, subscribed to the exam, sees both on the dashboard and starts the first.
  const learnerToken = await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'mocks'));
  await api.call(
    'POST',
    '/api/subscriptions',
    { examId, isFree: true },
    { authorization: `Bearer ${learnerToken}` },
  );
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Mock exams' });
  const row = (name: string) => card.getByRole('listitem').filter({ hasText: name });
  await expect(row(title).getByRole('link', { name: 'Start mock' })).toBeVisible();
  await checkAtBothWidths(page, SHOTS, 'dashboard-card', card);
  await row(title).getByRole('link', { name: 'Start mock' }).click();
  await sitAndSubmit(page);

  // Nothing before the release: no score, only when results come out.
  await expect(page.getByText(/^Submitted\. Results are released on /)).toBeVisible();
  await expect(page.getByText(/Score|Rank/)).toHaveCount(0);
  await checkAtBothWidths(page, SHOTS, 'submitted');
  await page.goto('/dashboard');
  await expect(row(title).getByText(/^Submitted\. Results on /)).toBeVisible();
  await expect(row(title).getByRole('link')).toHaveCount(0);

  // The panel's live view: the one subscribed learner has handed the first mock in.
  const figure = (label: string) =>
    admin.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await admin.goto('/admin/mocks');
  await admin.getByRole('link', { name: `Live view of ${title}` }).click();
  await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(figure('Subscribed')).toHaveText('1');
  await expect(figure('Started')).toHaveText('1');
  await expect(figure('Handed in')).toHaveText('1');
  await expect(figure('In progress')).toHaveText('0');
  await expect(admin.getByText('No sitting is open.')).toBeVisible();

  // Released on submit: the learner is first of one. While they sit it, the live view has them in progress,
  // on question 1 of 2 (the band of 40–50 % of the paper).
  await row(quick).getByRole('link', { name: 'Start mock' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await admin.goto(`/admin/mocks/${mock._id}/live`);
  await expect(figure('In progress')).toHaveText('1');
  const bands = admin.getByRole('table', { name: 'Open sittings by the question on screen' });
  await expect(bands.getByRole('row', { name: /^40–50 % of the paper 1/ })).toBeVisible();
  await expect(
    admin.getByText('Every open sitting has been heard from in the last 2 minutes.'),
  ).toBeVisible();
  await checkAtBothWidths(admin, SHOTS, 'live-view');
  await sitAndSubmit(page);
  await expect(page).toHaveURL(new RegExp(`/mocks/${mock._id}/result$`));
  await expect(page.getByText('Rank 1 of 1')).toBeVisible();
  await expect(page.getByText(/Score 50% \(1 of 2 correct\) · 50th percentile/)).toBeVisible();
  await checkAtBothWidths(page, SHOTS, 'rank');
  await admin.close();
});
