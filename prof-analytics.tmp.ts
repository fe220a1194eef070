import { openDatabase } from './apps/api/src/db/client.ts';
import { examStats, topicStats } from './apps/api/src/modules/analytics/analytics.repository.ts';
import { AnalyticsSchema } from './packages/contract/src/analytics.ts';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/mlp_bench_full', dataDir: '' });
const db = database.db;
const user = 'ebdc5066-9725-4e20-9724-19b785ea7831';
async function time(label: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await f();
  const t = performance.now(); const c = process.cpuUsage();
  for (let i = 0; i < 200; i++) await f();
  const cpu = process.cpuUsage(c);
  console.log(label, ((performance.now() - t) / 200).toFixed(2), 'ms wall', ((cpu.user + cpu.system) / 200 / 1000).toFixed(2), 'ms node cpu');
}
await time('examStats', () => examStats(db, user));
await time('topicStats', () => topicStats(db, user));
const e = await examStats(db, user); const t = await topicStats(db, user);
console.log('exams', e.length, 'points', e.reduce((a, r) => a + r.trend.length, 0), 'topics', t.length, 'points', t.reduce((a, r) => a + r.trend.length, 0));
await database.close();
