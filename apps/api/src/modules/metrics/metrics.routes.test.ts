import { api } from '@mlp/contract';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import { valueOf } from '../../../test/metrics.ts';
import { createJobQueue } from '../../lib/jobs/job-queue.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { METRICS_MESSAGES } from './metrics.messages.ts';

const TOKEN = 'metrics-token-for-the-tests-0001';
const t = useTestApp({ METRICS_TOKEN: TOKEN });

const silent = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

async function scrape(token = TOKEN) {
  return t.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
}

describe('operators’ metrics', () => {
  it('does not exist without METRICS_TOKEN: the 404 of any unknown path', async () => {
    const configured = t.ctx.config.metrics;
    t.ctx.config.metrics = { token: undefined, port: undefined };
    try {
      const response = await scrape();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Route GET /api/metrics not found' });
    } finally {
      t.ctx.config.metrics = configured;
    }
  });

  it('refuses a wrong or missing token with 401', async () => {
    const wrong = await scrape('metrics-token-for-the-tests-0002');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: METRICS_MESSAGES.wrongToken });
    const none = await t.request({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    const scheme = await t.request({ method: 'GET', url: '/api/metrics', headers: { authorization: TOKEN } });
    expect(scheme.statusCode).toBe(401);
  });

  it('answers in maintenance mode, when learners get 503', async () => {
    const settings = await t.ctx.settings.get();
    const get = vi.spyOn(t.ctx.settings, 'get').mockResolvedValue({ ...settings, maintenanceMode: true });
    try {
      expect((await t.call(api.settings.payment)).statusCode).toBe(503);
      expect((await scrape()).statusCode).toBe(200);
    } finally {
      get.mockRestore();
    }
  });

  it('counts requests by route pattern and status class, and times them', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(api.exams.detail, { params: { id: missing } })).statusCode).toBe(404);
    expect((await t.call(api.health.health)).statusCode).toBe(200);
    await t.request({ method: 'GET', url: '/api/no-such-thing/12345' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const route = api.exams.detail.path;
    expect(route).toContain(':');
    expect(valueOf(text, `mlp_http_requests_total{method="GET",route="${route}",status_class="4xx"}`)).toBe(
      1,
    );
    expect(
      valueOf(text, 'mlp_http_requests_total{method="GET",route="/api/health",status_class="2xx"}'),
    ).toBe(1);
    expect(valueOf(text, `mlp_http_request_duration_seconds_count{method="GET",route="${route}"}`)).toBe(1);
    // Unknown paths are one series, and no raw URL or id becomes a label.
    expect(valueOf(text, 'mlp_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(
      1,
    );
    expect(text).not.toContain(missing);
    expect(text).not.toContain('12345');
  });

  it('shows the mail outbox backlog and how long its oldest mail has waited', async () => {
    const before = (await scrape()).body;
    expect(valueOf(before, 'mlp_mail_outbox_backlog')).toBe(0);
    expect(valueOf(before, 'mlp_mail_outbox_oldest_age_seconds')).toBe(0);

    const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
    await enqueueMail(t.ctx.db, mail, null);
    await enqueueMail(t.ctx.db, mail, null);
    t.clock.advance(90_000);
    const after = (await scrape()).body;
    expect(valueOf(after, 'mlp_mail_outbox_backlog')).toBe(2);
    expect(valueOf(after, 'mlp_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(valueOf(after, 'mlp_renewals_due')).toBe(0);
    expect(valueOf(after, 'mlp_renewals_failed_last_day')).toBe(0);
  });

  it('counts failed job runs by job, and shows the job queue depth', async () => {
    let runs = 0;
    const queue = createJobQueue({
      database: t.database,
      jobs: [
        {
          name: 'always-fails',
          cron: '0 0 1 1 *',
          run: () => {
            runs += 1;
            return Promise.reject(new Error('a failing run'));
          },
        },
      ],
      log: silent,
      pollSeconds: 0.5,
      onRunFinished: (job, outcome) => t.ctx.metrics.recordJobRun(job, outcome),
    });
    await queue.start();
    try {
      const deadline = Date.now() + 20_000;
      while (runs < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const text = (await scrape()).body;
      expect(valueOf(text, 'mlp_job_runs_total{job="always-fails",outcome="failed"}')).toBe(1);
      expect(valueOf(text, 'mlp_job_queue_depth{job="always-fails"}')).toBe(0);
    } finally {
      await queue.stop();
    }
  });
});
