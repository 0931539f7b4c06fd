import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { opensWithAuthSecret } from '../lib/auth/index.server';
import { archiveBusiness, BackupArchiveError, backupsStore, openArchive, readKeptBackup, restoreBackup, type RestoreResult, RestoreTargetError, sealedTwoStepSecret, type OpenedArchive, type KeptFiles } from '../lib/backups/index.server';
import { connect, MAINTENANCE_LIMITS, migrationsDir } from '../lib/db/index.server';
import { authSecretHere } from './auth-secret';
import { blobsAccess, backupFileStorage } from './backup-target';
import { prepareDatabase } from './database';
import { fail, runCli } from './output';

const usage = `Usage: npm run restore -- <archive.zip | blobs:<name> | blobs:latest> [--force] [--other-business] [--reset-two-step]
Restores a backup into an empty database (DATABASE_URL, or the embedded one in DATA_DIR) and empty storage.
--force: restore over a database and storage that hold data (their rows are replaced; files with the same names too).
--other-business: with --force, restore a backup of another business than the one the site holds (it is replaced by the backup's).
--reset-two-step: when the AUTH_SECRET of the site the backup came from is lost: passwords stay, and everyone sets up two-step sign-in again.
blobs:…: a backup the deployed site kept (NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN); npm run backup -- --list names them.`;

/**
 * Why the restored site would lock its staff out, or null: better-auth seals two-step sign-in with
 * AUTH_SECRET, and the archive carries the sealed secrets but not the key (a backup is not a key store).
 */
async function twoStepProblem(archive: OpenedArchive): Promise<string | null> {
  const sealed = sealedTwoStepSecret(archive);
  const secret = authSecretHere();
  if (sealed === null || (secret !== null && (await opensWithAuthSecret(sealed, secret)))) return null;
  return (
    'The backup\'s two-step sign-in was set up under another AUTH_SECRET than the one this site would use, so nobody could finish signing in. ' +
    'Restore with the secret of the site the backup came from: its AUTH_SECRET, or on this machine its DATA_DIR/auth-secret file copied into this DATA_DIR. ' +
    'If that secret is lost, add --reset-two-step: passwords stay, and everyone sets up two-step sign-in again (owners before they can use the admin). Nothing was restored.'
  );
}

/** `npm run restore` (issue #41; docs/operations.md#backups-and-restore). */
runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' }, 'other-business': { type: 'boolean' }, 'reset-two-step': { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) fail(usage);
  const source = positionals[0]!;
  let bytes: Uint8Array;
  let kept: KeptFiles | undefined;
  if (source.startsWith('blobs:')) {
    const access = blobsAccess();
    if (!access) fail(`${source} needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.\n${usage}`);
    const read = await readKeptBackup(backupsStore(access), source.slice('blobs:'.length));
    if (!read) fail(`The site keeps no backup named ${source.slice('blobs:'.length)} (npm run backup -- --list names them).`);
    ({ archive: bytes, files: kept } = read);
  } else {
    bytes = new Uint8Array(await readFile(source).catch((error: Error) => fail(`Cannot read ${source}: ${error.message}`)));
  }
  // Checked whole before any database is started or touched.
  const archive = (() => {
    try {
      return openArchive(bytes, kept);
    } catch (error) {
      if (error instanceof BackupArchiveError) fail(error.message);
      throw error;
    }
  })();
  const resetTwoStep = Boolean(values['reset-two-step']);
  if (!resetTwoStep) {
    const problem = await twoStepProblem(archive);
    if (problem) fail(problem);
  }
  const database = await prepareDatabase({ seed: false, migrate: false });
  const sql = connect(database.url, 2, MAINTENANCE_LIMITS);
  try {
    const { storage, where } = backupFileStorage();
    const options = { force: Boolean(values.force), otherBusiness: Boolean(values['other-business']), migrationsDir, resetTwoStep, onReplace: (summary: string) => console.log(summary) };
    const result = await restoreBackup(sql, storage, archive, options).catch((error: Error) => {
      if (error instanceof RestoreTargetError || error instanceof BackupArchiveError) fail(error.message);
      throw error;
    });
    const business = archiveBusiness(archive);
    console.log(
      `Restored the backup of ${archive.manifest.createdAt}${business ? ` (“${business.name}”)` : ''}: ${result.rows} rows in ${result.tables} tables and ${result.files} files into ${where}` +
        (result.migratedAfter.length ? `; then applied ${result.migratedAfter.length} newer migration(s).` : '.') +
        (resetTwoStep ? ' Two-step sign-in was reset: everyone sets it up again at their next sign-in.' : '') +
        heldBackNotice(result.heldBack) +
        ' The public pages are waiting to be rebuilt from it: a deployed site publishes them by itself within minutes, and npm start builds them as it starts.',
    );
  } finally {
    await sql.end({ timeout: 1 });
    await database.stop();
  }
});

/** What the restore held back of the outboxes: messages written for when they were queued are not sent late. */
function heldBackNotice({ emails, texts }: RestoreResult['heldBack']): string {
  if (!emails && !texts) return '';
  return ` ${emails} e-mail(s) and ${texts} text(s) were waiting to be sent when the backup was taken: they were held back, not sent (each is marked failed with the reason; a booking's own e-mail can be sent again from its page in the admin, "Resend confirmation e-mail").`;
}
