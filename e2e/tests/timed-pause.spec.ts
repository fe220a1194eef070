import type { Page } from '@playwright/test';
import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/**
 * Pausing a timed sitting where the exam allows it (decision 0064): the countdown stops while paused and,
 * after the resume, goes on from about the time that was left.
 */

/** A published free exam of `count` questions, 60 s each, whose timed sittings may pause. */
function pausableExam(api: ApiHelper, title: string, count: number): Promise<string> {
  return publishedExam(api, {
    title,
    fee: 0,
    count,
    settings: { secondsPerQuestion: 60, modes: ['exam', 'timed'], timedPauseAllowed: true },
  });
}

/** The seconds left on the sitting's clock, from its text '00:01:58'. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const [hours = 0, minutes = 0, seconds = 0] = (/(\d+):(\d+):(\d+)/.exec(text) ?? []).slice(1).map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

async function screenshots(page: Page, state: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `test-results/timed-pause/${state}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/timed-pause/${state}-1280.png`, fullPage: true });
}

test('a timed sitting pauses where the exam allows it: the clock stops and goes on after the resume', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await pausableExam(api, `Pausable timed ${Date.now()}`, 3);
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'timed-pause'));
  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'How to sit it' })
    .getByRole('radio', { name: /^Timed/ })
    .check();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByText('Timed mode')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('Time left');

  // The exam allows pausing: the timed sitting offers Pause.
  const pause = page.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeVisible();
  await pause.click();
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await expect(page.getByText('The clock is stopped. Pause time left: 30 minutes.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Question \d+: which is right\?$/ })).toHaveCount(0);
  // Resume has the focus: Enter alone would resume.
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused();
  await expectAccessible(page);
  const atPause = await secondsLeft(page);
  expect(atPause).toBeGreaterThan(150);

  // Away for a while: the clock stands still.
  await page.waitForTimeout(6_000);
  expect(await secondsLeft(page)).toBe(atPause);
  await screenshots(page, 'paused');

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { name: /^Question \d+: which is right\?$/ })).toBeVisible();
  // It goes on from about the time left at the pause, not 6 s less (the server moved the deadline).
  const afterResume = await secondsLeft(page);
  expect(afterResume).toBeGreaterThanOrEqual(atPause - 2);
  expect(afterResume).toBeLessThanOrEqual(atPause + 1);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'resumed');

  // After a reload the server serves the same time left.
  await page.reload();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  expect(await secondsLeft(page)).toBeGreaterThanOrEqual(atPause - 4);
});
