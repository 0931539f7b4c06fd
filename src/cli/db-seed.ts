import { connect, MAINTENANCE_LIMITS } from '../lib/db/index.server';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { prepareDatabase } from './database';
import { runCli } from './output';

/** `npm run db:seed`: (re)writes the demo business. Idempotent; it overwrites demo rows staff edited. */
runCli(async () => {
  const database = await prepareDatabase();
  const sql = connect(database.url, 1, MAINTENANCE_LIMITS);
  try {
    await seedDemoBusiness(sql);
    console.log('Demo business seeded.');
  } finally {
    await sql.end();
    await database.stop();
  }
});
