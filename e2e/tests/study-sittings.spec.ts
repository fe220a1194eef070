import type { Page } from '@playwright/test';
import {
  publishedExam,
  createVerifiedAccount,
  expect,
  expectAccessible,
  shownQuestion,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/**
 * Study sittings on the web (decision 0037): timed, tutor and flagged sittings and practice sets, in a
 * browser against the real server.
 */

/** A published free exam with sitting settings; question n's right answer is "Right n", its topic cycles. */
function sittingExam(
  api: ApiHelper,
  options: { title: string; count: number; secondsPerQuestion?: number; topics?: string[] },
): Promise<string> {
  return publishedExam(api, {
    title: options.title,
    fee: 0,
    count: options.count,
    settings: {
      topics: options.topics ?? [],
      secondsPerQuestion: options.secondsPerQuestion ?? 90,
      modes: ['exam', 'timed', 'tutor'],
    },
  });
}

async function subscribe(page: Page, examId: string) {
  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
}

test('a timed exam counts down from the server’s deadline and, at zero, shows the result', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await sittingExam(api, {
    title: `Timed drill ${Date.now()}`,
    count: 2,
    secondsPerQuestion: 10,
  });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'timed'));
  await subscribe(page, examId);

  // The picker offers the exam's modes; the timed one says the time it gives.
  const picker = page.getByRole('radiogroup', { name: 'How to sit it' });
  await expect(picker.getByRole('radio', { name: /^Exam/ })).toBeChecked();
  await expect(picker.getByText('A countdown of 20 s (10 s a question)', { exact: false })).toBeVisible();
  await picker.getByRole('radio', { name: /^Timed/ }).check();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/take\\?mode=timed$`));
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByText('Timed mode')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('Time left');
  // A timed sitting cannot be paused.
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expectAccessible(page);

  const first = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${first}`, exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // At zero the page submits what there is and the result opens.
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/exams\/results\//);
  await expect(page.getByText('You answered 1 out of 2 questions correctly.')).toBeVisible();
  await expect(page.getByText('Timed', { exact: true })).toBeVisible();
});

test('a tutor sitting shows right or wrong, the correct answer and the explanation, and locks the answer', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await sittingExam(api, { title: `Tutor drill ${Date.now()}`, count: 2 });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'tutor'));
  await subscribe(page, examId);
  await page
    .getByRole('radiogroup', { name: 'How to sit it' })
    .getByRole('radio', { name: /^Tutor/ })
    .check();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  await expect(page.getByText('Tutor mode')).toBeVisible();

  // A wrong answer, checked with the keyboard alone.
  const first = await shownQuestion(page);
  const wrong = page.getByRole('radio', { name: `Wrong A${first}`, exact: true });
  await wrong.focus();
  await page.keyboard.press('Enter');
  await expect(wrong).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Check answer' }).click();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();
  await expect(page.getByText(`Correct answer: Right ${first}`)).toBeVisible();
  await expect(page.getByText(`Explanation ${first}`)).toBeVisible();
  // The locked answer and the next save do not trip over each other's sequence numbers.
  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await expect(page.getByText('Not saved', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  // Locked: the choices are no longer radios but the answer's review, which a number key does not
  // change, and the answer is there after a reload.
  await expect(page.getByRole('radiogroup', { name: 'Choices' })).toHaveCount(0);
  const options = page.getByRole('list', { name: 'Options' }).getByRole('listitem');
  await expect(options).toHaveCount(4);
  await page.keyboard.press('2');
  await expect(options.filter({ hasText: `Wrong A${first}` })).toContainText('Your answer, incorrect');
  await expect(options.filter({ hasText: `Right ${first}` })).toContainText('Correct answer');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Incorrect', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  const second = await shownQuestion(page);
  // The other question's answer was never shown.
  await expect(page.getByText(`Explanation ${second}`)).toHaveCount(0);
  await page.getByRole('radio', { name: `Right ${second}`, exact: true }).click();
  await page.getByRole('button', { name: 'Check answer' }).click();
  await expect(page.getByText('Correct', { exact: true })).toBeVisible();
  await expect(page.getByText(`Explanation ${second}`)).toBeVisible();

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText('You answered 1 out of 2 questions correctly.')).toBeVisible();
  await expect(page.getByText('Tutor mode', { exact: true })).toBeVisible();
});

test('several blocks at once: two exams and a practice set in progress, resumed, submitted or discarded from the list', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const first = await sittingExam(api, { title: `Block one ${stamp}`, count: 3, topics: ['Cardiology'] });
  const second = await sittingExam(api, { title: `Block two ${stamp}`, count: 3, topics: ['Renal'] });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'blocks'));
  await subscribe(page, first);
  await subscribe(page, second);

  // A tutor sitting of the first exam, a timed one of the second, and a practice set, each with an answer.
  await page.goto(`/exams/${first}/take?mode=tutor`);
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await page.goto(`/exams/${second}/take?mode=timed`);
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  const n = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await page.goto('/practice');
  await page.getByLabel('Number of questions').fill('5');
  await page.getByRole('button', { name: 'Start practice set' }).click();
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // All three on the practice page, with their modes and the timed one's time left.
  await page.goto('/practice');
  const list = page.getByRole('region', { name: 'In progress' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: `Block two ${stamp}` })).toContainText(
    /timed · \d\d:\d\d:\d\d left/,
  );
  await expect(list.getByRole('listitem').filter({ hasText: `Block one ${stamp}` })).toContainText(
    'tutor mode',
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  }

  // Discard the practice set, after saying yes.
  await list
    .getByRole('listitem')
    .filter({ hasText: 'Practice set' })
    .getByRole('button', { name: 'Discard' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Discard this sitting?' });
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Sitting discarded')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Submit the timed one from the dashboard: its sitting opens with the submit dialog.
  await page.goto('/dashboard');
  const dashboardList = page.getByRole('region', { name: 'Exams in Progress' });
  await dashboardList
    .getByRole('listitem')
    .filter({ hasText: `Block two ${stamp}` })
    .getByRole('link', { name: 'Submit' })
    .click();
  const submit = page.getByRole('dialog', { name: 'Submit Exam' });
  await expect(submit).toBeVisible();
  await expect(page).not.toHaveURL(/submit=1/);
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText('You answered 1 out of 3 questions correctly.')).toBeVisible();

  // The first exam asked for in exam mode: resume the tutor sitting, or start a new one in its place.
  await page.goto(`/exams/${first}/take?mode=exam`);
  await expect(page.getByText(/in progress in tutor mode/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resume it' })).toBeVisible();
  await page.getByRole('button', { name: 'Start a new one' }).click();
  await page
    .getByRole('dialog', { name: 'Start a new sitting?' })
    .getByRole('button', { name: 'Start a new one' })
    .click();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByText('Tutor mode')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Exams in Progress' }).getByRole('listitem')).toHaveCount(1);
});

/** The position (1–4) at which the page shows the option whose text is `text`. */
async function shownPosition(page: Page, text: string): Promise<number> {
  const labels = await page.getByRole('radiogroup', { name: 'Choices' }).getByRole('radio').allTextContents();
  return labels.findIndex((label) => label.replace(/^\d/, '').startsWith(text)) + 1;
}

test('a tutor sitting with the keyboard alone: ? lists the keys, S strikes, F flags, Enter checks, moving on unchecked asks', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await sittingExam(api, { title: `Keyboard tutor ${Date.now()}`, count: 2 });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'keys'));
  await subscribe(page, examId);
  await page.goto(`/exams/${examId}/take?mode=tutor`);
  await expect(page.getByText('Question 1 of 2')).toBeVisible();

  // ? opens the list of shortcuts; Escape closes it.
  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Check the chosen answer')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  const first = await shownQuestion(page);
  const wrongAt = await shownPosition(page, `Wrong A${first}`);
  const rightAt = await shownPosition(page, `Right ${first}`);
  // S then a digit strikes out; F flags.
  await page.keyboard.press('s');
  await page.keyboard.press(String(wrongAt));
  await expect(page.getByRole('button', { name: `Strike out Wrong A${first}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toBeVisible();
  // A pick not checked: N asks first; staying keeps the learner on the question.
  await page.keyboard.press(String(rightAt));
  await page.keyboard.press('n');
  const ask = page.getByRole('dialog', { name: 'Move on without checking?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(page.getByText('Question 1 of 2')).toBeVisible();
  // Enter checks it; the reveal follows, and moving on no longer asks.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Correct', { exact: true })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByText('Question 2 of 2')).toBeVisible();
  await expect(ask).toHaveCount(0);
  // The choices are one Tab stop: Tab from the flag lands on the first option, Tab again leaves them.
  await page.getByRole('button', { name: 'Flag', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-choice', '1');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(
      () => document.activeElement?.closest('[role="radiogroup"][aria-label="Choices"]') ?? null,
    ),
  ).toBeNull();
});

test('flags, struck options and pause are kept; the submit dialog counts flags; the review shows them', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const examId = await sittingExam(api, {
    title: `Flag drill ${Date.now()}`,
    count: 4,
    topics: ['Cardiology', 'Renal'],
  });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'flags'));
  page.on('dialog', (dialog) => void dialog.accept());
  await subscribe(page, examId);
  // The default stays the spec's exam, at the spec's address.
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/take$`));
  await expect(page.getByText('Question 1 of 4')).toBeVisible();

  // Flag question 1 and strike one of its options, with the keyboard.
  const first = await shownQuestion(page);
  const flag = page.getByRole('button', { name: 'Flag', exact: true });
  await flag.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const strike = page.getByRole('button', { name: `Strike out Wrong C${first}` });
  await strike.focus();
  await page.keyboard.press('Space');
  await expect(strike).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Question 1, unanswered, flagged' })).toBeVisible();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await expectAccessible(page);

  // Kept by the server: a reload shows both.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 1, unanswered, flagged' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Strike out Wrong C${first}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Pause hides the question; resume brings it back.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /which is right/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();

  // Answer 2 to 4 right, leave 1 unanswered; the dialog counts both, and leads back to the flagged one.
  for (let i = 2; i <= 4; i += 1) {
    await page.getByRole('button', { name: `Question ${i}, unanswered` }).click();
    const n = await shownQuestion(page);
    await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Submit Exam' });
  await expect(dialog.getByText(/You have 1 unanswered question\./)).toBeVisible();
  await expect(dialog.getByText('You have 1 flagged question.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Review flagged' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Submit now' }).click();
  dialog = page.getByRole('dialog', { name: 'Submit Exam' });
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Score by topic' })).toBeVisible();
  const topics = page.getByRole('region', { name: 'Score by topic' });
  await expect(topics.getByText('Cardiology')).toBeVisible();
  await expect(topics.getByText('Renal')).toBeVisible();
  await page
    .getByRole('group', { name: 'Show questions' })
    .getByRole('button', { name: 'Flagged (1)' })
    .click();
  const review = page.getByRole('list').filter({ has: page.getByText('Your answer:') });
  // Its own items only: each holds a list of its options.
  await expect(review.locator(':scope > li')).toHaveCount(1);
  await expect(review.getByText('Flagged')).toBeVisible();
  await expect(review.getByText(`Question ${first}: which is right?`)).toBeVisible();
  await expectAccessible(page);
});

test('a learner builds a practice set from their exams, sits it and finds it labelled in history', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const title = `Practice pool ${Date.now()}`;
  const examId = await sittingExam(api, { title, count: 10, topics: ['Cardiology', 'Renal'] });
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'practice'));
  await subscribe(page, examId);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Practise' }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(title) })).toBeChecked();
  await expectAccessible(page);

  // The server's words when a preset has nothing to work on yet.
  await page.getByRole('button', { name: 'Improve weak areas' }).click();
  await expect(page.getByRole('alert')).toContainText('There are no weak areas yet');

  // Five Cardiology questions, in exam mode.
  await page.getByRole('checkbox', { name: /^Cardiology/ }).check();
  await page.getByRole('radio', { name: /^All questions/ }).check();
  await expect(page.getByText('5 to 5')).toBeVisible();
  await page.getByLabel('Number of questions').fill('6');
  await page.getByLabel('Number of questions').blur();
  await expect(page.getByText('Choose 5 to 5 questions')).toBeVisible();
  await page.getByLabel('Number of questions').fill('5');
  await page.getByRole('radio', { name: /^Exam/ }).check();
  await page.getByRole('button', { name: 'Start practice set' }).click();

  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]+$/);
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Practice set: 5 questions');
  await expectAccessible(page);
  for (let i = 1; i <= 5; i += 1) {
    const n = await shownQuestion(page);
    // Only Cardiology: the odd questions.
    expect(n % 2).toBe(1);
    await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
    if (i < 5) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText('You answered 5 out of 5 questions correctly.')).toBeVisible();
  await expect(page.getByText('Practice set', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'View All Results' }).click();
  await expect(page.getByRole('heading', { name: /Practice set: 5 questions/ })).toBeVisible();
  await expect(page.getByText('Practice set', { exact: true })).toBeVisible();
});
