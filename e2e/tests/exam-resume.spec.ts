import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  shownQuestion,
  signInAs,
  test,
} from '../fixtures/test.ts';

test('an answer made just before a reload or leaving reaches another device, on the same question', async ({
  page,
  browser,
  api,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const title = `Resume drill ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 6 });
  const account = await createVerifiedAccount(api, mailbox, 'resume');
  await signInAs(page, api, account);
  // The leave warning must not stop the reload.
  page.on('dialog', (dialog) => void dialog.accept());

  await page.goto(`/exams/${examId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  await expectAccessible(page);

  // Answer question 1 and see it saved.
  const first = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${first}`, exact: true }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();

  // The choices are one Tab stop, the chosen one (decision 0062); ↓ moves among them; they show a clear
  // focus ring, and the arrow keys that move between questions keep focus on a choice.
  const chosen = page.getByRole('radio', { name: `Right ${first}`, exact: true });
  await page.getByRole('button', { name: 'Flag', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(chosen).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const choice = page.locator(':focus');
  await expect(choice).toHaveAttribute('data-choice', /^[0-9]$/);
  await expect(chosen).not.toBeFocused();
  const ring = await choice.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Question 2 of 6')).toBeVisible();
  expect(
    await page.evaluate(() =>
      document.activeElement?.closest('[role="radiogroup"]')?.getAttribute('aria-label'),
    ),
  ).toBe('Choices');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Question 3 of 6')).toBeVisible();

  // Answer question 3 and reload at once, well inside the 500 ms pause before a save.
  const third = await shownQuestion(page);
  await page.getByRole('radio', { name: `Wrong B${third}`, exact: true }).click();
  await page.reload();
  await expect(page.getByText('Question 3 of 6')).toBeVisible();
  await expect(page.getByRole('radio', { name: `Wrong B${third}`, exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Another device (another browser, another deviceId) resumes with the answer, on the same question.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAs(other, api, account);
  await other.goto(`/exams/${examId}/take`);
  await expect(other.getByText('Question 3 of 6')).toBeVisible();
  await expect(other.getByRole('radio', { name: `Wrong B${third}`, exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(other.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Question 3, answered' })).toBeVisible();

  // On the first device: move on, answer, and leave the page at once (as closing the tab).
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 4 of 6')).toBeVisible();
  const fourth = await shownQuestion(page);
  await page.getByRole('radio', { name: `Right ${fourth}`, exact: true }).click();
  await page.goto('about:blank');

  await other.reload();
  await expect(other.getByText('Question 4 of 6')).toBeVisible();
  await expect(other.getByRole('radio', { name: `Right ${fourth}`, exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectAccessible(other);

  // The dashboard offers to resume the exam.
  await other.goto('/dashboard');
  const inProgress = other.getByRole('region', { name: 'Exams in Progress' });
  await expect(inProgress.getByText(title)).toBeVisible();
  await inProgress.getByRole('link', { name: 'Resume' }).click();
  await expect(other).toHaveURL(new RegExp(`/exams/${examId}/take$`));
  await expect(other.getByText('Question 4 of 6')).toBeVisible();
  await otherContext.close();
});
