import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { paymentKindLabels, paymentMethodLabels, staffStatusLabels, statusActionLabels } from '../../../lib/booking/booking-labels';
import type { AdminBooking, AdminPayment, AdminUnit } from '../../../lib/booking/bookings-admin.server';
import type { BookingStatus } from '../../../lib/booking/booking-status';
import { formatEventWindow } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { inputClass } from '../../shared/form-classes';
import { FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver, showServerErrors, textReader, useAdminForm } from '../shared/admin-form';
import { noteBody, offlinePaymentMethods, paymentBody, refundBody, statusChangeBody } from '../../../lib/booking/bookings-admin';
import type { z } from '../../../lib/validation/zod';
import DeliverySheet from './DeliverySheet';
import { adminInvoicePath } from '../../../lib/invoices/invoice-links';
import { bookingCakeLine } from '../../../lib/booking/booking-cakes';
import { cakeStatusLabels } from '../../../lib/cakes/cake-status';
import { addressLines } from './booking-text';
import { centsToDollarsInput } from '../../../lib/money/money';
import { StatusBadge } from './StatusBadge';
import { adjustmentLabel, signedMoney } from '../../../lib/pricing/adjustments';
import { editableStatuses } from '../../../lib/booking/staff-bookings';
import { adminPaths } from '../../../lib/paths/pages';

/** The booking's id from /admin/bookings/{id} (one static page serves every booking). */
const bookingIdFromPath = () => (typeof location === 'undefined' ? null : (location.pathname.split('/').filter(Boolean)[2] ?? null));

/**
 * /admin/bookings/{id}: everything about one booking and what staff do with it. Crew move it along
 * the delivery path and add notes; managers also confirm, cancel, take payments, refund and move units.
 * The server checks every role again; hiding a button is only a convenience.
 */
export default function BookingDetail() {
  const [id] = useState(bookingIdFromPath);
  const { data, error, loading, reload } = useAdminData<AdminBooking>(id ? `/api/admin/bookings/${id}` : null);
  const sheet = typeof location !== 'undefined' && new URLSearchParams(location.search).get('view') === 'delivery-sheet';
  const number = data?.number;
  useEffect(() => {
    if (number) document.title = `${sheet ? 'Delivery sheet' : 'Booking'} ${number} | Admin`;
  }, [number, sheet]);

  if (!id) return <LoadState loading={false} error={{ code: 'not_found', message: 'No such booking.' }} />;
  if (!data) {
    return (
      <>
        <ScreenHeader title="Booking" />
        <LoadState loading={loading} error={error} />
      </>
    );
  }
  if (sheet) return <DeliverySheet booking={data} />;
  return <BookingScreen booking={data} reload={reload} />;
}

function BookingScreen({ booking, reload }: { booking: AdminBooking; reload(): void }) {
  const { can } = useStaff();
  const url = `/api/admin/bookings/${booking.id}`;
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await adminMutate<{ to: string }>(`${url}/resend`, 'POST', {}, `Booking e-mail sent to ${booking.customer.email}.`);
    setSending(false);
    if (result.ok) reload();
  };
  const live = booking.status !== 'cancelled' && booking.status !== 'expired';

  return (
    <>
      <p className="mb-2 text-sm">
        <a href="/admin/bookings" className="font-semibold text-brand-800 underline">
          ← All bookings
        </a>
      </p>
      <ScreenHeader
        title={`Booking ${booking.number}`}
        description={
          <>
            <StatusBadge status={booking.status} /> {booking.customer.name} · {formatEventWindow(booking.event)}
          </>
        }
        actions={
          <>
            {can('manager') && editableStatuses.includes(booking.status) && (
              <a href={adminPaths.bookingChange(booking.id)} className={secondaryButtonClass}>
                Change booking
              </a>
            )}
            <a href={`/admin/bookings/${booking.id}?view=delivery-sheet`} className={secondaryButtonClass}>
              Delivery sheet
            </a>
            <a href={adminInvoicePath(booking.id)} className={secondaryButtonClass} download>
              Download invoice (PDF)
            </a>
            {live && (
              <button type="button" className={secondaryButtonClass} disabled={sending} onClick={() => void resend()}>
                Resend confirmation e-mail
              </button>
            )}
          </>
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <StatusCard booking={booking} url={url} reload={reload} />
        <CustomerCard booking={booking} url={url} reload={reload} canManage={can('manager')} />
        <div className="xl:col-span-2">
          <ItemsCard booking={booking} url={url} reload={reload} canMove={can('manager')} />
        </div>
        <div className="xl:col-span-2">
          <MoneyCard booking={booking} url={url} reload={reload} canManage={can('manager')} />
        </div>
        {live && <TruckCard booking={booking} reload={reload} />}
        <NotesCard booking={booking} url={url} reload={reload} />
        <WaiversCard booking={booking} />
        <LinksCard booking={booking} url={url} reload={reload} canRotate={can('manager')} />
        {booking.cakes.length > 0 && <CakesCard booking={booking} />}
        <div className="xl:col-span-2">
          <HistoryCard booking={booking} />
        </div>
      </div>
    </>
  );
}

/** The truck that runs this booking's drop-off and pickup; the same assignment as on the day screen. */
function TruckCard({ booking, reload }: { booking: AdminBooking; reload(): void }) {
  const assign = async (value: string) => {
    const truckId = value === '' ? null : value;
    const name = booking.trucks.find((t) => t.id === truckId)?.name ?? 'no truck';
    const result = await adminMutate(`/api/admin/day/bookings/${booking.id}/truck`, 'PUT', { truckId }, `${booking.number} is on ${name}.`);
    if (result.ok) reload();
  };
  return (
    <Card title="Truck">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Truck" value={booking.truckId ?? ''} onChange={(e) => void assign(e.target.value)} className="w-56">
          <option value="">Not assigned to a truck</option>
          {booking.trucks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <a href={`/admin/day?date=${booking.event.date}`} className={secondaryButtonClass}>
          Open the day
        </a>
      </div>
    </Card>
  );
}

function StatusCard({ booking, url, reload }: { booking: AdminBooking; url: string; reload(): void }) {
  const { can } = useStaff();
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  // An unpaid website booking is released at its deadline unless it is paid or staff keep it.
  const releasable = (booking.status === 'hold' || booking.status === 'deposit_due') && booking.holdExpiresAt !== null;
  const keep = async () => {
    setBusy(true);
    const result = await adminMutate<{ emailedTo: string | null }>(`${url}/keep`, 'POST', {}, ({ emailedTo }) =>
      `Booking kept: it is no longer released by itself.${emailedTo ? ` Booking e-mail sent to ${emailedTo}.` : ''}`,
    );
    setBusy(false);
    if (result.ok) reload();
  };

  const move = async (to: BookingStatus, extra: { reason?: string } = {}) => {
    setBusy(true);
    const result = await adminMutate<{ emailedTo: string | null }>(`${url}/status`, 'POST', { to, ...extra }, ({ emailedTo }) =>
      `Booking is now ${staffStatusLabels[to].toLowerCase()}.${emailedTo ? ` Confirmation e-mailed to ${emailedTo}.` : ''}`,
    );
    setBusy(false);
    if (result.ok) reload();
  };
  const forward = booking.transitions.filter((s) => s !== 'cancelled');

  return (
    <Card title="Status">
      <p className="mb-3 text-sm text-slate-800">
        Now: <StatusBadge status={booking.status} />
        {releasable && (
          <>
            {' '}
            · <span data-testid="releases-at">released {new Date(booking.holdExpiresAt!).toLocaleString('en-US')} unless paid or kept</span>
          </>
        )}
      </p>
      {booking.status === 'cancelled' && booking.cancellationReason && (
        <p className="mb-3 text-sm text-slate-800">
          Cancelled{booking.cancelledAt ? ` on ${new Date(booking.cancelledAt).toLocaleDateString('en-US')}` : ''}: {booking.cancellationReason}
        </p>
      )}
      {booking.transitions.length === 0 && booking.lockedTransitions.length === 0 && <p className="text-sm text-slate-700">This booking is finished: its status can’t change any more.</p>}
      <div className="flex flex-wrap gap-2">
        {forward.map((to) => (
          <button key={to} type="button" className={buttonClass} disabled={busy} onClick={() => void move(to)}>
            {statusActionLabels[to]}
          </button>
        ))}
        {releasable && can('manager') && (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void keep()}>
            Keep booking (no deadline)
          </button>
        )}
        {booking.transitions.includes('cancelled') && !cancelling && (
          <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => setCancelling(true)}>
            Cancel booking…
          </button>
        )}
      </div>
      {cancelling && <CancelForm url={url} onCancelled={reload} onKeep={() => setCancelling(false)} />}
      {booking.lockedTransitions.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          A manager can also: {booking.lockedTransitions.map((s) => statusActionLabels[s].toLowerCase()).join(', ')}.
        </p>
      )}
    </Card>
  );
}

const cancelResolver = apiResolver(statusChangeBody, (v: { reason: string }) => ({ to: 'cancelled' as const, reason: v.reason }));

function CancelForm({ url, onCancelled, onKeep }: { url: string; onCancelled(): void; onKeep(): void }) {
  const form = useForm<{ reason: string }, unknown, z.output<typeof statusChangeBody>>({ resolver: cancelResolver, defaultValues: { reason: '' } });
  const { register, handleSubmit, formState } = form;
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = handleSubmit(async (body) => {
    const result = await adminMutate<{ emailedTo: string | null }>(`${url}/status`, 'POST', body, ({ emailedTo }) =>
      `Booking is now ${staffStatusLabels.cancelled.toLowerCase()}.${emailedTo ? ` Confirmation e-mailed to ${emailedTo}.` : ''}`,
    );
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'reason'));
    saving.saved();
    onCancelled();
  });
  return (
    <form className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3" onSubmit={(e) => void cancel(e)} noValidate>
      <TextArea {...register('reason')} label="Reason for cancelling" hint="Cancelling frees the units at once. Refund any payment below." rows={2} maxLength={500} error={formState.errors.reason?.message} />
      {problem && <FormAlert title="The booking was not cancelled" message={problem} />}
      <div className="mt-2 flex gap-2">
        <button type="submit" className={dangerButtonClass} disabled={formState.isSubmitting}>
          Cancel booking
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onKeep()}>
          Keep booking
        </button>
      </div>
    </form>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-800">{term}</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const contactFieldLabels = { name: 'name', email: 'e-mail', phone: 'phone' } as const;

/**
 * The booking's contact is what it was placed with. When the customer's record says otherwise (the
 * customer moved on, or someone else booked with their e-mail), staff see both and may copy the
 * booking's over, deliberately (audited): an online booking never does it by itself.
 */
function ContactDifference({ booking, url, reload, canManage }: { booking: AdminBooking; url: string; reload(): void; canManage: boolean }) {
  const [busy, setBusy] = useState(false);
  if (booking.contactDiffers.length === 0) return null;
  const what = booking.contactDiffers.map((f) => contactFieldLabels[f]).join(', ');
  const copy = async () => {
    if (!confirm(`Replace the customer’s ${what} with this booking’s? Their other bookings keep their own contact.`)) return;
    setBusy(true);
    const result = await adminMutate(`${url}/customer`, 'POST', { fields: booking.contactDiffers }, 'Customer record updated from this booking.');
    setBusy(false);
    if (result.ok) reload();
  };
  const r = booking.customerRecord;
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="note" data-testid="contact-differs">
      <p className="font-semibold text-slate-900">This booking’s {what} differ{booking.contactDiffers.length === 1 ? 's' : ''} from the customer’s record.</p>
      <p className="mt-1 text-slate-800">
        Customer record: {r.name} · {r.email} · {r.phone}
      </p>
      <p className="mt-1 text-slate-700">The booking keeps the contact it was placed with. Someone may have booked with another person’s e-mail: check before changing the record.</p>
      {canManage && (
        <button type="button" className={`${secondaryButtonClass} mt-2`} disabled={busy} onClick={() => void copy()}>
          Update the customer from this booking…
        </button>
      )}
    </div>
  );
}

function CustomerCard({ booking, url, reload, canManage }: { booking: AdminBooking; url: string; reload(): void; canManage: boolean }) {
  const showCustomerLink = canManage;
  return (
    <Card title="Customer and event">
      <Facts
        rows={[
          [
            'Customer',
            showCustomerLink ? (
              <a href={`/admin/customers?id=${booking.customerId}`} className="text-brand-800 underline">
                {booking.customer.name}
              </a>
            ) : (
              booking.customer.name
            ),
          ],
          [
            'Phone',
            <a key="p" href={`tel:${booking.customer.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline">
              {booking.customer.phone}
            </a>,
          ],
          [
            'E-mail',
            <a key="e" href={`mailto:${booking.customer.email}`} className="text-brand-800 underline">
              {booking.customer.email}
            </a>,
          ],
          ['When', formatEventWindow(booking.event)],
          ['Where', addressLines(booking)],
          ['Surface', booking.address.surface ?? 'Not given'],
          ['Customer notes', booking.address.notes || 'None'],
          ['Damage waiver', booking.damageWaiverAccepted ? 'Accepted' : 'Declined'],
          ['Booked', `${new Date(booking.createdAt).toLocaleString('en-US')} (${booking.source})`],
        ]}
      />
      <ContactDifference booking={booking} url={url} reload={reload} canManage={canManage} />
    </Card>
  );
}

/**
 * The two links that open something without a login, each for one purpose. New secrets end the old
 * links at once: a printed party QR code stops working, so staff confirm first.
 */
function LinksCard({ booking, url, reload, canRotate }: { booking: AdminBooking; url: string; reload(): void; canRotate: boolean }) {
  const [busy, setBusy] = useState(false);
  const rotate = async (links: 'invoice' | 'guest') => {
    const warning =
      links === 'invoice'
        ? 'Make a new invoice link? The link in the e-mails already sent stops working at once; the tracking page shows the new one.'
        : 'Make a new guest waiver link? The party QR code and share link already handed out (printed ones too) stop working at once.';
    if (!confirm(warning)) return;
    setBusy(true);
    const result = await adminMutate(`${url}/links`, 'POST', { links }, links === 'invoice' ? 'New invoice link made; the old one no longer works.' : 'New guest waiver link made; the old QR code no longer works.');
    setBusy(false);
    if (result.ok) reload();
  };
  const absolute = (path: string) => (typeof location === 'undefined' ? path : new URL(path, location.origin).toString());
  return (
    <Card title="Customer links">
      <Facts
        rows={[
          [
            'Invoice',
            <a key="i" href={booking.links.invoice} className="text-brand-800 underline" data-testid="customer-invoice-link">
              {absolute(booking.links.invoice)}
            </a>,
          ],
          [
            'Guest waiver',
            <a key="g" href={booking.links.guestWaiver} className="text-brand-800 underline" data-testid="guest-waiver-link">
              {absolute(booking.links.guestWaiver)}
            </a>,
          ],
        ]}
      />
      <p className="mt-2 text-xs text-slate-700">The invoice link shows the renter’s contact details and payments: it is in their e-mails and on the tracking page. The guest link (the party QR code) opens only the waiver.</p>
      {canRotate && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void rotate('invoice')}>
            New invoice link…
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void rotate('guest')}>
            New guest waiver link…
          </button>
        </div>
      )}
    </Card>
  );
}

function ItemsCard({ booking, url, reload, canMove }: { booking: AdminBooking; url: string; reload(): void; canMove: boolean }) {
  return (
    <Card title="Items and units">
      <div className="relative overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Item
              </th>
              <th scope="col" className={thClass}>
                Qty
              </th>
              <th scope="col" className={thClass}>
                Line total
              </th>
              <th scope="col" className={thClass}>
                Units
              </th>
            </tr>
          </thead>
          <tbody>
            {booking.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {item.name}
                </th>
                <td className={tdClass}>{item.quantity}</td>
                <td className={`${tdClass} tabular-nums`}>{formatMoney(item.lineTotalCents)}</td>
                <td className={tdClass}>
                  {item.units.length === 0 ? (
                    <span className="text-slate-700">No physical unit</span>
                  ) : (
                    <ul className="space-y-2">
                      {item.units.map((unit) => (
                        <li key={unit.allocationId}>
                          <UnitRow unit={unit} itemName={item.name} url={url} reload={reload} canMove={canMove} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function UnitRow({ unit, itemName, url, reload, canMove }: { unit: AdminUnit; itemName: string; url: string; reload(): void; canMove: boolean }) {
  const selectId = useId();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const free = unit.alternatives.filter((a) => a.free);
  const move = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    setBusy(true);
    const label = unit.alternatives.find((a) => a.unitId === target)?.label ?? 'the new unit';
    const result = await adminMutate(`${url}/units`, 'POST', { allocationId: unit.allocationId, unitId: target }, `${unit.productName} moved to unit ${label}.`);
    setBusy(false);
    if (result.ok) {
      setTarget('');
      reload();
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono font-semibold" data-testid="unit-label">
        {unit.label}
      </span>
      {unit.productName !== itemName && <span className="text-slate-700">({unit.productName})</span>}
      {unit.released && <Badge>released</Badge>}
      {canMove && !unit.released && unit.alternatives.length > 0 && (
        <form className="flex flex-wrap items-center gap-2" onSubmit={move}>
          <label htmlFor={selectId} className="sr-only">
            Move {unit.productName} {unit.label} to another unit
          </label>
          <select id={selectId} className={`${inputClass} w-auto`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{free.length ? 'Move to unit…' : 'No free unit'}</option>
            {unit.alternatives.map((a) => (
              <option key={a.unitId} value={a.unitId} disabled={!a.free}>
                {a.label}
                {a.free ? '' : a.status === 'available' ? ' (booked)' : ` (${a.status})`}
              </option>
            ))}
          </select>
          <button type="submit" className={secondaryButtonClass} disabled={!target || busy}>
            Move<span className="sr-only"> {unit.productName} {unit.label}</span>
          </button>
        </form>
      )}
    </div>
  );
}

function MoneyCard({ booking, url, reload, canManage }: { booking: AdminBooking; url: string; reload(): void; canManage: boolean }) {
  const t = booking.totals;
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  return (
    <Card title="Payments">
      <div className="grid gap-4 lg:grid-cols-[minmax(14rem,20rem)_1fr]">
        <Facts
          rows={[
            ...booking.adjustments.map((a): [string, string] => [adjustmentLabel(a), signedMoney(a.cents)]),
            ['Total', formatMoney(t.totalCents)],
            ['Deposit', formatMoney(t.depositCents)],
            ['Paid', <span key="p" data-testid="amount-paid">{formatMoney(t.amountPaidCents)}</span>],
            ['Balance due', <span key="b" data-testid="balance-due">{formatMoney(t.amountDueCents)}</span>],
            ['Balance due on', booking.balanceDueOn ?? 'At delivery'],
          ]}
        />
        <div className="relative overflow-x-auto">
          {booking.payments.length === 0 ? (
            <p className="text-sm text-slate-700">No payments yet.</p>
          ) : (
            <table className={tableClass}>
              <thead>
                <tr>
                  {['Date', 'Kind', 'Method', 'Amount', 'Note', 'By', ''].map((h, i) => (
                    <th key={i} scope="col" className={thClass}>
                      {h || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {booking.payments.map((p) => (
                  <tr key={p.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{new Date(p.at).toLocaleDateString('en-US')}</td>
                    <td className={tdClass}>
                      {paymentKindLabels[p.kind] ?? p.kind}
                      {p.status !== 'succeeded' && <> ({p.status})</>}
                    </td>
                    <td className={tdClass}>{paymentMethodLabels[p.method] ?? p.method}</td>
                    <td className={`${tdClass} tabular-nums`}>
                      {p.kind === 'refund' ? '−' : ''}
                      {formatMoney(p.amountCents)}
                      {p.refundedCents > 0 && <span className="block text-xs text-slate-700">{formatMoney(p.refundedCents)} refunded</span>}
                      {p.dispute && (
                        <span className={`block text-xs font-semibold ${p.dispute.status === 'open' || p.dispute.status === 'lost' ? 'text-red-800' : 'text-slate-700'}`}>
                          {p.dispute.statusLabel}: {formatMoney(p.dispute.amountCents)}
                          {p.dispute.reason && <> ({p.dispute.reason.replaceAll('_', ' ')})</>}
                        </span>
                      )}
                    </td>
                    <td className={tdClass}>{p.note}</td>
                    <td className={tdClass}>{p.recordedBy ?? (p.method === 'stripe' ? 'Online' : '')}</td>
                    <td className={tdClass}>
                      {canManage && p.refundable && (
                        <button type="button" className={secondaryButtonClass} onClick={() => setRefunding(p)}>
                          Refund<span className="sr-only"> {formatMoney(p.amountCents)} {paymentMethodLabels[p.method]}</span>
                        </button>
                      )}
                      {canManage && p.refundableCents > 0 && !p.refundable && p.method === 'stripe' && (
                        <span className="text-xs text-slate-700">Refund in Stripe (not configured here)</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {refunding && <RefundForm key={refunding.id} payment={refunding} url={url} onDone={() => (setRefunding(null), reload())} onCancel={() => setRefunding(null)} />}
        </div>
      </div>
      {canManage && booking.status !== 'cancelled' && booking.status !== 'expired' && t.amountDueCents > 0 && (
        <PaymentForm key={t.amountDueCents} url={url} balanceCents={t.amountDueCents} reload={reload} />
      )}
    </Card>
  );
}

interface PaymentForm {
  amountCents: string;
  method: (typeof offlinePaymentMethods)[number];
  note: string;
}

function PaymentForm({ url, balanceCents, reload }: { url: string; balanceCents: number; reload(): void }) {
  const [resolver] = useState(() =>
    apiResolver(paymentBody, (v: PaymentForm, problems) => {
      const amountCents = textReader(problems).dollars('amountCents', v.amountCents);
      if (amountCents > balanceCents) problems.amountCents = `The balance due is ${formatMoney(balanceCents)}`;
      return { ...v, amountCents };
    }),
  );
  const form = useForm<PaymentForm, unknown, z.output<typeof paymentBody>>({ resolver, defaultValues: { amountCents: centsToDollarsInput(balanceCents), method: 'cash', note: '' } });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit(async (payment) => {
    setProblem(null);
    const result = await adminMutate(`${url}/payments`, 'POST', payment, `Payment of ${formatMoney(payment.amountCents)} recorded.`);
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path in form.getValues()));
    saving.saved();
    reload();
  });
  return (
    <form className="mt-4 border-t border-slate-200 pt-4" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="mb-2 font-bold text-slate-900">Record a payment taken in person</h3>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...register('amountCents')} label="Amount (USD)" inputMode="decimal" className="w-36" error={errors.amountCents?.message} />
        <SelectField {...register('method')} label="Method" className="w-44" error={errors.method?.message}>
          <option value="cash">Cash</option>
          <option value="check">Cheque</option>
          <option value="card_in_person">Card in person</option>
        </SelectField>
        <TextField {...register('note')} label="Note" optional maxLength={500} className="w-64" error={errors.note?.message} />
        <button type="submit" className={`${buttonClass} mt-7`} disabled={formState.isSubmitting}>
          Record payment
        </button>
      </div>
      {problem && <FormAlert title="The payment was not recorded" message={problem} />}
    </form>
  );
}

function RefundForm({ payment, url, onDone, onCancel }: { payment: AdminPayment; url: string; onDone(): void; onCancel(): void }) {
  const [resolver] = useState(() =>
    apiResolver(refundBody, (v: { amountCents: string; reason: string }, problems) => {
      const amountCents = textReader(problems).dollars('amountCents', v.amountCents);
      if (amountCents > payment.refundableCents) problems.amountCents = `At most ${formatMoney(payment.refundableCents)} can be refunded`;
      return { paymentId: payment.id, amountCents, reason: v.reason };
    }),
  );
  const form = useForm<{ amountCents: string; reason: string }, unknown, z.output<typeof refundBody>>({ resolver, defaultValues: { amountCents: centsToDollarsInput(payment.refundableCents), reason: '' } });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);
  const viaStripe = payment.method === 'stripe';
  const submit = handleSubmit(async (refund) => {
    setProblem(null);
    const result = await adminMutate(
      `${url}/refunds`,
      'POST',
      refund,
      viaStripe ? `Refunded ${formatMoney(refund.amountCents)} to the customer’s card.` : `Refund of ${formatMoney(refund.amountCents)} recorded.`,
    );
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'amountCents' || path === 'reason'));
    saving.saved();
    onDone();
  });
  return (
    <form className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Refund">
      <h3 className="mb-1 font-bold text-slate-900">
        Refund from the {paymentMethodLabels[payment.method]?.toLowerCase()} payment of {formatMoney(payment.amountCents)}
      </h3>
      <p className="mb-2 text-sm text-slate-800">
        {viaStripe ? 'The money goes back to the customer’s card through Stripe.' : 'Record money you have handed back.'} Up to {formatMoney(payment.refundableCents)}.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <TextField {...register('amountCents')} label="Refund amount (USD)" inputMode="decimal" className="w-36" error={errors.amountCents?.message} />
        <TextField {...register('reason')} label="Reason" maxLength={500} className="w-72" error={errors.reason?.message} />
        <div className="mt-7 flex gap-2">
          <button type="submit" className={dangerButtonClass} disabled={formState.isSubmitting}>
            Refund
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onCancel()}>
            Don’t refund
          </button>
        </div>
      </div>
      {problem && <FormAlert title="Nothing was refunded" message={problem} />}
    </form>
  );
}

const noteResolver = apiResolver(noteBody, (v: { note: string }) => v);

function NotesCard({ booking, url, reload }: { booking: AdminBooking; url: string; reload(): void }) {
  const form = useForm<{ note: string }, unknown, z.output<typeof noteBody>>({ resolver: noteResolver, defaultValues: { note: '' } });
  const { register, handleSubmit, formState } = form;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate(`${url}/notes`, 'POST', body, 'Note added.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'note'));
    saving.saved({ note: '' });
    reload();
  });
  return (
    <Card title="Staff notes">
      {booking.staffNotes ? (
        <p className="mb-3 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-900" data-testid="staff-notes">
          {booking.staffNotes}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-700">No notes yet.</p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextArea {...register('note')} label="Add a note" rows={2} maxLength={2000} error={formState.errors.note?.message} />
        {problem && <FormAlert title="The note was not added" message={problem} />}
        <button type="submit" className={`${secondaryButtonClass} mt-2`} disabled={formState.isSubmitting}>
          Add note
        </button>
      </form>
    </Card>
  );
}

function WaiversCard({ booking }: { booking: AdminBooking }) {
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
                {new Date(w.signedAt).toLocaleString('en-US')} · {w.adults} adult{w.adults === 1 ? '' : 's'}, {w.guests} guest{w.guests === 1 ? '' : 's'}
              </span>
              {w.hasPdf && (
                <a href={`/api/admin/waivers/${w.id}/pdf`} className="font-semibold text-brand-800 underline">
                  PDF<span className="sr-only"> of the waiver signed by {w.signerName}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Cakes delivered with the booking: their own price and payment, never in the booking's balance. */
function CakesCard({ booking }: { booking: AdminBooking }) {
  return (
    <Card title={`Cakes delivered with this booking (${booking.cakes.length})`}>
      <ul className="space-y-2 text-sm" data-testid="booking-cakes">
        {booking.cakes.map((c) => (
          <li key={c.id}>
            <a href={`/admin/cake-orders?id=${c.id}`} className="font-semibold text-brand-800 underline">
              {bookingCakeLine(c)}
            </a>
            <span className="block text-slate-700">
              {c.product}, {c.servings} servings · {cakeStatusLabels[c.status]}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-700">Cake prices are not part of this booking’s total or balance.</p>
    </Card>
  );
}

const actionLabels: Record<string, string> = {
  'booking.status': 'Status changed',
  'booking.note': 'Note added',
  'booking.payment': 'Payment recorded',
  'booking.refund': 'Refund',
  'booking.unit': 'Unit moved',
  'booking.resend_confirmation': 'E-mail resent',
  'booking.reminder': 'Reminder sent',
  'booking.create': 'Booked by staff',
  'booking.edit': 'Booking changed',
  'booking.truck': 'Truck',
  'booking.keep': 'Kept past its deadline',
  'booking.rotate_links': 'New link',
  'booking.customer_updated': 'Customer record updated',
};

function describe(entry: AdminBooking['history'][number]): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case 'booking.status':
      return `${staffStatusLabels[before.status as BookingStatus] ?? before.status} → ${staffStatusLabels[after.status as BookingStatus] ?? after.status}${after.reason ? ` (${String(after.reason)})` : ''}`;
    case 'booking.payment': {
      const p = after.payment as { amountCents: number; method: string };
      return `${formatMoney(p.amountCents)} ${paymentMethodLabels[p.method]?.toLowerCase() ?? p.method}`;
    }
    case 'booking.refund': {
      const r = after.refund as { amountCents: number; reason: string };
      return `${formatMoney(r.amountCents)}: ${r.reason}`;
    }
    case 'booking.unit':
      return `${String(before.unit)} → ${String(after.unit)}`;
    case 'booking.resend_confirmation':
      return `to ${String(after.to)}`;
    case 'booking.reminder':
      return `${String(after.label)} to ${String(after.to)}`;
    case 'booking.create':
      return `on the phone, ${formatMoney(after.totalCents as number)}`;
    case 'booking.edit': {
      const [was, now] = [before, after] as { event?: { date: string; start: string; end: string }; totalCents?: number }[];
      const when = (e: typeof was) => (e?.event ? `${e.event.date} ${e.event.start}–${e.event.end}` : '');
      return `${when(was)} ${formatMoney(was!.totalCents ?? 0)} → ${when(now)} ${formatMoney(now!.totalCents ?? 0)}`;
    }
    case 'booking.keep':
      return `(was to be released ${typeof before.releasesAt === 'string' ? new Date(before.releasesAt).toLocaleString('en-US') : ''})`;
    case 'booking.rotate_links':
      return Array.isArray(after.rotated) ? after.rotated.join(' and ') : '';
    case 'booking.customer_updated': {
      const was = before as { name?: string; email?: string; phone?: string };
      const now = after as { name?: string; email?: string; phone?: string };
      return `${was.name ?? ''} · ${was.email ?? ''} · ${was.phone ?? ''} → ${now.name ?? ''} · ${now.email ?? ''} · ${now.phone ?? ''}`;
    }
    case 'booking.truck':
      return `→ ${typeof after.truckName === 'string' ? after.truckName : 'none'}`;
    default:
      return '';
  }
}

function HistoryCard({ booking }: { booking: AdminBooking }) {
  if (booking.history.length === 0) return null;
  return (
    <Card title="History">
      <ol className="space-y-1 text-sm">
        {booking.history.map((h, i) => (
          <li key={i}>
            <span className="text-slate-700">{new Date(h.at).toLocaleString('en-US')}</span> · <span className="font-semibold">{actionLabels[h.action] ?? h.action}</span> {describe(h)}
            {h.actor ? <span className="text-slate-700"> · {h.actor}</span> : h.action === 'booking.reminder' && <span className="text-slate-700"> · sent automatically</span>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
