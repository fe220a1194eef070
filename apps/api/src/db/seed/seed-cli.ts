/** `npm run seed`: migrate, then load the demo catalogue into an empty database. */
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../client.ts';
import { seedDemoContentIfEmpty } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const seeded = await seedDemoContentIfEmpty(database.db);
  console.log(
    seeded ? 'Demo content loaded.' : 'The database already has exams or articles; nothing loaded.',
  );
} finally {
  await database.close();
}
