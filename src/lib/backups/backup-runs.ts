import { formatClock, formatTimestamp, localTime } from '../time';

/**
 * The daily backup's outcome as the owner reads it (Settings → Business profile → Daily backup): when it
 * last succeeded, and a failure with its reason, from the rows the run writes (backup_runs). A failing
 * backup used to show only in the function's log.
 */

/** A background function is stopped after 15 minutes: a run still "running" after that never finished. */
export const BACKUP_RUN_LIMIT_MINUTES = 15;
/** Daily at 08:00 UTC: no success for longer than this and the schedule itself is not running. */
export const BACKUP_OVERDUE_HOURS = 30;

export interface BackupRun {
  startedAt: Date;
  finishedAt: Date | null;
  outcome: 'running' | 'succeeded' | 'failed';
  key: string | null;
  bytes: number | null;
  error: string | null;
}

export interface BackupOverview {
  /** ok: the last run succeeded, recently; running: one is under way; failed: the last run failed (or never finished); overdue: none succeeded lately; none: none has run. */
  state: 'ok' | 'running' | 'failed' | 'overdue' | 'none';
  headline: string;
  /** The failure's reason, or what to do. */
  detail: string | null;
  lastSucceededAt: string | null;
}

const megabytes = (bytes: number) => `${Math.max(0.1, Math.round(bytes / 100_000) / 10)} MB`;

/** What the owner is told, from the newest run and the newest successful one, at `now`, on the business's clock. */
export function backupOverview(
  last: BackupRun | null,
  lastSuccess: BackupRun | null,
  now: Date,
  timeZone: string,
): BackupOverview {
  const at = (d: Date) => formatTimestamp(d.toISOString(), timeZone);
  // The schedule is 08:00 UTC (backup-daily); the owner reads it on the business's clock, as today falls.
  const daily = formatClock(localTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8)), timeZone));
  const lastSucceededAt = lastSuccess?.finishedAt?.toISOString() ?? null;
  const succeeded = lastSuccess?.finishedAt
    ? `The last backup that succeeded was at ${at(lastSuccess.finishedAt)}.`
    : 'No backup has succeeded yet.';
  if (!last) {
    return {
      state: 'none',
      headline: 'No daily backup has run on this site yet.',
      detail: `It runs every day at ${daily} once the site is deployed; on a computer, make one with npm run backup.`,
      lastSucceededAt,
    };
  }
  if (last.outcome === 'running') {
    const cutOff = now.getTime() - last.startedAt.getTime() > BACKUP_RUN_LIMIT_MINUTES * 60_000;
    if (!cutOff)
      return {
        state: 'running',
        headline: `A backup started at ${at(last.startedAt)} and is still running.`,
        detail: succeeded,
        lastSucceededAt,
      };
    return {
      state: 'failed',
      headline: `The backup started at ${at(last.startedAt)} did not finish.`,
      detail: `It was stopped before it was done (a backup may run ${BACKUP_RUN_LIMIT_MINUTES} minutes, and must fit in the function's memory). ${succeeded}`,
      lastSucceededAt,
    };
  }
  if (last.outcome === 'failed') {
    return {
      state: 'failed',
      headline: `The backup of ${at(last.startedAt)} failed: ${last.error ?? 'no reason was recorded'}`,
      detail: succeeded,
      lastSucceededAt,
    };
  }
  const finished = last.finishedAt ?? last.startedAt;
  if (now.getTime() - finished.getTime() > BACKUP_OVERDUE_HOURS * 3_600_000) {
    return {
      state: 'overdue',
      headline: `No backup has run since ${at(finished)}.`,
      detail: `The daily run (${daily}) has not started since: check the scheduled function backup-daily in Netlify.`,
      lastSucceededAt,
    };
  }
  return {
    state: 'ok',
    headline: `The last backup succeeded at ${at(finished)}${last.bytes !== null ? ` (${megabytes(last.bytes)})` : ''}.`,
    detail: null,
    lastSucceededAt,
  };
}
