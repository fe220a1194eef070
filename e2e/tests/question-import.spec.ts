import { readFile } from 'node:fs/promises';
import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

/*
 * Issue 20, import and export: an administrator imports a CSV with mistakes, reads the refusals, fixes the
 * file, confirms and sees the questions on the exam; then exports the bank as CSV and checks the file.
 */

const HEADER = 'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic';
const GOOD = [
  'Which vessel supplies the sinoatrial node in most people?,Right coronary artery,Left circumflex,Left anterior descending,Posterior descending,,,1,About 60% of people.,',
  '"Normal adult resting heart rate, in beats per minute?",40 to 50,60 to 100,110 to 140,150 to 180,,,2,,',
];
const BROKEN = [
  ...GOOD,
  'Which drug is a loop diuretic?,Furosemide,Bendroflumethiazide,Spironolactone,,,,1,,',
  'First-line treatment of anaphylaxis?,IM adrenaline,Oral cetirizine,IV hydrocortisone,Salbutamol,,,7,,',
];
const FIXED = [
  ...GOOD,
  'Which drug is a loop diuretic?,Furosemide,Bendroflumethiazide,Spironolactone,Amiloride,,,1,,',
  'First-line treatment of anaphylaxis?,IM adrenaline,Oral cetirizine,IV hydrocortisone,Salbutamol,,,1,,',
];
const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\n'), 'utf8');

test('import a CSV with errors, fix it, confirm, see the questions and export them', async ({
  page,
  api,
}) => {
  const token = await adminToken(api);
  const headers = { authorization: `Admin ${token}` };
  const title = `Import journey ${Date.now()}`;
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    { title, category: 'medical', description: 'Imported', numberOfQuestions: 4, monthlySubscriptionFee: 0 },
    headers,
  );
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${exam._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Questions (0/4)' })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await test.step('a file with mistakes is previewed with every refusal and its reason', async () => {
    await page.getByRole('button', { name: 'Import questions' }).click();
    await dialog
      .getByLabel('Question file')
      .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: csv(BROKEN) });
    await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveText('CSV');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('2 questions will be imported; 2 rows will be left out.')).toBeVisible();
    const refused = dialog.getByRole('region', { name: 'Refused rows' });
    await expect(
      refused.getByRole('row', { name: /Which drug is a loop diuretic\? A question needs 4 to 6 options/ }),
    ).toBeVisible();
    await expect(
      refused.getByRole('row', {
        name: /First-line treatment of anaphylaxis\? The correct answer must be one of the options/,
      }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/preview-refusals-1280.png' });
  });

  await test.step('the fixed file previews clean and imports', async () => {
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await dialog
      .getByLabel('Question file')
      .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: csv(FIXED) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('4 questions will be imported.')).toBeVisible();
    await expect(dialog.getByText('Answer: 60 to 100')).toBeVisible();
    await page.screenshot({ path: '/tmp/question-import-shots/preview-clean-1280.png' });
    await dialog.getByRole('button', { name: 'Import 4 questions' }).click();
    await expect(page.getByText('Imported 4 questions.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Questions (4/4)' })).toBeVisible();
    await expect(page.getByText('First-line treatment of anaphylaxis?', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/imported-1280.png', fullPage: true });
  });

  await test.step('the bank is exported as CSV', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^import-journey-\d+-questions\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      '"Normal adult resting heart rate, in beats per minute?",40 to 50,60 to 100,110 to 140,150 to 180,,,2,,',
    );
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Import questions' }).click();
    await dialog
      .getByLabel('Question file')
      .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: csv(BROKEN) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    // Every row of this file is now either in the exam already or broken.
    await expect(
      dialog.getByText(/No questions can be imported from bank\.csv: 4 rows refused/),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 0 questions' })).toBeDisabled();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/preview-375.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: '/tmp/question-import-shots/editor-375.png', fullPage: true });
  });
});
