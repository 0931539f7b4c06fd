import path from 'node:path';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { runningClusterDir } from '../../../src/lib/db/embedded.server';
import { e2eDataDir } from '../../support/e2e-env';

/**
 * The e2e server's embedded database, its port read from the cluster's postmaster.pid: in the data
 * folder, or where the cluster was relocated when the suite runs as root in a folder the `postgres`
 * user cannot reach. For what only a mail sent by housekeeping would carry, or a setting no screen sets.
 */
export function e2eDatabase(): postgres.Sql {
  const requested = path.resolve(e2eDataDir, 'postgres');
  const cluster = runningClusterDir(requested);
  if (!cluster) throw new Error(`No running e2e database for ${requested} (nor where it is relocated when run as root).`);
  const port = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return postgres(`postgres://postgres:postgres@127.0.0.1:${port}/party`, { max: 1, onnotice: () => {} });
}
