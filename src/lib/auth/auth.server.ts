import { Pool } from 'pg';
import { ConfigError, env, withoutTlsParameters } from '../config';
import { databaseTls, verificationOptions, db } from '../db/index.server';
import { SESSION_IDLE_SECONDS } from './roles';
import { authApi } from '../paths';

export interface AuthConfig {
  databaseUrl: string;
  secret: string;
  siteUrl: string;
}

/**
 * better-auth and its plugins are loaded here, on first use (about 0.3-0.4 s), not when a
 * module importing this folder starts: every public function (the booking among them) imports this
 * folder through the features it shares with the admin, and never signs anyone in.
 */
export async function createAuth({ databaseUrl, secret, siteUrl }: AuthConfig, pool = authPool(databaseUrl)) {
  const [{ betterAuth }, { admin }, { defaultAc }, { twoFactor }, { staffSignInGuard }] = await Promise.all([
    import('better-auth'),
    import('better-auth/plugins/admin'),
    import('better-auth/plugins/admin/access'),
    import('better-auth/plugins/two-factor'),
    import('./sign-in-guard.server'),
  ]);
  // Roles as better-auth's admin plugin knows them. Staff management goes through this project's own
  // audited admin endpoints (which check the role themselves), so no role gets the plugin's own
  // user/session permissions and its HTTP endpoints are not exposed (see netlify/functions/auth.ts).
  const noPluginPermissions = defaultAc.newRole({ user: [], session: [] });
  const roles = { owner: noPluginPermissions, manager: noPluginPermissions, crew: noPluginPermissions };
  return betterAuth({
    appName: 'Party rental admin',
    baseURL: siteUrl,
    basePath: authApi.base,
    secret,
    trustedOrigins: [new URL(siteUrl).origin],
    database: pool,
    user: { modelName: 'staff_user' },
    account: { modelName: 'staff_account' },
    verification: { modelName: 'staff_verification' },
    session: {
      modelName: 'staff_session',
      // Idle timeout: each use after updateAge pushes expiry to now + expiresIn. The absolute limit
      // is enforced by the admin guard (staff-session.server.ts), which better-auth has no option for.
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 5 * 60,
    },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 12, maxPasswordLength: 128, autoSignIn: false },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'staff_rate_limit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 10 * 60, max: 10 },
        '/change-password': { window: 10 * 60, max: 10 },
        // Each second-factor route on its own, per address (the plugin's default is 3 per 10 s).
        '/two-factor/*': { window: 10 * 60, max: 10 },
      },
    },
    advanced: {
      // `__Host-` cookies: Secure, Path=/, no Domain. Browsers accept Secure cookies from
      // http://localhost too, so the same cookie works in local runs.
      useSecureCookies: false,
      cookiePrefix: '__Host-staff',
      defaultCookieAttributes: { secure: true, httpOnly: true, sameSite: 'strict', path: '/' },
      // Netlify's edge (and the local server) set this header from the connection, replacing any client value.
      ipAddress: { ipAddressHeaders: ['x-nf-client-connection-ip'] },
    },
    plugins: [
      admin({ defaultRole: 'crew', adminRoles: ['owner'], roles }),
      // TOTP with recovery codes (10, shown once, each usable once), required for owners by the admin
      // guard (staff-session.server.ts). Its own lockout is off: staffSignInGuard locks per account
      // for wrong passwords and codes together, and an owner can lift that from the Users screen.
      twoFactor({
        twoFactorTable: 'staff_two_factor',
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: false },
      }),
      staffSignInGuard(() => db()),
    ],
    telemetry: { enabled: false },
  });
}

/**
 * better-auth talks to Postgres through node-postgres (its documented driver): a small pool of its
 * own beside the site's postgres.js pool, on the same database, with the same TLS. node-postgres
 * would read `sslmode` its own way (`require` as `verify-full`, unknown names ignored), so TLS is
 * taken out of the URL and given as the same options the site's socket uses. `prefer` cannot fall
 * back to plain text here: node-postgres then insists on TLS.
 */
export function authPool(databaseUrl: string, caCert?: string): Pool {
  const tls = databaseTls(databaseUrl, caCert);
  const pool = new Pool({
    connectionString: withoutTlsParameters(databaseUrl),
    ssl: tls.mode === 'disable' ? false : verificationOptions(tls),
    max: 3,
    idleTimeoutMillis: 20_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server closes (a pooler restart, a failover) is an 'error' event on the
  // pool; without a listener Node ends the whole function instance. The pool replaces the connection.
  pool.on('error', (error) => console.error('Auth database connection lost:', error.message));
  return pool;
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

let shared: Promise<{ auth: Auth; pool: Pool }> | undefined;

/** The process's auth instance, built from the environment on first use. */
export function auth(): Promise<Auth> {
  if (!shared) {
    const { DATABASE_URL, AUTH_SECRET, SITE_URL } = env();
    if (!AUTH_SECRET) return Promise.reject(new ConfigError('AUTH_SECRET is not set: staff sign-in needs it (at least 32 characters; see .env.example).'));
    const pool = authPool(DATABASE_URL);
    const building = createAuth({ databaseUrl: DATABASE_URL, secret: AUTH_SECRET, siteUrl: SITE_URL }, pool).then((built) => ({ auth: built, pool }));
    // A failure is not kept: the next request tries again.
    building.catch(() => {
      if (shared === building) shared = undefined;
      void pool.end();
    });
    shared = building;
  }
  return shared.then(({ auth }) => auth);
}

export async function closeAuth(): Promise<void> {
  const closing = shared;
  shared = undefined;
  const built = await closing?.catch(() => undefined);
  await built?.pool.end();
}
