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
    connect_timeout: limits.connectSeconds,
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
  limitsOfPool.set(pool, limitsStatement);
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

/** Each pool's `SET LOCAL` timeouts statement, for transactions opened by transactionAfter. */
const limitsOfPool = new WeakMap<Database, string>();

/**
 * A transaction opened in the round trip of a statement that comes first and stands on its own: one
 * message runs `first` and commits it whatever the transaction then does, begins the transaction and
 * sets its timeouts. `body` gets the transaction (on a connection of its own, as in `begin`) and what
 * `first` answered (its first row), and decides from it whether to go on: a throw rolls everything
 * after `first` back, as does any failure; a body that returns commits.
 *
 * For a web booking's admission (its rate-limit hit and the spending of its human-check proof, which
 * must count even when the booking then fails, and must not hold the address's rate-limit row for the
 * booking's length): before, the admission was a round trip of its own ahead of the transaction's
 * BEGIN. Through a transaction pooler (production's) every round trip is a pass through the pooler
 * and a wait; this is one fewer per booking, with the statements the database runs unchanged. One
 * message with COMMIT and BEGIN in it is what a pooler in transaction mode follows (it keeps the
 * server linked for the transaction the message leaves open), and the socket keeps it one request.
 * Likewise the body may send its last statement with the COMMIT (`lastWithCommit`): a website booking
 * is then two round trips from its admission to its commit (the admission's, which opens the
 * transaction and reads the cart's snapshot: `opening`; place_booking with the COMMIT), where it was four.
 */
export async function transactionAfter<T>(
  pool: Database,
  first: string,
  body: (tx: Sql, firstRow: Record<string, unknown> | undefined, lastWithCommit: LastWithCommit, openingRow: Record<string, unknown> | undefined) => Promise<T>,
  /**
   * The transaction's first statement (one that returns rows), sent in the same message after the
   * timeouts: its first row comes to `body`. It runs before `body` has read `first`'s answer, so it
   * must be one a refused `first` makes harmless: `body` then throws, and it is rolled back. A
   * website booking's cart_snapshot: its admission, transaction and snapshot in one round trip.
   */
  opening?: string,
): Promise<T> {
  const limits = limitsOfPool.get(pool);
  if (limits === undefined) throw new Error('transactionAfter needs a pool made by connect()');
  // postgres.js as patched (patches/, docs/decisions.md): unpatched, a reserve waiting while a connection closed hung forever.
  const connection = await pool.reserve();
  // 'last': the body's last statement went with the COMMIT (lastWithCommit); 'done': it committed.
  // (A box: what lastWithCommit sets is not narrowed away below.)
  const state: { ending: 'open' | 'last' | 'commit' | 'done' } = { ending: 'open' };
  const lastWithCommit: LastWithCommit = async (statement) => {
    if (state.ending !== 'open') throw new Error('lastWithCommit: the transaction is ending already');
    state.ending = 'last';
    const rows = await connection.unsafe<Record<string, unknown>[]>(`${statement}; commit`);
    state.ending = 'done';
    return rows;
  };
  try {
    let firstRow: Record<string, unknown> | undefined;
    let openingRow: Record<string, unknown> | undefined;
    if (opening === undefined) {
      [firstRow] = await connection.unsafe<Record<string, unknown>[]>(`${first}; commit; begin; ${limits}`);
    } else {
      // Two statements with rows in one message: postgres.js answers each one's rows, in order.
      const answers = (await connection.unsafe(`${first}; commit; begin; ${limits}; ${opening}`)) as unknown as Record<string, unknown>[][];
      if (answers.length !== 2) throw new Error(`transactionAfter: expected the rows of two statements, got ${answers.length}`);
      [[firstRow], [openingRow]] = answers as [Record<string, unknown>[], Record<string, unknown>[]];
    }
    const result = await body(connection, firstRow, lastWithCommit, openingRow);
    if (state.ending === 'open') {
      state.ending = 'commit';
      await connection.unsafe('commit');
    }
    return result;
  } catch (error) {
    // A failed COMMIT has ended the transaction already. Anything else may have left it open (or
    // aborted), which the next user of the connection must not inherit; a ROLLBACK with nothing open
    // is only a notice. A failed last statement with its COMMIT may be either (the statement failed,
    // and the transaction is open and aborted; or the COMMIT, a deferred check): rolled back alike.
    if (state.ending === 'open' || state.ending === 'last') await connection.unsafe('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * A transaction body's last statement, sent with the COMMIT in one message: its rows once both have
 * run. One round trip fewer than the statement and then the COMMIT; what the database runs is the
 * same. Once it is called the body sends nothing more; a failure of either (a deferred constraint
 * checked at the COMMIT included) rejects it, and nothing of the transaction stays.
 */
export type LastWithCommit = (statement: string) => Promise<Record<string, unknown>[]>;

/** postgres.js's documented `socket` option ("fn returning custom socket to use"), missing from its types. */
interface CustomSocketOption {
  socket: (options: { host: string[]; port: number[]; path: string | false }) => GatedSocket;
}

export async function closeDb(): Promise<void> {
  if (shared) await shared.end({ timeout: 5 });
  shared = undefined;
}
