import type { Page } from '@playwright/test';
import {
  createSiteContent,
  openRoute,
  routesFor,
  signInRole,
  type Role,
  type SiteContent,
} from '../fixtures/site-content.ts';
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
 * Decision 0023: at 375 px no page may scroll sideways, whatever its content. The content here is one
 * unbroken word as long as the contract allows in every title, description, question, choice and
 * explanation, and in the article's title, summary, heading and code.
 */
const WIDTH = 375;

test.use({ viewport: { width: WIDTH, height: 740 } });

let content: SiteContent;

test.beforeAll(async ({ api, mailbox }) => {
  test.setTimeout(120_000);
  content = await createSiteContent(api, mailbox, { adversarial: true });
});

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const role of ['visitor', 'learner', 'admin'] as const satisfies Role[]) {
  test(`no ${role} page scrolls sideways at ${WIDTH} px with long words`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInRole(page, role, content);
    const wide: string[] = [];
    for (const route of routesFor(content)[role]) {
      await openRoute(page, route);
      const width = await pageWidth(page);
      if (width > WIDTH) wide.push(`${route}: ${width} px`);
    }
    expect(wide, 'pages wider than the screen').toEqual([]);
  });
}

test('the subscribe dialog fits a 375 px screen with a long exam title', async ({ page }) => {
  await signInRole(page, 'learner', content);
  await openRoute(page, `/exams/${content.paidExamId}`);
  await page.getByRole('button', { name: 'Subscribe to Exam' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  // The dialog's title stays inside the dialog.
  const overflow = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(element.querySelectorAll<HTMLElement>('h2, p, span, div')).some(
      (child) => child.getBoundingClientRect().right > box.right + 1,
    );
  });
  expect(overflow, 'something in the dialog reaches past its right edge').toBe(false);
});

const SHOTS = 'test-results/small-screens';

/**
 * A published free exam whose question n is right with "Right n" and has the nth of `topics` (cycling),
 * sittable in exam and tutor mode.
 */
async function examWithTopics(
  api: ApiHelper,
  options: { title: string; count: number; topics: string[] },
): Promise<string> {
  const headers = { authorization: `Admin ${await adminToken(api)}` };
  const { exam } = await api.call<{ exam: { _id: string } }>(
    'POST',
    '/api/admin/exams',
    {
      title: options.title,
      category: 'medical',
      description: `${options.title}: questions by topic.`,
      numberOfQuestions: options.count,
      monthlySubscriptionFee: 0,
      topics: options.topics,
      modes: ['exam', 'tutor'],
    },
    headers,
  );
  for (let n = 1; n <= options.count; n += 1) {
    await api.call(
      'POST',
      `/api/admin/exams/${exam._id}/questions`,
      {
        question: `Question ${n}: which is right?`,
        options: [`Wrong A${n}`, `Right ${n}`, `Wrong B${n}`, `Wrong C${n}`],
        correctAnswer: 1,
        explanation: `Explanation ${n}`,
        topic: options.topics[(n - 1) % options.topics.length],
      },
      headers,
    );
  }
  await api.call('PUT', `/api/admin/exams/${exam._id}/publish`, undefined, headers);
  return exam._id;
}

/** Sits the exam through the API, answering right the questions whose number `right` accepts. */
async function sit(
  api: ApiHelper,
  token: string,
  examId: string,
  right: (n: number) => boolean,
): Promise<void> {
  const bearer = { authorization: `Bearer ${token}` };
  const attempt = await api.call<{ _id: string; questions: Array<{ _id: string; question: string }> }>(
    'POST',
    `/api/exams/${examId}/attempts`,
    {},
    bearer,
  );
  const answers: Record<string, string> = {};
  for (const question of attempt.questions) {
    const n = Number(/^Question (\d+)/.exec(question.question)?.[1]);
    answers[question._id] = right(n) ? `Right ${n}` : `Wrong A${n}`;
  }
  await api.call(
    'POST',
    `/api/exams/${examId}/submit`,
    { attemptId: attempt._id, answers, duration: 40 * attempt.questions.length },
    bearer,
  );
  // The figures follow by the derived-results job (decision 0075), run now rather than waited for.
  await api.call('POST', '/api/test/jobs/derived-results');
}

/**
 * The words inside `selector` (HTML text, not the charts' SVG) that the browser split over two lines: a
 * word broken in the middle ('Cardiolog' / 'y') has client rectangles on two lines.
 */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const broken: string[] = [];
    for (const scope of Array.from(document.querySelectorAll(root))) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('svg')) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/** Boxes in `main` that scroll sideways (a table wider than its box), as 'tag.class: scroll/client px'. */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1
        );
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth}/${element.clientWidth} px`,
      ),
  );
}

test('the analytics page fits 375 px: figures stacked, nothing scrolls sideways, no word broken', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const heart = `Cardiology and electrophysiology ${stamp}`;
  const lungs = `Respiratory medicine ${stamp}`;
  const heartId = await examWithTopics(api, {
    title: heart,
    count: 8,
    topics: ['Cardiology', 'Electrophysiology', 'Pharmacokinetics', 'Haemodynamics'],
  });
  const lungsId = await examWithTopics(api, {
    title: lungs,
    count: 4,
    topics: ['Pulmonology', 'Otorhinolaryngology'],
  });
  const token = await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'analytics'));
  const bearer = { authorization: `Bearer ${token}` };
  for (const examId of [heartId, lungsId]) await api.call('POST', '/api/subscriptions', { examId }, bearer);
  await sit(api, token, heartId, (n) => n % 2 === 1);
  await sit(api, token, heartId, (n) => n !== 2);
  await sit(api, token, lungsId, (n) => n <= 3);
  const admin = { authorization: `Admin ${await adminToken(api)}` };
  const { course } = await api.call<{ course: { _id: string } }>(
    'POST',
    '/api/admin/courses',
    {
      title: `Heart and lungs ${stamp}`,
      summary: 'Practise the heart, then check the lungs.',
      category: 'medical',
      status: 'published',
      units: [
        { kind: 'practice', examId: heartId, size: 5, mode: 'tutor' },
        { kind: 'checkpoint', examId: lungsId, passMark: 70 },
      ],
    },
    admin,
  );
  await api.call('POST', `/api/courses/${course._id}/enrol`, undefined, bearer);

  await openRoute(page, '/analytics');
  // The charts have drawn (SVG, with the axis label as SVG text).
  await expect(page.locator('svg').getByText('Score (%)').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/analytics-${WIDTH}.png`, fullPage: true });

  // Each exam is an item with every figure as a label and its value; no table on a phone.
  await expect(page.getByRole('table')).toHaveCount(0);
  const byExam = page.getByRole('list', { name: 'Figures by exam' });
  const heartFigures = byExam.getByRole('listitem').filter({ hasText: heart });
  await expect(heartFigures.getByRole('term')).toHaveText([
    'Sittings',
    'Questions seen',
    'Omitted',
    '% correct',
    'Time per question',
    'Average score',
    'Percentile',
  ]);
  await expect(heartFigures.getByRole('definition').first()).toHaveText('2');
  await expect(heartFigures.getByRole('definition').last()).toHaveText('Not yet (1 of 20 learners)');
  await expect(page.getByRole('list', { name: `Topics of ${heart}` }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('list', { name: `Topics of Heart and lungs ${stamp}` })).toBeVisible();

  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  expect(await sidewaysScrollers(page), 'boxes that scroll sideways').toEqual([]);
  expect(await brokenWords(page, 'main'), 'words broken over two lines').toEqual([]);
  // The trend charts' axis labels are drawn whole, inside their chart.
  for (const label of await page.locator('svg text').filter({ hasText: 'Score (%)' }).all()) {
    const box = await label.boundingBox();
    const chart = await label.locator('xpath=ancestor::*[local-name()="svg"][1]').boundingBox();
    expect(box && chart && box.x >= chart.x && box.y >= chart.y).toBe(true);
    expect(box && chart && box.y + box.height <= chart.y + chart.height).toBe(true);
  }
  await expectAccessible(page);

  // From 600 px the same figures are tables with headers.
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.getByRole('table', { name: 'Figures by exam' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Exam',
    'Sittings',
    'Questions seen',
    'Omitted',
    '% correct',
    'Time per question',
    'Average score',
    'Percentile',
  ]);
  await expect(table.getByRole('row').filter({ hasText: heart }).getByRole('cell').first()).toHaveText('2');
  await page.screenshot({ path: `${SHOTS}/analytics-1280.png`, fullPage: true });
  await expectAccessible(page);
});

test('with long unbroken words the analytics figures still fit 375 px, nothing scrolling sideways', async ({
  page,
}) => {
  await signInRole(page, 'learner', content);
  await openRoute(page, '/analytics');
  await expect(page.getByRole('list', { name: 'Figures by exam' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/analytics-long-words-${WIDTH}.png`, fullPage: true });
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  expect(await sidewaysScrollers(page), 'boxes that scroll sideways').toEqual([]);
});

test('an alert with a button fits 375 px: the button under the text, its words whole', async ({
  page,
  api,
  mailbox,
}) => {
  const title = `Sitting in progress ${Date.now()}`;
  const examId = await examWithTopics(api, { title, count: 2, topics: ['Cardiology'] });
  const token = await signInAs(page, api, await createVerifiedAccount(api, mailbox, 'alerts'));
  const bearer = { authorization: `Bearer ${token}` };
  await api.call('POST', '/api/subscriptions', { examId }, bearer);
  // An exam-mode sitting is open: asking for tutor mode offers 'Resume it' and 'Start a new one'.
  await api.call('POST', `/api/exams/${examId}/attempts`, {}, bearer);
  await page.goto(`/exams/${examId}/take?mode=tutor`);
  const alert = page.getByRole('alert').filter({ hasText: 'You have this exam in progress' });
  const button = alert.getByRole('link', { name: 'Resume it' });
  await expect(button).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Start a new one' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sitting-alert-${WIDTH}.png` });

  const message = alert.locator('.MuiAlert-message');
  const below = async () => {
    const [text, action] = [await message.boundingBox(), await button.boundingBox()];
    return text !== null && action !== null && action.y >= text.y + text.height - 1;
  };
  expect(await below(), 'the button is under the text').toBe(true);
  expect(await brokenWords(page, '.MuiAlert-root'), 'words broken over two lines').toEqual([]);
  const alertBox = await alert.boundingBox();
  expect(alertBox && alertBox.x + alertBox.width).toBeLessThanOrEqual(WIDTH);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await expectAccessible(page);

  // From 600 px the button stays beside the text, as before.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/sitting-alert-1280.png` });
  expect(await below(), 'the button is beside the text').toBe(false);
  expect(await brokenWords(page, '.MuiAlert-root'), 'words broken over two lines').toEqual([]);
});
