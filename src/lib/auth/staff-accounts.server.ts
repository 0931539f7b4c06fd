import { randomBytes } from 'node:crypto';
import { z } from '../validation';
import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { auth } from './auth.server';
import { passwordSchema, staffRole, type StaffRole } from './roles';

export const newStaffUser = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
  email: z.email('Enter a valid e-mail address').max(200).transform((e) => e.toLowerCase()),
  role: staffRole,
  password: passwordSchema,
});
export type NewStaffUser = z.infer<typeof newStaffUser>;

/** Creates a staff account with a hashed password (better-auth's scrypt), or 400 if the e-mail is taken. */
export async function createStaffUser(sql: Sql, input: NewStaffUser): Promise<{ id: string; email: string; role: StaffRole }> {
  const [taken] = await sql`select 1 from staff_user where lower(email) = ${input.email}`;
  if (taken) throw new AppError('validation', 'A staff member with this e-mail already exists.', { email: 'A staff member with this e-mail already exists.' });
  const { api } = await auth();
  const { user } = await api.createUser({ body: { name: input.name, email: input.email, password: input.password, role: input.role } });
  return { id: user.id, email: user.email, role: input.role };
}

/** A password people can type: 20 characters from an alphabet without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * On a database with no staff user: the owner from ADMIN_EMAIL/ADMIN_PASSWORD, or owner@demo.local
 * with a random password that the caller prints once. Returns what it created, or null.
 */
export async function ensureFirstOwner(
  sql: Sql,
  configured: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const [existing] = await sql`select 1 from staff_user limit 1`;
  if (existing) return null;
  const fromEnv = configured.email && configured.password;
  const password = fromEnv ? configured.password! : generatePassword();
  const email = fromEnv ? configured.email! : 'owner@demo.local';
  await createStaffUser(sql, newStaffUser.parse({ name: 'Owner', email, role: 'owner', password }));
  return { email: email.toLowerCase(), generatedPassword: fromEnv ? null : password };
}
