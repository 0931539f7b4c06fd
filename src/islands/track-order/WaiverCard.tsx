import { signWaiverPath } from '../../lib/paths';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';
import { pluralOf } from '../../lib/i18n';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';

/** Whether the safety waiver is signed, and the way to sign it (or another one). */
export function WaiverCard({ booking: b }: { booking: PublicBooking }) {
  // The customer has just proved who they are: carry the booking and e-mail over, as the confirmation
  // e-mail's link does, so the signing page opens on their booking instead of asking again.
  const { link, trackOrder } = useTrackWords();
  const t = trackOrder.waiver;
  const waiverHref = link(signWaiverPath(b.number, { email: b.customer.email }));
  return (
    <CustomerCard id="waiver-heading" heading={t.heading} level={3}>
      {b.waiversSigned > 0 ? (
        <p className="mt-2 font-semibold text-emerald-800">
          {pluralOf(b.waiversSigned, t.signed)}
        </p>
      ) : (
        <p className="mt-2 font-semibold text-red-800">
          {t.notSigned}
        </p>
      )}
      <p className="mt-4">
        <a href={waiverHref} className={b.waiversSigned > 0 ? secondaryButtonClass : primaryButtonClass}>
          {b.waiversSigned > 0 ? t.signAnother : t.sign}
        </a>
      </p>
    </CustomerCard>
  );
}
