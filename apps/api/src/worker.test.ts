import { describe, expect, it } from 'vitest';
import { useTempDataDirs } from '../test/server.ts';
import { loadConfig } from './config/env.ts';
import { startWorker } from './worker.ts';

const tempDataDir = useTempDataDirs('mlp-worker-');

describe('npm run worker (decision 0030)', () => {
  it('runs the scheduled jobs without a web server, and stops cleanly', async () => {
    const dataDir = tempDataDir();
    const worker = await startWorker(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    );
    try {
      const completed = async () =>
        (
          await worker.ctx.database.executeSql(
            `select name from pgboss.job where state = 'completed' and name in ('renewals', 'free-renewals')`,
          )
        ).rows.map((row) => row.name);
      const deadline = Date.now() + 30_000;
      while ((await completed()).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await completed()).sort()).toEqual(['free-renewals', 'renewals']);
    } finally {
      await worker.stop();
    }
    // Stopped means the embedded database is closed and its lock released: another process may open it.
    const again = await startWorker(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    await again.stop();
    // A real server (or worker) starts and stops here: seconds alone, far more on a loaded machine.
  }, 120_000);
});
