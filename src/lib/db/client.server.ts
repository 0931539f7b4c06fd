import postgres from 'postgres';
import { env, withoutTlsParameters } from '../config';
import { GatedSocket } from './gated-socket.server';
import { databaseTls } from './tls.server';
import { REQUEST_LIMITS, transactionLimitsStatement, type DatabaseLimits } from './limits';

/** Anything that runs queries: the pool or a transaction. */
export type Sql = postgres.ISql;
/** Inside sql.begin(...): can open savepoints. */
export type Transaction = postgres.TransactionSql;
/** The pool itself: needed to open a transaction. */
export type Database = postgres.Sql;

let shared: Database | undefined;

/** One pool per process, with the limits for requests from customers and staff. */
export function db(): Database {
  shared ??= connect(env().DATABASE_URL, env().DATABASE_POOL_MAX, REQUEST_LIMITS, { prepare: env().DATABASE_PREPARED_STATEMENTS });
  return shared;
}

/**
 * A pool that works the same on a direct PostgreSQL connection and through a transaction-mode
 * pooler (production: Supabase's port 6543):
 * - no prepared statements unless `prepare` says the URL reaches PostgreSQL directly: the pooler
 *   cannot keep named statements across transactions (on a direct connection they save the
 *   planning of every query, about 40% of the database's work for a booking);
 * - every connection's socket keeps one request in flight (GatedSocket): postgres.js pipelines
 *   queries and BEGIN onto busy connections, which a transaction pooler cannot follow;
 * - every transaction starts with its statement, lock and idle-in-transaction timeouts
 *   (`SET LOCAL`, which passes through the pooler; the body's first request follows it without
 *   waiting for its answer), and the socket gives up on a request the database stops answering
 *   (`limits.stallMs`): no wait on the database is unbounded.
 */
export function connect(url: string, max = 5, limits: DatabaseLimits = REQUEST_LIMITS, { prepare = false }: { prepare?: boolean } = {}): Database {
  const tls = databaseTls(url);
  const limitsStatement = transactionLimitsStatement(limits);
  const options: postgres.Options<Record<string, postgres.PostgresType>> & CustomSocketOption = {
    max,
    prepare,
    idle_timeout: 20,
    connect_timeout: 5,
    onnotice: () => {},
    // TLS is the socket's job (it must read the protocol in clear), so the driver sees none.
    ssl: false,
    socket: (options) =>
      new GatedSocket({
        host: options.host[0]!,
        port: options.port[0]!,
        path: options.path || undefined,
        tls,
        stallMs: limits.stallMs,
        followable: limitsStatement,
      }),
  };
  // postgres.js would send parameters it does not know (sslrootcert) to the server as settings.
  const pool = postgres(withoutTlsParameters(url), options);
  // The socket connects to the first host only (a failing socket factory would leave postgres.js's
  // connection stuck), so a list of hosts is refused here, before any connection is tried.
  if (pool.options.host.length > 1) throw new Error('DATABASE_URL: give one host, not a list.');
  const begin = pool.begin.bind(pool) as (options: string, body: (tx: Transaction) => unknown) => Promise<unknown>;
  return Object.assign(pool, {
    begin: (optionsOrBody: string | ((tx: Transaction) => unknown), maybeBody?: (tx: Transaction) => unknown) => {
      const [options, body] = typeof optionsOrBody === 'string' ? [optionsOrBody, maybeBody!] : ['', optionsOrBody];
      return begin(options, (tx) => {
        // Not awaited: the body's first request follows it on the wire at once (the socket lets this
        // one statement be followed, see RequestGate), one round trip fewer. Should it fail, the
        // transaction is aborted and postgres.js reports the failure when the body's next query does.
        void tx.unsafe(limitsStatement).execute();
        return body(tx);
      });
    },
  }) as Database;
}

/** postgres.js's documented `socket` option ("fn returning custom socket to use"), missing from its types. */
interface CustomSocketOption {
  socket: (options: { host: string[]; port: number[]; path: string | false }) => GatedSocket;
}

export async function closeDb(): Promise<void> {
  if (shared) await shared.end({ timeout: 5 });
  shared = undefined;
}
