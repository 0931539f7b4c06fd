import type { Sql } from '../db/client.server';
import { callJson } from '../db/json-call.server';
import { AppError } from './errors';

/**
 * Fixed-window counter in PostgreSQL, so the limit holds across every function instance.
 * Throws a 429 AppError once `limit` hits are exceeded within the window.
 */
export async function rateLimit(sql: Sql, key: string, limit: number, windowSeconds: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const hits = await callJson<number>(sql, 'count_rate_limit_hit', { key, windowStart });
  if (hits > limit) {
    throw new AppError('rate_limited', 'Too many attempts. Please wait a few minutes and try again.');
  }
  // Old windows are useless; trimming here keeps the table small without a separate job.
  if (Math.random() < 0.01) await sql`delete from rate_limits where window_start < ${new Date(now.getTime() - 86_400_000)}`;
}
