import { staffClock } from '../../shared/business';
import { Card } from '../../shared/ui';
import { describeChange, historyActionLabels } from './history-text';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

/** Every audited change to the booking, oldest first, with who made it. */
export function HistoryCard({ booking }: { booking: AdminBooking }) {
  if (booking.history.length === 0) return null;
  const clock = staffClock();
  return (
    <Card title="History">
      <ol className="space-y-1 text-sm">
        {booking.history.map((h, i) => (
          <li key={i}>
            <span className="text-slate-700">{clock.timestamp(h.at)}</span> · <span className="font-semibold">{historyActionLabels[h.action] ?? h.action}</span> {describeChange(h, clock)}
            {h.actorKind === 'customer' ? (
              // A STOP or START comes from the customer's phone, not from their booking's page.
              <span className="text-slate-700">{h.actor ? ` · the customer (${h.actor}), online` : ' · the customer'}</span>
            ) : h.actor ? (
              <span className="text-slate-700"> · {h.actor}</span>
            ) : (
              h.action === 'booking.reminder' && <span className="text-slate-700"> · sent automatically</span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
