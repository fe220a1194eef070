/** `npm run seed`: migrate, then load the demo catalogue into an empty database. */
import { ConfigError, loadConfig } from '../../config/env.ts';
import { openDatabase } from '../client.ts';
import { seedDemoContentIfEmpty } from './seed.ts';

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
  const seeded = await seedDemoContentIfEmpty(database.db);
  console.log(
    seeded ? 'Demo content loaded.' : 'The database already has exams or articles; nothing loaded.',
  );
} finally {
  await database.close();
}
