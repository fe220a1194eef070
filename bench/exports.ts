/**
 * The accountant's payments export in `npm run bench` (decision 0068): 100,000 payments over 2021 (a year
 * no other scenario reads), each with a learner and the benchmark exam, written once by one INSERT …
 * SELECT generate_series; then one administrator downloads the year as CSV while this process samples the
 * server's resident memory. Targets (docs/performance.md): the whole file in ≤ 10 s, the server's RSS
 * growing by ≤ 50 MB.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

export const EXPORT_PAYMENTS = 100_000;
const ORDER_PREFIX = 'BENCH-EXPORT-';

/** Adds the 2021 payments when they are missing. */
export async function ensureExportPayments(target: Target, examId: string, log: Log): Promise<void> {
  await withDb(target, async (db) => {
    const [existing] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments where order_id like ${`${ORDER_PREFIX}%`}`,
    );
    if ((existing?.n ?? 0) >= EXPORT_PAYMENTS) return;
    const started = Date.now();
    await db.execute(sql`delete from payments where order_id like ${`${ORDER_PREFIX}%`}`);
    await db.execute(sql`
      with learners as (
        select id, row_number() over (order by created_at, id) - 1 as k from users order by created_at, id limit 1000
      ), counted as (select count(*)::int as n from learners)
      insert into payments (id, provider, order_id, capture_id, amount_pence, currency, status, kind, user_id,
        exam_id, period_end, created_at)
      select gen_random_uuid(), 'paypal', ${ORDER_PREFIX} || g.n, 'CAPTURE-' || g.n, 1999, 'GBP',
        case when g.n % 50 = 0 then 'refunded' else 'completed' end,
        case when g.n % 3 = 0 then 'renewal' else 'purchase' end,
        l.id, ${examId}::uuid,
        timestamptz '2021-01-31 00:00:00+00' + (g.n * 315 || ' seconds')::interval,
        timestamptz '2021-01-01 00:00:00+00' + (g.n * 315 || ' seconds')::interval
      from generate_series(1, ${EXPORT_PAYMENTS}) as g(n)
      cross join counted
      join learners l on l.k = g.n % counted.n`);
    await db.execute(sql`analyze payments`);
    log(
      `Exports: ${EXPORT_PAYMENTS} payments of 2021 written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export interface ExportFigures {
  scenario: string;
  seconds: number;
  bytes: number;
  lines: number;
  rssGrowthMb: number;
}

/** One download of the 2021 payments as CSV, timed, with the server's RSS sampled every 10 ms. */
export async function paymentsExport(
  url: string,
  adminAuth: Record<string, string>,
  serverPid: number,
  log: Log,
): Promise<ExportFigures> {
  const before = rssKb(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(serverPid));
  }, 10);
  const started = process.hrtime.bigint();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(
      `${url}/api/admin/exports/payments?from=2021-01-01&to=2021-12-31&format=csv`,
      {
        headers: adminAuth,
      },
    );
    if (!response.ok || !response.body) throw new Error(`payments export → ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssKb(serverPid));
  const figures: ExportFigures = {
    scenario: `payments export (${EXPORT_PAYMENTS.toLocaleString('en-GB')} rows, CSV)`,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    bytes,
    lines,
    rssGrowthMb: Math.round(((peak - before) / 1024) * 10) / 10,
  };
  log(
    `  ${figures.scenario.padEnd(34)} ${figures.seconds.toFixed(2)} s  ${(bytes / 1024 / 1024).toFixed(1)} MB  ${lines - 1} rows  RSS +${figures.rssGrowthMb} MB (from ${Math.round(before / 1024)} MB)`,
  );
  return figures;
}
