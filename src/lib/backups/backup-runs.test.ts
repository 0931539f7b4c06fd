import { describe, expect, it } from 'vitest';
import { backupOverview, type BackupRun } from './backup-runs';

const NOW = new Date('2026-12-07T15:00:00Z');
const run = (startedAt: string, outcome: BackupRun['outcome'], extra: Partial<BackupRun> = {}): BackupRun => ({
  startedAt: new Date(startedAt),
  finishedAt: outcome === 'running' ? null : new Date(new Date(startedAt).getTime() + 60_000),
  outcome,
  key: outcome === 'succeeded' ? 'backup-x.zip' : null,
  bytes: outcome === 'succeeded' ? 48_300_000 : null,
  error: outcome === 'failed' ? 'Blobs store unreachable' : null,
  ...extra,
});
const yesterday = run('2026-12-06T08:00:00Z', 'succeeded');
const today = run('2026-12-07T08:00:00Z', 'succeeded');

describe('the daily backup as the owner reads it', () => {
  it.each([
    ['none has run', null, null, 'none', 'No daily backup has run on this site yet.'],
    ['the last one succeeded', today, today, 'ok', 'The last backup succeeded at Dec 7, 2026, 2:01 AM (48.3 MB).'],
    [
      'the last one failed',
      run('2026-12-07T08:00:00Z', 'failed'),
      yesterday,
      'failed',
      'The backup of Dec 7, 2026, 2:00 AM failed: Blobs store unreachable',
    ],
    [
      'one is running',
      run('2026-12-07T14:55:00Z', 'running'),
      today,
      'running',
      'A backup started at Dec 7, 2026, 8:55 AM and is still running.',
    ],
    [
      'one never finished',
      run('2026-12-07T08:00:00Z', 'running'),
      yesterday,
      'failed',
      'The backup started at Dec 7, 2026, 2:00 AM did not finish.',
    ],
    [
      'none ran for days',
      run('2026-12-04T08:00:00Z', 'succeeded'),
      run('2026-12-04T08:00:00Z', 'succeeded'),
      'overdue',
      'No backup has run since Dec 4, 2026, 2:01 AM.',
    ],
  ])('when %s', (_, last, success, state, headline) => {
    const overview = backupOverview(last, success, NOW, 'America/Chicago');
    expect(overview.state).toBe(state);
    expect(overview.headline).toBe(headline);
  });

  it('names the daily run’s time on the business’s clock (08:00 UTC), standard time or summer time', () => {
    expect(backupOverview(null, null, NOW, 'America/Chicago').detail).toBe(
      'It runs every day at 2:00 AM once the site is deployed; on a computer, make one with npm run backup.',
    );
    const summer = run('2026-07-01T08:00:00Z', 'succeeded');
    expect(backupOverview(summer, summer, new Date('2026-07-04T15:00:00Z'), 'America/Chicago').detail).toBe(
      'The daily run (3:00 AM) has not started since: check the scheduled function backup-daily in Netlify.',
    );
  });

  it('says, beside a failure, when a backup last succeeded, or that none has', () => {
    const failed = run('2026-12-07T08:00:00Z', 'failed');
    expect(backupOverview(failed, yesterday, NOW, 'America/Chicago').detail).toBe(
      'The last backup that succeeded was at Dec 6, 2026, 2:01 AM.',
    );
    expect(backupOverview(failed, null, NOW, 'America/Chicago')).toMatchObject({
      detail: 'No backup has succeeded yet.',
      lastSucceededAt: null,
    });
  });
});
