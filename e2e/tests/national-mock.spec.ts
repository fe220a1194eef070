import type { Browser, Page } from '@playwright/test';
import { useOwnServer } from '../fixtures/server.ts';
import {
  adminToken,
  ApiHelper,
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  shownQuestion,
  publishedExam,
  signInAs,
  test,
  type Mailbox,
} from '../fixtures/test.ts';

/*
 * A national mock (decisions 0077 and 0079): one paper in a fixed window, its time counted from the opening
 * ('remaining'), results released at the close. Three learners sit it: one on time, one a quarter of an
 * hour late (who has only what is left of the time), and one whose cohort gives them half as much time again.
 * Nothing is shown before the close; then each reads their rank among the three, ties sharing a rank.
 * The journey moves the server's clock, so it runs on a server of its own.
 */

const SHOTS = 'test-results/national-mock';
const MINUTE = 60_000;

const own = useOwnServer();

/** A learner with a page of their own, signed in and subscribed to the exam. */
async function learner(browser: Browser, api: ApiHelper, mailbox: Mailbox, examId: string, name: string) {
  const account = await createVerifiedAccount(api, mailbox, name);
  const context = await browser.newContext({ baseURL: own.current.baseUrl });
  const page = await context.newPage();
  const token = await signInAs(page, api, account);
  await api.call(
    'POST',
    '/api/subscriptions',
    { examId, isFree: true },
    { authorization: `Bearer ${token}` },
  );
  return { account, page };
}

/** Starts the mock from the dashboard, checks the time left, answers `right` of the two rightly, hands in. */
async function sit(page: Page, title: string, timeLeft: RegExp, right: number) {
  await page.goto('/dashboard');
  const row = page
    .getByRole('region', { name: 'Mock exams' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await row.getByRole('link', { name: 'Start mock' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(timeLeft);
  for (let n = 1; n <= 2; n += 1) {
    const shown = await shownQuestion(page);
    await page
      .getByRole('radio', { name: n <= right ? `Right ${shown}` : `Wrong A${shown}`, exact: true })
      .click();
    if (n === 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Submitted\. Results are released on /)).toBeVisible();
  await expect(page.getByText(/Score|Rank/)).toHaveCount(0);
}

test('three learners sit a national mock, one late and one with extra time; at the close each reads their rank', async ({
  browser,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const api = new ApiHelper(own.current.baseUrl);
  const stamp = Date.now();
  const examId = await publishedExam(api, { title: `National paper ${stamp}`, fee: 0, count: 2 });
  const token = await adminToken(api);
  const admin = { authorization: `Admin ${token}` };
  const clock = async (advanceMs: number) =>
    Date.parse((await api.call<{ now: string }>('POST', '/api/test/clock', { advanceMs })).now);

  // The mock opened a minute ago: 20 minutes from the opening, whenever one starts; results at the close.
  const opened = (await clock(0)) - MINUTE;
  const title = `National mock ${stamp}`;
  const { mock } = await api.call<{ mock: { _id: string } }>(
    'POST',
    '/api/admin/mocks',
    {
      examId,
      title,
      opensAt: new Date(opened).toISOString(),
      closesAt: new Date(opened + 60 * MINUTE).toISOString(),
      timeLimitMinutes: 20,
      lateStart: 'remaining',
      release: 'at_close',
    },
    admin,
  );

  const onTime = await learner(browser, api, mailbox, examId, 'mock-on-time');
  const late = await learner(browser, api, mailbox, examId, 'mock-late');
  const extra = await learner(browser, api, mailbox, examId, 'mock-extra');

  // The extra-time learner's school: a cohort assigned the mock, where their tutor gives them +50 %.
  const { cohort } = await api.call<{ cohort: { _id: string } }>(
    'POST',
    '/api/admin/cohorts',
    { name: `School ${stamp}`, startsOn: '2026-01-05', endsOn: '2027-06-30', tutorIds: [] },
    admin,
  );
  await api.call('POST', `/api/admin/cohorts/${cohort._id}/members`, { emails: extra.account.email }, admin);
  const detail = await api.call<{ members: Array<{ _id: string }> }>(
    'GET',
    `/api/admin/cohorts/${cohort._id}`,
    undefined,
    admin,
  );
  await api.call(
    'PUT',
    `/api/admin/cohorts/${cohort._id}/members/${detail.members[0]!._id}/extra-time`,
    { extraTimePercent: 50 },
    admin,
  );
  await api.call(
    'POST',
    `/api/admin/cohorts/${cohort._id}/assignments`,
    { examId, mockId: mock._id, dueAt: new Date(opened + 60 * MINUTE).toISOString() },
    admin,
  );

  // On time: 19 minutes of the 20 left. With extra time: 29 of 30. Both right, then one of two.
  await sit(onTime.page, title, /00:1[89]:[0-5]\d/, 2);
  await sit(extra.page, title, /00:2[89]:[0-5]\d/, 1);
  await checkAtBothWidths(extra.page, SHOTS, 'handed-in');

  // A quarter of an hour later the late learner starts: 4 minutes of the 20 are left.
  await clock(15 * MINUTE);
  await sit(late.page, title, /00:0[34]:[0-5]\d/, 1);

  // Before the close nothing is out, whatever is asked.
  const asLate = await late.page.evaluate(() => window.localStorage.getItem('token'));
  const early = await fetch(`${own.current.baseUrl}/api/mocks/${mock._id}/result`, {
    headers: { authorization: `Bearer ${asLate}` },
  });
  expect(JSON.stringify(await early.json())).not.toMatch(/"rank"|"score"/);

  // The window closes; the release job scores every sitting and ranks them.
  await clock(50 * MINUTE);
  await api.call('POST', '/api/test/jobs/mock-results');
  const result = async (page: Page) => {
    await page.goto(`/mocks/${mock._id}/result`);
    return page;
  };
  await expect((await result(onTime.page)).getByText('Rank 1 of 3')).toBeVisible();
  await expect(onTime.page.getByText(/Score 100% \(2 of 2 correct\)/)).toBeVisible();
  // A tie: both 50 %, both second.
  await expect((await result(late.page)).getByText('Rank 2 of 3')).toBeVisible();
  await expect((await result(extra.page)).getByText('Rank 2 of 3')).toBeVisible();
  await expect(extra.page.getByText(/Score 50% \(1 of 2 correct\)/)).toBeVisible();
  await checkAtBothWidths(extra.page, SHOTS, 'rank');

  // The panel: after the close, how each question of the paper did in these three sittings alone (once
  // the derived-results job has recorded their answers, within a minute; run here at once).
  await api.call('POST', '/api/test/jobs/derived-results');
  const desk = await (await browser.newContext({ baseURL: own.current.baseUrl })).newPage();
  await desk.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await desk.goto(`/admin/mocks/${mock._id}/live`);
  const items = desk.getByRole('region', { name: 'Item analysis of this mock' });
  await expect(items.getByRole('table', { name: 'Questions of this mock' })).toBeVisible();
  await expect(items.getByText('Sittings', { exact: true })).toBeVisible();
  await checkAtBothWidths(desk, SHOTS, 'item-analysis');
  for (const { page } of [onTime, late, extra]) await page.context().close();
  await desk.context().close();
});
