import { prepareDatabase } from './database';
import { runCli } from './output';
import { connect, migrate, migrationsDir, MAINTENANCE_LIMITS } from '../lib/db/index.server';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
runCli(async () => {
  if (process.env.DATABASE_URL) {
    const sql = connect(process.env.DATABASE_URL, 1, MAINTENANCE_LIMITS);
    try {
      const { applied, level } = await migrate(sql, migrationsDir);
      console.log(applied.length ? `Applied ${applied.join(', ')}; schema at ${level}.` : `Nothing to apply; schema at ${level}.`);
    } finally {
      await sql.end();
    }
    return;
  }
  const database = await prepareDatabase();
  await database.stop();
});
