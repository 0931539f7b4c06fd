import type { Database } from '../db/index.server';
import { readToken, signToken } from '../http/index.server';
import type { FileStorage } from '../storage';
import type { Store } from '@netlify/blobs';
import { writeBackup } from './backup.server';
import { keepBackup, keptFiles } from './backup-store.server';
import { finishBackupRun, startBackupRun } from './backup-runs.server';

/**
 * The daily backup on a deploy: the scheduled function (30 seconds at most) starts the background
 * function (15 minutes) with a token signed by the site's secret for this one purpose, valid for five
 * minutes: nobody else can make the site spend a quarter of an hour backing itself up.
 */
export const BACKUP_RUN_PURPOSE = 'backup-run';
const TOKEN_MINUTES = 5;

export const backupRunToken = (secret: string, now: Date) => signToken(secret, BACKUP_RUN_PURPOSE, { run: now.toISOString() }, new Date(now.getTime() + TOKEN_MINUTES * 60_000));

export const checkBackupRunToken = (secret: string, token: string, now: Date) => readToken(secret, BACKUP_RUN_PURPOSE, token, now).ok;

/**
 * Writes the archive, its files kept beside it once each, keeps it in the backups store and deletes those
 * beyond the newest 14 (and the files none of the rest names); the run is
 * recorded (backup_runs) as it starts and as it ends, with the reason when it fails, for the owner's
 * settings to show. `clock` tells when it ended.
 */
export async function runDailyBackup(db: Database, storage: FileStorage, store: Store, now: Date, clock: () => Date = () => new Date()) {
  const run = await startBackupRun(db, now);
  try {
    const { archive, manifest } = await writeBackup(db, storage, now, await keptFiles(store));
    const kept = await keepBackup(store, archive, now);
    // The backup's size to the owner: the archive and the files it names.
    const bytes = archive.length + manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    await finishBackupRun(db, run, clock(), { key: kept.key, bytes });
    return { ...kept, bytes, tables: manifest.tables.length, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0), files: manifest.files.length };
  } catch (error) {
    // The database may be what failed: the record is then left "running", which the owner is shown as never finished.
    await finishBackupRun(db, run, clock(), { error }).catch((recording: unknown) => console.error('backup: could not record the failure:', recording));
    throw error;
  }
}
