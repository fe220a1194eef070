import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

test('an administrator builds an exam by hand and with AI drafts, reviews the drafts, and publishes it', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(api);
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  const title = `Authoring ${Date.now()}`;

  await page.goto('/admin/exams/create');
  await page.getByLabel(/^Exam Title/).fill(title);
  await page.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'pharmacy' }).click();
  await page.getByLabel(/^Description/).fill('Built by the browser journey');
  await page.getByLabel(/^Number of Questions/).fill('4');
  await page.getByLabel(/^Monthly Subscription Fee/).fill('2.50');
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page).toHaveURL(/\/admin\/exams$/);
  await page
    .getByRole('link', { name: `Edit exam ${title}` })
    .or(page.getByRole('button', { name: `Edit exam ${title}` }))
    .click();
  await expect(page.getByText('Questions (0/4)')).toBeVisible();

  // One question by hand.
  await page.getByRole('button', { name: 'Add Question' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Question/).fill('Which drug class is atorvastatin?');
  for (const [index, text] of ['Statin', 'Fibrate', 'Bile acid sequestrant', 'PCSK9 inhibitor'].entries()) {
    await dialog.getByRole('textbox', { name: `Option ${index + 1}` }).fill(text);
  }
  await dialog.getByRole('radio', { name: 'Option 1 is the correct answer' }).check();
  await dialog.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved successfully')).toBeVisible();
  await expect(page.getByText('Questions (1/4)')).toBeVisible();

  // Five AI drafts from the fake model; approve three, reject one with a reason.
  await page.getByRole('button', { name: 'Generate Questions' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Prompt/)
    .fill('Lipid-lowering drugs');
  await page.getByRole('dialog').getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(/Questions generated successfully/)).toBeVisible();
  await expect(page.getByText('AI · Pending')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Publish Exam' })).toHaveCount(0);
  for (let i = 0; i < 3; i += 1) {
    await page.getByRole('button', { name: 'Approve' }).first().click();
    await expect(page.getByText('AI · Pending')).toHaveCount(4 - i);
  }
  // Exact: the question filter's 'Rejected (0)' button also contains the word.
  await page.getByRole('button', { name: 'Reject', exact: true }).first().click();
  const reject = page.getByRole('dialog');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please provide a reason for rejection.')).toBeVisible();
  await reject.getByLabel(/^Reason for rejection/).fill('Duplicates an existing question');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('AI · Pending')).toHaveCount(1);
  await expect(page.getByText('Questions (4/4)')).toBeVisible();
  await expectAccessible(page);

  // The rejected draft is gone from the list (spec §4) but kept, with its reason, under Rejected.
  await page.getByRole('button', { name: 'Rejected (1)' }).click();
  await expect(page.getByText('Rejection reason: Duplicates an existing question')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Current (5)' }).click();

  await page.getByRole('button', { name: 'Publish Exam' }).click();
  await expect(page.getByText('Exam published successfully')).toBeVisible();

  // Learners find it; the pending draft is never served (checked by the API tests).
  await page.goto(`/exams?search=${encodeURIComponent(title)}`);
  await expect(page.getByText('Showing 1 of 1 exams')).toBeVisible();
  await expect(page.getByText('£2.50').first()).toBeVisible();
});
