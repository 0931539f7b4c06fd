import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Every test file's temporary files in a folder of its own (TMPDIR, which os.tmpdir() reads on every
 * call, and which the programs a test starts inherit), deleted after the file. What the tests and the
 * code under them made with os.tmpdir() (data folders full of .eml files, PgBouncer's configuration,
 * copies of PostgreSQL, built sites) had stayed behind: some 70 folders and 25 MB in /tmp per run.
 *
 * Mode 711: run as root, PostgreSQL and PgBouncer run as the `postgres` user, who must be able to pass
 * through it to the folders made for them inside.
 */
const outside = process.env.TMPDIR;
const folder = mkdtempSync(path.join(os.tmpdir(), 'test-file-'));
chmodSync(folder, 0o711);
process.env.TMPDIR = folder;

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks as a stack):
// the file has stopped its servers and databases by then.
afterAll(() => {
  if (outside === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outside;
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  } catch (error) {
    // A leftover folder is not the file's failure: say so and go on.
    console.warn(`Could not delete the test file's temporary folder ${folder}:`, error);
  }
});
