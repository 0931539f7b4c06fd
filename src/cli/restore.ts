import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BackupArchiveError, backupsStore, openArchive, readKeptBackup, restoreBackup, RestoreTargetError } from '../lib/backups/index.server';
import { connect, MAINTENANCE_LIMITS, migrationsDir } from '../lib/db/index.server';
import { blobsAccess, backupFileStorage } from './backup-target';
import { prepareDatabase } from './database';
import { fail, runCli } from './output';

const usage = `Usage: npm run restore -- <archive.zip | blobs:<name> | blobs:latest> [--force]
Restores a backup into an empty database (DATABASE_URL, or the embedded one in DATA_DIR) and empty storage.
--force: restore over a database and storage that hold data (their rows are replaced; files with the same names too).
blobs:…: a backup the deployed site kept (NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN); npm run backup -- --list names them.`;

/** `npm run restore` (issue #41; docs/operations.md#backups-and-restore). */
runCli(async () => {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
  if (values.help || positionals.length !== 1) fail(usage);
  const source = positionals[0]!;
  let bytes: Uint8Array;
  if (source.startsWith('blobs:')) {
    const access = blobsAccess();
    if (!access) fail(`${source} needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.\n${usage}`);
    const kept = await readKeptBackup(backupsStore(access), source.slice('blobs:'.length));
    if (!kept) fail(`The site keeps no backup named ${source.slice('blobs:'.length)} (npm run backup -- --list names them).`);
    bytes = kept.archive;
  } else {
    bytes = new Uint8Array(await readFile(source).catch((error: Error) => fail(`Cannot read ${source}: ${error.message}`)));
  }
  // Checked whole before any database is started or touched.
  const archive = (() => {
    try {
      return openArchive(bytes);
    } catch (error) {
      if (error instanceof BackupArchiveError) fail(error.message);
      throw error;
    }
  })();
  const database = await prepareDatabase({ seed: false, migrate: false });
  const sql = connect(database.url, 2, MAINTENANCE_LIMITS);
  try {
    const { storage, where } = backupFileStorage();
    const result = await restoreBackup(sql, storage, archive, { force: Boolean(values.force), migrationsDir }).catch((error: Error) => {
      if (error instanceof RestoreTargetError) fail(error.message);
      throw error;
    });
    console.log(
      `Restored the backup of ${archive.manifest.createdAt}: ${result.rows} rows in ${result.tables} tables and ${result.files} files into ${where}` +
        (result.migratedAfter.length ? `; then applied ${result.migratedAfter.length} newer migration(s).` : '.'),
    );
  } finally {
    await sql.end({ timeout: 1 });
    await database.stop();
  }
});
