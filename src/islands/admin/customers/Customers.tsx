import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CustomerDetail, CustomerRow } from '../../../lib/customers/customers-admin.server';
import type { Page } from '../../../lib/lists/list-query';
import { formatShortDate } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { adminMutate, adminRequest, useAdminData } from '../shared/admin-api';
import { CsvLink, listCsvUrl, listSearch, Pagination, SearchBox, SearchOnDemand, SortHeader, useListParams, type ListParams } from '../shared/list';
import { buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { z } from '../../../lib/validation/zod';
import { FormAlert, TextArea } from '../../shared/form-kit';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { StatusBadge } from '../booking/StatusBadge';
import { CsvImport } from '../shared/CsvImport';
import type { CustomersPreview } from '../../../lib/customers/customers-import.server';

// `id` rides along with the list state so an open customer survives reload and can be shared.
const defaults: ListParams = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc', filters: { id: '' } };

/**
 * /admin/customers (managers): everyone who booked, with lifetime value (payments received minus
 * refunds, over all their bookings); one customer opens in a panel above the list.
 */
export default function Customers() {
  const { params, update, sortBy } = useListParams(defaults);
  const { id: openId, ...filters } = params.filters;
  const { data, error, loading, reload } = useAdminData<Page<CustomerRow>>(`/api/admin/customers?${listSearch({ ...params, filters })}`);
  const [importing, setImporting] = useState(false);
  const open = (id: string) => update({ filters: { id }, page: params.page });

  return (
    <>
      <ScreenHeader
        title="Customers"
        description="Lifetime value = payments received minus refunds, over all of a customer’s bookings."
        actions={
          <>
            <button type="button" className={secondaryButtonClass} aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
              Import
            </button>
            <CsvLink href={listCsvUrl('/api/admin/customers', { ...params, filters })} label={params.q ? 'the customers found' : 'every customer'} />
          </>
        }
      />
      {importing && (
        <div className="mb-4">
          <CsvImport<CustomersPreview['rows'][number]>
            title="Import customers"
            endpoint="/api/admin/imports/customers"
            noun="customer"
            help={
              <>
                One customer per row: <strong>name, email, phone</strong> (required), and optionally address_line1, address_line2, city, state,
                zip and notes. An e-mail already on file is refused on its row.
              </>
            }
            columns={[
              { header: 'Name', cell: (r) => r.name },
              { header: 'E-mail', cell: (r) => r.email },
              { header: 'Phone', cell: (r) => r.phone },
              { header: 'City', cell: (r) => r.city },
            ]}
            onClose={() => setImporting(false)}
            onImported={() => {
              setImporting(false);
              reload();
            }}
          />
        </div>
      )}
      {openId && <CustomerPanel id={openId} onClose={() => update({ filters: { id: '' }, page: params.page })} />}
      <Card>
        <form className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find customers" onSubmit={(e) => e.preventDefault()}>
          <SearchBox label="Search: name, e-mail or phone" value={params.q} onSearch={(q) => update({ q })} />
        </form>
        <LoadState loading={loading} error={error} empty={data && data.items.length === 0 ? (params.q ? 'No customer matches this search.' : 'No customers yet.') : undefined}>
          {data && (
            <div className="relative overflow-x-auto" aria-busy={loading}>
              <table className={tableClass}>
                <caption className="sr-only">Customers</caption>
                <thead>
                  <tr>
                    <SortHeader column="name" label="Name" params={params} onSort={sortBy} />
                    <SortHeader column="email" label="E-mail" params={params} onSort={sortBy} />
                    <SortHeader column="phone" label="Phone" params={params} onSort={sortBy} />
                    <SortHeader column="bookings" label="Bookings" params={params} onSort={sortBy} />
                    <SortHeader column="lastEvent" label="Last event" params={params} onSort={sortBy} />
                    <SortHeader column="lifetimeValue" label="Lifetime value" params={params} onSort={sortBy} />
                    <SortHeader column="created" label="Customer since" params={params} onSort={sortBy} />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.id} className={c.id === openId ? 'bg-brand-50' : 'hover:bg-slate-50'}>
                      <th scope="row" className={`${tdClass} font-semibold`}>
                        <button type="button" className="text-left text-brand-800 underline" aria-expanded={c.id === openId} onClick={() => open(c.id)}>
                          {c.name}
                        </button>
                      </th>
                      <td className={tdClass}>{c.email}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{c.phone}</td>
                      <td className={`${tdClass} tabular-nums`}>{c.bookings}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{c.lastEventDate ? formatShortDate(c.lastEventDate) : '—'}</td>
                      <td className={`${tdClass} tabular-nums`}>{formatMoney(c.lifetimeValueCents)}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>{new Date(c.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadState>
        {data && <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />}
      </Card>
    </>
  );
}

function CustomerPanel({ id, onClose }: { id: string; onClose(): void }) {
  const { data, error, loading, reload } = useAdminData<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data?.id]);
  return (
    <div className="mb-4">
      <LoadState loading={loading} error={error}>
        {data && (
          <section className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm" aria-labelledby="customer-heading">
            <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 id="customer-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
                  {data.name}
                </h2>
                <p className="text-sm text-slate-800">
                  <a href={`mailto:${data.email}`} className="underline">
                    {data.email}
                  </a>{' '}
                  ·{' '}
                  <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`} className="underline">
                    {data.phone}
                  </a>{' '}
                  · customer since {new Date(data.createdAt).toLocaleDateString('en-US')}
                </p>
              </div>
              <button type="button" className={secondaryButtonClass} onClick={onClose}>
                Close<span className="sr-only"> {data.name}</span>
              </button>
            </div>
            <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
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
            <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
              <div className="relative overflow-x-auto">
                <table className={tableClass}>
                  <caption className="mb-1 text-left font-bold text-slate-900">Bookings of {data.name}</caption>
                  <thead>
                    <tr>
                      {['Booking', 'Event', 'Status', 'Total', 'Paid'].map((h) => (
                        <th key={h} scope="col" className={thClass}>
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.bookings.map((b) => (
                      <tr key={b.id}>
                        <th scope="row" className={`${tdClass} font-semibold`}>
                          <a href={`/admin/bookings/${b.id}`} className="text-brand-800 underline">
                            {b.number}
                          </a>
                        </th>
                        <td className={tdClass}>{formatShortDate(b.eventDate)}</td>
                        <td className={tdClass}>
                          <StatusBadge status={b.status} />
                        </td>
                        <td className={`${tdClass} tabular-nums`}>{formatMoney(b.totalCents)}</td>
                        <td className={`${tdClass} tabular-nums`}>{formatMoney(b.amountPaidCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="grid content-start gap-4">
                <CustomerNotes key={data.id} id={data.id} notes={data.notes} onSaved={reload} />
                <CustomerMerge key={`merge-${data.id}`} keep={data} onMerged={reload} />
              </div>
            </div>
          </section>
        )}
      </LoadState>
    </div>
  );
}

// The notes schema lives with its SQL in customers.server.ts, which islands may not import: the
// server checks the notes (at most 2,000 characters, as the textarea allows) and its 400 shows here.
const notesResolver = apiResolver(z.custom<{ notes: string }>(), (v: { notes: string }) => v);

function CustomerNotes({ id, notes, onSaved }: { id: string; notes: string; onSaved(): void }) {
  const form = useForm<{ notes: string }>({ resolver: notesResolver, defaultValues: { notes } });
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const save = form.handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate(`/api/admin/customers/${id}`, 'PATCH', body, 'Customer notes saved.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'notes'));
    saving.saved();
    onSaved();
  });
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <TextArea {...form.register('notes')} label="Staff notes about this customer" required={false} rows={4} maxLength={2000} error={form.formState.errors.notes?.message} />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <button type="submit" className={`${buttonClass} mt-2`} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
        Save notes
      </button>
    </form>
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
    const r = await adminRequest<Page<CustomerRow>>(`/api/admin/customers?${new URLSearchParams({ q: q.trim(), pageSize: '8' }).toString()}`);
    setFound(r.ok ? r.data.items.filter((c) => c.id !== keep.id) : []);
  };
  const merge = async (other: CustomerRow) => {
    const message = `Merge ${other.name} <${other.email}> into ${keep.name} <${keep.email}>? ${other.name}’s ${other.bookings} booking(s), quote requests and cake orders move here and their record is removed. This cannot be undone.`;
    if (!confirm(message)) return;
    setBusy(true);
    const result = await adminMutate<{ moved: { bookings: number; quotes: number; cakeOrders: number } }>(
      `/api/admin/customers/${keep.id}/merge`,
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
