import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { currentMailStatus } from '../../src/lib/email/index.server';
import { checkHealth } from '../../src/lib/health/index.server';
import { AppError, toResponse, publicLimits, clientIp, apiSecurityHeaders } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * GET /api/health. The per-address count runs beside the check rather than before it: with the
 * database down the count fails too, and the answer must still be the 503 that says so, in time.
 */
/** No longer than the check itself waits for the database. */
const COUNT_TIMEOUT_MS = 3000;

export default async (req: Request, context: Context) => {
  const { limit, windowSeconds } = publicLimits.health;
  const counted = Promise.race([
    rateLimit(db(), `health:${clientIp(req, context)}`, limit, windowSeconds, new Date()).then(
      () => null,
      (error: unknown) => (error instanceof AppError && error.code === 'rate_limited' ? error : null),
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), COUNT_TIMEOUT_MS).unref()),
  ]);
  const [refused, health] = await Promise.all([counted, checkHealth(db(), context.deploy?.id || process.env.BUILD_ID || 'development', currentMailStatus())]);
  const headers = { 'cache-control': 'no-store', ...apiSecurityHeaders };
  if (refused) {
    const response = toResponse(refused);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503, headers });
};

export const config: Config = { path: '/api/health', method: 'GET' };
