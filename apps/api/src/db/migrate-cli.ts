/** `npm run db:migrate`: apply committed migrations to the configured database. */
import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from './client.ts';

async function open() {
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

const database = await open();
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
