import { screenNeedsRole, type StaffRole } from '../../../lib/auth';
import { useStaff } from './staff';
import { ScreenHeader } from './ui';

/**
 * Shown instead of a screen the signed-in role may not open (by the admin layout before the screen
 * loads, or by a screen whose API answered 403): the screen's heading, and which role it needs.
 */
export function NotAllowed({ title, screen = title, needs }: { title: string; screen?: string; needs: StaffRole }) {
  const { staff } = useStaff();
  return (
    <>
      <ScreenHeader title={title} />
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
        <h2 className="text-lg font-bold">Not allowed</h2>
        <p className="mt-1 text-sm">{screenNeedsRole(screen, needs, staff?.role ?? null)}</p>
      </div>
    </>
  );
}
