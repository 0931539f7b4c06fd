import postgres from 'postgres';
import { env } from '../config/env';

export type Sql = postgres.Sql;

let shared: Sql | undefined;

/**
 * One pool per process. `prepare: false` because production goes through Supabase's
 * transaction-mode pooler, which cannot keep prepared statements across transactions.
 */
export function db(): Sql {
  shared ??= connect(env().DATABASE_URL, env().DATABASE_POOL_MAX);
  return shared;
}

export function connect(url: string, max = 5): Sql {
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
