import type { Audit } from './audit.server';
import { auth } from './auth.server';
import type { StaffRole } from './roles';
import { generatePassword } from './staff-accounts.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import { staffChangeProblem, type CreateStaffBody, type StaffListQuery, type UpdateStaffBody } from './staff-users';

/** A staff account as the users screen shows it (never the password hash or session tokens). */
export interface StaffUserDto {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  createdAt: string;
  /** Start of the newest session still on record (sessions are removed at sign-out and expiry). */
  lastSignInAt: string | null;
  openSessions: number;
  /** Signs in with a second factor (an authenticator app). */
  twoFactor: boolean;
  /** Locked after repeated failed sign-ins, until then (an owner can unlock it sooner). */
  lockedUntil: string | null;
}

interface Row {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  banned: boolean | null;
  createdAt: Date;
  last_sign_in: Date | null;
  open_sessions: number;
  twoFactorEnabled: boolean;
  locked_until: Date | null;
}

const toDto = (r: Row): StaffUserDto => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  active: !r.banned,
  createdAt: r.createdAt.toISOString(),
  lastSignInAt: r.last_sign_in?.toISOString() ?? null,
  openSessions: r.open_sessions,
  twoFactor: r.twoFactorEnabled,
  lockedUntil: r.locked_until?.toISOString() ?? null,
});

const sortColumns = { name: 'name', email: 'email', role: 'role', createdAt: 'createdAt' } as const;

const selectUsers = (sql: Sql) => sql`
  select u.id, u.name, u.email, u.role, u.banned, u."createdAt", u."twoFactorEnabled",
    (select max(s."createdAt") from staff_session s where s."userId" = u.id) as last_sign_in,
    (select count(*)::int from staff_session s where s."userId" = u.id and s."expiresAt" > now()) as open_sessions,
    (select l.locked_until from staff_sign_in_lockouts l where l.email = lower(u.email) and l.locked_until > now()) as locked_until
  from staff_user u`;

export async function listStaffUsers(sql: Sql, query: StaffListQuery): Promise<Page<StaffUserDto>> {
  const pattern = likePattern(query.q);
  const where = sql`
    where (${query.q} = '' or u.name ilike ${pattern} or u.email ilike ${pattern})
      and (${query.role} = '' or u.role = ${query.role})
      and (${query.status} = '' or coalesce(u.banned, false) = ${query.status === 'deactivated'})`;
  const [rows, [count]] = await Promise.all([
    sql<Row[]>`${selectUsers(sql)} ${where}
      order by ${sql(sortColumns[query.sort])} ${sql.unsafe(query.dir)}, u.id
      limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ n: number }[]>`select count(*)::int as n from staff_user u ${where}`,
  ]);
  return pageOf(query, rows.map(toDto), count!.n);
}

export async function getStaffUser(sql: Sql, id: string, lock = false): Promise<StaffUserDto> {
  const [row] = lock ? await sql<Row[]>`${selectUsers(sql)} where u.id = ${id} for update of u` : await sql<Row[]>`${selectUsers(sql)} where u.id = ${id}`;
  if (!row) throw new AppError('not_found', 'No such staff member.');
  return toDto(row);
}

/** better-auth's own password hash (scrypt), so its sign-in accepts passwords set here. */
async function hashPassword(password: string): Promise<string> {
  const { $context } = await auth();
  return (await $context).password.hash(password);
}

/** What the audit log keeps of an account: never passwords, hashes or session tokens. */
const audited = (u: StaffUserDto) => ({ name: u.name, email: u.email, role: u.role, active: u.active });

/**
 * Creates the user and its credential account with the same tables and hash better-auth writes,
 * in one transaction with the audit entry. Returns the password only when it was generated here,
 * to show once.
 */
export async function createStaffAccount(db: Database, input: CreateStaffBody, audit: Audit): Promise<{ user: StaffUserDto; generatedPassword: string | null }> {
  const generatedPassword = input.password ? null : generatePassword();
  const hash = await hashPassword(input.password || generatedPassword!);
  const context = await (await auth()).$context;
  const newId = () => context.generateId({ model: 'user' }) || crypto.randomUUID();
  return db.begin(async (tx) => {
    const [taken] = await tx`select 1 from staff_user where lower(email) = ${input.email}`;
    if (taken) throw fieldError('email', 'A staff member with this e-mail already exists.');
    const id = newId();
    try {
      await tx`insert into staff_user (id, name, email, role, banned) values (${id}, ${input.name}, ${input.email}, ${input.role}, false)`;
    } catch (error) {
      // Two owners adding the same person at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw fieldError('email', 'A staff member with this e-mail already exists.');
      throw error;
    }
    await tx`insert into staff_account (id, "accountId", "providerId", "userId", password) values (${newId()}, ${id}, 'credential', ${id}, ${hash})`;
    const user = await getStaffUser(tx, id);
    await audit(tx, { action: 'staff.create', entity: 'staff_user', entityId: id, before: null, after: audited(user) });
    return { user, generatedPassword };
  });
}

/** Role, name and active changes with the guard rails; deactivation ends the user's sessions at once. */
export async function updateStaffAccount(tx: Sql, actorId: string, id: string, change: UpdateStaffBody): Promise<{ before: StaffUserDto; after: StaffUserDto }> {
  // Owners are locked in a fixed order so two owners demoting each other cannot both pass the count.
  await tx`select id from staff_user where role = 'owner' order by id for update`;
  const before = await getStaffUser(tx, id, true);
  const [owners] = await tx<{ n: number }[]>`select count(*)::int as n from staff_user where role = 'owner' and not coalesce(banned, false)`;
  const problem = staffChangeProblem(actorId, before, change, owners!.n);
  if (problem) throw fieldError(problem.field, problem.message);
  await tx`
    update staff_user set
      name = ${change.name ?? before.name},
      role = ${change.role ?? before.role},
      banned = ${change.active === undefined ? !before.active : !change.active},
      "updatedAt" = now()
    where id = ${id}`;
  if (change.active === false) await tx`delete from staff_session where "userId" = ${id}`;
  return { before, after: await getStaffUser(tx, id) };
}

/** A role, name or active change by an owner (updateStaffAccount), audited under what it did. */
export async function changeStaffAccount(db: Database, actorId: string, id: string, change: UpdateStaffBody, audit: Audit): Promise<StaffUserDto> {
  return db.begin(async (tx) => {
    const { before, after } = await updateStaffAccount(tx, actorId, id, change);
    const action = before.active !== after.active ? (after.active ? 'staff.reactivate' : 'staff.deactivate') : before.role !== after.role ? 'staff.role' : 'staff.update';
    await audit(tx, { action, entity: 'staff_user', entityId: id, before: audited(before), after: audited(after) });
    return after;
  });
}

/** Sets a new password (given or generated) and signs the user out everywhere; the audit log notes only that it happened. */
export async function resetStaffPassword(db: Database, id: string, password: string | undefined, audit: Audit): Promise<{ user: StaffUserDto; generatedPassword: string | null }> {
  const generatedPassword = password ? null : generatePassword();
  const hash = await hashPassword(password || generatedPassword!);
  const context = await (await auth()).$context;
  return db.begin(async (tx) => {
    await getStaffUser(tx, id, true);
    const updated = await tx`update staff_account set password = ${hash}, "updatedAt" = now() where "userId" = ${id} and "providerId" = 'credential' returning id`;
    if (updated.length === 0) {
      await tx`insert into staff_account (id, "accountId", "providerId", "userId", password) values (${context.generateId({ model: 'account' }) || crypto.randomUUID()}, ${id}, 'credential', ${id}, ${hash})`;
    }
    await tx`delete from staff_session where "userId" = ${id}`;
    const user = await getStaffUser(tx, id);
    await audit(tx, { action: 'staff.password_reset', entity: 'staff_user', entityId: id, before: null, after: { email: user.email, generated: generatedPassword !== null } });
    return { user, generatedPassword };
  });
}

/**
 * Lifts a lockout after failed sign-ins (and clears the failures counted so far), audited with
 * when it would have ended. Unlocking an account that is not locked changes nothing and is not audited.
 */
export async function unlockStaffAccount(db: Database, id: string, audit: Audit): Promise<StaffUserDto> {
  return db.begin(async (tx) => {
    const user = await getStaffUser(tx, id, true);
    const cleared = await tx<{ locked_until: Date | null }[]>`delete from staff_sign_in_lockouts where email = ${user.email.toLowerCase()} returning locked_until`;
    if (user.lockedUntil) await audit(tx, { action: 'staff.unlock', entity: 'staff_user', entityId: id, before: { email: user.email, lockedUntil: user.lockedUntil }, after: { email: user.email, lockedUntil: null } });
    return cleared.length ? getStaffUser(tx, id) : user;
  });
}
