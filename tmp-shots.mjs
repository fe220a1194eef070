// One-off: screenshots of the mocks list's "Release results" and its question (not committed).
import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3111';
const call = async (method, path, body, token) => {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Admin ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path} ${res.status} ${JSON.stringify(json)}`);
  return json;
};
const { token } = await call('POST', '/api/admin/auth/register', { name: 'Owner', email: 'owner@example.com', password: 'Owner-Pass-2026' });
const { exams } = await call('GET', '/api/admin/exams?limit=5', null, token);
const exam = exams.find((e) => e.isActive) ?? exams[0];
const now = Date.now();
await call('POST', '/api/admin/mocks', {
  examId: exam._id, title: 'Spring national mock with a rather long title to see how it wraps', opensAt: new Date(now - 60_000).toISOString(),
  closesAt: new Date(now + 60 * 60_000).toISOString(), timeLimitMinutes: 30, lateStart: 'full', release: 'at',
  releaseAt: new Date(now + 10 * 86_400_000).toISOString(),
}, token);
await call('POST', '/api/test/clock', { advanceMs: 2 * 3_600_000 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto(base + '/admin/mocks');
  await page.getByRole('button', { name: /Release results/ }).first().waitFor();
  await page.screenshot({ path: `/tmp/shots/mocks-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: /Release results/ }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/release-${width}.png` });
  await page.close();
}
await browser.close();
