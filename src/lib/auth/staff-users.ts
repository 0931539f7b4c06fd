import { z } from '../validation';
import { passwordSchema, staffRole, type StaffRole } from './roles';
import { listQuery } from '../lists';

/** better-auth ids are random strings, not UUIDs: accept its alphabet only. */
export const staffId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown staff member');

export const staffListQuery = listQuery(['name', 'email', 'role', 'createdAt'], 'name').extend({
  role: z.union([staffRole, z.literal('')]).default(''),
  status: z.enum(['', 'active', 'deactivated'], { error: 'Status is active or deactivated' }).default(''),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

/** Creating a user from the admin: the password may be left out, and the server makes one to show once. */
export const createStaffBody = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
  email: z.email('Enter a valid e-mail address').max(200, 'Use at most 200 characters').transform((e) => e.toLowerCase()),
  role: staffRole,
  password: z.union([passwordSchema, z.literal('')]).optional(),
});
export type CreateStaffBody = z.infer<typeof createStaffBody>;

export const updateStaffBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters').optional(),
    role: staffRole.optional(),
    active: z.boolean({ error: 'Active is true or false' }).optional(),
  })
  .refine((b) => b.name !== undefined || b.role !== undefined || b.active !== undefined, { message: 'Nothing to change', path: ['_'] });
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;

export const resetPasswordBody = z.object({ password: z.union([passwordSchema, z.literal('')]).optional() });

/** Unlocking takes no fields: an empty JSON object. */
export const unlockBody = z.object({});

export interface StaffState {
  id: string;
  role: StaffRole;
  active: boolean;
}

/**
 * Why a change to a staff account must be refused, or null. An owner cannot lock themselves out
 * (deactivate or demote themselves), and the business always keeps at least one active owner.
 * `activeOwners` counts active owners before the change.
 */
export function staffChangeProblem(actorId: string, target: StaffState, change: { role?: StaffRole | undefined; active?: boolean | undefined }, activeOwners: number): { field: 'role' | 'active'; message: string } | null {
  const demoted = change.role !== undefined && change.role !== 'owner' && target.role === 'owner';
  const deactivated = change.active === false && target.active;
  if (target.id === actorId) {
    if (deactivated) return { field: 'active', message: 'You cannot deactivate your own account. Ask another owner.' };
    if (demoted) return { field: 'role', message: 'You cannot change your own role. Ask another owner.' };
  }
  const removesAnOwner = target.role === 'owner' && target.active && (demoted || deactivated);
  if (removesAnOwner && activeOwners <= 1) {
    return { field: deactivated ? 'active' : 'role', message: 'This is the last active owner: make someone else an owner first.' };
  }
  return null;
}
