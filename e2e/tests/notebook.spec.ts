import { readFileSync } from 'node:fs';
import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Notes and 'My notebook' (decision 0059): a learner sits an exam, writes a private note under a question
 * of the result's review, finds it in the notebook by searching, takes the noted question to Anki as a file,
 * and follows the link back to the question.
 * Axe on each new screen state; screenshots at 375 and 1280 px.
 */

test('a note written in the review is found in the notebook and links back to its question', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const title = `Noted exam ${Date.now()}`;
  const word = `mnemonic${Date.now().toString(36)}`;
  const note = `Right answers first: the ${word} helps.`;
  const examId = await publishedExam(api, { title, fee: 0, count: 2 });
  const learner = await createVerifiedAccount(api, mailbox, 'noter');
  const token = await signInAs(page, api, learner);
  let resultId = '';

  await test.step('the learner sits the exam and opens the result', async () => {
    const headers = { authorization: `Bearer ${token}` };
    await api.call('POST', '/api/subscriptions', { examId }, headers);
    const attempt = await api.call<{ _id: string; questions: Array<{ _id: string; choices: string[] }> }>(
      'POST',
      `/api/exams/${examId}/attempts`,
      {},
      headers,
    );
    const answers = Object.fromEntries(attempt.questions.map((q) => [q._id, q.choices[0]!]));
    resultId = (
      await api.call<{ _id: string }>(
        'POST',
        `/api/exams/${examId}/submit`,
        { attemptId: attempt._id, answers },
        headers,
      )
    )._id;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/exams/results/${resultId}`);
    await expect(page.getByRole('heading', { name: 'Question Review' })).toBeVisible();
  });

  await test.step('writes a note under the first question', async () => {
    await page.getByRole('button', { name: 'Add a note (question 1)' }).click();
    const field = page.getByRole('textbox', { name: 'Your note' });
    await expect(field).toBeFocused();
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Write something in your note, or delete it')).toBeVisible();
    await field.fill(note);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText(note)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit note (question 1)' })).toBeFocused();
    await expect(
      page.getByRole('group', { name: 'Show questions' }).getByRole('button', { name: 'Noted (1)' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/notebook/review-note-1280.png', fullPage: true });
  });

  await test.step('finds it in the notebook by searching', async () => {
    // The link back to the result is read from the result's rows, which the derived-results job writes
    // within seconds of the submit (decision 0075); run now rather than waited for.
    await api.call('POST', '/api/test/jobs/derived-results');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notebook' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My notebook' })).toBeVisible();
    await expect(page.getByText(note)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('no-such-words-here');
    await expect(page.getByText('No notes match "no-such-words-here"')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill(word.toUpperCase());
    await expect(page.getByText(`1 note matches "${word.toUpperCase()}"`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${word.toUpperCase()}`));
    const entry = page.getByRole('list', { name: 'Your notes' }).getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/notebook/notebook-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(entry.getByText(note)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/notebook/notebook-375.png', fullPage: true });
  });

  await test.step('takes the noted question to Anki', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Take it to Anki' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take it to Anki' });
    await dialog.getByRole('radio', { name: 'Questions I wrote a note on' }).check();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^anki-noted-questions-\d{4}-\d{2}-\d{2}\.txt$/);
    const file = readFileSync(await download.path(), 'utf8');
    expect(file.startsWith('#separator:tab\n#html:true\n')).toBe(true);
    expect(file).toContain(`<b>My note:</b> ${note}`);
    expect(file.split('\n').filter((line) => line.startsWith('mlp-'))).toHaveLength(1);
    await expect(page.getByText(/Your Anki file is downloading/)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
  });

  await test.step('follows the link back to the question in the review', async () => {
    await page
      .getByRole('list', { name: 'Your notes' })
      .getByRole('link', { name: /^Go to the question/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/exams/results/${resultId}#question-`));
    const target = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`);
    await expect(target.getByText(note)).toBeInViewport();
    await expect(target.getByRole('heading', { name: 'Question 1', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/notebook/review-note-375.png', fullPage: true });
  });
});
