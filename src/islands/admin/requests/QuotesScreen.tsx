import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PriceQuote } from '../../../lib/booking/quote-price.server';
import type { OfferProduct, QuoteDetail, QuoteListItem } from '../../../lib/admin/quotes.server';
import type { Page } from '../../../lib/admin/list-query';
import { quoteStatuses, quoteStatusLabels, type QuoteStatus } from '../../../lib/admin/request-status';
import { outsideServiceAreaStaffNote } from '../../../lib/forms/quote-request';
import { formatMoney, formatShortDate } from '../../shared/format';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { Badge, buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { DateFilter, Field, FilterSelect, formatTimestamp } from '../shared/fields';

const tones: Record<QuoteStatus, 'info' | 'brand' | 'good' | 'neutral' | 'bad' | 'warn'> = {
  new: 'info',
  offered: 'brand',
  accepted: 'good',
  converted: 'good',
  declined: 'bad',
  expired: 'neutral',
};

const defaults = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc' as const, filters: { status: '', from: '', to: '' } };

/** /admin/quotes: quote requests, answered with an offer priced by the booking engine, then booked. */
export default function QuotesScreen() {
  const { params, update, sortBy } = useListParams(defaults);
  const list = useAdminData<Page<QuoteListItem>>(`/api/admin/quotes?${listSearch(params)}`);
  const [selected, setSelected] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('quote'),
  );
  const onSearch = useCallback((q: string) => update({ q }), [update]);

  return (
    <div>
      <ScreenHeader title="Quotes" description="Quote requests from the website: reply with a priced offer, then book it." />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search number, name or e-mail" value={params.q} onSearch={onSearch} />
        <FilterSelect
          label="Status"
          value={params.filters.status!}
          options={[{ value: '', label: 'All statuses' }, ...quoteStatuses.map((s) => ({ value: s, label: quoteStatusLabels[s] }))]}
          onChange={(status) => update({ filters: { status } })}
        />
        <DateFilter label="Event from" value={params.filters.from!} onChange={(from) => update({ filters: { from } })} />
        <DateFilter label="Event to" value={params.filters.to!} onChange={(to) => update({ filters: { to } })} />
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <Card>
          <LoadState loading={list.loading} error={list.error} empty={list.data && list.data.total === 0 ? 'No quotes match.' : undefined}>
            {list.data && (
              <div className="overflow-x-auto">
                <table className={tableClass}>
                  <caption className="sr-only">Quote requests</caption>
                  <thead>
                    <tr>
                      <SortHeader column="number" label="Quote" params={params} onSort={sortBy} />
                      <SortHeader column="name" label="Customer" params={params} onSort={sortBy} />
                      <SortHeader column="eventDate" label="Event" params={params} onSort={sortBy} />
                      <SortHeader column="status" label="Status" params={params} onSort={sortBy} />
                      <SortHeader column="offerTotal" label="Offer" params={params} onSort={sortBy} />
                      <SortHeader column="created" label="Received" params={params} onSort={sortBy} />
                    </tr>
                  </thead>
                  <tbody>
                    {list.data.items.map((q) => (
                      <tr key={q.id} className={q.id === selected ? 'bg-brand-50' : undefined}>
                        <td className={tdClass}>
                          <button
                            type="button"
                            className="font-semibold text-brand-800 underline"
                            aria-pressed={q.id === selected}
                            onClick={() => setSelected(q.id)}
                          >
                            {q.number}
                          </button>
                        </td>
                        <td className={tdClass}>
                          {q.name}
                          <span className="block text-xs text-slate-700">{q.email}</span>
                        </td>
                        <td className={tdClass}>
                          {formatShortDate(q.eventDate)}
                          <span className="block text-xs text-slate-700">ZIP {q.zip}</span>
                          {q.outsideServiceArea && <Badge tone="warn">Outside service area</Badge>}
                        </td>
                        <td className={tdClass}>
                          <Badge tone={tones[q.status]}>{quoteStatusLabels[q.status]}</Badge>
                        </td>
                        <td className={tdClass}>{q.offerTotalCents === null ? '—' : formatMoney(q.offerTotalCents)}</td>
                        <td className={tdClass}>{formatTimestamp(q.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => update({ page })} />
              </div>
            )}
          </LoadState>
        </Card>
        {selected ? (
          <QuotePanel key={selected} id={selected} onChanged={list.reload} />
        ) : (
          <Card>
            <p className="text-sm text-slate-700">Choose a quote to see the request and reply with an offer.</p>
          </Card>
        )}
      </div>
    </div>
  );
}

interface OfferLine {
  product: string;
  quantity: number;
}

function QuotePanel({ id, onChanged }: { id: string; onChanged(): void }) {
  const detail = useAdminData<{ quote: QuoteDetail; products: OfferProduct[] }>(`/api/admin/quotes/${id}`);
  const quote = detail.data?.quote;
  const refresh = () => {
    detail.reload();
    onChanged();
  };
  return (
    <Card title={quote ? `Quote ${quote.number}` : 'Quote'} actions={quote && <Badge tone={tones[quote.status]}>{quoteStatusLabels[quote.status]}</Badge>}>
      <LoadState loading={detail.loading} error={detail.error}>
        {quote && detail.data && (
          <div className="space-y-5">
            <RequestSummary quote={quote} />
            <StatusActions quote={quote} onDone={refresh} />
            {quote.booking && (
              <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
                Booked as <a className="font-bold underline" href={`/admin/bookings/${quote.booking.id}`}>{quote.booking.number}</a>.
              </p>
            )}
            {quote.status !== 'converted' && <OfferForm quote={quote} products={detail.data.products} onSent={refresh} />}
            {(quote.status === 'offered' || quote.status === 'accepted') && quote.offer && <ConvertForm quote={quote} onDone={refresh} />}
          </div>
        )}
      </LoadState>
    </Card>
  );
}

function RequestSummary({ quote }: { quote: QuoteDetail }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">Customer</dt>
      <dd>
        {quote.name} · <a className="underline" href={`mailto:${quote.email}`}>{quote.email}</a>
        {quote.phone && ` · ${quote.phone}`}
      </dd>
      <dt className="font-semibold">Event</dt>
      <dd>
        {quote.eventTypeLabel} on {formatShortDate(quote.eventDate)}
      </dd>
      <dt className="font-semibold">Guests</dt>
      <dd>{quote.guestCount ?? '—'}</dd>
      <dt className="font-semibold">ZIP code</dt>
      <dd>
        {quote.zip}
        {quote.outsideServiceArea && (
          <>
            {' '}
            <Badge tone="warn">Outside service area</Badge>
            <span className="mt-1 block font-semibold text-amber-900">{outsideServiceAreaStaffNote(quote.zip)}</span>
          </>
        )}
      </dd>
      <dt className="font-semibold">Budget</dt>
      <dd>{quote.budgetCents === null ? '—' : formatMoney(quote.budgetCents)}</dd>
      <dt className="font-semibold">Rentals asked for</dt>
      <dd>{quote.items.length ? quote.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') : 'None listed'}</dd>
      <dt className="font-semibold">Details</dt>
      <dd className="whitespace-pre-line">{quote.details || '—'}</dd>
      {quote.offer && (
        <>
          <dt className="font-semibold">Offer sent</dt>
          <dd>
            {formatMoney(quote.offer.price.totalCents)} on {formatTimestamp(quote.offer.offeredAt)}
          </dd>
        </>
      )}
    </dl>
  );
}

function StatusActions({ quote, onDone }: { quote: QuoteDetail; onDone(): void }) {
  const [note, setNote] = useState(quote.staffNote);
  const manual = quote.nextStatuses.filter((s): s is 'accepted' | 'declined' | 'expired' => s === 'accepted' || s === 'declined' || s === 'expired');
  const save = async (body: { status?: string; staffNote?: string }, message: string) => {
    const result = await adminMutate(`/api/admin/quotes/${quote.id}`, 'PATCH', body, message);
    if (result.ok) onDone();
  };
  const labels = { accepted: 'Mark accepted', declined: 'Decline', expired: 'Mark expired' };
  return (
    <div className="space-y-2">
      {manual.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {manual.map((s) => (
            <button key={s} type="button" className={secondaryButtonClass} onClick={() => void save({ status: s }, `Quote ${quote.number} is now ${quoteStatusLabels[s].toLowerCase()}.`)}>
              {labels[s]}
            </button>
          ))}
        </div>
      )}
      <Field label="Staff note (not sent to the customer)">
        {(props) => <textarea {...props} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <button type="button" className={secondaryButtonClass} disabled={note === quote.staffNote} onClick={() => void save({ staffNote: note }, 'Note saved.')}>
        Save note
      </button>
    </div>
  );
}

function OfferForm({ quote, products, onSent }: { quote: QuoteDetail; products: OfferProduct[]; onSent(): void }) {
  const previous = quote.offer?.request;
  const [lines, setLines] = useState<OfferLine[]>(() =>
    previous ? previous.items : quote.items.filter((i) => i.product).map((i) => ({ product: i.product!, quantity: i.quantity })),
  );
  const [event, setEvent] = useState(() => previous?.event ?? { date: quote.eventDate, start: '10:00', end: '16:00' });
  const [zip, setZip] = useState(previous?.zip ?? quote.zip);
  const [coupon, setCoupon] = useState(previous?.coupon ?? '');
  const [damageWaiver, setDamageWaiver] = useState(previous?.damageWaiver ?? true);
  const [message, setMessage] = useState(quote.offer?.message ?? '');
  const [price, setPrice] = useState<PriceQuote | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const input = useMemo(() => ({ items: lines, event, zip, coupon, damageWaiver }), [lines, event, zip, coupon, damageWaiver]);
  // Any change makes the shown price stale; staff price again before sending.
  useEffect(() => setPrice(null), [input]);

  const run = async (kind: 'price' | 'offer') => {
    setBusy(true);
    const body = kind === 'offer' ? { ...input, message } : input;
    const result = await adminMutate<PriceQuote | QuoteDetail>(
      `/api/admin/quotes/${quote.id}/${kind}`,
      'POST',
      body,
      kind === 'offer' ? `Offer sent to ${quote.email}.` : 'Priced.',
    );
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return;
    }
    setErrors({});
    if (kind === 'price') setPrice(result.data as PriceQuote);
    else onSent();
  };

  const setLine = (index: number, change: Partial<OfferLine>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const unused = products.find((p) => !lines.some((l) => l.product === p.slug));

  return (
    <section aria-labelledby={`offer-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`offer-${quote.id}`} className="text-base font-bold">
        Reply with an offer
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Rentals</legend>
        {lines.length === 0 && <p className="text-sm text-slate-700">No rentals yet: add one.</p>}
        {lines.map((line, index) => (
          <div key={index} className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
            <Field label={`Rental ${index + 1}`} error={errors[`items.${index}.product`]}>
              {(props) => (
                <select {...props} value={line.product} onChange={(e) => setLine(index, { product: e.target.value })}>
                  {products.map((p) => (
                    <option key={p.slug} value={p.slug}>
                      {p.name} ({p.category})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Quantity" error={errors[`items.${index}.quantity`]}>
              {(props) => (
                <input {...props} type="number" min={1} max={20} value={line.quantity} onChange={(e) => setLine(index, { quantity: Number(e.target.value) })} />
              )}
            </Field>
            <button type="button" className={secondaryButtonClass} aria-label={`Remove rental ${index + 1}`} onClick={() => setLines((ls) => ls.filter((_, i) => i !== index))}>
              Remove
            </button>
          </div>
        ))}
        {errors.items && <p className="text-sm font-semibold text-red-800">{errors.items}</p>}
        {unused && (
          <button type="button" className={secondaryButtonClass} onClick={() => setLines((ls) => [...ls, { product: unused.slug, quantity: 1 }])}>
            Add a rental
          </button>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Event date" error={errors['event.date']}>
          {(props) => <input {...props} type="date" value={event.date} onChange={(e) => setEvent({ ...event, date: e.target.value })} />}
        </Field>
        <Field label="Start time" error={errors['event.start']}>
          {(props) => <input {...props} type="time" step={1800} value={event.start} onChange={(e) => setEvent({ ...event, start: e.target.value })} />}
        </Field>
        <Field label="End time" error={errors['event.end']}>
          {(props) => <input {...props} type="time" step={1800} value={event.end} onChange={(e) => setEvent({ ...event, end: e.target.value })} />}
        </Field>
        <Field label="Delivery ZIP code" error={errors.zip}>
          {(props) => <input {...props} inputMode="numeric" maxLength={5} value={zip} onChange={(e) => setZip(e.target.value)} />}
        </Field>
        <Field label="Coupon (optional)" error={errors.coupon} hint="Discounts go through coupons, so the booking charges what the offer says.">
          {(props) => <input {...props} value={coupon} onChange={(e) => setCoupon(e.target.value.toUpperCase())} />}
        </Field>
        <label className="flex items-center gap-2 self-center text-sm font-semibold">
          <input type="checkbox" className="h-4 w-4" checked={damageWaiver} onChange={(e) => setDamageWaiver(e.target.checked)} />
          Damage waiver
        </label>
      </div>
      <Field label="Message to the customer (optional)" error={errors.message}>
        {(props) => <textarea {...props} rows={3} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy || lines.length === 0} onClick={() => void run('price')}>
          Price it
        </button>
        <button type="button" className={buttonClass} disabled={busy || !price || !price.bookable} onClick={() => void run('offer')}>
          Send offer
        </button>
      </div>
      {price && <PriceTable price={price} />}
    </section>
  );
}

function PriceTable({ price }: { price: PriceQuote }) {
  const rows: [string, string][] = [
    ...price.lines.map((l): [string, string] => [`${l.name} × ${l.quantity}${l.available ? '' : ` (${l.reason ?? 'not available'})`}`, formatMoney(l.lineTotalCents)]),
    ['Subtotal', formatMoney(price.subtotalCents)],
    ...(price.discountCents ? [[`Discount${price.coupon.code ? ` (${price.coupon.code})` : ''}`, `−${formatMoney(price.discountCents)}`] as [string, string]] : []),
    ['Damage waiver', formatMoney(price.damageWaiverCents)],
    ['Delivery', formatMoney(price.deliveryFeeCents)],
    ['Sales tax', formatMoney(price.taxCents)],
    ['Total', formatMoney(price.totalCents)],
    ['Deposit', formatMoney(price.depositCents)],
    [`Balance (due ${formatShortDate(price.balanceDueOn)})`, formatMoney(price.balanceCents)],
  ];
  return (
    <div>
      {price.problem && (
        <p role="alert" className="mb-2 rounded-lg bg-red-50 p-2 text-sm font-semibold text-red-900">
          {price.problem}
        </p>
      )}
      <table className={tableClass} aria-label="Offer price">
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Line
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" className={`${tdClass} font-normal`}>
                {label}
              </th>
              <td className={`${tdClass} text-right tabular-nums`}>{amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConvertForm({ quote, onDone }: { quote: QuoteDetail; onDone(): void }) {
  const [address, setAddress] = useState({ line1: '', line2: '', city: '', state: 'TX', zip: quote.offer!.request.zip });
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState<'deposit_due' | 'confirmed'>('deposit_due');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const convert = async () => {
    setBusy(true);
    const result = await adminMutate<{ booking: { number: string } }>(
      `/api/admin/quotes/${quote.id}/convert`,
      'POST',
      { address: { ...address, line2: address.line2 || undefined }, phone: phone || undefined, status },
      'Booking created.',
    );
    setBusy(false);
    if (!result.ok) return setErrors(result.error.fields ?? {});
    setErrors({});
    onDone();
  };
  const field = (key: keyof typeof address, label: string) => (
    <Field label={label} error={errors[`address.${key}`]}>
      {(props) => <input {...props} value={address[key]} onChange={(e) => setAddress({ ...address, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <section aria-labelledby={`convert-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`convert-${quote.id}`} className="text-base font-bold">
        Convert to booking
      </h3>
      <p className="text-sm text-slate-700">
        Books the offered rentals for {formatShortDate(quote.offer!.request.event.date)} at {formatMoney(quote.offer!.price.totalCents)}. Units are reserved now; if one was taken meanwhile, nothing is booked.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('line1', 'Street address')}
        {field('line2', 'Apartment, suite (optional)')}
        {field('city', 'City')}
        {field('state', 'State')}
        {field('zip', 'ZIP code')}
        {!quote.phone && (
          <Field label="Customer phone" error={errors.phone}>
            {(props) => <input {...props} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
          </Field>
        )}
        <Field label="Booking status" error={errors.status}>
          {(props) => (
            <select {...props} value={status} onChange={(e) => setStatus(e.target.value as 'deposit_due' | 'confirmed')}>
              <option value="deposit_due">Deposit due (customer pays online)</option>
              <option value="confirmed">Confirmed (deposit settled with us)</option>
            </select>
          )}
        </Field>
      </div>
      <button type="button" className={buttonClass} disabled={busy} onClick={() => void convert()}>
        Convert to booking
      </button>
    </section>
  );
}
