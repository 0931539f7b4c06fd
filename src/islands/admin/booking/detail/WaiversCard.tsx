import { adminApi } from '../../../../lib/paths';
import { plural } from '../../../../lib/time';
import { staffClock } from '../../shared/business';
import { Card } from '../../shared/ui';
import { SignedTextNote } from '../../waivers/SignedTextNote';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

/** Who signed the booking's waiver, with each signed PDF. */
export function WaiversCard({ booking }: { booking: AdminBooking }) {
  return (
    <Card title={`Waivers (${booking.waivers.length} signed)`}>
      {booking.waivers.length === 0 ? (
        <p className="text-sm text-slate-700">No waiver signed yet. The customer’s e-mail has the signing link; guests can sign at the party from the QR code.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {booking.waivers.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{w.signerName}</span>
              <span className="text-slate-700">
                {staffClock().timestamp(w.signedAt)} · {plural(w.adults, 'adult', 'adults')}, {plural(w.guests, 'guest', 'guests')}
                {w.signedOnCrewPhone !== null && <> · on the crew’s phone{w.signedOnCrewPhone ? ` (${w.signedOnCrewPhone})` : ''}</>}
              </span>
              {w.hasPdf && (
                <a href={adminApi.waivers.pdf(w.id)} className="font-semibold text-brand-800 underline">
                  PDF<span className="sr-only"> of the waiver signed by {w.signerName}</span>
                </a>
              )}
              <SignedTextNote w={w} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
