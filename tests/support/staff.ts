import type { Context } from '@netlify/functions';
import type { StaffRole } from '../../src/lib/auth/roles';
import type { Sql } from '../../src/lib/db/client.server';

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
  const session = setCookie.find((c) => c.startsWith('__Host-staff.session_token='));
  return { status: response.status, cookie: session ? session.split(';')[0]! : null, setCookie };
}

let userCounter = 0;
/** A staff member of this role, signed in: their e-mail, password and session cookie. */
export async function staffSession(sql: Sql, role: StaffRole): Promise<{ id: string; email: string; password: string; cookie: string }> {
  const { createStaffUser } = await import('../../src/lib/auth/staff-accounts.server');
  const email = `${role}-${++userCounter}-${Date.now()}@staff.test`;
  const password = `correct horse ${role} battery`;
  const { id } = await createStaffUser(sql, { name: `Test ${role}`, email, role, password });
  const { cookie } = await signIn(email, password);
  if (!cookie) throw new Error(`Could not sign in the test ${role}`);
  return { id, email, password, cookie };
}

/** Calls an admin function as the browser would from the admin pages (same origin), with a session cookie or none. */
export async function adminCall(
  handler: Handler,
  method: string,
  path: string,
  options: { cookie?: string | null; body?: unknown; origin?: string | null; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
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
