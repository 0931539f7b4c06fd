import { useEffect, useState } from 'react';
import { hasRole, type StaffRole } from '../../../lib/auth';
import { adminRequest } from './admin-api';
import { adminApi } from '../../../lib/paths';
import { takeSessionTimeZone } from './business';

export interface SignedInStaff {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

interface Session {
  staff: SignedInStaff;
  /** Managers and owners; crew when Settings allow it. */
  mayTakeBookings: boolean;
  /** Signs in with a second factor (always true for owners who got this far). */
  twoFactor: boolean;
  /** The business's time zone as saved (newer than the page's build until the next rebuild); null before any settings exist. */
  timeZone: string | null;
}

let pending: Promise<Session | null> | null = null;

/** Who is signed in, asked once per page however many islands want to know (401 goes to sign-in). */
function loadSession(): Promise<Session | null> {
  if (!pending) {
    pending = adminRequest<Session>(adminApi.session).then((r) => (r.ok ? r.data : null));
    takeSessionTimeZone(pending.then((s) => s?.timeZone ?? null));
  }
  return pending;
}

export const loadStaff = (): Promise<SignedInStaff | null> => loadSession().then((s) => s?.staff ?? null);

/** The signed-in staff member (null while loading), whether their role reaches `role`, and whether they may take bookings. */
export function useStaff() {
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    let live = true;
    void loadSession().then((s) => live && setSession(s));
    return () => {
      live = false;
    };
  }, []);
  const staff = session?.staff ?? null;
  return { staff, can: (role: StaffRole) => (staff ? hasRole(staff.role, role) : false), mayTakeBookings: session?.mayTakeBookings ?? false, twoFactor: session?.twoFactor ?? false };
}
