import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/lib/db/embedded.server';
import { freePort } from '../../src/cli/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server-level URL (database "postgres") of the throwaway PostgreSQL for this run. */
    postgresServerUrl: string;
  }
}

/** One real PostgreSQL server per test run, in a temporary folder that is deleted afterwards. */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'party-it-'));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    database: 'postgres',
  });
  project.provide('postgresServerUrl', server.url);
  return async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
    // As root, the cluster may live outside `root` (see startEmbeddedPostgres): it goes too.
    await rm(server.dataDir, { recursive: true, force: true });
  };
}
