import type { Page } from '@playwright/test';
import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/*
 * The learning community (decision 0056): two learners discuss a question after answering it (one on a
 * phone, one on a desktop), one votes, replies and reports the other's comment, and an administrator hides
 * it from the moderation queue; each learner then sees what the decision says they should.
 */

/** Subscribes to the free exam, sits it through the API and opens the result page. */
async function sitAndOpenResult(page: Page, api: ApiHelper, token: string, examId: string) {
  const headers = { authorization: `Bearer ${token}` };
  await api.call('POST', '/api/subscriptions', { examId }, headers);
  const attempt = await api.call<{ _id: string }>('POST', `/api/exams/${examId}/attempts`, {}, headers);
  const result = await api.call<{ _id: string }>(
    'POST',
    `/api/exams/${examId}/submit`,
    { attemptId: attempt._id, answers: {} },
    headers,
  );
  await page.goto(`/exams/results/${result._id}`);
}

test('two learners discuss a question after answering it; a report is hidden by an administrator', async ({
  page,
  browser,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const examId = await publishedExam(api, { title: `Discussed exam ${stamp}`, fee: 0, count: 1 });
  const ann = await createVerifiedAccount(api, mailbox, 'ann');
  const ben = await createVerifiedAccount(api, mailbox, 'ben');
  const annName = `Ann ${stamp}`;
  const benName = `Ben ${stamp}`;
  const annComment = 'The key is **renal function** first: https://example.org/renal';
  const annPage = page;
  const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const benPage = await benContext.newPage();

  await test.step('Ann, on a phone, answers the question, chooses a name and posts', async () => {
    await annPage.setViewportSize({ width: 375, height: 800 });
    await sitAndOpenResult(annPage, api, await signInAs(annPage, api, ann), examId);
    await annPage.getByRole('button', { name: 'Discussion (question 1)' }).click();
    await expect(annPage.getByText('No comments yet. Start the discussion.')).toBeVisible();
    await annPage.getByRole('textbox', { name: /Display name/ }).fill(annName);
    await annPage.getByRole('button', { name: 'Save display name' }).click();
    await expect(annPage.getByText(`Posting as ${annName}`)).toBeVisible();
    await annPage.getByRole('textbox', { name: 'Add a comment' }).fill(annComment);
    await annPage.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(annPage.getByText('Comment posted')).toBeVisible();
    // The formatting subset: bold text and a link that search engines do not follow.
    await expect(annPage.locator('strong', { hasText: 'renal function' })).toBeVisible();
    await expect(annPage.getByRole('link', { name: /example\.org\/renal/ })).toHaveAttribute(
      'rel',
      /nofollow/,
    );
    await expectAccessible(annPage);
    await annPage.screenshot({ path: 'test-results/discussion-posted-375.png' });
  });

  await test.step('Ben, on a desktop, answers too, votes, replies and reports the comment', async () => {
    await sitAndOpenResult(benPage, api, await signInAs(benPage, api, ben), examId);
    await benPage.getByRole('button', { name: 'Discussion (question 1)' }).click();
    await expect(benPage.getByText(annName)).toBeVisible();
    await benPage.getByRole('textbox', { name: /Display name/ }).fill(benName);
    await benPage.getByRole('button', { name: 'Save display name' }).click();

    const helpful = benPage.getByRole('button', { name: `Helpful, comment by ${annName}` });
    await helpful.click();
    await expect(benPage.getByRole('button', { name: `Helpful (1), comment by ${annName}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await benPage.getByRole('button', { name: `Reply to ${annName}` }).click();
    await benPage
      .getByRole('textbox', { name: `Reply to ${annName}` })
      .fill('Agreed, and check the eGFR trend.');
    await benPage.getByRole('button', { name: 'Post reply' }).click();
    await expect(benPage.getByText('Agreed, and check the eGFR trend.')).toBeVisible();

    await benPage.getByRole('button', { name: `Report comment by ${annName}` }).click();
    const dialog = benPage.getByRole('dialog', { name: 'Report comment' });
    await dialog.getByRole('radio', { name: 'Rude or abusive' }).check();
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Tone in the original post.');
    await expectAccessible(benPage);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(benPage.getByText('Thanks: a moderator will look at this comment')).toBeVisible();
    await benPage.screenshot({ path: 'test-results/discussion-reported-1280.png' });
  });

  await test.step('the administrator finds it in the queue and hides it with a reason', async () => {
    const admin = await adminToken(api);
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    await adminPage.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), admin);
    await adminPage.goto('/admin/community');
    const card = adminPage.getByRole('article').filter({ hasText: annComment });
    await expect(card).toBeVisible();
    await expect(card.getByText('Tone in the original post.')).toBeVisible();
    await expect(card.getByText(ann.email)).toBeVisible();
    await expectAccessible(adminPage);
    await adminPage.screenshot({ path: 'test-results/moderation-1280.png', fullPage: true });
    await card.getByRole('button', { name: 'Hide' }).click();
    const hide = adminPage.getByRole('dialog', { name: 'Hide comment' });
    await hide.getByRole('textbox', { name: /Reason/ }).fill('Please keep the tone professional.');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(adminPage.getByText('Comment hidden')).toBeVisible();
    await expect(adminPage.getByRole('article').filter({ hasText: annComment })).toHaveCount(0);
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await adminPage.goto('/admin/community?view=hidden');
    await expect(adminPage.getByRole('article').filter({ hasText: annComment })).toBeVisible();
    await expectAccessible(adminPage);
    await adminPage.screenshot({ path: 'test-results/moderation-hidden-375.png', fullPage: true });
    await adminContext.close();
  });

  await test.step('Ben sees a placeholder above his reply; Ann sees why hers was hidden', async () => {
    await benPage.reload();
    await benPage.getByRole('button', { name: 'Discussion (question 1)' }).click();
    await expect(benPage.getByText('This comment was hidden by a moderator.')).toBeVisible();
    await expect(benPage.getByText(/The key is/)).toHaveCount(0);
    await expect(benPage.getByText('Agreed, and check the eGFR trend.')).toBeVisible();

    await annPage.reload();
    // Opened until it says it is: once in three CI runs (2026-12-06) a click right after the reload left the
    // toggle closed (cause not found; the page had rendered), and a person would click again.
    const toggle = annPage.getByRole('button', { name: 'Discussion (question 1)' });
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(annPage.getByText(/Please keep the tone professional\./)).toBeVisible();
  });
  await benContext.close();
});
