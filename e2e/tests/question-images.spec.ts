import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import {
  adminToken,
  createVerifiedAccount,
  expect,
  expectAccessible,
  publishedExam,
  signInAs,
  test,
} from '../fixtures/test.ts';

/*
 * Images in questions (decision 0040): an administrator adds an X-ray to a question (a text file
 * renamed .png is refused first), and a learner sitting the exam sees it with its alt text; on a 375 px
 * screen the wide image shrinks to fit.
 */

const SHOTS = '/tmp/media-shots';

/** A wide, dark, X-ray-like PNG (2400 × 800): a grey gradient with a bright band. */
async function wideXray(): Promise<Buffer> {
  const width = 2400;
  const height = 800;
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const band = Math.abs(y - height / 2) < 60 ? 120 : 0;
      pixels[y * width + x] = Math.min(255, 20 + Math.round((x / width) * 90) + band);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

test('an administrator adds an image to a question and a learner sees it in the exam', async ({
  page,
  api,
  mailbox,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const title = `Images ${Date.now()}`;
  const examId = await publishedExam(api, { title, fee: 0, count: 1 });
  const token = await adminToken(api);
  const alt = 'Chest X-ray: a bright horizontal band across both lung fields';

  await test.step('the administrator is refused a text file renamed .png, then adds the X-ray', async () => {
    await page.addInitScript((stored) => {
      if (!window.localStorage.getItem('adminToken')) window.localStorage.setItem('adminToken', stored);
    }, token);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/exams/${examId}/edit`);
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    const chooser = dialog.getByLabel('Choose question image file');

    await chooser.setInputFiles({
      name: 'xray.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are my notes, not a picture.\n'),
    });
    await expect(
      dialog.getByText('Only PNG, JPEG and WebP images can be uploaded. This file is not one of them.'),
    ).toBeVisible();

    await chooser.setInputFiles({ name: 'xray.png', mimeType: 'image/png', buffer: await wideXray() });
    const altField = dialog.getByRole('textbox', { name: 'Alt text for the question image' });
    await expect(altField).toBeVisible();
    // Alt text is required.
    await dialog.getByRole('button', { name: 'Save Question' }).click();
    await expect(dialog.getByText('Describe the image for people who cannot see it')).toBeVisible();
    await altField.fill(alt);
    await expect(dialog.getByText('Describe the image for people who cannot see it')).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: alt })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/admin-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved successfully')).toBeVisible();

    const card = page.getByRole('article', { name: 'Question 1' });
    await expect(card.getByRole('img', { name: alt })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/admin-card-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await card.getByRole('img', { name: alt }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-card-375.png` });
  });

  await test.step('a learner sees the image with its alt text, fitted to the screen', async () => {
    // A context of its own: the learner's session, not the administrator's.
    const learnerContext = await page.context().browser()!.newContext();
    const learnerPage = await learnerContext.newPage();
    const account = await createVerifiedAccount(api, mailbox, 'images');
    const learnerToken = await signInAs(learnerPage, api, account);
    await api.call('POST', '/api/subscriptions', { examId }, { authorization: `Bearer ${learnerToken}` });

    for (const width of [1280, 375]) {
      await learnerPage.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await learnerPage.goto(`/exams/${examId}/take`);
      const picture = learnerPage.getByRole('img', { name: alt });
      await expect(picture).toBeVisible();
      // Loaded (the URL serves the bytes) and never wider than the screen.
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(2400);
      const box = await picture.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // Width and height reserve the space; the proportions are kept (2400 × 800 → 3:1).
      expect(Math.round(box!.width / box!.height)).toBe(3);
      const overflow = await learnerPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await learnerPage.screenshot({ path: `${SHOTS}/exam-${width}.png`, fullPage: true });
    }
    await expectAccessible(learnerPage);
    await learnerContext.close();
  });
});
