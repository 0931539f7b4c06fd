import { useCallback, useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { PriceQuote } from '../../../lib/booking/quote-price.server';
import { quoteConvertInput, quoteOfferInput, quoteUpdateInput, type QuoteConvertInput, type QuoteOfferInput, type QuoteUpdateInput } from '../../../lib/quote-requests/quote-requests-admin-input';
import { quoteStatuses, quoteStatusLabels, type QuoteStatus } from '../../../lib/quote-requests/quote-request-status';
import type { OfferProduct, QuoteDetail, QuoteListItem } from '../../../lib/quote-requests/quote-requests-admin.server';
import type { Page } from '../../../lib/lists/list-query';
import { outsideServiceAreaStaffNote } from '../../../lib/quote-requests/quote-request-form';
import { formatShortDate, formatTimestamp as formatInstant } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { businessState, businessTimeZone } from '../shared/business';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { Badge, buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { DateFilter, FilterSelect } from '../shared/filters';

const formatTimestamp = (iso: string) => formatInstant(iso, businessTimeZone());
import { Checkbox, FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver, showServerErrors, textReader, useAdminForm } from '../shared/admin-form';
import { confirmDiscard } from '../shared/unsaved-changes';

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
              <div className="relative overflow-x-auto">
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
                            onClick={() => q.id !== selected && confirmDiscard() && setSelected(q.id)}
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

const noteResolver = apiResolver(quoteUpdateInput, (v: { staffNote: string }) => v);

function StatusActions({ quote, onDone }: { quote: QuoteDetail; onDone(): void }) {
  const form = useForm<{ staffNote: string }, unknown, QuoteUpdateInput>({ resolver: noteResolver, defaultValues: { staffNote: quote.staffNote } });
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const manual = quote.nextStatuses.filter((s): s is 'accepted' | 'declined' | 'expired' => s === 'accepted' || s === 'declined' || s === 'expired');
  const save = async (body: QuoteUpdateInput, message: string) => {
    setProblem(null);
    const result = await adminMutate(`/api/admin/quotes/${quote.id}`, 'PATCH', body, message);
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'staffNote'));
    if (body.staffNote !== undefined) saving.saved();
    onDone();
  };
  const labels = { accepted: 'Mark accepted', declined: 'Decline', expired: 'Mark expired' };
  return (
    <form className="space-y-2" noValidate onSubmit={(e) => void form.handleSubmit((body) => save(body, 'Note saved.'))(e)}>
      {manual.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {manual.map((s) => (
            <button key={s} type="button" className={secondaryButtonClass} onClick={() => void save({ status: s }, `Quote ${quote.number} is now ${quoteStatusLabels[s].toLowerCase()}.`)}>
              {labels[s]}
            </button>
          ))}
        </div>
      )}
      <TextArea {...form.register('staffNote')} label="Staff note (not sent to the customer)" required={false} rows={2} maxLength={2000} error={form.formState.errors.staffNote?.message} />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <button type="submit" className={secondaryButtonClass} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
        Save note
      </button>
    </form>
  );
}

interface OfferForm {
  items: { product: string; quantity: string }[];
  event: { date: string; start: string; end: string };
  zip: string;
  coupon: string;
  damageWaiver: boolean;
  message: string;
}
const offerResolver = apiResolver(quoteOfferInput, (v: OfferForm, problems) => {
  const read = textReader(problems);
  return { ...v, coupon: v.coupon.toUpperCase(), items: v.items.map((item, i) => ({ product: item.product, quantity: read.number(`items.${i}.quantity`, item.quantity) })) };
});
const offerFields = (path: string) => ['items', 'event', 'zip', 'coupon', 'message'].includes(path.split('.')[0]!);

function OfferForm({ quote, products, onSent }: { quote: QuoteDetail; products: OfferProduct[]; onSent(): void }) {
  const previous = quote.offer?.request;
  const form = useForm<OfferForm, unknown, QuoteOfferInput>({
    resolver: offerResolver,
    defaultValues: {
      items: (previous ? previous.items : quote.items.flatMap((i) => (i.product ? [{ product: i.product, quantity: i.quantity }] : []))).map((i) => ({ product: i.product, quantity: String(i.quantity) })),
      event: previous?.event ?? { date: quote.eventDate, start: '10:00', end: '16:00' },
      zip: previous?.zip ?? quote.zip,
      coupon: previous?.coupon ?? '',
      damageWaiver: previous?.damageWaiver ?? true,
      message: quote.offer?.message ?? '',
    },
  });
  const { register, handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const saving = useAdminForm(form);
  const [price, setPrice] = useState<PriceQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Any change to what is priced makes the shown price stale; staff price again before sending.
  const { message: _message, ...priced } = watch();
  const pricedKey = JSON.stringify(priced);
  useEffect(() => setPrice(null), [pricedKey]);

  const run = (kind: 'price' | 'offer') =>
    handleSubmit(async (offer) => {
      setProblem(null);
      const { message, ...request } = offer;
      const result = await adminMutate<PriceQuote | QuoteDetail>(
        `/api/admin/quotes/${quote.id}/${kind}`,
        'POST',
        kind === 'offer' ? { ...request, message } : request,
        kind === 'offer' ? `Offer sent to ${quote.email}.` : 'Priced.',
      );
      if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, offerFields));
      if (kind === 'price') return setPrice(result.data as PriceQuote);
      saving.saved();
      onSent();
    })();

  const chosen = watch('items');
  const unused = products.find((p) => !chosen.some((l) => l.product === p.slug));

  return (
    <section aria-labelledby={`offer-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={`offer-${quote.id}`} className="text-base font-bold">
        Reply with an offer
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Rentals</legend>
        {lines.fields.length === 0 && <p className="text-sm text-slate-700">No rentals yet: add one.</p>}
        {lines.fields.map((line, index) => (
          <div key={line.id} className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
            <SelectField {...register(`items.${index}.product`)} label={`Rental ${index + 1}`} error={errors.items?.[index]?.product?.message}>
              {products.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name} ({p.category})
                </option>
              ))}
            </SelectField>
            <TextField {...register(`items.${index}.quantity`)} label="Quantity" inputMode="numeric" error={errors.items?.[index]?.quantity?.message} />
            <button type="button" className={secondaryButtonClass} aria-label={`Remove rental ${index + 1}`} onClick={() => lines.remove(index)}>
              Remove
            </button>
          </div>
        ))}
        {(errors.items?.message ?? errors.items?.root?.message) && <p className="font-semibold text-red-800">{errors.items?.message ?? errors.items?.root?.message}</p>}
        {unused && (
          <button type="button" className={secondaryButtonClass} onClick={() => lines.append({ product: unused.slug, quantity: '1' })}>
            Add a rental
          </button>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...register('event.date')} label="Event date" type="date" error={errors.event?.date?.message} />
        <TextField {...register('event.start')} label="Start time" type="time" step={1800} error={errors.event?.start?.message} />
        <TextField {...register('event.end')} label="End time" type="time" step={1800} error={errors.event?.end?.message} />
        <TextField {...register('zip')} label="Delivery ZIP code" inputMode="numeric" maxLength={5} error={errors.zip?.message} />
        <TextField {...register('coupon')} label="Coupon" optional inputClassName="uppercase" hint="Discounts go through coupons, so the booking charges what the offer says." error={errors.coupon?.message} />
        <Checkbox {...register('damageWaiver')} label="Damage waiver" className="self-center" />
      </div>
      <TextArea {...register('message')} label="Message to the customer" optional rows={3} maxLength={2000} error={errors.message?.message} />
      {problem && <FormAlert title="Not sent" message={problem} />}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={formState.isSubmitting || lines.fields.length === 0} onClick={() => void run('price')}>
          Price it
        </button>
        <button type="button" className={buttonClass} disabled={formState.isSubmitting || !price || !price.bookable} onClick={() => void run('offer')}>
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

interface ConvertForm {
  address: { line1: string; line2: string; city: string; state: string; zip: string };
  phone: string;
  status: 'deposit_due' | 'confirmed';
}
const convertResolver = apiResolver(quoteConvertInput, (v: ConvertForm) => ({ address: { ...v.address, line2: v.address.line2 || undefined }, phone: v.phone || undefined, status: v.status }));

function ConvertForm({ quote, onDone }: { quote: QuoteDetail; onDone(): void }) {
  const form = useForm<ConvertForm, unknown, QuoteConvertInput>({
    resolver: convertResolver,
    defaultValues: { address: { line1: '', line2: '', city: '', state: businessState(), zip: quote.offer!.request.zip }, phone: '', status: 'deposit_due' },
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const convert = handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate<{ booking: { number: string } }>(`/api/admin/quotes/${quote.id}/convert`, 'POST', body, 'Booking created.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => ['address', 'phone', 'status'].includes(path.split('.')[0]!)));
    saving.saved();
    onDone();
  });
  const field = (key: keyof ConvertForm['address'], label: string, optional = false) => (
    <TextField {...register(`address.${key}`)} label={label} optional={optional} error={errors.address?.[key]?.message} />
  );
  return (
    <form aria-labelledby={`convert-${quote.id}`} className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={(e) => void convert(e)}>
      <h3 id={`convert-${quote.id}`} className="text-base font-bold">
        Convert to booking
      </h3>
      <p className="text-sm text-slate-700">
        Books the offered rentals for {formatShortDate(quote.offer!.request.event.date)} at {formatMoney(quote.offer!.price.totalCents)}. Units are reserved now; if one was taken meanwhile, nothing is booked.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('line1', 'Street address')}
        {field('line2', 'Apartment, suite', true)}
        {field('city', 'City')}
        {field('state', 'State')}
        {field('zip', 'ZIP code')}
        {!quote.phone && <TextField {...register('phone')} label="Customer phone" type="tel" error={errors.phone?.message} />}
        <SelectField {...register('status')} label="Booking status" error={errors.status?.message}>
          <option value="deposit_due">Deposit due (customer pays online)</option>
          <option value="confirmed">Confirmed (deposit settled with us)</option>
        </SelectField>
      </div>
      {problem && <FormAlert title="Nothing was booked" message={problem} />}
      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        Convert to booking
      </button>
    </form>
  );
}
