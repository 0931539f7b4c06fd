import { z } from '../validation';

/**
 * Staff roles, each including everything below it: crew run the day (calendar, bookings, waivers,
 * prices read-only); managers also run operations, products and reports; owners also manage users,
 * settings and payments.
 */
export const staffRoles = ['crew', 'manager', 'owner'] as const;
export const staffRole = z.enum(staffRoles, { error: 'Choose a role: owner, manager or crew' });
export type StaffRole = z.infer<typeof staffRole>;

export const roleLabels: Record<StaffRole, string> = { owner: 'Owner', manager: 'Manager', crew: 'Crew' };

export function hasRole(role: StaffRole, required: StaffRole): boolean {
  return staffRoles.indexOf(role) >= staffRoles.indexOf(required);
}

/** Sessions end after this long without use, and after this long in any case. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;

export const passwordSchema = z
  .string()
  .min(12, 'Use at least 12 characters')
  .max(128, 'Use at most 128 characters');
