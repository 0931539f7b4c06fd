import postgres from 'postgres';
import { env } from '../config/env';

/** Anything that runs queries: the pool or a transaction. */
export type Sql = postgres.ISql;
/** Inside sql.begin(...): can open savepoints. */
export type Transaction = postgres.TransactionSql;
/** The pool itself: needed to open a transaction. */
export type Database = postgres.Sql;

let shared: Database | undefined;

/**
 * One pool per process. `prepare: false` because production goes through Supabase's
 * transaction-mode pooler, which cannot keep prepared statements across transactions.
 */
export function db(): Database {
  shared ??= connect(env().DATABASE_URL, env().DATABASE_POOL_MAX);
  return shared;
}

export function connect(url: string, max = 5): Database {
  return postgres(url, {
    max,
    prepare: false,
    idle_timeout: 20,
    connect_timeout: 5,
    onnotice: () => {},
  });
}

export async function closeDb(): Promise<void> {
  if (shared) await shared.end({ timeout: 5 });
  shared = undefined;
}
