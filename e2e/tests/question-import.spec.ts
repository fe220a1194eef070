import { readFile } from 'node:fs/promises';
import { adminToken, expect, expectAccessible, test } from '../fixtures/test.ts';

/*
 * Import and export (decision 0039): an administrator imports a CSV with mistakes, reads the refusals,
 * fixes the file, confirms and sees the questions on the exam; then exports the bank as CSV and checks
 * the file. A second journey imports a CSV whose topic column names topics the exam lacks: refused
 * without 'Add new topics to this exam', added to the exam with it.
 */

const HEADER = 'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic';
/** The export's header: the spec's ten columns, then what a question teaches. */
const EXPORT_HEADER = `${HEADER},rationale1,rationale2,rationale3,rationale4,rationale5,rationale6,objective,references`;
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
  // Five accessibility scans at two widths: more than the default minute on a busy machine.
  test.setTimeout(120_000);
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
    await page.getByRole('button', { name: 'Export questions' }).click();
    // Aiken says, by its name, what it leaves out.
    await expect(page.getByRole('menuitem', { name: /^Aiken/ })).toContainText(
      'Question, options and answer only: explanations, rationales, objectives, references and topics are left out',
    );
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/export-menu-1280.png' });
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^import-journey-\d+-questions\.csv$/);
    const file = await readFile(await download.path(), 'utf8');
    const lines = file
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      '"Normal adult resting heart rate, in beats per minute?",40 to 50,60 to 100,110 to 140,150 to 180,,,2,,,,,,,,,,',
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

const TOPIC_HEADER = `${HEADER},rationale1,rationale2`;
const TOPIC_ROWS = [
  'Which vessel supplies the sinoatrial node in most people?,Right coronary artery,Left circumflex,Left anterior descending,Posterior descending,,,1,,Cardiology,About 60% of people,',
  'Which diuretic acts on the loop of Henle?,Furosemide,Bendroflumethiazide,Spironolactone,Amiloride,,,1,,Nephrology,,A thiazide: the distal tubule',
  'Hyperkalaemia with peaked T waves: first drug?,Calcium gluconate,Insulin with dextrose,Salbutamol,Furosemide,,,1,,nephrology,,',
  'Which hormone raises blood glucose?,Glucagon,Insulin,Somatostatin,Amylin,,,1,,Endocrinology,,',
];
const topicCsv = (rows: string[]) => Buffer.from([TOPIC_HEADER, ...rows].join('\n'), 'utf8');

test('a topic column the exam lacks: refused without the tick, added to the exam with it', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(api);
  const headers = { authorization: `Admin ${token}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title: `Topic import ${Date.now()}`,
      category: 'medical',
      description: 'Imported with topics',
      numberOfQuestions: 4,
      monthlySubscriptionFee: 0,
      topics: ['Cardiology'],
    },
    headers,
  );
  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${exam._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Questions (0/4)' })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  const addTopics = dialog.getByRole('checkbox', { name: 'Add new topics to this exam' });

  await test.step('without the tick, the rows with new topics are refused and the topics are listed', async () => {
    await page.getByRole('button', { name: 'Import questions' }).click();
    await dialog
      .getByLabel('Question file')
      .setInputFiles({ name: 'topics.csv', mimeType: 'text/csv', buffer: topicCsv(TOPIC_ROWS) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('1 question will be imported; 3 rows will be left out.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'New topics (2)' })).toBeVisible();
    await expect(
      dialog.getByText('This exam does not have these topics yet: Nephrology, Endocrinology.'),
    ).toBeVisible();
    await expect(addTopics).not.toBeChecked();
    await expect(
      dialog.getByRole('region', { name: 'Refused rows' }).getByRole('row', {
        name: /Which hormone raises blood glucose\? The topic "Endocrinology" is not one of this exam's topics \(Cardiology\); tick "Add new topics to this exam" to add it/,
      }),
    ).toBeVisible();
    await expect(
      dialog.getByText('Answer: Right coronary artery · Topic: Cardiology · 1 rationale'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/new-topics-1280.png' });
  });

  await test.step('with the tick, every row is imported and the topics are added to the exam', async () => {
    // Keyboard: the box is a real checkbox, ticked with the space bar.
    await addTopics.focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByText('4 questions will be imported and 2 topics added.')).toBeVisible();
    await expect(addTopics).toBeChecked();
    await expect(dialog.getByRole('region', { name: 'Refused rows' })).toBeHidden();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/new-topics-ticked-1280.png' });
    await dialog.getByRole('button', { name: 'Import 4 questions' }).click();
    await expect(page.getByText('Imported 4 questions.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const { topics } = await api.call<{ topics: Array<{ name: string; questionCount: number }> }>(
      'GET',
      `/api/admin/exams/${exam._id}/topics`,
      undefined,
      headers,
    );
    expect(topics).toEqual([
      { name: 'Cardiology', questionCount: 1 },
      { name: 'Nephrology', questionCount: 2 },
      { name: 'Endocrinology', questionCount: 1 },
    ]);
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Import questions' }).click();
    await dialog.getByLabel('Question file').setInputFiles({
      name: 'more-topics.csv',
      mimeType: 'text/csv',
      buffer: topicCsv([
        'Which anticoagulant is reversed by protamine?,Heparin,Warfarin,Apixaban,Dabigatran,,,1,,Haematology,,',
        'First-line drug in type 2 diabetes?,Metformin,Gliclazide,Insulin,Pioglitazone,,,1,,endocrinology,,',
      ]),
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('1 question will be imported; 1 row will be left out.')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'New topics (1)' })).toBeVisible();
    await expect(addTopics).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/new-topics-375.png' });
    await addTopics.check();
    await expect(dialog.getByText('2 questions will be imported and 1 topic added.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/question-import-shots/new-topics-ticked-375.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
