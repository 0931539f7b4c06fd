import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '../../src/lib/db/index.server';

/**
 * `npm run backup` while the site runs (`npm start`) on the same DATA_DIR: it refused ("Another copy
 * of the site is already using …"), though a backup reads one consistent snapshot. It now uses the
 * running site's embedded server, found from PostgreSQL's own postmaster.pid.
 */
describe('a backup beside the running site', () => {
  it('finds the site’s embedded server and backs it up, and finds none once it has stopped', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'running-site-'));
    const folder = path.join(dataDir, 'postgres');
    const site = await startEmbeddedPostgres({ dataDir: folder, port: await freePort(), database: 'party' });
    try {
      expect(await runningEmbeddedPostgres(folder, 'party')).toBe(site.url);
      const archive = path.join(dataDir, 'backup.zip');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      for (const key of ['DATABASE_URL', 'NETLIFY_SITE_ID', 'NETLIFY_AUTH_TOKEN', 'SUPABASE_URL']) delete env[key];
      const { stdout } = await promisify(execFile)('tsx', ['src/cli/backup.ts', '--out', archive], { env, timeout: 240_000 });
      expect(stdout).toContain('The site is running on this DATA_DIR: using its database.');
      expect(existsSync(archive)).toBe(true);
    } finally {
      await site.stop();
    }
    expect(await runningEmbeddedPostgres(folder, 'party')).toBeNull();
  }, 300_000);
});
