/** `npm run db:migrate`: apply committed migrations to the configured database. */
import { withMigratedDatabase } from './cli.ts';

await withMigratedDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
});
