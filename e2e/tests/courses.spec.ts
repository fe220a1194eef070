import type { Page } from '@playwright/test';
import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  shownQuestion,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Structured courses (decision 0053): a learner finds a course, enrols, reads its article, practises,
 * passes the checkpoint and prints the certificate; the course page keeps the progress of each unit.
 */

/** Answers every question of the sitting on screen rightly and submits it. */
async function answerAllAndSubmit(page: Page, count: number): Promise<void> {
  await expect(page.getByText(`Question 1 of ${count}`)).toBeVisible();
  for (let i = 1; i <= count; i += 1) {
    const n = await shownQuestion(page);
    await page.getByRole('radio', { name: `Right ${n}`, exact: true }).click();
    await expect(page.getByRole('radio', { name: `Right ${n}`, exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    if (i < count) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Exam Results' })).toBeVisible();
  await expect(page.getByText(`You answered ${count} out of ${count} questions correctly.`)).toBeVisible();
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/courses/${name}-${width}.png`, fullPage: true });
  }
}

test('a learner enrols, reads, practises, passes the checkpoint and prints the certificate', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const headers = { authorization: `Admin ${await adminToken(api)}` };
  const examId = await publishedExam(api, { title: `Course exam ${stamp}`, fee: 0, count: 5 });
  const { article } = await api.call<{ article: { _id: string } }>(
    'POST',
    '/api/admin/articles',
    {
      title: `Heart failure basics ${stamp}`,
      summary: 'What to know first.',
      category: 'medical',
      content: '<p>The heart pumps blood.</p>',
      status: 'published',
    },
    headers,
  );
  const title = `Cardiology foundations ${stamp}`;
  const { course } = await api.call<{ course: { _id: string } }>(
    'POST',
    '/api/admin/courses',
    {
      title,
      summary: 'Read, practise, then pass the checkpoint.',
      category: 'medical',
      status: 'published',
      units: [
        { kind: 'article', articleId: article._id },
        { kind: 'practice', examId, size: 5, mode: 'exam', title: 'Practice: the heart' },
        { kind: 'checkpoint', examId, passMark: 80, title: 'Checkpoint: the heart' },
      ],
    },
    headers,
  );
  const account = await createVerifiedAccount(api, mailbox, 'course');
  await signInAs(page, api, account);

  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(title);
  // The search runs after a pause in typing: wait for the list to hold this course alone.
  await expect(page.getByRole('link', { name: 'View course' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'View course' }).click();

  await expect(page).toHaveURL(new RegExp(`/courses/${course._id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText(/^Enrolled on /)).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute(
    'aria-valuetext',
    '0 of 3 units complete',
  );
  await expectAccessible(page);
  await screenshots(page, 'enrolled');

  // The article offers the practice that follows it, which the course page brings into view and focus.
  await page.getByRole('link', { name: 'Read' }).click();
  await page.getByRole('link', { name: 'Go to the practice' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course._id}#unit-`));
  await expect(page.getByRole('heading', { name: 'Practice: the heart' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Practice: the heart' })).toBeInViewport();

  // The article: marked read once, however often the button is pressed.
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute(
    'aria-valuetext',
    '1 of 3 units complete',
  );

  // The practice set runs in the existing sittings and comes back as done with its score.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]+$/);
  await answerAllAndSubmit(page, 5);
  await page.goto(`/courses/${course._id}`);
  await expect(page.getByText('Done · 100%')).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute(
    'aria-valuetext',
    '2 of 3 units complete',
  );

  // "Continue" takes the learner to the next unfinished unit: the checkpoint exam.
  await page.getByRole('button', { name: 'Continue' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/take`));
  await answerAllAndSubmit(page, 5);
  await page.goto(`/courses/${course._id}`);
  await expect(page.getByText('Passed · 100%')).toBeVisible();
  await expect(page.getByText('Course complete').first()).toBeVisible();
  await expectAccessible(page);

  // The course's topics in the learner's analytics: both sittings' questions (the exam's are untopicked),
  // once the derived-results job has added them (decision 0075), run now rather than waited for.
  await api.call('POST', '/api/test/jobs/derived-results');
  await page.getByRole('link', { name: 'Your figures on its topics' }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?course=${course._id}$`));
  const byCourse = page.getByRole('region', { name: 'By course' });
  await expect(byCourse.getByText('1 of 1 topic practised · 100% correct')).toBeVisible();
  await expect(byCourse.getByRole('row', { name: /General/ })).toContainText('10100%');
  await expectAccessible(page);
  await screenshots(page, 'analytics-by-course');
  await page.goto(`/courses/${course._id}`);

  await page.getByRole('link', { name: 'View certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course._id}/certificate$`));
  await expect(page.getByRole('heading', { name: 'Certificate of completion' })).toBeVisible();
  await expect(page.getByText(new RegExp(`${account.name} completed ${title} on`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'certificate');

  // The dashboard lists the course, complete.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
});

test('an administrator builds a course in the panel, orders its units and publishes it', async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const token = await adminToken(api);
  const headers = { authorization: `Admin ${token}` };
  const examTitle = `Builder exam ${stamp}`;
  await publishedExam(api, { title: examTitle, fee: 0, count: 5 });
  const articleTitle = `Builder article ${stamp}`;
  await api.call(
    'POST',
    '/api/admin/articles',
    {
      title: articleTitle,
      summary: 'Read me first.',
      category: 'medical',
      content: '<p>Read me first.</p>',
      status: 'published',
    },
    headers,
  );
  await page.addInitScript((stored) => {
    if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
  }, token);
  const title = `Built in the panel ${stamp}`;

  await page.goto('/admin/courses');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Create Course' }).click();
  await expect(page.getByRole('heading', { name: 'Create Course', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Summary/ }).fill('Built by keyboard and mouse.');
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Medical' }).click();

  // A checkpoint first, then the article: moved up so the learner reads before the checkpoint.
  await page.getByRole('button', { name: 'Add unit' }).click();
  await page.getByRole('menuitem', { name: 'Checkpoint' }).click();
  const checkpoint = page.getByRole('group', { name: 'Unit 1: Checkpoint' });
  await checkpoint.getByRole('combobox', { name: /^Exam/ }).fill(examTitle);
  await page.getByRole('option', { name: new RegExp(`^${examTitle}`) }).click();
  await checkpoint.getByRole('spinbutton', { name: /^Pass mark/ }).fill('60');

  await page.getByRole('button', { name: 'Add unit' }).click();
  await page.getByRole('menuitem', { name: 'Article' }).click();
  const article = page.getByRole('group', { name: 'Unit 2: Article' });
  await article.getByRole('combobox', { name: /^Article/ }).fill(articleTitle);
  await page.getByRole('option', { name: new RegExp(`^${articleTitle}`) }).click();
  await page.getByRole('button', { name: 'Move unit 2 up' }).click();
  await expect(page.getByRole('group', { name: 'Unit 1: Article' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Unit 2: Checkpoint' })).toBeVisible();

  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expectAccessible(page);
  await screenshots(page, 'builder');
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expect(page.getByText('Course created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByText(title).first()).toBeVisible();
  await expectAccessible(page);

  // A visitor sees it, its units in the order the administrator set.
  await page.goto('/courses');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(title);
  await expect(page.getByRole('link', { name: 'View course' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: 'View course' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const units = page.getByRole('main').getByRole('listitem');
  await expect(units.first()).toContainText(articleTitle);
  await expect(units.nth(1)).toContainText('Pass mark 60%');
});
