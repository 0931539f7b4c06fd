import { useState } from 'react';
import { adminApi, adminPaths } from '../../../lib/paths';
import { FormAlert } from '../../shared/form-kit';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { Card, dangerButtonClass, secondaryButtonClass } from '../shared/ui';

/** What the demo still holds (GET /api/admin/setup's `demo`). */
export interface DemoSummary {
  products: number;
  categories: number;
  bookings: number;
  customers: number;
  serviceAreas: number;
  coupons: number;
  realBookings: number;
}

/**
 * "Remove the demo" (owners; in the setup wizard and in Settings): what goes, a confirmation, then one
 * request. With real bookings already taken, what they use stays as the owner's (the server decides).
 */
export function RemoveDemo({ demo, onRemoved }: { demo: DemoSummary; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const nothing = demo.products + demo.categories + demo.bookings + demo.customers + demo.serviceAreas + demo.coupons === 0;
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const result = await adminMutate(adminApi.setup.removeDemo, 'POST', { confirm: true }, 'The demo was removed. The site is being rebuilt.');
    setBusy(false);
    setConfirming(false);
    if (result.ok) onRemoved();
    else setProblem(result.error.message);
  };
  return (
    <Card title="Remove the demo">
      {nothing ? (
        <p className="text-sm text-slate-800">There is no demo data left: everything in the admin is yours.</p>
      ) : (
        <>
          <p className="text-sm text-slate-800">
            The demo business is still here: {demo.products} products in {demo.categories} categories, {demo.bookings} bookings, {demo.customers} customers, {demo.serviceAreas} service areas and{' '}
            {demo.coupons} coupons. Removing it deletes exactly those (with their photos, units, payments, waivers and requests); what you added or imported stays, and so do the staff accounts.
          </p>
          {demo.realBookings > 0 && (
            <p className="mt-2 text-sm font-semibold text-amber-900">
              You already have {demo.realBookings === 1 ? '1 real booking' : `${demo.realBookings} real bookings`}: the demo products, service areas, coupons and customers they use stay, as yours.
            </p>
          )}
          {problem && (
            <div className="mt-3">
              <FormAlert title="The demo was not removed" message={problem} />
            </div>
          )}
          {confirming ? (
            <div role="alertdialog" aria-labelledby="remove-demo-confirm" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3">
              <p id="remove-demo-confirm" className="text-sm font-semibold text-red-900">
                Delete the demo’s products, bookings, customers, requests, service areas and coupons? This cannot be undone.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => void remove()}>
                  Yes, remove the demo
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className={`mt-3 ${dangerButtonClass}`} onClick={() => setConfirming(true)}>
              Remove the demo…
            </button>
          )}
        </>
      )}
    </Card>
  );
}

/** The Settings screen's way to the same action: shown while the demo is still there. */
export function RemoveDemoFromSettings() {
  const { data, reload } = useAdminData<{ state: { isDemo: boolean; completedAt: string | null }; demo: DemoSummary }>(adminApi.setup.all);
  if (!data) return null;
  const left = data.demo.products + data.demo.bookings + data.demo.serviceAreas + data.demo.coupons + data.demo.customers + data.demo.categories;
  if (!data.state.isDemo && left === 0) return null;
  return (
    <div className="mt-4 space-y-2">
      {!data.state.completedAt && (
        <p className="text-sm">
          <a className="font-semibold text-brand-800 underline" href={adminPaths.setup}>
            Set up your business step by step
          </a>
        </p>
      )}
      <RemoveDemo demo={data.demo} onRemoved={reload} />
    </div>
  );
}
