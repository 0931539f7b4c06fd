import { type Sql, callJson } from '../db/index.server';
import { AppError } from './errors';

const windowOf = (now: Date, windowSeconds: number) => new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

/** A fixed-window limit: at most `limit` hits per `windowSeconds` for `key`. */
export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in PostgreSQL, so the limit holds across every function instance.
 * Throws a 429 AppError once `limit` hits are exceeded within the window.
 */
export async function rateLimit(sql: Sql, key: string, limit: number, windowSeconds: number, now: Date): Promise<void> {
  const hits = await callJson<number>(sql, 'count_rate_limit_hit', rateLimitHit({ key, limit, windowSeconds }, now));
  if (hits > limit) throw rateLimited();
  await trimRateLimits(sql, now);
}

/**
 * A hit as count_rate_limit_hit takes it, with its limit: for a database function that counts it
 * beside other work in the same round trip (spend_proof_within_limit).
 */
export const rateLimitHit = ({ key, limit, windowSeconds }: RateLimitRule, now: Date) => ({ key, windowStart: windowOf(now, windowSeconds), limit });

/** The answer to a hit over its limit. */
export const rateLimited = () => new AppError('rate_limited', 'Too many attempts. Please wait a few minutes and try again.');

/** Old windows are useless; trimming after an admitted hit keeps the table small without a separate job. */
export async function trimRateLimits(sql: Sql, now: Date): Promise<void> {
  if (Math.random() < 0.01) await sql`delete from rate_limits where window_start < ${new Date(now.getTime() - 86_400_000)}`;
}

/**
 * Whether a coupon code tried from `key` may be looked at (one round trip): a code already tried in
 * the window may (a cart re-priced with its code is not a new guess), a new one only while fewer
 * than `limit` different codes were tried.
 */
export async function couponTryAllowed(sql: Sql, key: string, code: string, limit: number, windowSeconds: number, now: Date): Promise<boolean> {
  const allowed = await callJson<boolean>(sql, 'count_coupon_try', { key, code, limit, windowStart: windowOf(now, windowSeconds) });
  if (Math.random() < 0.01) await sql`delete from coupon_tries where window_start < ${new Date(now.getTime() - 86_400_000)}`;
  return allowed;
}
