import { bookingCakeLine } from '../../../../lib/booking';
import { formatMediumDate } from '../../../../lib/time';
import { cakeStatusLabels } from '../../../../lib/cakes';
import { adminPaths, withSearch } from '../../../../lib/paths';
import { Card } from '../../shared/ui';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

/** Cakes delivered with the booking: their own price and payment, never in the booking's balance. */
export function CakesCard({ booking }: { booking: AdminBooking }) {
  return (
    <Card title={`Cakes delivered with this booking (${booking.cakes.length})`}>
      <ul className="space-y-2 text-sm" data-testid="booking-cakes">
        {booking.cakes.map((c) => (
          <li key={c.id}>
            <a href={withSearch(adminPaths.cakeOrders, { id: c.id })} className="font-semibold text-brand-800 underline">
              {bookingCakeLine(c)}
            </a>
            <span className="block text-slate-700">
              {c.product}, {c.servings} servings · {cakeStatusLabels[c.status]}
            </span>
            {booking.status === 'cancelled' && c.status !== 'delivered' && (
              // A staff or customer cancellation cancels a cake only before its last day: this one is still being made.
              <span className="block font-semibold text-amber-900">
                Still ordered, though the booking is cancelled. Cancel it by hand on the cake orders screen if the bakery agrees.
              </span>
            )}
            <span className="block text-slate-700">
              {c.changeClosed
                ? `Past its last day to change or cancel (${formatMediumDate(c.lastChangeDay)}): not refundable, and the customer can’t move the party online.`
                : `The customer can change or cancel it free until ${formatMediumDate(c.lastChangeDay)}.`}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-700">Cake prices are not part of this booking’s total or balance.</p>
    </Card>
  );
}
