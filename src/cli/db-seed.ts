import { connect } from '../lib/db/client.server';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { prepareDatabase } from './database';
import { runCli } from './output';

/** `npm run db:seed`: (re)writes the demo business. Idempotent; it overwrites demo rows staff edited. */
runCli(async () => {
  const database = await prepareDatabase();
  const sql = connect(database.url, 1);
  try {
    await seedDemoBusiness(sql);
    console.log('Demo business seeded.');
  } finally {
    await sql.end();
    await database.stop();
  }
});
