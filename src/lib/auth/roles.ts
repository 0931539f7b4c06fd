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

/** Who may do what needs `required`, said the way staff talk: "managers and owners", "owners". */
const rolesFrom: Record<StaffRole, string> = { crew: 'all staff', manager: 'managers and owners', owner: 'owners' };
const withArticle: Record<StaffRole, string> = { crew: 'crew', manager: 'a manager', owner: 'an owner' };

/**
 * Why a screen is closed to the signed-in role, naming the role it needs: staff who typed a manager's
 * address should learn who can help, not meet a form whose every request then fails.
 */
export function screenNeedsRole(screen: string, required: StaffRole, signedInAs: StaffRole | null): string {
  const who = signedInAs ? `; you are signed in as ${withArticle[signedInAs]}` : '';
  return `${screen} is for ${rolesFrom[required]}${who}. Ask an owner if you need something here.`;
}

/** The API's 403 for too small a role: names the role the action needs (a screen may show it as it is). */
export function actionNeedsRole(required: StaffRole): string {
  return required === 'owner' ? 'Only an owner can do this.' : 'Only a manager or an owner can do this. Ask an owner if you need it.';
}

/** Sessions end after this long without use, and after this long in any case. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;

export const passwordSchema = z
  .string()
  .min(12, 'Use at least 12 characters')
  .max(128, 'Use at most 128 characters');
