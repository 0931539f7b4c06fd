import type { Config } from '@netlify/functions';
import { backupRunToken, recordBackupNotStarted } from '../../src/lib/backups/index.server';
import { db } from '../../src/lib/db/index.server';
import { env } from '../../src/lib/config';
import { humanCheckSecret } from '../../src/lib/human-check/index.server';
import { publicApi } from '../../src/lib/paths';
import { runningOnNetlify } from '../../src/lib/runtime/index.server';

/**
 * Every night at 08:00 UTC (the small hours across the US): starts the backup in the background
 * function, which may take minutes, where a scheduled function gets 30 seconds. Netlify answers a
 * background function at once (202) and runs it on its own.
 */
export default async () => {
  // The daily archive goes to the deploy's Blobs store; `npm start` has none (its files are a folder on
  // this computer), so there a backup is `npm run backup`.
  if (!runningOnNetlify()) {
    console.log('backup-daily: not on Netlify, so no daily backup here (use npm run backup).');
    return;
  }
  const now = new Date();
  try {
    const response = await fetch(new URL(publicApi.backupRun, env().SITE_URL), {
      method: 'POST',
      headers: { 'x-backup-token': backupRunToken(humanCheckSecret(), now) },
      signal: AbortSignal.timeout(20_000),
    });
    // Netlify answers a background function 202 at once; anything else means it was not started.
    if (response.status !== 202) throw new Error(`the background function answered ${response.status} instead of starting`);
    console.log(`backup-daily: started the backup (${response.status})`);
  } catch (error) {
    // Logged, and recorded where the owner's settings show it; tomorrow's run tries again.
    console.error('backup-daily: could not start the backup:', error);
    await recordBackupNotStarted(db(), now, error).catch((recording: unknown) => console.error('backup-daily: could not record it:', recording));
  }
};

export const config: Config = { schedule: '0 8 * * *' };
