import { readFileSync } from 'node:fs';
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
  uniqueEmail,
} from '../fixtures/test.ts';

/*
 * Cohorts (decision 0079): an Owner creates a cohort with its tutor; the tutor adds a learner from a
 * roster file (previewed first), assigns an exam and a practice set and gives the learner extra time; the
 * learner sees both on the dashboard, sits the exam timed with the longer countdown and does the practice
 * set, and the tutor sees them done and exports the marks.
 */

const SHOTS = 'test-results/cohorts';

async function adminPage(page: Page, token: string) {
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
}

test('a tutor adds a learner and assigns an exam; the learner sits it from the dashboard; the tutor sees it done', async ({
  browser,
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const examTitle = `Cohort paper ${stamp}`;
  // Timed: 2 questions of 10 minutes, so the learner's extra time shows on the countdown.
  const examId = await publishedExam(api, {
    title: examTitle,
    fee: 0,
    count: 2,
    settings: { modes: ['exam', 'timed'], secondsPerQuestion: 600 },
  });
  // The practice set's exam: free, and the learner not subscribed yet (starting the set subscribes them).
  const practiceExamTitle = `Cohort practice ${stamp}`;
  await publishedExam(api, { title: practiceExamTitle, fee: 0, count: 5, settings: { modes: ['exam'] } });
  const ownerToken = await adminToken(api);

  // A tutor account, made by the Owner.
  const tutor = { email: uniqueEmail('tutor'), name: `Dr Tutor ${stamp}`, password: 'Tutor-Pass-2026' };
  await api.call(
    'POST',
    '/api/admin/auth/admins',
    { ...tutor, role: 'tutor' },
    { authorization: `Admin ${ownerToken}` },
  );
  const { token: tutorToken } = await api.call<{ token: string }>('POST', '/api/admin/auth/login', {
    email: tutor.email,
    password: tutor.password,
  });

  // The learner, subscribed to the exam.
  const learner = await createVerifiedAccount(api, mailbox, 'cohort');
  const learnerToken = await signInAs(page, api, learner);
  await api.call(
    'POST',
    '/api/subscriptions',
    { examId, isFree: true },
    { authorization: `Bearer ${learnerToken}` },
  );

  // The Owner creates the cohort in the panel with the tutor.
  const owner = await browser.newPage();
  await adminPage(owner, ownerToken);
  await owner.goto('/admin/cohorts');
  await owner.getByRole('button', { name: 'New cohort' }).click();
  const form = owner.getByRole('dialog', { name: 'New cohort' });
  const cohortName = `Year 3 ${stamp}`;
  await form.getByRole('textbox', { name: /Name/ }).fill(cohortName);
  await form.getByLabel(/Starts/).fill('2027-01-04');
  await form.getByLabel(/Ends/).fill('2027-06-30');
  await form.getByRole('combobox', { name: /Tutors/ }).click();
  await owner.getByRole('option', { name: new RegExp(tutor.name) }).click();
  await owner.keyboard.press('Escape');
  await checkAtBothWidths(owner, SHOTS, 'cohort-form');
  await form.getByRole('button', { name: 'Create cohort' }).click();
  await expect(owner.getByText('Cohort created')).toBeVisible();
  await owner.close();

  // The tutor sees only Cohorts and Settings, opens the cohort and adds the learner, previewed first.
  const desk = await browser.newPage();
  await adminPage(desk, tutorToken);
  await desk.goto('/admin');
  await expect(desk).toHaveURL(/\/admin\/cohorts$/);
  await checkAtBothWidths(desk, SHOTS, 'tutor-list');
  await desk.getByRole('link', { name: `Open ${cohortName}` }).click();
  await expect(desk.getByRole('heading', { name: cohortName, level: 1 })).toBeVisible();
  // The school's roster, as exported: the addresses are found whatever the columns.
  await desk.getByLabel('Choose a roster file').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Surname;First name;E-mail\r\nLearner;Ann;${learner.email}\r\nNobody;No;nobody-${stamp}@example.com\r\n`,
    ),
  });
  await expect(desk.getByLabel('E-mail addresses')).toHaveValue(
    `${learner.email}\nnobody-${stamp}@example.com`,
  );
  await desk.getByRole('button', { name: 'Preview' }).click();
  const refused = desk.getByRole('table', { name: 'Refused addresses' });
  await expect(refused.getByText('No learner account with this e-mail')).toBeVisible();
  await checkAtBothWidths(desk, SHOTS, 'members-preview');
  await desk.getByRole('button', { name: 'Keep only the addresses that can be added' }).click();
  await desk.getByRole('button', { name: 'Add 1 member' }).click();
  await expect(desk.getByText('1 member added')).toBeVisible();
  await expect(desk.getByRole('table', { name: 'Members' }).getByText(learner.email)).toBeVisible();

  // An invite code, shown once.
  await desk.getByRole('button', { name: 'Create invite code' }).click();
  await expect(desk.getByTestId('invite-code')).toHaveText(/^[A-Z2-9]{12}$/);

  // The tutor assigns the exam, due tomorrow.
  await desk.getByRole('button', { name: 'New assignment' }).click();
  const assign = desk.getByRole('dialog', { name: 'New assignment' });
  await assign.getByRole('combobox', { name: /Exam/ }).click();
  await desk.getByRole('option', { name: examTitle }).click();
  await assign.getByRole('textbox', { name: /Title/ }).fill(`Week 1 ${stamp}`);
  await assign.getByLabel(/Due/).fill(await localInput(desk, 24 * 60 * 60_000));
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(desk.getByText('Assignment created')).toBeVisible();
  await expect(desk.getByText('Done 0 · In progress 0 · Not started 1 · Overdue 0')).toBeVisible();
  // …and a practice set of the other exam's five questions, in exam mode.
  await desk.getByRole('button', { name: 'New assignment' }).click();
  const practice = desk.getByRole('dialog', { name: 'New assignment' });
  await practice.getByRole('combobox', { name: /Exam/ }).click();
  await desk.getByRole('option', { name: practiceExamTitle }).click();
  await practice.getByRole('combobox', { name: /What to do/ }).click();
  await desk.getByRole('option', { name: 'A practice set drawn from it' }).click();
  await practice.getByRole('spinbutton', { name: /Questions/ }).fill('5');
  await practice.getByRole('textbox', { name: /Title/ }).fill(`Practice ${stamp}`);
  await practice.getByLabel(/Due/).fill(await localInput(desk, 48 * 60 * 60_000));
  await checkAtBothWidths(desk, SHOTS, 'practice-assignment');
  await practice.getByRole('button', { name: 'Assign' }).click();
  await expect(
    desk.getByText(`Practice set of ${practiceExamTitle}: 5 questions, exam mode, all topics`, {
      exact: false,
    }),
  ).toBeVisible();
  // Accommodations: the tutor gives the learner half as much time again.
  await desk
    .getByRole('combobox', { name: `Extra time for ${learner.name}` })
    .selectOption({ label: '+50% (1.5×)' });
  await expect(desk.getByText('Extra time saved. It applies to sittings started from now on.')).toBeVisible();
  await checkAtBothWidths(desk, SHOTS, 'cohort-page');

  // The learner sees it on the dashboard and sits the exam from there.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Assignments' });
  const row = card.getByRole('listitem').filter({ hasText: `Week 1 ${stamp}` });
  await expect(row.getByText('Not started')).toBeVisible();
  await expect(row.getByText(new RegExp(`${cohortName} · Due `))).toBeVisible();
  await checkAtBothWidths(page, SHOTS, 'dashboard-card', card);
  await row.getByRole('link', { name: 'Open exam' }).click();
  await page
    .getByRole('radiogroup', { name: 'How to sit it' })
    .getByRole('radio', { name: /^Timed/ })
    .check();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  // 20 minutes and half as much again.
  await expect(page.getByRole('timer')).toContainText(/00:(29:[0-5]\d|30:00)/);
  await page.getByRole('radio', { name: `Right ${await shownQuestion(page)}`, exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: `Right ${await shownQuestion(page)}`, exact: true }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(row.getByText('Done')).toBeVisible();

  // The practice set, started from the dashboard: four right of five.
  const practiceRow = card.getByRole('listitem').filter({ hasText: `Practice ${stamp}` });
  await expect(practiceRow.getByText('Practice set: 5 questions · Exam mode · All topics')).toBeVisible();
  await practiceRow.getByRole('button', { name: 'Start practice set' }).click();
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
  for (let n = 1; n <= 5; n += 1) {
    await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
    const shown = await shownQuestion(page);
    const option = n === 5 ? `Wrong A${shown}` : `Right ${shown}`;
    await page.getByRole('radio', { name: option, exact: true }).click();
    if (n < 5) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('80%').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(practiceRow.getByText('Done')).toBeVisible();

  // The tutor sees it done, with the score. The topic figures come from the derived-results job, which runs
  // every minute: run it now rather than wait.
  await api.call('POST', '/api/test/jobs/derived-results');
  await desk.reload();
  await expect(desk.getByText('Done 1 · In progress 0 · Not started 0 · Overdue 0')).toHaveCount(2);
  await desk.getByRole('button', { name: 'Who has done what' }).first().click();
  const progress = desk.getByRole('table', { name: `Progress on Week 1 ${stamp}` });
  await expect(progress.getByText('100%')).toBeVisible();
  // How the cohort is doing: by topic against all learners (the exam has none: 'General').
  await expect(
    desk.getByRole('table', { name: 'Topics against all learners' }).getByText('General').first(),
  ).toBeVisible();
  await checkAtBothWidths(desk, SHOTS, 'progress');

  // The Owner gives the members access to the exam until the cohort ends, paid by the school.
  const ownerDesk = await browser.newPage();
  await adminPage(ownerDesk, ownerToken);
  await ownerDesk.goto(desk.url());
  await ownerDesk.getByRole('button', { name: 'Give access' }).click();
  const grant = ownerDesk.getByRole('dialog', { name: 'Give members access' });
  await grant.getByRole('combobox', { name: /Exam/ }).click();
  await ownerDesk.getByRole('option', { name: examTitle }).click();
  await checkAtBothWidths(ownerDesk, SHOTS, 'give-access');
  await grant.getByRole('button', { name: 'Give access' }).click();
  await expect(
    ownerDesk.getByText(`1 member given access to ${examTitle} until 30 June 2027.`, { exact: true }),
  ).toBeVisible();
  await ownerDesk.close();

  // The report downloads as CSV.
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cohort-report-\d{4}-\d{2}-\d{2}\.csv$/);
  // The marks: each assignment's status and best score for the member.
  const report = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(report[0]).toContain(
    `Week 1 ${stamp}: best score (%),Practice ${stamp}: status,Practice ${stamp}: best score (%)`,
  );
  expect(report[1]).toMatch(/,50,Done,100,Done,80$/);
  await desk.close();
});
