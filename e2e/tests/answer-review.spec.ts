import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import {
  adminToken,
  checkAtBothWidths,
  createVerifiedAccount,
  expect,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/*
 * What a question teaches (decision 0050) as a learner meets it: after a wrong tutor answer, every option
 * in the order shown with the pick and the key marked, each option's rationale, the objective and the
 * references; then the same in the result's review. Written by an administrator through the API; axe and
 * screenshots at 375 and 1280 px.
 */

const SHOTS = '/tmp/learner-shots';
const STEM = 'Which drug improves survival in heart failure with reduced ejection fraction?';
const OPTIONS = ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'];
// An unbroken word, as a pasted drug name run together would be: it must wrap, not widen the page.
const LONG_WORD = 'Sacubitrilvalsartanfurosemidespironolactone'.repeat(2);
const RATIONALES = [
  'Digoxin reduces admissions but not mortality.',
  `A loop diuretic relieves congestion; it does not change survival. ${LONG_WORD}`,
  'Beta blockers such as bisoprolol lower mortality in HFrEF.',
  '',
];
const OBJECTIVE = 'In HFrEF, beta blockers, ACE inhibitors, MRAs and SGLT2 inhibitors improve survival.';
const LINKED = {
  title: 'NICE NG106: Chronic heart failure in adults',
  url: 'https://www.nice.org.uk/guidance/ng106',
};
const UNLINKED = { title: 'ESC heart failure guidelines, 2021', url: null };

/** A free exam sat in tutor mode: one question that teaches (written through PUT), one that does not. */
async function taughtExam(api: ApiHelper, title: string): Promise<string> {
  const headers = { authorization: `Admin ${await adminToken(api)}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title,
      category: 'medical',
      description: 'Heart failure drugs',
      numberOfQuestions: 2,
      monthlySubscriptionFee: 0,
      modes: ['exam', 'tutor'],
    },
    headers,
  );
  const content = {
    question: STEM,
    options: OPTIONS,
    correctAnswer: 2,
    explanation: 'Start a beta blocker.',
  };
  const taught = await api.call<{ _id: string }>(
    'POST',
    `/api/admin/exams/${exam._id}/questions`,
    content,
    headers,
  );
  await api.call(
    'PUT',
    `/api/admin/exams/${exam._id}/questions/${taught._id}`,
    { ...content, rationales: RATIONALES, objective: OBJECTIVE, references: [LINKED, UNLINKED] },
    headers,
  );
  await api.call(
    'POST',
    `/api/admin/exams/${exam._id}/questions`,
    {
      question: 'Name the normal adult resting heart rate range.',
      options: ['60–100', '20–40', '110–150', '160–200'],
      correctAnswer: 0,
    },
    headers,
  );
  await api.call('PUT', `/api/admin/exams/${exam._id}/publish`, undefined, headers);
  return exam._id;
}

/** Checks the taught question's review: the pick and the key marked, rationales, objective, references. */
async function expectTaught(review: Locator, shownOrder: string[]) {
  const rows = review.getByRole('list', { name: 'Options' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  for (const [position, option] of shownOrder.entries())
    await expect(rows.nth(position)).toContainText(option);
  const pick = rows.filter({ hasText: 'Furosemide' });
  await expect(pick).toContainText('Your answer, incorrect');
  await expect(pick).toContainText('A loop diuretic relieves congestion');
  const key = rows.filter({ hasText: 'Bisoprolol' });
  await expect(key).toContainText('Correct answer');
  await expect(key).toContainText('Beta blockers such as bisoprolol lower mortality in HFrEF.');
  await expect(rows.filter({ hasText: 'Digoxin' })).toContainText('Digoxin reduces admissions');
  await expect(review.getByRole('heading', { name: 'Learning objective' })).toBeVisible();
  await expect(review.getByText(OBJECTIVE)).toBeVisible();
  await expect(review.getByRole('heading', { name: 'References' })).toBeVisible();
  const link = review.getByRole('link', { name: new RegExp(`^${LINKED.title}`) });
  await expect(link).toHaveAttribute('href', LINKED.url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(review.getByText(UNLINKED.title)).toBeVisible();
  await expect(review.getByRole('link', { name: UNLINKED.title })).toHaveCount(0);
}

test('a wrong tutor answer teaches per option, and the result review shows the same', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const examId = await taughtExam(api, `Heart failure tutor ${Date.now()}`);
  await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'taught'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'How to sit it' })
    .getByRole('radio', { name: /^Tutor/ })
    .check();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 2')).toBeVisible();

  const stem = page.getByRole('heading', { level: 2, name: STEM });
  const other = async () => {
    await page.getByRole('radio', { name: '60–100', exact: true }).click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByText('Correct', { exact: true })).toBeVisible();
  };
  const otherFirst = (await stem.count()) === 0;
  if (otherFirst) {
    await other();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stem).toBeVisible();
  }

  let shownOrder: string[] = [];
  await test.step('the tutor reveal: every option as shown, marked and explained', async () => {
    // The order this page shows the options in (shuffled on load): the reveal keeps it.
    const choices = page.getByRole('radiogroup', { name: 'Choices' });
    shownOrder = (await choices.getByRole('radio').allTextContents()).map((text) => text.replace(/^\d/, ''));
    expect([...shownOrder].sort()).toEqual([...OPTIONS].sort());
    await page.getByRole('radio', { name: 'Furosemide', exact: true }).click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    const feedback = page.getByRole('alert').filter({ hasText: 'Incorrect' });
    await expect(feedback).toBeFocused();
    await expect(feedback).toContainText('Correct answer: Bisoprolol');
    const question = page.getByRole('region', { name: STEM });
    await expectTaught(question, shownOrder);
    await expect(question.getByText('Explanation: Start a beta blocker.')).toBeVisible();
    await checkAtBothWidths(page, SHOTS, 'tutor-reveal', feedback);
  });

  await test.step('the result review: the missed question, the same teaching', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    if (!otherFirst) {
      await page.getByRole('button', { name: 'Next' }).click();
      await other();
    }
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
    await expect(page.getByText('You answered 1 out of 2 questions correctly.')).toBeVisible();
    const missed = page.getByRole('listitem').filter({ hasText: STEM });
    await expect(missed.getByText('Your answer: Furosemide')).toBeVisible();
    await expect(missed.getByText('Correct answer: Bisoprolol')).toBeVisible();
    // The result keeps the options in its own (stored) order: the page's shuffle is not recorded.
    await expectTaught(missed, OPTIONS);
    await checkAtBothWidths(page, SHOTS, 'result-review', missed);
  });
});
