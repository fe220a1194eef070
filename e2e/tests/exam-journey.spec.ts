import {
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

test('find a paid exam, subscribe with the test payment, sit it with a reload, and review the result', async ({
  page,
  api,
  mailbox,
}) => {
  // Twenty questions, then axe over a review that lists every option of each (four rows a question): on a
  // busy 2-core machine axe alone takes about 25 s there.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Journey Pharmacology ${stamp}`;
  // Free-text categories (spec §3) of this journey alone; other journeys' exams add chips of their own.
  const category = `clinical pharmacology ${stamp}`;
  await publishedExam(api, { title, fee: 4.99, count: 20, category });
  await publishedExam(api, {
    title: `Journey Neighbour ${stamp}`,
    fee: 0,
    count: 1,
    category: `emergency medicine ${stamp}`,
  });
  const account = await createVerifiedAccount(api, mailbox, 'journey');
  await signInAs(page, api, account);

  // The catalogue on a 375 px screen: the category chips wrap inside it (decision 0057).
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/exams');
  const chips = page.getByRole('group', { name: 'Categories' });
  const chip = chips.getByRole('button', { name: `Clinical Pharmacology ${stamp}` });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const boxes = await chips
    .getByRole('button')
    .evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
  expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(375);
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBeGreaterThan(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // With the keyboard alone: Tab from the Search button to 'All', on to the exam's category, Enter.
  await page.getByRole('button', { name: 'Search' }).focus();
  await page.keyboard.press('Tab');
  await expect(chips.getByRole('button', { name: 'All' })).toBeFocused();
  const labels = await chips.getByRole('button').allTextContents();
  for (let i = 0; i < labels.indexOf(`Clinical Pharmacology ${stamp}`); i += 1)
    await page.keyboard.press('Tab');
  await expect(chip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Showing 1 of 1 exams')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('category')).toBe(category);
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);

  // A search within the category keeps it; another category has no such exam; 'All' drops the category.
  await page.getByLabel('Search exams').fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]search=/);
  expect(new URL(page.url()).searchParams.get('category')).toBe(category);
  await expect(page.getByText('Showing 1 of 1 exams')).toBeVisible();
  await chips.getByRole('button', { name: `Emergency Medicine ${stamp}` }).click();
  await expect(page.getByText(`No exams found matching "${title}"`)).toBeVisible();
  await chips.getByRole('button', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/category=/);
  expect(new URL(page.url()).searchParams.get('search')).toBe(title);
  await expect(page.getByText('Showing 1 of 1 exams')).toBeVisible();
  await expect(page.getByText('£4.99').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  await page.getByRole('button', { name: 'Complete Test Payment' }).click();
  await expect(page.getByText('Successfully subscribed to the exam!')).toBeVisible();
  await expect(page.getByText(/Active until/)).toBeVisible();

  await page.getByRole('link', { name: 'Start Exam' }).click();
  await expect(page.getByText('Question 1 of 20')).toBeVisible();
  // Answer questions 1-10: odd ones right, even ones wrong; leave 11-20 unanswered.
  for (let i = 1; i <= 10; i += 1) {
    const text = (await page.getByRole('main').textContent()) ?? '';
    const n = Number(/Question (\d+): which is right\?/.exec(text)?.[1]);
    const pick = i % 2 === 1 ? `Right ${n}` : `Wrong A${n}`;
    await page.getByRole('radio', { name: pick, exact: true }).click();
    await expect(page.getByRole('radio', { name: pick, exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    if (i === 5) {
      await page.waitForTimeout(800); // let the debounced save reach the server
      await page.reload();
      // The exam reopens on the question the learner was on (ADR 0018).
      await expect(page.getByText(`Question ${i} of 20`)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Next' }).click();
  }
  for (let i = 11; i < 20; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Question 20 of 20')).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Are you sure you want to submit your exam? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText('You answered 5 out of 20 questions correctly.')).toBeVisible();
  await expect(page.getByText('25%').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question Review' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View All Results' }).click();
  await expect(page).toHaveURL(/\/exams\/history$/);
  await expect(page.getByText(title).first()).toBeVisible();
  // The result opens again from history, with the same score and the review.
  await page.getByRole('link', { name: 'View result' }).first().click();
  await expect(page).toHaveURL(/\/exams\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText('You answered 5 out of 20 questions correctly.')).toBeVisible();
  await expect(page.getByText(/^Explanation: Explanation \d+$/)).toHaveCount(20);
  await expect(page.getByText(/^Correct answer: Right \d+$/)).toHaveCount(15);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
});
