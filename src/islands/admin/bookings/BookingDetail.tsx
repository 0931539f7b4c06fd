import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { paymentKindLabels, paymentMethodLabels, staffStatusLabels, statusActionLabels } from '../../../lib/admin/booking-labels';
import type { AdminBooking, AdminPayment, AdminUnit } from '../../../lib/admin/bookings.server';
import type { BookingStatus } from '../../../lib/booking/booking-status.server';
import { formatEventWindow, formatMoney } from '../../shared/format';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import {
  Badge,
  buttonClass,
  Card,
  dangerButtonClass,
  inputClass,
  labelClass,
  LoadState,
  ScreenHeader,
  secondaryButtonClass,
  tableClass,
  tdClass,
  thClass,
} from '../shared/ui';
import DeliverySheet from './DeliverySheet';
import { addressLines } from './booking-text';
import { centsToInput, dollarsToCents } from './money-input';
import { StatusBadge } from './StatusBadge';

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
            <a href={`/admin/bookings/${booking.id}?view=delivery-sheet`} className={secondaryButtonClass}>
              Delivery sheet
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
        <CustomerCard booking={booking} showCustomerLink={can('manager')} />
        <div className="xl:col-span-2">
          <ItemsCard booking={booking} url={url} reload={reload} canMove={can('manager')} />
        </div>
        <div className="xl:col-span-2">
          <MoneyCard booking={booking} url={url} reload={reload} canManage={can('manager')} />
        </div>
        <NotesCard booking={booking} url={url} reload={reload} />
        <WaiversCard booking={booking} />
        <div className="xl:col-span-2">
          <HistoryCard booking={booking} />
        </div>
      </div>
    </>
  );
}

function StatusCard({ booking, url, reload }: { booking: AdminBooking; url: string; reload(): void }) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  const move = async (to: BookingStatus, extra: { reason?: string } = {}) => {
    setBusy(true);
    const result = await adminMutate<{ emailedTo: string | null }>(`${url}/status`, 'POST', { to, ...extra }, ({ emailedTo }) =>
      `Booking is now ${staffStatusLabels[to].toLowerCase()}.${emailedTo ? ` Confirmation e-mailed to ${emailedTo}.` : ''}`,
    );
    setBusy(false);
    if (result.ok) {
      setCancelling(false);
      setReason('');
      reload();
    } else setReasonError(result.error.fields?.reason ?? null);
  };
  const cancel = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError('Say why the booking is cancelled (at least 3 characters)');
      return;
    }
    void move('cancelled', { reason: reason.trim() });
  };
  const forward = booking.transitions.filter((s) => s !== 'cancelled');

  return (
    <Card title="Status">
      <p className="mb-3 text-sm text-slate-800">
        Now: <StatusBadge status={booking.status} />
        {booking.holdExpiresAt && <> · hold ends {new Date(booking.holdExpiresAt).toLocaleString('en-US')}</>}
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
        {booking.transitions.includes('cancelled') && !cancelling && (
          <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => setCancelling(true)}>
            Cancel booking…
          </button>
        )}
      </div>
      {cancelling && (
        <form className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3" onSubmit={cancel} noValidate>
          <label htmlFor={reasonId} className={labelClass}>
            Reason for cancelling
          </label>
          <textarea
            id={reasonId}
            className={`mt-1 ${inputClass}`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError && (
            <p id={`${reasonId}-error`} className="mt-1 text-sm font-semibold text-red-800">
              {reasonError}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-800">Cancelling frees the units at once. Refund any payment below.</p>
          <div className="mt-2 flex gap-2">
            <button type="submit" className={dangerButtonClass} disabled={busy}>
              Cancel booking
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setCancelling(false)}>
              Keep booking
            </button>
          </div>
        </form>
      )}
      {booking.lockedTransitions.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          A manager can also: {booking.lockedTransitions.map((s) => statusActionLabels[s].toLowerCase()).join(', ')}.
        </p>
      )}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-800">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CustomerCard({ booking, showCustomerLink }: { booking: AdminBooking; showCustomerLink: boolean }) {
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
    </Card>
  );
}

function ItemsCard({ booking, url, reload, canMove }: { booking: AdminBooking; url: string; reload(): void; canMove: boolean }) {
  return (
    <Card title="Items and units">
      <div className="overflow-x-auto">
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
            ['Total', formatMoney(t.totalCents)],
            ['Deposit', formatMoney(t.depositCents)],
            ['Paid', <span key="p" data-testid="amount-paid">{formatMoney(t.amountPaidCents)}</span>],
            ['Balance due', <span key="b" data-testid="balance-due">{formatMoney(t.amountDueCents)}</span>],
            ['Balance due on', booking.balanceDueOn ?? 'At delivery'],
          ]}
        />
        <div className="overflow-x-auto">
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
        <PaymentForm url={url} balanceCents={t.amountDueCents} reload={reload} />
      )}
    </Card>
  );
}

function useAmount(initial: string) {
  const [text, setText] = useState(initial);
  return { text, setText, cents: dollarsToCents(text) };
}

function PaymentForm({ url, balanceCents, reload }: { url: string; balanceCents: number; reload(): void }) {
  const ids = { amount: useId(), method: useId(), note: useId() };
  const amount = useAmount(centsToInput(balanceCents));
  const [method, setMethod] = useState('cash');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (amount.cents === null) return setErrors({ amountCents: 'Enter an amount in dollars, e.g. 125.00' });
    if (amount.cents > balanceCents) return setErrors({ amountCents: `The balance due is ${formatMoney(balanceCents)}` });
    setBusy(true);
    const result = await adminMutate(`${url}/payments`, 'POST', { amountCents: amount.cents, method, note }, `Payment of ${formatMoney(amount.cents)} recorded.`);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setNote('');
      reload();
    } else setErrors(result.error.fields ?? {});
  };
  return (
    <form className="mt-4 border-t border-slate-200 pt-4" onSubmit={submit} noValidate>
      <h3 className="mb-2 font-bold text-slate-900">Record a payment taken in person</h3>
      <div className="flex flex-wrap items-start gap-3">
        <Field id={ids.amount} label="Amount (USD)" error={errors.amountCents}>
          <input
            id={ids.amount}
            inputMode="decimal"
            className={`mt-1 ${inputClass} w-36`}
            value={amount.text}
            onChange={(e) => amount.setText(e.target.value)}
            aria-invalid={errors.amountCents ? true : undefined}
            aria-describedby={errors.amountCents ? `${ids.amount}-error` : undefined}
          />
        </Field>
        <Field id={ids.method} label="Method" error={errors.method}>
          <select id={ids.method} className={`mt-1 ${inputClass} w-44`} value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="cash">Cash</option>
            <option value="check">Cheque</option>
            <option value="card_in_person">Card in person</option>
          </select>
        </Field>
        <Field id={ids.note} label="Note (optional)" error={errors.note}>
          <input id={ids.note} className={`mt-1 ${inputClass} w-64`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <button type="submit" className={`${buttonClass} mt-6`} disabled={busy}>
          Record payment
        </button>
      </div>
    </form>
  );
}

function RefundForm({ payment, url, onDone, onCancel }: { payment: AdminPayment; url: string; onDone(): void; onCancel(): void }) {
  const ids = { amount: useId(), reason: useId() };
  const amount = useAmount(centsToInput(payment.refundableCents));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const viaStripe = payment.method === 'stripe';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (amount.cents === null) local.amountCents = 'Enter an amount in dollars, e.g. 25.00';
    else if (amount.cents > payment.refundableCents) local.amountCents = `At most ${formatMoney(payment.refundableCents)} can be refunded`;
    if (reason.trim().length < 3) local.reason = 'Say why the money is refunded (at least 3 characters)';
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    const result = await adminMutate(
      `${url}/refunds`,
      'POST',
      { paymentId: payment.id, amountCents: amount.cents, reason: reason.trim() },
      viaStripe ? `Refunded ${formatMoney(amount.cents!)} to the customer’s card.` : `Refund of ${formatMoney(amount.cents!)} recorded.`,
    );
    setBusy(false);
    if (result.ok) onDone();
    else setErrors(result.error.fields ?? {});
  };
  return (
    <form className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" onSubmit={submit} noValidate aria-label="Refund">
      <h3 className="mb-1 font-bold text-slate-900">
        Refund from the {paymentMethodLabels[payment.method]?.toLowerCase()} payment of {formatMoney(payment.amountCents)}
      </h3>
      <p className="mb-2 text-sm text-slate-800">
        {viaStripe ? 'The money goes back to the customer’s card through Stripe.' : 'Record money you have handed back.'} Up to {formatMoney(payment.refundableCents)}.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <Field id={ids.amount} label="Refund amount (USD)" error={errors.amountCents}>
          <input
            id={ids.amount}
            inputMode="decimal"
            className={`mt-1 ${inputClass} w-36`}
            value={amount.text}
            onChange={(e) => amount.setText(e.target.value)}
            aria-invalid={errors.amountCents ? true : undefined}
            aria-describedby={errors.amountCents ? `${ids.amount}-error` : undefined}
          />
        </Field>
        <Field id={ids.reason} label="Reason" error={errors.reason}>
          <input
            id={ids.reason}
            className={`mt-1 ${inputClass} w-72`}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
          />
        </Field>
        <div className="mt-6 flex gap-2">
          <button type="submit" className={dangerButtonClass} disabled={busy}>
            Refund
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Don’t refund
          </button>
        </div>
      </div>
    </form>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 max-w-72 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function NotesCard({ booking, url, reload }: { booking: AdminBooking; url: string; reload(): void }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setError('Write a note');
    setBusy(true);
    const result = await adminMutate(`${url}/notes`, 'POST', { note: note.trim() }, 'Note added.');
    setBusy(false);
    if (result.ok) {
      setNote('');
      setError(null);
      reload();
    } else setError(result.error.fields?.note ?? null);
  };
  return (
    <Card title="Staff notes">
      {booking.staffNotes ? (
        <p className="mb-3 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-900" data-testid="staff-notes">
          {booking.staffNotes}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-700">No notes yet.</p>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor={noteId} className={labelClass}>
          Add a note
        </label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={2000}
          className={`mt-1 ${inputClass}`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${noteId}-error` : undefined}
        />
        {error && (
          <p id={`${noteId}-error`} className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button type="submit" className={`${secondaryButtonClass} mt-2`} disabled={busy}>
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

const actionLabels: Record<string, string> = {
  'booking.status': 'Status changed',
  'booking.note': 'Note added',
  'booking.payment': 'Payment recorded',
  'booking.refund': 'Refund',
  'booking.unit': 'Unit moved',
  'booking.resend_confirmation': 'E-mail resent',
  'booking.reminder': 'Reminder sent',
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
