/** `npm run seed`: migrate, then load the demo catalogue into an empty database. */
import { withMigratedDatabase } from '../cli.ts';
import { seedDemoContentIfEmpty } from './seed.ts';

await withMigratedDatabase(async (database) => {
  const seeded = await seedDemoContentIfEmpty(database.db);
  console.log(
    seeded
      ? 'Demo content loaded.'
      : 'The database already has exams or articles, and courses; nothing loaded.',
  );
});
