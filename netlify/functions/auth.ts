import type { Config } from '@netlify/functions';
import { auth } from '../../src/lib/auth/index.server';
import { enableTwoFactorBody, passwordOnlyBody, verifyCodeBody } from '../../src/lib/auth';
import { AppError, handler, parseJson } from '../../src/lib/http';
import type { z } from '../../src/lib/validation';
import { authApi } from '../../src/lib/paths';

/**
 * Staff sign-in, sign-out, session, password change and the second factor, answered by better-auth.
 * Only these endpoints are exposed: staff management goes through the audited /api/admin/users
 * instead of the admin plugin's own endpoints, and there is no self sign-up.
 */
const EXPOSED = new Set<string>([authApi.signIn, authApi.signOut, authApi.session, authApi.changePassword]);

/**
 * The two-factor routes this site uses, each with the one body it accepts: better-auth gets only
 * these fields, so options the site does not offer (trusting a device for 30 days, a code check
 * that makes no session) cannot be asked for.
 */
const TWO_FACTOR: Record<string, z.ZodType<Record<string, unknown>>> = {
  [authApi.twoFactor('enable')]: enableTwoFactorBody,
  [authApi.twoFactor('verify-totp')]: verifyCodeBody,
  [authApi.twoFactor('verify-backup-code')]: verifyCodeBody,
  [authApi.twoFactor('disable')]: passwordOnlyBody,
};

/** better-auth's error codes the pages act on, in this site's error shape. */
const CODES: Record<string, string> = {
  ACCOUNT_LOCKED: 'account_locked',
  INVALID_TWO_FACTOR_COOKIE: 'sign_in_expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'sign_in_expired',
};
const BY_STATUS: Record<number, string> = { 400: 'validation', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 429: 'rate_limited' };

export default handler(['GET', 'POST'], async (req) => {
  const { pathname } = new URL(req.url);
  const schema = TWO_FACTOR[pathname];
  if (!EXPOSED.has(pathname) && !schema) throw new AppError('not_found', 'Not found.');
  if (schema && req.method !== 'POST') throw new AppError('not_found', 'Not found.');
  let forwarded = req;
  if (schema) {
    const body = JSON.stringify(await parseJson(req, schema));
    const headers = new Headers(req.headers);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    forwarded = new Request(req.url, { method: 'POST', headers, body });
  }
  const { handler } = await auth();
  return inSiteErrorShape(await handler(forwarded));
});

/** better-auth answers errors as `{code, message}`; the site's pages and tests read `{error: {code, message}}`. */
async function inSiteErrorShape(response: Response): Promise<Response> {
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown; error?: unknown } | null;
  if (!body || typeof body !== 'object' || 'error' in body) return response;
  const code = (typeof body.code === 'string' && CODES[body.code]) || BY_STATUS[response.status] || 'internal';
  const message = typeof body.message === 'string' && body.message ? body.message : 'That did not work. Please try again.';
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
}

export const config: Config = { path: '/api/auth/*' };
