import { useEffect, useState, type ReactNode } from 'react';
import { hasRole, type StaffRole } from '../../../lib/auth';
import { NotAllowed } from './NotAllowed';
import { loadStaff, type SignedInStaff } from './staff';

/**
 * Opens a screen that needs more than crew only for a role that reaches it (the admin layout puts
 * every such screen inside). The screen island is its child and is not even started for a smaller
 * role, so a crew member who types a manager's address reads which role it needs instead of meeting
 * a form whose requests all come back 403. The menu hides these screens; the API refuses them anyway.
 */
export default function ScreenGate({ needs, title, children }: { needs: StaffRole; title: string; children?: ReactNode }) {
  const [session, setSession] = useState<{ staff: SignedInStaff | null } | null>(null);
  useEffect(() => {
    let live = true;
    void loadStaff().then((staff) => live && setSession({ staff }));
    return () => {
      live = false;
    };
  }, []);
  // Nothing until the session answers (a 401 is on its way to the sign-in page meanwhile).
  if (!session) return null;
  // No answer at all (no signal): the screen says what failed itself, and the API still decides.
  if (session.staff && !hasRole(session.staff.role, needs)) return <NotAllowed title={title} needs={needs} />;
  return <>{children}</>;
}
