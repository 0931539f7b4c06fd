import { type Sql, migrationLevel } from '../db/index.server';
import type { MailStatus } from '../email';

/** `mail` says how e-mail leaves the site; mail not configured is a warning, not an outage (mail is queued). */
export type Health =
  | { status: 'ok'; database: 'reachable'; migrationLevel: string | null; buildId: string; mail: MailStatus }
  | { status: 'unavailable'; database: 'unreachable'; message: string; buildId: string; mail: MailStatus };

const TIMEOUT_MS = 3000;

/** Whether the database answers (within a few seconds), which migration it is at, and how mail goes out. */
export async function checkHealth(sql: Sql, buildId: string, mail: MailStatus): Promise<Health> {
  try {
    const level = await Promise.race([
      migrationLevel(sql),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref()),
    ]);
    return { status: 'ok', database: 'reachable', migrationLevel: level, buildId, mail };
  } catch {
    return {
      status: 'unavailable',
      database: 'unreachable',
      message: 'The database is not reachable right now. Bookings and forms are paused; please try again shortly.',
      buildId,
      mail,
    };
  }
}
