import { useEffect, useState } from 'react';
import { hasRole, type StaffRole } from '../../../lib/auth/roles';
import { adminRequest } from './admin-api';

export interface SignedInStaff {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

let pending: Promise<SignedInStaff | null> | null = null;

/** Who is signed in, asked once per page however many islands want to know (401 goes to sign-in). */
export function loadStaff(): Promise<SignedInStaff | null> {
  pending ??= adminRequest<{ staff: SignedInStaff }>('/api/admin/session').then((r) => (r.ok ? r.data.staff : null));
  return pending;
}

/** The signed-in staff member (null while loading) and whether their role reaches `role`. */
export function useStaff() {
  const [staff, setStaff] = useState<SignedInStaff | null>(null);
  useEffect(() => {
    let live = true;
    void loadStaff().then((s) => live && setStaff(s));
    return () => {
      live = false;
    };
  }, []);
  return { staff, can: (role: StaffRole) => (staff ? hasRole(staff.role, role) : false) };
}
