import { signWaiverPath } from '../../lib/paths';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';
import { plural } from '../../lib/time';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';

/** Whether the safety waiver is signed, and the way to sign it (or another one). */
export function WaiverCard({ booking: b }: { booking: PublicBooking }) {
  // The customer has just proved who they are: carry the booking and e-mail over, as the confirmation
  // e-mail's link does, so the signing page opens on their booking instead of asking again.
  const waiverHref = signWaiverPath(b.number, { email: b.customer.email });
  return (
    <CustomerCard id="waiver-heading" heading="Safety waiver" level={3}>
      {b.waiversSigned > 0 ? (
        <p className="mt-2 font-semibold text-emerald-800">
          ✓ Signed ({plural(b.waiversSigned, 'waiver', 'waivers')} on file).
        </p>
      ) : (
        <p className="mt-2 font-semibold text-red-800">
          Not signed yet. Our crew can’t set up until the adult in charge signs it.
        </p>
      )}
      <p className="mt-4">
        <a href={waiverHref} className={b.waiversSigned > 0 ? secondaryButtonClass : primaryButtonClass}>
          {b.waiversSigned > 0 ? 'Sign another waiver' : 'Sign the waiver'}
        </a>
      </p>
    </CustomerCard>
  );
}
