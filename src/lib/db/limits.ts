/**
 * How long the server side may wait on the database, in milliseconds. Each is a PostgreSQL
 * setting except `stallMs`, which the client enforces on its own socket.
 */
export interface DatabaseLimits {
  /** One statement, lock waits included. */
  statementMs: number;
  /** Waiting for one row or table lock (a booking behind a stuck transaction on the same units). */
  lockMs: number;
  /** A transaction that stops sending anything (a crashed function holding its locks). */
  idleInTransactionMs: number;
  /**
   * The client gives up on a connection that has not sent back a single byte this long after a
   * request: the server has stopped answering, and its own timeouts above cannot report that.
   * Longer than `statementMs`, so the server's own timeout error normally arrives first.
   */
  stallMs: number;
  /** Opening a connection (TCP, TLS and PostgreSQL's startup), in whole seconds as postgres.js takes it. */
  connectSeconds: number;
}

/**
 * For requests from customers and staff. Every query the site makes takes milliseconds; a wait of
 * seconds means the database is stuck, and the documented 503 within a few seconds beats a page
 * that spins until the browser gives up.
 */
export const REQUEST_LIMITS: DatabaseLimits = {
  statementMs: 5_000,
  lockMs: 4_000,
  idleInTransactionMs: 10_000,
  stallMs: 7_000,
  connectSeconds: 5,
};

/**
 * For migrations, seeding and backups from the command line, and for the site's build: an index built
 * on a grown table may take minutes, and nobody is waiting on a web page. A build renders hundreds of
 * pages in the process that connects, so on a busy machine its connection waited longer than a
 * request's 5 s (the Spanish waiver page's build failed with CONNECT_TIMEOUT at a load of 20). Still
 * bounded, so a forgotten lock does not hang a deploy forever.
 */
export const MAINTENANCE_LIMITS: DatabaseLimits = {
  statementMs: 10 * 60_000,
  lockMs: 60_000,
  idleInTransactionMs: 10 * 60_000,
  stallMs: 11 * 60_000,
  connectSeconds: 60,
};

/**
 * The statement each transaction runs first: its timeouts as `SET LOCAL`, so they hold on whichever
 * server connection a transaction pooler lends it, and end with it. Startup parameters are no way to
 * set them: PgBouncer 1.18 refuses a connection that sends one it does not track
 * (`statement_timeout` among them) unless told to ignore it, and then it is not applied; and a
 * session-level SET would stay on a server connection that other clients then share.
 */
export function transactionLimitsStatement(limits: DatabaseLimits): string {
  return [
    `set local statement_timeout = ${wholeMs(limits.statementMs)}`,
    `set local lock_timeout = ${wholeMs(limits.lockMs)}`,
    `set local idle_in_transaction_session_timeout = ${wholeMs(limits.idleInTransactionMs)}`,
  ].join('; ');
}

function wholeMs(value: number): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`A database limit must be a positive whole number of milliseconds, not ${value}`);
  return value;
}
