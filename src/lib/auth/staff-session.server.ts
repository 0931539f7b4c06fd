import { db, type Sql } from '../db/index.server';
import { env } from '../config';
import { AppError } from '../http';
import { auth } from './auth.server';
import { actionNeedsRole, hasRole, SESSION_ABSOLUTE_SECONDS, staffRole, type StaffRole } from './roles';
import { twoFactorRequiredFor } from './sign-in-rules';

/** The signed-in staff member, as admin code sees them (never the raw session row). */
export interface Staff {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

export interface StaffSession {
  staff: Staff;
  /** Whether the account signs in with a second factor (required for owners). */
  twoFactor: boolean;
  /** Set-Cookie values from better-auth's sliding refresh, to pass on to the browser. */
  setCookies: string[];
}

/**
 * The staff member behind this request's session cookie, or null. Sessions past the absolute
 * limit are deleted here (better-auth only knows the idle limit), and so are sessions of
 * deactivated users, so a ban takes effect on the next request.
 */
export async function currentStaff(req: Request, now = new Date(), sql: Sql = db()): Promise<StaffSession | null> {
  const { api } = await auth();
  const { headers, response: found } = await api.getSession({ headers: req.headers, returnHeaders: true });
  if (!found) return null;
  const { session, user } = found;
  const role = staffRole.safeParse(user.role);
  const expired = now.getTime() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000;
  if (expired || user.banned || !role.success) {
    await sql`delete from staff_session where id = ${session.id}`;
    return null;
  }
  const twoFactor = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  return { staff: { id: user.id, name: user.name, email: user.email, role: role.data }, twoFactor, setCookies: headers.getSetCookie() };
}

/**
 * 401 without a valid session; 403 `two_factor_required` for an owner who has not set up the second
 * factor (nothing in the admin until they do); 403 when the role is below what the action needs.
 */
export async function requireStaff(req: Request, required: StaffRole): Promise<StaffSession> {
  const current = await currentStaff(req);
  if (!current) throw new AppError('unauthorized', 'Please sign in to continue.');
  if (twoFactorRequiredFor(current.staff.role) && !current.twoFactor) {
    throw new AppError('two_factor_required', 'Owners must set up two-step sign-in before using the admin.');
  }
  if (!hasRole(current.staff.role, required)) throw new AppError('forbidden', actionNeedsRole(required));
  return current;
}

/**
 * CSRF guard for admin changes: on top of SameSite=Strict cookies, a change must come from a page
 * of this site. Browsers send Origin on every non-GET fetch and Sec-Fetch-Site where they support it.
 */
export function assertSameOrigin(req: Request): void {
  const fetchSite = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(req.url).origin, new URL(env().SITE_URL).origin]);
  if ((fetchSite && fetchSite !== 'same-origin') || !origin || !allowed.has(origin)) {
    throw new AppError('forbidden', 'This change did not come from the admin pages. Reload the page and try again.');
  }
}
