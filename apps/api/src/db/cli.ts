import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase, type Database } from './client.ts';

async function openConfiguredDatabase(): Promise<Database> {
  try {
    const config = loadConfig();
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // One line naming the variable, as the server prints it (a running server holds DATA_DIR, say).
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * For the database scripts (`npm run db:migrate`, `npm run seed`): opens the configured database,
 * applies the committed migrations, runs `work` and closes the database again.
 */
export async function withMigratedDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  const database = await openConfiguredDatabase();
  try {
    await database.startupLock(() => database.migrate());
    await work(database);
  } finally {
    await database.close();
  }
}
