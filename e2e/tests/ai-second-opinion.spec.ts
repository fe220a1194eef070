import { mkdirSync } from 'node:fs';
import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

/*
 * AI second opinion (decision 0042): an administrator asks the model (the run's fake OpenAI-compatible
 * server, which disagrees with every key and moves it to the next option) to check a question, reads the
 * verdict and the difference, and applies the suggested fix; the list shows the fixed question.
 */

const SHOTS = '/tmp/second-opinion-shots';

test('an administrator asks the AI for a second opinion on a question and applies its fix', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const token = await adminToken(api);
  const headers = { authorization: `Admin ${token}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title: `Second opinion ${Date.now()}`,
      category: 'medical',
      description: 'Heart failure drugs',
      numberOfQuestions: 1,
      monthlySubscriptionFee: 0,
      topics: ['Heart failure', 'Arrhythmia'],
    },
    headers,
  );
  await api.call(
    'POST',
    `/api/admin/exams/${exam._id}/questions`,
    {
      question: 'Which drug improves survival in heart failure with reduced ejection fraction?',
      options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'],
      correctAnswer: 1,
      explanation: 'Loop diuretics relieve congestion.',
      topic: 'Heart failure',
    },
    headers,
  );
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${exam._id}/edit`);

  const card = page.getByRole('article', { name: 'Question 1' });
  const dialog = page.getByRole('dialog', { name: /AI second opinion/ });

  await test.step('the action is reached with the keyboard and the model answers with a diff', async () => {
    const ask = card.getByRole('button', { name: 'Ask AI for a second opinion' });
    await ask.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('The model disagrees with the answer or explanation')).toBeVisible();
    await expect(dialog.getByText('The marked answer is wrong.')).toBeVisible();
    await expect(dialog.getByText('Correct answer: B → C')).toBeVisible();
    await expect(dialog.locator('ins', { hasText: 'in adults' })).toBeVisible();
    await expect(dialog.locator('ins', { hasText: '(revised)' })).toBeVisible();
    await expect(dialog.getByText('Suggested correct answer')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/dialog-1280.png` });
  });

  await test.step('on a 375 px phone the dialog fills the screen and its buttons stay in reach', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(dialog.getByRole('button', { name: 'Apply suggestion' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
    // Nothing wider than the screen.
    const overflow = await dialog.evaluate((node) => {
      const content = node.querySelector('.MuiDialogContent-root');
      return content ? content.scrollWidth - content.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/dialog-375.png` });
    // The rest of the answer, scrolled to its end: the options, the explanation and the topic.
    await dialog.getByRole('region', { name: "The model's answer" }).evaluate((node) => {
      node.scrollTop = node.scrollHeight;
    });
    await expect(dialog.getByText('Suggested correct answer')).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/dialog-375-end.png` });
    await expectAccessible(page);
  });

  await test.step('applying writes the fix and the list shows it', async () => {
    await dialog.getByRole('button', { name: 'Apply suggestion' }).click();
    // It asks first: the question as it is now stays in its history.
    await expect(dialog.getByText(/stays in its history, where you can restore it/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, apply it' }).click();
    await expect(page.getByText('Suggestion applied to the question')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      card.getByText(
        'Which drug improves survival in heart failure with reduced ejection fraction in adults?',
      ),
    ).toBeVisible();
    await expect(card.getByText('C. Bisoprolol (Correct answer)')).toBeVisible();
    await expect(card.getByText('D. Amlodipine (revised)')).toBeVisible();
    await card.getByRole('button', { name: 'Ask AI for a second opinion' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/card-375.png` });
  });
});
