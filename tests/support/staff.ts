import type { Context } from '@netlify/functions';
import type { StaffRole } from '../../src/lib/auth/roles';
import type { Sql } from '../../src/lib/db/client.server';
import { totpCode } from './totp';

export { totpCode };

/** The site origin integration tests use for admin calls (SITE_URL is set to it). */
export const SITE = 'http://localhost:4321';
export const TEST_AUTH_SECRET = 'integration-tests-secret-0123456789abcdef';

type Handler = (req: Request, context: Context) => Promise<Response>;

let ipCounter = 0;
/** A fresh client address per sign-in, so the sign-in rate limit only bites where a test wants it. */
export const nextIp = () => `10.99.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Environment every admin test needs: the database, the site origin and a session secret. */
export function useAdminEnv(databaseUrl: string, extra: Record<string, string> = {}): void {
  Object.assign(process.env, { DATABASE_URL: databaseUrl, SITE_URL: SITE, AUTH_SECRET: TEST_AUTH_SECRET, ...extra });
}

/** Closes the database pool and the auth pool an admin test opened (imported late: both read the environment). */
export async function closeAdminConnections(): Promise<void> {
  const { closeDb } = await import('../../src/lib/db/client.server');
  const { closeAuth } = await import('../../src/lib/auth/auth.server');
  await Promise.all([closeDb(), closeAuth()]);
}

export async function signIn(email: string, password: string, ip = nextIp()): Promise<{ status: number; cookie: string | null; setCookie: string[] }> {
  const auth = (await import('../../netlify/functions/auth')).default as Handler;
  const response = await auth(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-nf-client-connection-ip': ip },
      body: JSON.stringify({ email, password }),
    }),
    { ip } as unknown as Context,
  );
  const setCookie = response.headers.getSetCookie();
  // With a second factor, the password alone sets no session (only the cookie of the code step).
  return { status: response.status, cookie: cookieFrom(setCookie, 'session_token'), setCookie };
}

/** Calls the staff auth function (better-auth behind /api/auth/*) as the admin pages do. */
export async function authCall(path: string, options: { cookie?: string | null; body?: unknown; ip?: string } = {}) {
  const auth = (await import('../../netlify/functions/auth')).default as Handler;
  const ip = options.ip ?? nextIp();
  const response = await auth(
    new Request(`${SITE}${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, 'x-nf-client-connection-ip': ip, ...(options.cookie ? { cookie: options.cookie } : {}) },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    }),
    { ip } as unknown as Context,
  );
  const setCookie = response.headers.getSetCookie();
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, setCookie };
}

/** `name=value` of a Set-Cookie list's cookie with this name (without the `__Host-staff.` prefix), or null. */
export function cookieFrom(setCookie: string[], name: string): string | null {
  const found = setCookie.find((c) => c.startsWith(`__Host-staff.${name}=`) && !c.startsWith(`__Host-staff.${name}=;`));
  return found && !/Max-Age=0\b/i.test(found) ? found.split(';')[0]! : null;
}

/**
 * Turns on the second factor for a signed-in account, for real (as the account menu does: the
 * password, then a code computed from the secret): the new session cookie, the secret and the
 * recovery codes.
 */
export async function enrolTwoFactor(cookie: string, password: string, ip = nextIp()): Promise<{ cookie: string; secret: string; recoveryCodes: string[] }> {
  const enabled = await authCall('/api/auth/two-factor/enable', { cookie, body: { password }, ip });
  if (enabled.status !== 200) throw new Error(`Could not turn on two-step sign-in: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  const secret = new URL(enabled.body.totpURI as string).searchParams.get('secret')!;
  const verified = await authCall('/api/auth/two-factor/verify-totp', { cookie, body: { code: await totpCode(secret) }, ip });
  const renewed = cookieFrom(verified.setCookie, 'session_token');
  if (verified.status !== 200 || !renewed) throw new Error(`Could not confirm two-step sign-in: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { cookie: renewed, secret, recoveryCodes: enabled.body.backupCodes as string[] };
}

/**
 * The full sign-in of an account with a second factor: the password, then a code from the app (or
 * a recovery code). The session cookie, or null with the status of the step that refused.
 */
export async function signInWithCode(email: string, password: string, code: string | (() => Promise<string>), ip = nextIp()): Promise<{ status: number; cookie: string | null; body: unknown }> {
  const first = await signIn(email, password, ip);
  const challenge = cookieFrom(first.setCookie, 'two_factor');
  if (first.status !== 200 || !challenge) return { status: first.status, cookie: first.cookie, body: null };
  const typed = typeof code === 'string' ? code : await code();
  const path = /^\d{6}$/.test(typed) ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  const second = await authCall(path, { cookie: challenge, body: { code: typed }, ip });
  return { status: second.status, cookie: cookieFrom(second.setCookie, 'session_token'), body: second.body };
}

let userCounter = 0;
/**
 * A staff member of this role, signed in: their e-mail, password and session cookie. Owners must
 * use a second factor, so a test owner turns it on for real and its secret is returned too.
 */
export async function staffSession(sql: Sql, role: StaffRole): Promise<{ id: string; email: string; password: string; cookie: string; totpSecret: string | null }> {
  const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
  const email = `${role}-${++userCounter}-${Date.now()}@staff.test`;
  const password = `correct horse ${role} battery`;
  const { id } = await createStaffUser(sql, { name: `Test ${role}`, email, role, password });
  const { cookie } = await signIn(email, password);
  if (!cookie) throw new Error(`Could not sign in the test ${role}`);
  if (role !== 'owner') return { id, email, password, cookie, totpSecret: null };
  const enrolled = await enrolTwoFactor(cookie, password);
  return { id, email, password, cookie: enrolled.cookie, totpSecret: enrolled.secret };
}

/** Calls an admin function as the browser would from the admin pages (same origin), with a session cookie or none. */
export async function adminCall(
  handler: Handler,
  method: string,
  path: string,
  options: { cookie?: string | null; body?: unknown; origin?: string | null; ip?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? SITE : options.origin;
  if (origin && method !== 'GET') headers.origin = origin;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const ip = options.ip ?? '127.0.0.1';
  const response = await handler(new Request(`${SITE}${path}`, init), { ip } as unknown as Context);
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, body: type.includes('json') && text ? JSON.parse(text) : text, headers: response.headers };
}
