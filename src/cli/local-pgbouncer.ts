import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { makeTestCertificates } from './tls-certificates';

/**
 * Debian's PgBouncer in `pool_mode = transaction` in front of a PostgreSQL server, on a free
 * loopback port: the kind of pooler production's DATABASE_URL points at (Supabase's port 6543).
 * Any database name a client asks for is passed through to the server, so each test file's own
 * database is reachable through it too.
 */
export interface PgBouncer {
  port: number;
  /** PgBouncer's process (the bench reads its CPU time). */
  pid: number | undefined;
  logFile: string;
  /** The CA (PEM) that signed PgBouncer's TLS certificate, which is for "localhost". */
  tlsCa: string;
  /** `serverUrl` with its host and port replaced by PgBouncer's. */
  via(serverUrl: string): string;
  /** Lines of PgBouncer's log at WARNING level or worse (protocol desyncs, dirty servers). */
  problems(): Promise<string[]>;
  stop(): Promise<void>;
}

export const PGBOUNCER_BINARY = process.env.PGBOUNCER_BINARY ?? '/usr/sbin/pgbouncer';

export function pgbouncerInstalled(): boolean {
  return existsSync(PGBOUNCER_BINARY);
}

export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  if (!pgbouncerInstalled()) {
    throw new Error(
      `PgBouncer is not installed (${PGBOUNCER_BINARY}): apt-get install pgbouncer, or set PGBOUNCER_BINARY.`,
    );
  }
  const server = new URL(serverUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pgbouncer-'));
  const port = await freePort();
  const logFile = path.join(dir, 'pgbouncer.log');
  const certificates = await makeTestCertificates('localhost');
  const config = [
    '[databases]',
    `* = host=127.0.0.1 port=${server.port} user=${decodeURIComponent(server.username)} password=${decodeURIComponent(server.password)}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    // Loopback only, for this run: the server login is in the database line above.
    'auth_type = any',
    'pool_mode = transaction',
    // The admin console (database "pgbouncer"): tests close a database's server connections before dropping it.
    `admin_users = ${decodeURIComponent(server.username)}`,
    'max_client_conn = 2000',
    // Fewer server connections than clients, as on Supabase: clients must share them.
    'default_pool_size = 20',
    'server_login_retry = 1',
    `logfile = ${logFile}`,
    'log_connections = 0',
    'log_disconnections = 0',
    // Clients may ask for TLS (production URLs do), as Supabase's pooler serves it: a certificate
    // for the pooler's host name ("localhost" here) from a CA of its own (made for this run).
    'client_tls_sslmode = allow',
    `client_tls_key_file = ${certificates.keyFile}`,
    `client_tls_cert_file = ${certificates.certFile}`,
  ].join('\n');
  const configFile = path.join(dir, 'pgbouncer.ini');
  await writeFile(configFile, `${config}\n`);

  // PgBouncer will not run as root (CI runs as root): it then drops to the `postgres` user, the
  // same system user the embedded PostgreSQL runs as, who must be able to read and write `dir`.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const child = spawn(PGBOUNCER_BINARY, [...(asRoot ? ['-u', 'postgres'] : []), configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForPort(port, child, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    await certificates.remove();
    throw new Error(
      `PgBouncer did not start: ${(error as Error).message} ${stderr.trim()} ${log.trim().split('\n').slice(-3).join(' ')}`,
      { cause: error },
    );
  }

  return {
    port,
    pid: child.pid,
    logFile,
    tlsCa: certificates.ca,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    problems: () => pgbouncerProblems(logFile),
    async stop() {
      await stopProcess(child);
      await rm(dir, { recursive: true, force: true });
      await certificates.remove();
    },
  };
}

/**
 * Closes every PgBouncer connection to `database` (KILL on the admin console), so that dropping it
 * on the server does not leave PgBouncer idle server connections answering "terminated" to nobody,
 * which it logs as warnings; RESUME lets a later database of the same name be used again.
 */
export async function closePooledConnections(clientServerUrl: string, database: string): Promise<void> {
  const console = new URL(clientServerUrl);
  console.pathname = '/pgbouncer';
  // The admin console speaks only the simple protocol: no type lookup, no parameters.
  const admin = postgres(console.toString(), { max: 1, fetch_types: false, prepare: false, onnotice: () => {} });
  try {
    await admin.unsafe(`KILL ${database}`);
    await admin.unsafe(`RESUME ${database}`);
  } finally {
    await admin.end({ timeout: 1 });
  }
}

/** Warnings the tests cause on purpose through PgBouncer. */
const EXPECTED_WARNINGS = [
  // tests/pgbouncer/tls.test.ts: verify-full refuses the certificate (unknown CA, other host name) mid-handshake.
  /TLS handshake error/,
  // database-outage.test.ts: the server ends a transaction left idle (idle_in_transaction_session_timeout).
  /pooler error: server conn crashed\?/,
];

/**
 * Any other warning, such as a server answer that arrives for no client or a server closed as
 * dirty, is PgBouncer losing track of a connection. Checked by every test file run through it
 * (when it drops its database), so such a warning fails the run even when every assertion passed.
 */
export async function unexpectedPgbouncerWarnings(logFile: string): Promise<string[]> {
  return (await pgbouncerProblems(logFile)).filter((line) => !EXPECTED_WARNINGS.some((known) => known.test(line)));
}

/** Lines of a PgBouncer log at WARNING level or worse: protocol desyncs, dirty servers, refusals. */
export async function pgbouncerProblems(logFile: string): Promise<string[]> {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  return log.split('\n').filter((line) => /\b(WARNING|ERROR|FATAL)\b/.test(line));
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`exited with code ${child.exitCode}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listening on port ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // SIGINT: PgBouncer's "safe shutdown" would wait for clients; SIGTERM closes at once.
    child.kill('SIGTERM');
  });
}
