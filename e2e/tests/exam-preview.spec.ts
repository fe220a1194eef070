import { mkdirSync } from 'node:fs';
import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

/*
 * Preview as a learner (decision 0043): an administrator opens a draft exam's preview from the
 * edit page with the keyboard alone, sits the server's draw (approved questions only, shuffled), checks
 * the answers and goes back; the AI drafts waiting for approval are never shown, and nothing is recorded.
 * Screenshots at 1280 and 375 px.
 */

const SHOTS = '/tmp/bank-shots';

test('an administrator previews an exam as a learner, keyboard only, and nothing is recorded', async ({
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
      title: `Preview journey ${Date.now()}`,
      category: 'medical',
      description: 'Previewed',
      numberOfQuestions: 3,
      monthlySubscriptionFee: 0,
    },
    headers,
  );
  const handWritten = [1, 2, 3, 4].map((n) => `Preview question ${n}: which is right?`);
  for (const [i, question] of handWritten.entries()) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question,
        options: [`Wrong A${i + 1}`, `Right ${i + 1}`, `Wrong B${i + 1}`, `Wrong C${i + 1}`],
        correctAnswer: 1,
        explanation: `Right ${i + 1} is right.`,
      },
      headers,
    );
  }
  // AI drafts waiting for approval: never served, so never previewed.
  await api.call(
    'POST',
    `/api/admin/exams/${exam._id}/generate-questions`,
    { prompt: 'Normal values', numQuestions: 3 },
    headers,
  );
  const activity = async () =>
    (
      await api.call<{ entries: Array<{ entityId: string }> }>(
        'GET',
        '/api/admin/audit?entityType=exam&limit=100',
        undefined,
        headers,
      )
    ).entries.filter((entry) => entry.entityId === exam._id).length;
  const logged = await activity();

  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${exam._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Questions (4/3)' })).toBeVisible();

  await test.step('opened from the edit page with the keyboard', async () => {
    await page.getByRole('link', { name: 'Preview as a learner' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/exams/${exam._id}/preview$`));
    await expect(page.getByText('Preview — nothing you answer here is saved.')).toBeVisible();
    await expect(
      page.getByText('A sitting draws 3 of the 4 approved questions at random, shuffled', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('Question 1 of 3')).toBeVisible();
  });

  await test.step('sat one question at a time: approved questions only, choices shuffled', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await expect(page.getByText(`Question ${i + 1} of 3`)).toBeVisible();
      const text = await page.getByRole('heading', { level: 2 }).first().textContent();
      expect(handWritten).toContain(text);
      seen.push(text ?? '');
      // Keyboard: 1 picks the first choice shown, → moves on.
      await page.keyboard.press('1');
      await expect(
        page.getByRole('radiogroup', { name: 'Choices' }).getByRole('radio', { checked: true }),
      ).toHaveCount(1);
      if (i === 0) {
        await expectAccessible(page);
        await page.screenshot({ path: `${SHOTS}/preview-1280.png`, fullPage: true });
      }
      if (i < 2) await page.keyboard.press('ArrowRight');
    }
    expect(new Set(seen).size).toBe(3);
    await expect(page.getByText('Generated question', { exact: false })).toHaveCount(0);
    await expect(page.getByText('3 of 3 answered')).toBeVisible();
  });

  await test.step('Check answers marks it here; Back to the exam', async () => {
    await page.getByRole('button', { name: 'Check answers' }).first().focus();
    await page.keyboard.press('Enter');
    const score = page.getByRole('heading', { name: /^Score: \d of 3 \(\d+%\)$/ });
    await expect(score).toBeFocused();
    const bar = await page.getByRole('banner').boundingBox();
    expect((await score.boundingBox())!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await expect(page.getByRole('heading', { name: /^Question \d\s*: (Correct|Incorrect)$/ })).toHaveCount(3);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/preview-checked-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/preview-checked-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Preview again' }).click();
    await expect(page.getByText('Question 1 of 3')).toBeVisible();
    await expect(page.getByText('0 of 3 answered')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/preview-375.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Back to the exam' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/exams/${exam._id}/edit$`));
  });

  // Nothing was recorded: still a draft, no activity, no sittings for the item analysis.
  expect(await activity()).toBe(logged);
  const analysis = await api.call<{ exam: { results: number; pending: number } }>(
    'GET',
    `/api/admin/exams/${exam._id}/item-analysis`,
    undefined,
    headers,
  );
  expect(analysis.exam).toMatchObject({ results: 0, pending: 0 });
});
