import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Sql } from '../db/index.server';
import { LOCKED_MESSAGE, LOCKOUT_MAX_FAILURES, LOCKOUT_MINUTES, LOCKOUT_WINDOW_MINUTES, signInActions, signInEmail } from './sign-in-rules';

// ---------------------------------------------------------------------------------------------
// Lockout per account (per e-mail address tried)

export async function lockedUntil(sql: Sql, email: string): Promise<Date | null> {
  const [row] = await sql<{ locked_until: Date }[]>`
    select locked_until from staff_sign_in_lockouts where email = ${email} and locked_until > now()`;
  return row?.locked_until ?? null;
}

/**
 * Counts one wrong password or code for the address, in one atomic upsert (concurrent failures all
 * count), and locks it when the count reaches the limit within the window. True when this failure
 * locked it.
 */
export async function recordSignInFailure(sql: Sql, email: string): Promise<boolean> {
  const window = `${LOCKOUT_WINDOW_MINUTES} minutes`;
  const lock = `${LOCKOUT_MINUTES} minutes`;
  // The count goes on while the window is open and no lock has run out; otherwise it starts again.
  const [row] = await sql<{ failures: number; locked_until: Date | null }[]>`
    insert into staff_sign_in_lockouts as l (email, failures, window_started_at)
    values (${email}, 1, now())
    on conflict (email) do update set
      failures = case when l.window_started_at > now() - ${window}::interval and coalesce(l.locked_until > now(), true) then l.failures + 1 else 1 end,
      window_started_at = case when l.window_started_at > now() - ${window}::interval and coalesce(l.locked_until > now(), true) then l.window_started_at else now() end,
      locked_until = case when l.locked_until > now() then l.locked_until end
    returning failures, locked_until`;
  if (row!.failures !== LOCKOUT_MAX_FAILURES || row!.locked_until) return false;
  // Exactly one failure reaches the limit, so exactly one request locks (and audits the lockout).
  await sql`update staff_sign_in_lockouts set locked_until = now() + ${lock}::interval where email = ${email}`;
  return true;
}

export async function clearSignInFailures(sql: Sql, email: string): Promise<void> {
  await sql`delete from staff_sign_in_lockouts where email = ${email}`;
}

// ---------------------------------------------------------------------------------------------
// Audit

interface SignInEvent {
  action: (typeof signInActions)[keyof typeof signInActions];
  email: string;
  /** The account's id when known; otherwise the row names the account with this e-mail, if any. */
  userId?: string | null;
  /** Whether the account itself did this (a sign-in, a change to its own second factor). */
  byUser: boolean;
  ip: string | null;
  details?: Record<string, unknown>;
}

/**
 * An audit row for a sign-in event (entity `staff_sign_in`, id the account's when one has the
 * e-mail): successes and changes by the account name it as the actor;
 * failures and lockouts name nobody (whoever typed it is unknown) but keep the e-mail tried.
 */
export async function writeSignInAudit(sql: Sql, event: SignInEvent): Promise<void> {
  const after = { email: event.email, ...event.details };
  await sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip_address)
    select ${event.byUser ? (event.userId ?? null) : null}, ${event.email}, ${event.action}, 'staff_sign_in',
      coalesce(${event.userId ?? null}::text, (select id from staff_user where lower(email) = ${event.email})),
      null, ${sql.json(after as never)}, ${event.ip}`;
}

// ---------------------------------------------------------------------------------------------
// The better-auth plugin

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

interface Pending {
  userId: string;
  email: string;
  /** A sign-in's second step (no session yet), rather than a signed-in user confirming a code. */
  signIn: boolean;
  twoFactorWasOn: boolean;
}
type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What the before hook learnt about a verify request, for the after hook (per request context). */
const pendingByRequest = new WeakMap<object, Pending | null>();

const ipOf = (ctx: HookCtx) => ctx.request?.headers.get('x-nf-client-connection-ip') ?? ctx.headers?.get('x-nf-client-connection-ip') ?? null;
const statusOf = (returned: unknown) => (returned instanceof APIError ? returned.statusCode : 200);
const locked = () => new APIError('TOO_MANY_REQUESTS', { message: LOCKED_MESSAGE, code: 'ACCOUNT_LOCKED' });

/** Who a second-factor request is for: the signed-in user, or the account of the sign-in's two-factor cookie. */
async function pendingUser(ctx: HookCtx): Promise<Pending | null> {
  const session = await getSessionFromCtx(ctx);
  if (session?.user) {
    const user = session.user as { id: string; email: string; twoFactorEnabled?: boolean | null };
    return { userId: user.id, email: user.email, signIn: false, twoFactorWasOn: Boolean(user.twoFactorEnabled) };
  }
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || challenge.expiresAt < new Date()) return null;
  const user = await ctx.context.internalAdapter.findUserById(challenge.value);
  return user ? { userId: user.id, email: user.email.toLowerCase(), signIn: true, twoFactorWasOn: true } : null;
}

/**
 * Lockout per account and the sign-in audit trail, as better-auth hooks around its own endpoints:
 * before a password or code is checked, a locked address is refused (429, the same for any address);
 * after, a wrong one is counted and a success clears the count; every outcome is audited.
 * Listed after the two-factor plugin, so its after hook sees a password sign-in already turned
 * into "now the code" (no session yet).
 */
export function staffSignInGuard(sql: () => Sql) {
  return {
    id: 'staff-sign-in-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = signInEmail((ctx.body as { email?: unknown } | undefined)?.email);
            if (!email || !(await lockedUntil(sql(), email))) return;
            await writeSignInAudit(sql(), { action: signInActions.failure, email, byUser: false, ip: ipOf(ctx), details: { reason: 'locked' } });
            throw locked();
          }),
        },
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? '') || ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            const pending = await pendingUser(ctx);
            pendingByRequest.set(ctx.context, pending);
            if (!pending?.signIn || ctx.path === '/two-factor/disable' || !(await lockedUntil(sql(), pending.email))) return;
            await writeSignInAudit(sql(), { action: signInActions.failure, email: pending.email, userId: pending.userId, byUser: false, ip: ipOf(ctx), details: { reason: 'locked' } });
            throw locked();
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = signInEmail((ctx.body as { email?: unknown } | undefined)?.email);
            const returned = ctx.context.returned;
            if (!email) return;
            const status = statusOf(returned);
            if (status === 401) return failed(ctx, email, null, 'wrong_password');
            if (status === 403) {
              // The right password for a deactivated account: refused by better-auth's admin plugin.
              return writeSignInAudit(sql(), { action: signInActions.failure, email, byUser: false, ip: ipOf(ctx), details: { reason: 'deactivated' } });
            }
            const session = ctx.context.newSession;
            if (status !== 200 || !session) return; // the code comes next (or a malformed request)
            await clearSignInFailures(sql(), email);
            await writeSignInAudit(sql(), { action: signInActions.success, email, userId: session.user.id, byUser: true, ip: ipOf(ctx), details: { method: 'password' } });
          }),
        },
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const pending = pendingByRequest.get(ctx.context);
            if (!pending) return;
            const recovery = ctx.path === '/two-factor/verify-backup-code';
            const status = statusOf(ctx.context.returned);
            const ip = ipOf(ctx);
            if (status === 401 && pending.signIn) return failed(ctx, pending.email, pending.userId, recovery ? 'wrong_recovery_code' : 'wrong_code');
            if (status !== 200) return;
            const base = { email: pending.email, userId: pending.userId, byUser: true, ip };
            if (recovery) await writeSignInAudit(sql(), { ...base, action: signInActions.recoveryCodeUsed, details: { remaining: await recoveryCodesLeft(ctx, pending.userId) } });
            if (pending.signIn) {
              await clearSignInFailures(sql(), pending.email);
              await writeSignInAudit(sql(), { ...base, action: signInActions.success, details: { method: recovery ? 'recovery_code' : 'authenticator' } });
            } else if (!recovery && !pending.twoFactorWasOn) {
              await writeSignInAudit(sql(), { ...base, action: signInActions.twoFactorEnabled });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            const pending = pendingByRequest.get(ctx.context);
            if (statusOf(ctx.context.returned) !== 200 || !pending || pending.signIn) return;
            await writeSignInAudit(sql(), { action: signInActions.twoFactorDisabled, email: pending.email, userId: pending.userId, byUser: true, ip: ipOf(ctx) });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  async function failed(ctx: HookCtx, email: string, userId: string | null, reason: string): Promise<void> {
    const nowLocked = await recordSignInFailure(sql(), email);
    const ip = ipOf(ctx);
    await writeSignInAudit(sql(), { action: signInActions.failure, email, userId, byUser: false, ip, details: { reason } });
    if (nowLocked) {
      await writeSignInAudit(sql(), { action: signInActions.lockout, email, userId, byUser: false, ip, details: { minutes: LOCKOUT_MINUTES } });
    }
  }
}

/** How many recovery codes the account has left (better-auth keeps them encrypted with AUTH_SECRET). */
async function recoveryCodesLeft(ctx: HookCtx, userId: string): Promise<number | null> {
  try {
    const row = await ctx.context.adapter.findOne<{ backupCodes: string }>({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
    if (!row) return null;
    const codes = JSON.parse(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.backupCodes })) as unknown;
    return Array.isArray(codes) ? codes.length : null;
  } catch {
    return null;
  }
}
