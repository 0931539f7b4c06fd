import type { Config, Context } from '@netlify/functions';
import { db } from '../../src/lib/db/client.server';
import { currentMailStatus } from '../../src/lib/email/outbox.server';
import { checkHealth } from '../../src/lib/health/health.server';
import { apiSecurityHeaders } from '../../src/lib/http/security-headers';

export default async (_req: Request, context: Context) => {
  const health = await checkHealth(db(), context.deploy?.id || process.env.BUILD_ID || 'development', currentMailStatus());
  return Response.json(health, {
    status: health.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store', ...apiSecurityHeaders },
  });
};

export const config: Config = { path: '/api/health', method: 'GET' };
