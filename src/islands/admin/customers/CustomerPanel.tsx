import { useId, useState } from 'react';
import type { CustomerDetail, CustomerRow } from '../../../lib/customers/index.server';
import type { Page } from '../../../lib/lists';
import { z } from '../../../lib/validation';
import { formatMediumDate } from '../../../lib/time';
import { staffClock } from '../shared/business';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { DataTable, type Column } from '../shared/DataTable';
import { SearchOnDemand } from '../shared/list';
import { NoteForm } from '../shared/record-parts';
import { useRecord } from '../shared/record-editor';
import { buttonClass, LoadState, secondaryButtonClass } from '../shared/ui';
import { StatusBadge } from '../booking/StatusBadge';
import { CustomerCredits } from './CustomerCredits';
import { phoneHref } from '../../../lib/i18n';

// The notes schema lives with its SQL in customers.server.ts, which islands may not import: the
// server checks the notes (at most 2,000 characters, as the textarea allows) and its 400 shows here.
const notesSchema = z.custom<{ notes: string }>();

const bookingColumns: Column<CustomerDetail['bookings'][number]>[] = [
  { key: 'number', header: 'Booking', rowHeader: true, cell: (b) => b.number },
  // With its year: a customer's bookings run across years, and "Customer since" above has one too.
  { key: 'event', header: 'Event', cell: (b) => formatMediumDate(b.eventDate) },
  { key: 'status', header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
  { key: 'total', header: 'Total', className: 'tabular-nums', cell: (b) => formatMoney(b.totalCents) },
  { key: 'paid', header: 'Paid', className: 'tabular-nums', cell: (b) => formatMoney(b.amountPaidCents) },
];

/** One customer: contact, totals, bookings, staff notes (the saved notes are kept, not fetched again) and merging. */
export function CustomerPanel({ id, onClose, onMerged }: { id: string; onClose(): void; onMerged(): void }) {
  const loaded = useRecord<CustomerDetail, CustomerDetail>(adminApi.customers.one(id), (d) => d);
  const data = loaded.record;
  return (
    <LoadState loading={loaded.loading} error={loaded.error}>
      {data && (
        <div className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm">
          <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="text-xl font-bold text-slate-900">{data.name}</h2>
              <p className="text-sm text-slate-800">
                <a href={`mailto:${data.email}`} className="underline">
                  {data.email}
                </a>{' '}
                ·{' '}
                <a href={phoneHref(data.phone)} className="underline">
                  {data.phone}
                </a>{' '}
                · customer since {staffClock().mediumDate(new Date(data.createdAt))}
              </p>
            </div>
            <button type="button" className={secondaryButtonClass} onClick={onClose}>
              Close<span className="sr-only"> {data.name}</span>
            </button>
          </div>
          <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {(
              [
                ['Bookings', String(data.totals.bookings)],
                ['Active bookings', String(data.totals.activeBookings)],
                ['Booked value', formatMoney(data.totals.bookedValueCents)],
                ['Paid', formatMoney(data.totals.paidCents)],
                ['Refunded', formatMoney(data.totals.refundedCents)],
                ['Lifetime value', formatMoney(data.totals.lifetimeValueCents)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs font-semibold text-slate-700">{term}</dt>
                <dd className="text-lg font-bold tabular-nums text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {/* One column no wider than the panel: a grid's own column grows to its widest table, pushing the page sideways on a phone. */}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <div>
              <h3 className="mb-1 font-bold text-slate-900">Bookings of {data.name}</h3>
              <DataTable caption={`Bookings of ${data.name}`} columns={bookingColumns} rows={data.bookings} rowKey={(b) => b.id} rowHref={(b) => adminPaths.booking(b.id)} empty="No bookings." />
            </div>
            <NoteForm<CustomerDetail>
              name="notes"
              label="Staff notes about this customer"
              record={data}
              schema={notesSchema}
              url={adminApi.customers.one(data.id)}
              success="Customer notes saved."
              pick={(saved, before) => ({ ...before, notes: (saved as { notes: string }).notes })}
              onSaved={loaded.setRecord}
              rows={4}
              maxLength={2000}
              submitLabel="Save notes"
              submitClassName={buttonClass}
            />
            <CustomerCredits customerId={data.id} credits={data.credits} onChanged={(credits) => loaded.setRecord({ ...data, credits })} />
            <CustomerMerge
              keep={data}
              onMerged={() => {
                // The totals and bookings of both records changed: fetch the customer and the list again.
                loaded.reload();
                onMerged();
              }}
            />
          </div>
        </div>
      )}
    </LoadState>
  );
}

/**
 * Two records of one person (a new e-mail address, a typo) become one: this customer stays as it is,
 * the other's bookings, quote requests and cake orders move here and the other record is removed.
 * Deliberate and audited; bookings keep the contact each was placed with.
 */
function CustomerMerge({ keep, onMerged }: { keep: CustomerDetail; onMerged(): void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CustomerRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const searchId = useId();
  const find = async () => {
    const r = await adminRequest<Page<CustomerRow>>(adminApi.customers.list({ q: q.trim(), pageSize: '8' }));
    setFound(r.ok ? r.data.items.filter((c) => c.id !== keep.id) : []);
  };
  const merge = async (other: CustomerRow) => {
    const message = `Merge ${other.name} <${other.email}> into ${keep.name} <${keep.email}>? ${other.name}’s ${other.bookings} booking(s), quote requests and cake orders move here and their record is removed. This cannot be undone.`;
    if (!confirm(message)) return;
    setBusy(true);
    const result = await adminMutate<{ moved: { bookings: number; quotes: number; cakeOrders: number } }>(
      adminApi.customers.one(keep.id, 'merge'),
      'POST',
      { from: other.id },
      ({ moved }) => `Merged: ${moved.bookings} booking(s), ${moved.quotes} quote request(s) and ${moved.cakeOrders} cake order(s) moved to ${keep.name}.`,
    );
    setBusy(false);
    if (result.ok) {
      setFound(null);
      setQ('');
      onMerged();
    }
  };
  return (
    <section aria-labelledby={`${searchId}-title`} className="rounded-lg border border-slate-200 p-3">
      <h3 id={`${searchId}-title`} className="font-bold text-slate-900">
        Merge another customer into this one
      </h3>
      <p className="text-sm text-slate-700">For one person with two records. {keep.name}’s name, e-mail and phone stay.</p>
      <SearchOnDemand id={searchId} label="Find the other customer" value={q} onChange={setQ} onSearch={() => void find()} className="mt-2" />
      {found && (
        <ul className="mt-2 grid gap-1" aria-label="Customers to merge">
          {found.length === 0 && <li className="text-sm text-slate-700">No other customer found.</li>}
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" disabled={busy} className="min-h-11 w-full rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50" onClick={() => void merge(c)}>
                Merge <span className="font-semibold">{c.name}</span> · {c.email} · {c.phone} <span className="text-slate-700">({c.bookings} booking{c.bookings === 1 ? '' : 's'})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
