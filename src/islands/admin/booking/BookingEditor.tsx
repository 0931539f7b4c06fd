import { useEffect, useId, useMemo, useState } from 'react';
import { get, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { AdminBooking } from '../../../lib/booking/bookings-admin.server';
import type { PriceQuote } from '../../../lib/booking/quote-price.server';
import { bookingChangeInput, phoneBookingInput } from '../../../lib/booking/staff-bookings';
import { offlinePaymentMethods } from '../../../lib/booking/bookings-admin';
import { paymentMethodLabels } from '../../../lib/booking/booking-labels';
import { surfaces } from '../../../lib/catalog/surfaces';
import { adjustmentLabel, signedMoney } from '../../../lib/pricing/adjustments';
import { formatMoney } from '../../../lib/money';
import { Checkbox, FormAlert, RadioGroup, SelectField, TextArea, TextField, todayIso } from '../../shared/form-kit';
import { adminMutate, adminRequest, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { SearchOnDemand } from '../shared/list';
import { useStaff } from '../shared/staff';
import { buttonClass, Card, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { changeValues, emptyAdjustment, newBookingValues, toBookingChange, toPhoneBooking, type EditorValues } from './booking-editor-values';
import { businessState } from '../shared/business';
import { surfaceLabels } from './booking-text';
import { useBookingDesk } from './use-booking-desk';

/** /admin/bookings/new, or /admin/bookings/{id}/edit (one static page each; the island reads the address). */
const editedId = () => (typeof location === 'undefined' ? null : (/^\/admin\/bookings\/([^/]+)\/edit\/?$/.exec(location.pathname)?.[1] ?? null));

/**
 * New booking (a caller on the phone) and Change booking: the website's engine with a staff member
 * at the keyboard. Free counts and the exact price come from the server as staff type; saving
 * checks everything again, and a unit taken meanwhile is a clear 409 with nothing changed.
 */
export default function BookingEditor() {
  const [id] = useState(editedId);
  const { data, error, loading } = useAdminData<AdminBooking>(id ? `/api/admin/bookings/${id}` : null);
  if (!id) return <EditorForm booking={null} />;
  if (!data) {
    return (
      <>
        <ScreenHeader title="Change booking" />
        <LoadState loading={loading} error={error} />
      </>
    );
  }
  return <EditorForm booking={data} />;
}

const phoneResolver = apiResolver(phoneBookingInput, toPhoneBooking);
const changeResolver = apiResolver(bookingChangeInput, toBookingChange);

function EditorForm({ booking }: { booking: AdminBooking | null }) {
  const { mayTakeBookings, staff } = useStaff();
  const defaults = useMemo(() => (booking ? changeValues(booking) : newBookingValues(todayIso(), businessState())), [booking]);
  const form = useForm<EditorValues, unknown, unknown>({
    resolver: (booking ? changeResolver : phoneResolver) as never,
    defaultValues: defaults,
  });
  const { handleSubmit, formState, setError, watch } = form;
  const { leave } = useAdminForm(form);
  const values = watch();
  const desk = useBookingDesk(values, booking?.id ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const title = booking ? `Change booking ${booking.number}` : 'New booking';
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);

  if (!booking && staff && !mayTakeBookings) {
    return (
      <>
        <ScreenHeader title="New booking" />
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          Only a manager or owner can take bookings here (an owner can allow crew in Settings).
        </p>
      </>
    );
  }

  const save = handleSubmit(async (body) => {
    setProblem(null);
    const result = booking
      ? await adminMutate<{ booking: { id: string } }>(`/api/admin/bookings/${booking.id}`, 'PUT', body, `Booking ${booking.number} changed.`)
      : await adminMutate<{ booking: { id: string; number: string } }>('/api/admin/bookings', 'POST', body, (d) => `Booking ${d.booking.number} saved.`);
    if (result.ok) return leave(`/admin/bookings/${result.data.booking.id}`);
    setProblem(showServerErrors(setError, result.error, (path) => /^(event|items|customer|address|coupon|adjustments|payment|status|date|start|end)/.test(path)));
  });

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="grid gap-4">
      <ScreenHeader
        title={title}
        description={booking ? 'Change the date, items, address, contact or price. The units are checked again when you save.' : 'A booking taken on the phone: the same prices and availability as the website.'}
        actions={
          <a href={booking ? `/admin/bookings/${booking.id}` : '/admin/bookings'} className={secondaryButtonClass}>
            Cancel
          </a>
        }
      />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <WhenCard form={form} />
      <ItemsCard form={form} free={desk.free} quote={desk.price?.ok ? desk.price.data : null} />
      {booking ? <ContactCard form={form} /> : <CustomerCard form={form} />}
      <AddressCard form={form} />
      <PriceCard form={form} />
      <SummaryCard booking={booking} price={desk.price} />
      <Card title="Saving">
        <div className="grid gap-3">
          {!booking && (
            <>
              <RadioGroup
                legend="Status"
                {...form.register('status')}
                options={[
                  { value: 'confirmed', label: 'Confirmed', hint: 'The deposit is taken, or you book without one.' },
                  { value: 'deposit_due', label: 'Deposit due', hint: 'The customer pays the deposit later (tracking page or phone).' },
                ]}
              />
              <Checkbox {...form.register('paymentTaken')} label="Payment taken on the phone" hint="Recorded with the booking; the customer gets a receipt." />
              {values.paymentTaken && <PaymentFields form={form} />}
            </>
          )}
          <Checkbox
            {...form.register('notify')}
            label={booking ? 'E-mail the customer the changed booking' : 'E-mail the customer the confirmation'}
            hint={booking ? 'With a calendar invite that updates the event already in their calendar.' : 'With the invoice link, the waiver link and a calendar invite.'}
          />
          <div>
            <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Saving…' : booking ? 'Save changes' : 'Book it'}
            </button>
          </div>
        </div>
      </Card>
    </form>
  );
}

type Form = UseFormReturn<EditorValues, unknown, unknown>;
/** The message at an API field path ('adjustments.0.value'), where the resolver and a 400 put it. */
const err = (form: Form, path: string): string | undefined => (get(form.formState.errors, path) as { message?: string } | undefined)?.message;

function WhenCard({ form }: { form: Form }) {
  const { register } = form;
  return (
    <Card title="When">
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField {...register('date')} type="date" label="Date" error={err(form, 'event.date')} />
        <TextField {...register('start')} type="time" label="Starts" error={err(form, 'event.start')} />
        <TextField {...register('end')} type="time" label="Ends" error={err(form, 'event.end')} />
        <TextField {...register('endDate')} type="date" label="Ends on" optional hint="Multi-day rentals only." error={err(form, 'event.endDate')} />
      </div>
    </Card>
  );
}

type FreeAnswer = ReturnType<typeof useBookingDesk>['free'];

function ItemsCard({ form, free, quote }: { form: Form; free: FreeAnswer; quote: PriceQuote | null }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const [pick, setPick] = useState('');
  const pickId = useId();
  const products = free?.ok ? free.data.products : [];
  const chosen = new Set(form.watch('items').map((i) => i.product));
  const freeLabel = (n: number | null) => (n === null ? 'made to order' : `${n} free`);
  return (
    <Card title="Items">
      {free && !free.ok && <p className="mb-2 text-sm font-semibold text-red-800">{free.error.message}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow">
          <label htmlFor={pickId} className="block text-sm font-semibold text-slate-900">
            Add a product <span className="font-normal text-slate-700">(free for the chosen time)</span>
          </label>
          <select id={pickId} value={pick} onChange={(e) => setPick(e.target.value)} className="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3 text-base">
            <option value="">Choose a product…</option>
            {products
              .filter((p) => !chosen.has(p.product))
              .map((p) => (
                <option key={p.product} value={p.product} disabled={!p.available}>
                  {p.name} — {p.available ? freeLabel(p.freeCount) : (p.reason?.message ?? 'not available')}
                </option>
              ))}
          </select>
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!pick}
          onClick={() => {
            append({ product: pick, quantity: '1' });
            setPick('');
          }}
        >
          Add
        </button>
      </div>
      {err(form, 'items') && <p className="mt-2 text-sm font-semibold text-red-800">{err(form, 'items')}</p>}
      <ul className="mt-3 grid gap-2">
        {fields.map((field, index) => {
          const line = quote?.lines.find((l) => l.product === form.getValues(`items.${index}.product`));
          const name = line?.name ?? products.find((p) => p.product === field.product)?.name ?? field.product;
          return (
            <li key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-2">
              <div className="min-w-0 grow">
                <p className="font-semibold text-slate-900">{name}</p>
                {line && <p className={`text-sm ${line.available ? 'text-slate-700' : 'font-semibold text-red-800'}`}>{line.available ? `${line.description} · ${formatMoney(line.lineTotalCents)}` : line.reason}</p>}
              </div>
              <TextField {...form.register(`items.${index}.quantity`)} label="Quantity" inputMode="numeric" className="w-24" error={err(form, `items.${index}.quantity`) ?? err(form, `items.${index}.product`)} />
              <button type="button" className={secondaryButtonClass} onClick={() => remove(index)} aria-label={`Remove ${name}`}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

interface CustomerMatch {
  id: string;
  name: string;
  email: string;
  phone: string;
  bookings: number;
}

function CustomerCard({ form }: { form: Form }) {
  const [q, setQ] = useState('');
  const [matches, setMatches] = useState<CustomerMatch[] | null>(null);
  const searchId = useId();
  const find = async () => {
    const r = await adminRequest<{ customers: CustomerMatch[] }>(`/api/admin/booking-desk/customers?q=${encodeURIComponent(q)}`);
    setMatches(r.ok ? r.data.customers : []);
  };
  const use = (c: CustomerMatch) => {
    form.setValue('customer', { name: c.name, email: c.email, phone: c.phone }, { shouldDirty: true, shouldValidate: false });
    setMatches(null);
  };
  const { register } = form;
  return (
    <Card title="Customer">
      <SearchOnDemand id={searchId} label={<>Find a customer <span className="font-normal text-slate-700">(name, e-mail or phone)</span></>} value={q} onChange={setQ} onSearch={() => void find()} />
      {matches && (
        <ul className="mt-2 grid gap-1" aria-label="Customers found">
          {matches.length === 0 && <li className="text-sm text-slate-700">No customer found: enter a new one below.</li>}
          {matches.map((c) => (
            <li key={c.id}>
              <button type="button" className="min-h-11 w-full rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50" onClick={() => use(c)}>
                <span className="font-semibold">{c.name}</span> · {c.email} · {c.phone} <span className="text-slate-700">({c.bookings} booking{c.bookings === 1 ? '' : 's'})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField {...register('customer.name')} label="Name" autoComplete="off" error={err(form, 'customer.name')} />
        <TextField {...register('customer.email')} type="email" label="E-mail" autoComplete="off" error={err(form, 'customer.email')} />
        <TextField {...register('customer.phone')} type="tel" label="Phone" autoComplete="off" error={err(form, 'customer.phone')} />
      </div>
    </Card>
  );
}

/** The contact of this booking: its e-mails go there. The customer's record changes only from the booking screen. */
function ContactCard({ form }: { form: Form }) {
  const { register } = form;
  return (
    <Card title="Contact for this booking">
      <p className="text-sm text-slate-700">Who we call and e-mail about this booking. The customer’s record stays as it is; update it from the booking screen if it should change too.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField {...register('customer.name')} label="Name" autoComplete="off" error={err(form, 'customer.name')} />
        <TextField {...register('customer.email')} type="email" label="E-mail" autoComplete="off" error={err(form, 'customer.email')} />
        <TextField {...register('customer.phone')} type="tel" label="Phone" autoComplete="off" error={err(form, 'customer.phone')} />
      </div>
    </Card>
  );
}

function AddressCard({ form }: { form: Form }) {
  const { register } = form;
  return (
    <Card title="Delivery address">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('address.line1')} label="Street address" error={err(form, 'address.line1')} />
        <TextField {...register('address.line2')} label="Apartment, gate code" optional error={err(form, 'address.line2')} />
        <TextField {...register('address.city')} label="City" error={err(form, 'address.city')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...register('address.state')} label="State" error={err(form, 'address.state')} />
          <TextField {...register('address.zip')} label="ZIP" inputMode="numeric" hint="Delivery fee and tax follow it." error={err(form, 'address.zip')} />
        </div>
        <SelectField {...register('address.surface')} label="Surface" optional error={err(form, 'address.surface')}>
          <option value="">Not known</option>
          {surfaces.map((s) => (
            <option key={s} value={s}>
              {surfaceLabels[s]}
            </option>
          ))}
        </SelectField>
        <TextArea {...register('address.notes')} label="Notes for the crew" optional rows={2} error={err(form, 'address.notes')} />
      </div>
    </Card>
  );
}

function PriceCard({ form }: { form: Form }) {
  const { register } = form;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'adjustments' });
  return (
    <Card title="Coupon, waiver and adjustments">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...register('coupon')} label="Coupon" optional error={err(form, 'coupon')} />
        <Checkbox {...register('damageWaiver')} label="Damage waiver" hint="Unticked only where Settings make it optional." />
      </div>
      <h3 className="mt-4 font-bold text-slate-900">Staff adjustments</h3>
      <p className="text-sm text-slate-700">A named discount or surcharge (stairs, a long walk, a generator), in dollars or percent of the rentals after the coupon. The customer sees the name; the reason goes to the history.</p>
      {err(form, 'adjustments') && <p className="mt-1 text-sm font-semibold text-red-800">{err(form, 'adjustments')}</p>}
      <ul className="mt-2 grid gap-2">
        {fields.map((field, index) => (
          <li key={field.id} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-5">
            <TextField {...register(`adjustments.${index}.label`)} label="Adjustment name" error={err(form, `adjustments.${index}.label`)} />
            <SelectField {...register(`adjustments.${index}.direction`)} label="Discount or surcharge">
              <option value="discount">Discount</option>
              <option value="surcharge">Surcharge</option>
            </SelectField>
            <SelectField {...register(`adjustments.${index}.kind`)} label="Dollars or percent">
              <option value="amount">Dollars</option>
              <option value="percent">Percent</option>
            </SelectField>
            <TextField {...register(`adjustments.${index}.value`)} label="Adjustment amount" inputMode="decimal" error={err(form, `adjustments.${index}.value`)} />
            <div className="flex items-end">
              <button type="button" className={secondaryButtonClass} onClick={() => remove(index)}>
                Remove
              </button>
            </div>
            <TextField {...register(`adjustments.${index}.reason`)} label="Reason" className="sm:col-span-5" error={err(form, `adjustments.${index}.reason`)} />
          </li>
        ))}
      </ul>
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => append(emptyAdjustment)}>
        Add an adjustment
      </button>
    </Card>
  );
}

function PaymentFields({ form }: { form: Form }) {
  const { register } = form;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField {...register('payment.amount')} label="Amount paid" prefix="$" inputMode="decimal" error={err(form, 'payment.amountCents')} />
      <SelectField {...register('payment.method')} label="Payment method" error={err(form, 'payment.method')}>
        {offlinePaymentMethods.map((m) => (
          <option key={m} value={m}>
            {paymentMethodLabels[m]}
          </option>
        ))}
      </SelectField>
      <TextField {...register('payment.note')} label="Payment note" optional error={err(form, 'payment.note')} />
    </div>
  );
}

type PriceRow = [string, number | null, number | null];

/** The price as it will be; for a change, beside the booking as it is, with the difference and any refund due. */
function SummaryCard({ booking, price }: { booking: AdminBooking | null; price: ReturnType<typeof useBookingDesk>['price'] }) {
  if (!price) return <Card title="Price">{<p className="text-sm text-slate-700">Add an item and a ZIP code to see the price.</p>}</Card>;
  if (!price.ok) return <Card title="Price">{<p className="text-sm font-semibold text-red-800">{price.error.message}</p>}</Card>;
  const q = price.data;
  const old = booking?.totals;
  const rows: PriceRow[] = [
    ['Subtotal', old?.subtotalCents ?? null, q.subtotalCents],
    ['Discount', old ? -old.discountCents : null, -q.discountCents],
    ['Damage waiver', old?.damageWaiverCents ?? null, q.damageWaiverCents],
    ['Delivery', old?.deliveryFeeCents ?? null, q.deliveryFeeCents],
    ['Adjustments', old?.adjustmentsCents ?? null, q.adjustmentsCents],
    ['Sales tax', old?.taxCents ?? null, q.taxCents],
    ['Total', old?.totalCents ?? null, q.totalCents],
    ['Deposit', old?.depositCents ?? null, q.depositCents],
  ];
  const paid = old?.amountPaidCents ?? 0;
  const cell = (cents: number | null) => (cents === null ? '' : signedMoney(cents));
  return (
    <Card title="Price">
      {q.problem && <p className="mb-2 text-sm font-semibold text-red-800">{q.problem}</p>}
      {q.coupon.error && <p className="mb-2 text-sm font-semibold text-red-800">{q.coupon.error}</p>}
      {q.adjustments.length > 0 && (
        <ul className="mb-2 text-sm text-slate-800">
          {q.adjustments.map((a, i) => (
            <li key={i}>
              {adjustmentLabel(a)}: {signedMoney(a.cents)}
            </li>
          ))}
        </ul>
      )}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Price">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={thClass} scope="col">
                Line
              </th>
              {old && (
                <th className={`${thClass} text-right`} scope="col">
                  Now
                </th>
              )}
              <th className={`${thClass} text-right`} scope="col">
                {old ? 'After the change' : 'Amount'}
              </th>
              {old && (
                <th className={`${thClass} text-right`} scope="col">
                  Difference
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, before, after]) => (
              <tr key={label}>
                <th className={`${tdClass} font-semibold`} scope="row">
                  {label}
                </th>
                {old && <td className={`${tdClass} text-right`}>{cell(before)}</td>}
                <td className={`${tdClass} text-right`}>{cell(after)}</td>
                {old && <td className={`${tdClass} text-right`}>{before === null || after === null || before === after ? '' : cell(after - before)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {old && (
        <p className="mt-2 text-sm font-semibold text-slate-900">
          Paid so far {formatMoney(paid)}. {paid > q.totalCents ? `Refund due: ${formatMoney(paid - q.totalCents)}.` : `Balance after the change: ${formatMoney(q.totalCents - paid)}.`}
        </p>
      )}
    </Card>
  );
}
