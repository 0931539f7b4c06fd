import type { Config } from '@netlify/functions';
import { auth } from '../../src/lib/auth/auth.server';
import { handler } from '../../src/lib/http/handler';

/**
 * Staff sign-in, sign-out, session and password change, answered by better-auth. Only these
 * endpoints are exposed: staff management goes through the audited /api/admin/users instead of
 * the admin plugin's own endpoints, and there is no self sign-up.
 */
const EXPOSED = new Set(['/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/get-session', '/api/auth/change-password']);

export default handler(['GET', 'POST'], async (req) => {
  const { pathname } = new URL(req.url);
  if (!EXPOSED.has(pathname)) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  return auth().handler(req);
});

export const config: Config = { path: '/api/auth/*' };
