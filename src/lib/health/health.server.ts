import type { Sql } from '../db/client.server';
import { migrationLevel } from '../db/migrate.server';

export type Health =
  | { status: 'ok'; database: 'reachable'; migrationLevel: string | null; buildId: string }
  | { status: 'unavailable'; database: 'unreachable'; message: string; buildId: string };

const TIMEOUT_MS = 3000;

/** Whether the database answers (within a few seconds), and which migration it is at. */
export async function checkHealth(sql: Sql, buildId: string): Promise<Health> {
  try {
    const level = await Promise.race([
      migrationLevel(sql),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref()),
    ]);
    return { status: 'ok', database: 'reachable', migrationLevel: level, buildId };
  } catch {
    return {
      status: 'unavailable',
      database: 'unreachable',
      message: 'The database is not reachable right now. Bookings and forms are paused; please try again shortly.',
      buildId,
    };
  }
}
