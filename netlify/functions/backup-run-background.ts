import type { Config } from '@netlify/functions';
import { backupsStore, checkBackupRunToken, runDailyBackup } from '../../src/lib/backups/index.server';
import { db } from '../../src/lib/db/index.server';
import { humanCheckSecret } from '../../src/lib/human-check/index.server';
import { AppError, handler } from '../../src/lib/http';
import { fileStorage } from '../../src/lib/storage/index.server';

/**
 * POST /api/backups/run: the daily backup (issue #41), a background function (the `-background` name:
 * up to 15 minutes). Only with the token the scheduled `backup-daily` signed, checked before any
 * database or storage work; writes the archive to the Blobs store `site-backups`, the newest 14 kept.
 */
export default handler(['POST'], async (req) => {
  const now = new Date();
  const token = req.headers.get('x-backup-token');
  if (!token || !checkBackupRunToken(humanCheckSecret(), token, now)) throw new AppError('forbidden', 'Only the site’s own schedule starts a backup.');
  const result = await runDailyBackup(db(), fileStorage(), backupsStore(), now);
  console.log(`backup: kept ${result.key} (${result.bytes} bytes, ${result.rows} rows in ${result.tables} tables, ${result.files} files); deleted ${result.deleted.length} older`);
  return Response.json(result, { status: 201 });
});

export const config: Config = { path: '/api/backups/run' };
