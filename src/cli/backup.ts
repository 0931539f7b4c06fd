import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupKey } from '../lib/backups';
import { backupsStore, keepBackup, keptBackups, keptFiles, writeBackup } from '../lib/backups/index.server';
import { connect, MAINTENANCE_LIMITS } from '../lib/db/index.server';
import { blobsAccess, backupFileStorage } from './backup-target';
import { prepareDatabase } from './database';
import { fail, runCli, shownPath } from './output';

const usage = `Usage: npm run backup [-- --out <file.zip>] [-- --to-blobs] [-- --list]
Writes one archive of the database (DATABASE_URL, or the embedded one) and every stored file.
--out: where (default backups/backup-<time>.zip). --to-blobs: keep it in the deployed site's backups store
(NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN), the newest 14 kept, as the daily backup does. --list: the kept backups.`;

/** `npm run backup` (issue #41; docs/operations.md#backups-and-restore). */
runCli(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'to-blobs': { type: 'boolean' }, list: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) fail(usage);
  const access = blobsAccess();
  if ((values['to-blobs'] || values.list) && !access) fail(`--to-blobs and --list need NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.\n${usage}`);
  if (values.list) {
    const keys = await keptBackups(backupsStore(access));
    console.log(keys.length ? keys.join('\n') : 'No kept backups.');
    return;
  }
  // A backup reads one consistent snapshot, so it may run beside the site (`npm start`) on the same DATA_DIR.
  const database = await prepareDatabase({ seed: false, joinRunning: true });
  const sql = connect(database.url, 1, MAINTENANCE_LIMITS);
  try {
    const { storage, where } = backupFileStorage();
    const now = new Date();
    // Kept in the site's backups store as the daily backup is: its files beside it, each once.
    const store = values['to-blobs'] ? backupsStore(access) : null;
    const { archive, manifest } = await writeBackup(sql, storage, now, store ? await keptFiles(store) : undefined);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const summary = `${rows} rows in ${manifest.tables.length} tables (schema ${manifest.migrations.at(-1) ?? 'none'}) and ${manifest.files.length} files from ${where}, ${(archive.length / 1024).toFixed(0)} KB`;
    if (store) {
      const { key, deleted } = await keepBackup(store, archive, now);
      console.log(`Kept ${key} in the site's backups store (its files beside it): ${summary}.${deleted.length ? ` Deleted ${deleted.length} older.` : ''}`);
      return;
    }
    const file = path.resolve(values.out ?? path.join('backups', backupKey(now)));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, archive);
    console.log(`Wrote ${shownPath(file)}: ${summary}.`);
  } finally {
    await sql.end({ timeout: 1 });
    await database.stop();
  }
});
