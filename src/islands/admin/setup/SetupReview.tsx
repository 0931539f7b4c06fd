import type { ReactNode } from 'react';
import { setupSteps } from '../../../lib/setup';
import { bookingNumberExample } from '../../../lib/reference';
import type { SetupPayload } from './setup-draft';

/** The setup's last step: what was saved, and what was not yet. */
export function SetupReview({ data }: { data: SetupPayload }) {
  const v = data.values;
  const missing = setupSteps.filter((s) => !data.state.done.includes(s.id));
  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2 py-1">
      <dt className="font-semibold">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="space-y-3 text-sm">
      {missing.length > 0 && (
        <p className="font-semibold text-amber-900">Not saved yet: {missing.map((s) => s.label).join(', ')}.</p>
      )}
      <dl className="divide-y divide-slate-200">
        {row(
          'Business',
          `${String(v.business.businessName)} · ${String(v.business.phone)} · ${String(v.business.email)}`,
        )}
        {row('Booking numbers', `Like ${bookingNumberExample(String(v.business.bookingPrefix))}`)}
        {row(
          'Address',
          `${String(v.address.addressLine1)}, ${String(v.address.addressCity)}, ${String(v.address.addressState)} ${String(v.address.addressZip)} (${String(v.address.timezone)})`,
        )}
        {row(
          'Warehouse',
          `${String(v.warehouse.warehouseLine1)}, ${String(v.warehouse.warehouseCity)}, ${String(v.warehouse.warehouseState)} ${String(v.warehouse.warehouseZip)}`,
        )}
        {row('Service area', `${data.activeServiceAreas.length} town(s)`)}
        {row('Tax', `${String(v.tax.taxRatePercent)} %`)}
        {row(
          'Damage waiver',
          v.policies.damageWaiver === 'none'
            ? 'None'
            : `${String(v.policies.damageWaiverPercent)} % of the rentals, ${v.policies.damageWaiver === 'optional' ? 'customers may decline it' : 'on every booking'}`,
        )}
        {row('Payment mode', v.payments.paymentMode === 'deposit_online' ? 'Deposit online' : 'Pay later')}
      </dl>
      <p>Finishing publishes the site with your business (a rebuild takes a minute or two).</p>
    </div>
  );
}
