import type { ReactNode } from 'react';
import { bookingCakeLine } from '../../../lib/booking';
import { formatMoney } from '../../../lib/money';
import { adminPaths } from '../../../lib/paths';
import { formatEventWindow, plural } from '../../../lib/time';
import { DataTable, type Column } from '../shared/DataTable';
import { PrintSheet } from '../shared/PrintSheet';
import { callAboutWords, loadWords, overrideWords, siteSummary } from '../../../lib/site-check';
import { addressLines } from './booking-text';
import type { AdminBooking } from '../../../lib/staff-bookings/index.server';

type Item = AdminBooking['items'][number];

/** The units on the truck (a unit of another product stands in when it says so), and a box to tick when loaded. */
const loadColumns: Column<Item>[] = [
  { key: 'item', header: 'Item', rowHeader: true, cell: (item) => item.name },
  { key: 'quantity', header: 'Qty', cell: (item) => item.quantity },
  {
    key: 'units',
    header: 'Units',
    className: 'font-mono',
    cell: (item) =>
      item.units
        .filter((u) => !u.released)
        .map((u) => (u.productName === item.name ? u.label : `${u.label} (${u.productName})`))
        .join(', ') || '—',
  },
  {
    key: 'loaded',
    header: (
      <>
        <span className="sr-only">Loaded</span>
        <span aria-hidden="true">✓</span>
      </>
    ),
    cell: () => <span className="inline-block h-4 w-4 border border-slate-900" aria-hidden="true" />,
  },
];

/**
 * What the delivery crew take on the truck: who, where, what (with unit labels), the setup spot and
 * its gear, the notes and the money to collect. Plain black on white so it prints well; the admin menu and
 * buttons are hidden in print (see booking.astro).
 */
export default function DeliverySheet({ booking }: { booking: AdminBooking }) {
  const due = booking.totals.amountDueCents;
  return (
    <PrintSheet name="delivery-sheet" back={{ href: adminPaths.booking(booking.id), label: '← Back to booking' }} printLabel="Print delivery sheet">
      <header className="border-b-2 border-slate-900 pb-3">
        <h1 className="text-2xl font-bold">Delivery sheet · {booking.number}</h1>
        <p className="mt-1 text-lg font-semibold">{formatEventWindow(booking.event)}</p>
        <p className="text-sm">Status: {booking.statusLabel}</p>
      </header>

      <section className="grid gap-4 border-b border-slate-400 py-3 sm:grid-cols-2 print:grid-cols-2" aria-labelledby="sheet-customer">
        <div>
          <h2 id="sheet-customer" className="text-sm font-bold uppercase tracking-wide">
            Customer
          </h2>
          <p className="text-lg font-semibold">{booking.customer.name}</p>
          <p className="text-lg">{booking.customer.phone}</p>
          <p className="text-sm">{booking.customer.email}</p>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide">Address</h2>
          <p className="text-lg font-semibold">{addressLines(booking)}</p>
          <p>
            Setup spot: <strong>{siteSummary(booking.site.answers, booking.site) || 'not given, ask on arrival'}</strong>
          </p>
          {loadWords(booking.site.load) && <p>Gear: {loadWords(booking.site.load)}</p>}
          {booking.site.flags.length > 0 && <p className="font-bold">Call about: {booking.site.flags.map(callAboutWords).join('; ')}</p>}
          {booking.site.override && <p className="font-bold">{overrideWords(booking.site.override)}</p>}
        </div>
      </section>

      <SheetSection id="sheet-items" title="Load">
        <DataTable caption="Load" columns={loadColumns} rows={booking.items} rowKey={(item) => item.id} empty="Nothing to load." />
      </SheetSection>

      {booking.cakes.length > 0 && (
        <SheetSection id="sheet-cakes" title="Cakes to deliver">
          <ul className="mt-1 space-y-1" data-testid="sheet-cakes">
            {booking.cakes.map((c) => (
              <li key={c.id}>
                <strong>{bookingCakeLine(c)}</strong>: {c.product}, {c.servings} servings, {plural(c.tiers, 'tier', 'tiers')}
                {c.messageOnCake ? `, message “${c.messageOnCake}”` : ''}
                {c.allergies ? `. Allergies: ${c.allergies}` : ''}
              </li>
            ))}
          </ul>
        </SheetSection>
      )}

      <SheetSection id="sheet-notes" title="Notes">
        <p>
          <strong>Customer:</strong> {booking.address.notes || 'none'}
        </p>
        {booking.staffNotes && (
          <p className="whitespace-pre-wrap">
            <strong>Staff:</strong> {booking.staffNotes}
          </p>
        )}
        <p>
          <strong>Waivers signed:</strong> {booking.waivers.length}
          {booking.waivers.length === 0 ? ' (show the customer the QR code before anyone jumps)' : ''}
        </p>
      </SheetSection>

      <SheetSection id="sheet-money" title="Money" last>
        <p className="text-xl font-bold" data-testid="sheet-balance">
          {due > 0 ? `Collect ${formatMoney(due)}` : 'Paid in full: nothing to collect'}
        </p>
        <p className="text-sm">
          Total {formatMoney(booking.totals.totalCents)} · paid {formatMoney(booking.totals.amountPaidCents)}
        </p>
        {booking.cakes.length > 0 && <p className="text-sm">Cakes are paid separately: not part of the amount to collect.</p>}
      </SheetSection>
    </PrintSheet>
  );
}

/** One part of the printed sheet, under its small capitals heading; a rule under each but the last. */
function SheetSection({ id, title, last, children }: { id: string; title: string; last?: boolean; children: ReactNode }) {
  return (
    <section className={last ? 'py-3' : 'border-b border-slate-400 py-3'} aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold uppercase tracking-wide">
        {title}
      </h2>
      {children}
    </section>
  );
}
