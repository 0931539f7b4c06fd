import type { Sql } from '../db/index.server';
import { backupOverview, type BackupOverview, type BackupRun } from './backup-runs';

/** A reason as the owner reads it: one line, after `lead`, short enough for its column (2,000 characters). */
const reason = (error: unknown, lead = '') =>
  `${lead}${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim() || 'no reason given'}`.slice(0, 2000);

/** A run starting: recorded first, so one the platform cuts short (out of time or memory) shows as never finished. */
export async function startBackupRun(sql: Sql, at: Date): Promise<string> {
  const [row] = await sql<{ id: string }[]>`insert into backup_runs (started_at) values (${at}) returning id`;
  return row!.id;
}

/** A run's end: the archive kept, or the reason it failed. */
export async function finishBackupRun(
  sql: Sql,
  id: string,
  at: Date,
  outcome: { key: string; bytes: number } | { error: unknown },
): Promise<void> {
  if ('key' in outcome) {
    await sql`update backup_runs set outcome = 'succeeded', finished_at = ${at}, backup_key = ${outcome.key}, bytes = ${outcome.bytes} where id = ${id}`;
  } else {
    await sql`update backup_runs set outcome = 'failed', finished_at = ${at}, error = ${reason(outcome.error)} where id = ${id}`;
  }
}

/** A daily run that could not even start (the schedule could not reach the background function). */
export async function recordBackupNotStarted(sql: Sql, at: Date, error: unknown): Promise<void> {
  await sql`insert into backup_runs (started_at, finished_at, outcome, error) values (${at}, ${at}, 'failed', ${reason(error, 'It could not be started: ')})`;
}

interface RunRow {
  started_at: Date;
  finished_at: Date | null;
  outcome: BackupRun['outcome'];
  backup_key: string | null;
  bytes: string | null;
  error: string | null;
}
const toRun = (r: RunRow | undefined): BackupRun | null =>
  r
    ? {
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        outcome: r.outcome,
        key: r.backup_key,
        bytes: r.bytes === null ? null : Number(r.bytes),
        error: r.error,
      }
    : null;

/** The newest run and the newest that succeeded, told as the owner reads them on the business's clock (`timeZone`). */
export async function backupStatus(sql: Sql, now: Date, timeZone: string): Promise<BackupOverview> {
  const rows = await sql<(RunRow & { newest: boolean })[]>`
      (select started_at, finished_at, outcome, backup_key, bytes::text as bytes, error, true as newest from backup_runs order by started_at desc, id limit 1)
      union all
      (select started_at, finished_at, outcome, backup_key, bytes::text as bytes, error, false as newest from backup_runs where outcome = 'succeeded' order by finished_at desc limit 1)`;
  return backupOverview(toRun(rows.find((r) => r.newest)), toRun(rows.find((r) => !r.newest)), now, timeZone);
}
