import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  signInAs,
  test,
  type ApiHelper,
} from '../fixtures/test.ts';

/*
 * The content the study engine runs on, managed from the panel (decision 0050): the administrator adds
 * the exam's topics in its Topics dialog, files one question under a topic with the bank's bulk 'Set
 * topic' and another through its dialog (with a rationale and an objective), edits it again and restores
 * the earlier version from its history; a learner's result then scores by those topics and shows the
 * rationale. With the keyboard where a person would type; axe and screenshots at 375 and 1280 px.
 */

const SHOTS = '/tmp/content-shots';
const STEMS = [
  'Which electrolyte disturbance causes peaked T waves on the ECG?',
  'Which drug is first line to reverse warfarin in major bleeding?',
];

async function untaggedExam(api: ApiHelper, headers: Record<string, string>): Promise<string> {
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title: `Content journey ${Date.now()}`,
      category: 'medical',
      description: 'Topics and rationales',
      numberOfQuestions: 2,
      monthlySubscriptionFee: 0,
      modes: ['exam'],
    },
    headers,
  );
  for (const [index, question] of STEMS.entries()) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question,
        options:
          index === 0
            ? ['Hyperkalaemia', 'Hypokalaemia', 'Hypercalcaemia', 'Hyponatraemia']
            : [
                'Vitamin K and prothrombin complex',
                'Protamine',
                'Tranexamic acid',
                'Fresh frozen plasma alone',
              ],
        correctAnswer: 0,
        explanation: index === 0 ? 'High potassium peaks the T waves.' : 'Give IV vitamin K with PCC.',
      },
      headers,
    );
  }
  await api.call('PUT', `/api/admin/exams/${exam._id}/publish`, undefined, headers);
  return exam._id;
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("topics, rationales and a restored version, from the panel to a learner's result", async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const token = await adminToken(api);
  const headers = { authorization: `Admin ${token}` };
  const examId = await untaggedExam(api, headers);

  await page.addInitScript((stored) => window.localStorage.setItem('adminToken', stored), token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/exams/${examId}/edit`);
  await expect(page.getByRole('heading', { name: 'Questions (2/2)' })).toBeVisible();

  await test.step('the exam gets its topics in the Topics dialog', async () => {
    await page.getByRole('button', { name: 'Manage topics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Topics' });
    await expect(dialog.getByText('This exam has no topics yet.')).toBeVisible();
    for (const name of ['Electrolytes', 'Anticoagulation']) {
      await dialog.getByRole('textbox', { name: 'New topic' }).fill(name);
      await dialog.getByRole('textbox', { name: 'New topic' }).press('Enter');
      await expect(page.getByText(`Topic "${name}" added`)).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'New topic' })).toHaveValue('');
    }
    // Adding the same topic again, in other letters, is refused with the server's words.
    await dialog.getByRole('textbox', { name: 'New topic' }).fill('electrolytes');
    await dialog.getByRole('button', { name: 'Add topic' }).click();
    await expect(dialog.getByText(`"Electrolytes" is already one of this exam's topics.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Actions for the topic Anticoagulation' }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    await shoot(page, 'topics-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step("the first question is filed with the bank's Set topic", async () => {
    await page.getByRole('checkbox', { name: 'Select question 1' }).check();
    const bar = page.getByRole('region', { name: 'Set the topic of chosen questions' });
    await expect(bar.getByText('1 selected')).toBeVisible();
    await bar.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Electrolytes' }).click();
    await bar.getByRole('button', { name: 'Set topic' }).click();
    await expect(page.getByText('1 question filed under "Electrolytes"')).toBeVisible();
    await expect(
      page.getByRole('article', { name: 'Question 1' }).getByText('Topic: Electrolytes'),
    ).toBeVisible();
  });

  await test.step('the second gets its topic, a rationale per option and an objective in its dialog', async () => {
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await dialog.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Anticoagulation' }).click();
    await dialog
      .getByRole('textbox', { name: 'Rationale 1 (why it is right)' })
      .fill('PCC works within minutes; vitamin K sustains it.');
    await dialog
      .getByRole('textbox', { name: 'Rationale 2 (why it is wrong)' })
      .fill('Protamine reverses heparin, not warfarin.');
    await dialog
      .getByRole('textbox', { name: 'Learning objective' })
      .fill('Reverse warfarin with vitamin K and PCC.');
    await shoot(page, 'question-dialog');
    await dialog.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Question 2' });
    await expect(card.getByText('Protamine reverses heparin, not warfarin.')).toBeVisible();
    await expect(card.getByText('Reverse warfarin with vitamin K and PCC.')).toBeVisible();
  });

  await test.step('a later edit is undone by restoring the earlier version from the history', async () => {
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await dialog.getByRole('textbox', { name: 'Rationale 2 (why it is wrong)' }).fill('');
    await dialog.getByRole('textbox', { name: 'Explanation' }).fill('A careless rewrite.');
    await dialog.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved successfully')).toBeVisible();
    const card = page.getByRole('article', { name: 'Question 2' });
    await expect(card.getByText('A careless rewrite.')).toBeVisible();

    await card.getByRole('button', { name: 'History of question 2' }).click();
    const history = page.getByRole('dialog', { name: /History/ });
    const newest = history.getByRole('article', { name: 'Version 3 (current)' });
    await expect(newest.getByText('Changed: explanation, rationales')).toBeVisible();
    const earlier = history.getByRole('article', { name: 'Version 2' });
    await expect(earlier.getByText('Changed: rationales, learning objective, topic')).toBeVisible();
    await shoot(page, 'history-dialog');
    await earlier.getByRole('button', { name: 'Restore this version' }).click();
    await expect(page.getByText('Version 2 restored as version 4.')).toBeVisible();
    await expect(card.getByText('Protamine reverses heparin, not warfarin.')).toBeVisible();
    await expect(card.getByText('A careless rewrite.')).toHaveCount(0);
  });

  await test.step("a learner's result scores by those topics and teaches with the rationale", async () => {
    const learner = await createVerifiedAccount(api, mailbox, 'content');
    const learnerToken = await signInAs(page, api, learner);
    const auth = { authorization: `Bearer ${learnerToken}` };
    await api.call('POST', '/api/subscriptions', { examId }, auth);
    const attempt = await api.call<{
      _id: string;
      questions: Array<{ _id: string; question: string; choices: string[] }>;
    }>('POST', `/api/exams/${examId}/attempts`, {}, auth);
    // Right on electrolytes, wrong (Protamine) on anticoagulation.
    const answers = Object.fromEntries(
      attempt.questions.map((q) => [q._id, q.question === STEMS[0] ? 'Hyperkalaemia' : 'Protamine']),
    );
    const result = await api.call<{ _id: string }>(
      'POST',
      `/api/exams/${examId}/submit`,
      { answers, attemptId: attempt._id },
      auth,
    );
    await page.evaluate(() => window.localStorage.removeItem('adminToken'));
    await page.goto(`/exams/results/${result._id}`);
    const topics = page.getByRole('region', { name: 'Score by topic' });
    await expect(topics.getByText('Anticoagulation')).toBeVisible();
    await expect(topics.getByText('Electrolytes')).toBeVisible();
    const missed = page.getByRole('listitem').filter({ hasText: STEMS[1]! });
    await expect(missed.getByText('Protamine reverses heparin, not warfarin.')).toBeVisible();
    await expect(missed.getByText('Reverse warfarin with vitamin K and PCC.')).toBeVisible();
    await shoot(page, 'learner-result');
  });
});
