import { interpolate } from '../../lib/i18n';
import { siteToldUs } from '../../lib/site-check';
import type { PublicBooking } from './use-track-order';
import { CustomerCard } from '../shared/CustomerCard';
import { useTrackWords } from './words';

/** The party: when, where, and the items with their prices. */
export function PartyCard({ booking: b }: { booking: PublicBooking }) {
  const { locale, f, trackOrder } = useTrackWords();
  const t = trackOrder.party;
  // Every answer about the setup spot (ground, outlet, gate, stairs, ceiling), in the page's language,
  // in the words the day-before reminder says them back with.
  const toldUs = siteToldUs(b.site.answers, b.site.loadout, locale);
  const event = {
    date: b.event.date,
    start: b.event.start,
    end: b.event.end,
    endDate: b.event.endDate !== b.event.date ? b.event.endDate : undefined,
  };
  return (
    <CustomerCard id="event-heading" heading={t.heading} level={3}>
      <p className="mt-2 font-semibold text-slate-900">{f.eventWindow(event)}</p>
      <address className="mt-2 not-italic text-slate-800">
        {b.address.line1}
        {b.address.line2 && (
          <>
            <br />
            {b.address.line2}
          </>
        )}
        <br />
        {b.address.city}, {b.address.state} {b.address.zip}
      </address>
      {toldUs && (
        <p className="mt-2 text-slate-700" data-testid="site-told-us">
          {toldUs}
        </p>
      )}
      {b.address.notes && <p className="mt-1 text-slate-700">{interpolate(t.notes, { notes: b.address.notes })}</p>}
      <h4 className="mt-4 font-bold text-slate-900">{t.items}</h4>
      <ul className="mt-1 space-y-1 text-slate-800">
        {b.items.map((item) => (
          <li key={item.name} className="flex justify-between gap-4">
            <span>
              {item.quantity} × {item.name}
            </span>
            <span className="tabular-nums">{f.money(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
    </CustomerCard>
  );
}
