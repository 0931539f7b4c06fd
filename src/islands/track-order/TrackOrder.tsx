import { adjustmentLabel, signedMoney } from '../../lib/pricing/adjustments';
import { useEffect, useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import type { TrackedBooking } from '../../lib/booking/track-order.server';
import { bookingCakeLine } from '../../lib/cakes/booking-cakes';
import { trackOrderRequest, type TrackOrderRequest } from '../../lib/booking/track-order';
import { requestJson, type ApiError } from '../shared/api';
import { readBookingNumber } from '../shared/booking-summary';
import { formatEventWindow, formatLongDate, formatMoney, plural } from '../shared/format';
import { inputClass } from '../shared/form-classes';
import { signWaiverPath, supportPath } from '../../lib/site/urls';

interface Props {
  phone: string;
  email: string;
  timeZone: string;
}

type PublicBooking = TrackedBooking;
type Credentials = TrackOrderRequest;
type Status = PublicBooking['status'];

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-wait disabled:bg-brand-800';
const secondaryClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-6 py-2 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800';

const PAST_CONFIRMATION: Status[] = ['confirmed', 'out_for_delivery', 'delivered', 'completed'];
const ACTIVE: Status[] = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered'];

interface Step {
  label: string;
  done: boolean;
  detail?: string | undefined;
}

function timeline(b: PublicBooking, formatInstant: (iso: string) => string): Step[] {
  const placed: Step = { label: 'Booking placed', done: true, detail: formatInstant(b.createdAt) };
  if (b.status === 'cancelled') return [placed, { label: 'Cancelled', done: true }];
  if (b.status === 'expired') return [placed, { label: 'Expired: the deposit was not paid in time', done: true }];
  const depositPaid =
    (b.totals.depositCents > 0 && b.totals.amountPaidCents >= b.totals.depositCents) ||
    PAST_CONFIRMATION.includes(b.status);
  const deposit = b.payments.find((p) => p.kind === 'deposit');
  return [
    placed,
    {
      label: 'Deposit paid',
      done: depositPaid,
      detail: deposit ? `${formatMoney(deposit.amountCents)} on ${formatInstant(deposit.at)}` : undefined,
    },
    { label: 'Confirmed', done: PAST_CONFIRMATION.includes(b.status) },
    { label: 'Out for delivery', done: ['out_for_delivery', 'delivered', 'completed'].includes(b.status) },
    { label: 'Delivered and set up', done: ['delivered', 'completed'].includes(b.status) },
    { label: 'Completed', done: b.status === 'completed' },
  ];
}

/** What the cancellation policy means for this booking today (the policy page is the authority). */
function cancellationTerms(startsAt: string): string {
  const days = (Date.parse(startsAt) - Date.now()) / 86_400_000;
  if (days >= 7) return 'Your event is 7 or more days away: if you cancel now, you get a full refund of your deposit.';
  if (days >= 2)
    return 'Your event is less than 7 days but more than 48 hours away: if you cancel now, your full deposit becomes a credit for a future rental, valid for 12 months.';
  return 'Your event is less than 48 hours away: a cancellation now gets no refund of the deposit, except for weather, which the policy covers separately.';
}

/**
 * /track-order: booking number plus the e-mail or phone used, then the booking's status, items,
 * address, what is paid and due, the waiver, a payment button and how to cancel.
 */
export default function TrackOrder({ phone, email, timeZone }: Props) {
  const id = useId();
  const [fieldErrors, setFieldErrors] = useState<{ bookingNumber?: string; contact?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [paymentCancelled, setPaymentCancelled] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromUrl = readBookingNumber(params.get('booking'));
    // The inputs are uncontrolled, so anything typed before the page became interactive is kept.
    if (fromUrl && numberRef.current && !numberRef.current.value) numberRef.current.value = fromUrl;
    setPaymentCancelled(params.get('payment') === 'cancelled');
  }, []);

  // Move focus to what changed: the found booking, or the reason there is none.
  useEffect(() => {
    if (booking) resultRef.current?.focus();
  }, [booking]);
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const instantFormat = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const formatInstant = (iso: string) => instantFormat.format(new Date(iso));

  const lookUp = async (e: SubmitEvent) => {
    e.preventDefault();
    setFormError(null);
    const number = numberRef.current?.value ?? '';
    const value = (contactRef.current?.value ?? '').trim();
    const byEmail = value.includes('@');
    const parsed = trackOrderRequest.safeParse({
      bookingNumber: number,
      ...(value ? (byEmail ? { email: value } : { phone: value }) : {}),
    });
    const errors: { bookingNumber?: string; contact?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'bookingNumber' ? 'bookingNumber' : 'contact';
        errors[key] ??= issue.message;
      }
    } else if (!byEmail && parsed.data.phone && parsed.data.phone.replace(/\D/g, '').length < 10) {
      errors.contact = 'Enter the e-mail, or the phone number with area code, that you booked with';
    }
    setFieldErrors(errors);
    if (errors.bookingNumber || errors.contact || !parsed.success) {
      (errors.bookingNumber ? numberRef : contactRef).current?.focus();
      return;
    }
    setLoading(true);
    const body: Credentials = parsed.data;
    const result = await requestJson<PublicBooking>('/api/track-order', { method: 'POST', json: body });
    setLoading(false);
    if (result.ok) {
      setBooking(result.data);
      setCredentials(body);
      setPayError(null);
      const url = new URL(window.location.href);
      url.searchParams.set('booking', result.data.number);
      url.searchParams.delete('payment');
      window.history.replaceState(window.history.state, '', url);
      return;
    }
    setBooking(null);
    setFormError(messageFor(result.error, result.status));
  };

  const pay = async () => {
    if (!credentials) return;
    setPaying(true);
    setPayError(null);
    const result = await requestJson<{ url: string }>('/api/booking-payment', { method: 'POST', json: credentials });
    if (result.ok) {
      window.location.assign(result.data.url);
      return;
    }
    setPaying(false);
    setPayError(result.error.message);
  };

  return (
    <div className="space-y-10">
      {paymentCancelled && (
        <p className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          You left the payment page before paying, so nothing was charged. Look up your booking below to see where it
          stands.
        </p>
      )}

      <form
        onSubmit={lookUp}
        noValidate
        aria-labelledby={`${id}-find`}
        className="max-w-xl rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
      >
        <h2 id={`${id}-find`} className="text-xl font-bold text-slate-900">
          Find your booking
        </h2>
        <div className="mt-4 space-y-4">
          <div>
            <label htmlFor={`${id}-number`} className="font-semibold text-slate-900">
              Booking number
            </label>
            <p id={`${id}-number-hint`} className="text-sm text-slate-700">
              In your confirmation e-mail, like PF-7K3Q9X.
            </p>
            <input
              ref={numberRef}
              id={`${id}-number`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} max-w-60 font-mono uppercase`}
              defaultValue=""
              aria-invalid={fieldErrors.bookingNumber ? true : undefined}
              aria-describedby={`${id}-number-hint${fieldErrors.bookingNumber ? ` ${id}-number-error` : ''}`}
            />
            {fieldErrors.bookingNumber && (
              <p id={`${id}-number-error`} className="mt-1 font-semibold text-red-800">
                {fieldErrors.bookingNumber}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-contact`} className="font-semibold text-slate-900">
              E-mail or phone number
            </label>
            <p id={`${id}-contact-hint`} className="text-sm text-slate-700">
              The one you used when you booked.
            </p>
            <input
              ref={contactRef}
              id={`${id}-contact`}
              type="text"
              autoComplete="email"
              className={inputClass}
              defaultValue=""
              aria-invalid={fieldErrors.contact ? true : undefined}
              aria-describedby={`${id}-contact-hint${fieldErrors.contact ? ` ${id}-contact-error` : ''}`}
            />
            {fieldErrors.contact && (
              <p id={`${id}-contact-error`} className="mt-1 font-semibold text-red-800">
                {fieldErrors.contact}
              </p>
            )}
          </div>
          {formError && (
            <p
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              className="rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900"
            >
              {formError}
            </p>
          )}
          <button type="submit" className={buttonClass} disabled={loading}>
            {loading ? 'Looking up your booking…' : 'Find my booking'}
          </button>
        </div>
      </form>

      {booking && (
        <BookingDetails
          booking={booking}
          headingRef={resultRef}
          formatInstant={formatInstant}
          phone={phone}
          email={email}
          paying={paying}
          payError={payError}
          onPay={pay}
        />
      )}
    </div>
  );
}

function messageFor(error: ApiError, status: number): string {
  if (status === 429) return 'Too many lookups from this device. Please wait a few minutes and try again, or call us.';
  return error.message;
}

function BookingDetails({
  booking: b,
  headingRef,
  formatInstant,
  phone,
  email,
  paying,
  payError,
  onPay,
}: {
  booking: PublicBooking;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formatInstant: (iso: string) => string;
  phone: string;
  email: string;
  paying: boolean;
  payError: string | null;
  onPay: () => void;
}) {
  const steps = timeline(b, formatInstant);
  const current = steps.findIndex((s) => !s.done);
  const t = b.totals;
  // The server decides (payment mode, Stripe configured): no button that could only answer "not available".
  const payKind = b.paymentOffer
    ? { label: `${b.paymentOffer.kind === 'deposit' ? 'Pay deposit' : 'Pay balance'} (${formatMoney(b.paymentOffer.amountCents)})` }
    : null;
  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  // The customer has just proved who they are: carry the booking and e-mail over, as the confirmation
  // e-mail's link does, so the signing page opens on their booking instead of asking again.
  const waiverHref = signWaiverPath(b.number, { email: b.customer.email });
  const event = {
    date: b.event.date,
    start: b.event.start,
    end: b.event.end,
    endDate: b.event.endDate !== b.event.date ? b.event.endDate : undefined,
  };
  const cancelled = b.status === 'cancelled' || b.status === 'expired';

  return (
    <article aria-labelledby="booking-heading" className="space-y-8">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="booking-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold text-slate-900">
          Booking <span className="font-mono">{b.number}</span>
        </h2>
        <p
          className={`rounded-full px-3 py-1 text-sm font-bold ${cancelled ? 'bg-slate-200 text-slate-900' : 'bg-brand-100 text-brand-900'}`}
        >
          {b.statusLabel}
        </p>
      </header>

      <section
        aria-labelledby="timeline-heading"
        className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
      >
        <h3 id="timeline-heading" className="text-lg font-bold text-slate-900">
          Status
        </h3>
        <ol className="mt-4 space-y-4">
          {steps.map((step, i) => {
            const isCurrent = i === current;
            return (
              <li key={step.label} className="flex items-start gap-3" aria-current={isCurrent ? 'step' : undefined}>
                <span
                  aria-hidden="true"
                  className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                    step.done
                      ? 'border-emerald-700 bg-emerald-700 text-white'
                      : isCurrent
                        ? 'border-brand-700 bg-white text-brand-800'
                        : 'border-slate-400 bg-white text-slate-700'
                  }`}
                >
                  {step.done ? '✓' : i + 1}
                </span>
                <div>
                  <p className={`font-semibold ${step.done || isCurrent ? 'text-slate-900' : 'text-slate-700'}`}>
                    {step.label}
                    <span className="sr-only">{step.done ? ': done' : isCurrent ? ': next step' : ': not yet'}</span>
                  </p>
                  {step.detail && <p className="text-sm text-slate-700">{step.detail}</p>}
                </div>
              </li>
            );
          })}
        </ol>
        {b.status === 'hold' && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950">
            We are holding your equipment while the deposit is paid
            {b.holdExpiresAt ? `, until ${formatInstant(b.holdExpiresAt)}` : ''}. If you closed the payment page, call
            us at {phone} and we take the deposit by phone.
          </p>
        )}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="event-heading" className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
          <h3 id="event-heading" className="text-lg font-bold text-slate-900">
            Party
          </h3>
          <p className="mt-2 font-semibold text-slate-900">{formatEventWindow(event)}</p>
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
          {b.address.surface && <p className="mt-2 text-slate-700">Surface: {b.address.surface.replace('-', ' ')}</p>}
          {b.address.notes && <p className="mt-1 text-slate-700">Notes: {b.address.notes}</p>}
          <h4 className="mt-4 font-bold text-slate-900">Items</h4>
          <ul className="mt-1 space-y-1 text-slate-800">
            {b.items.map((item) => (
              <li key={item.name} className="flex justify-between gap-4">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span className="tabular-nums">{formatMoney(item.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="money-heading" className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
          <h3 id="money-heading" className="text-lg font-bold text-slate-900">
            Payments
          </h3>
          <dl className="mt-2 divide-y divide-brand-100 text-slate-800">
            <div className="flex justify-between gap-4 py-1.5">
              <dt>Rentals</dt>
              <dd className="tabular-nums">{formatMoney(t.subtotalCents)}</dd>
            </div>
            {t.discountCents > 0 && (
              <div className="flex justify-between gap-4 py-1.5">
                <dt>Discount{t.couponCode ? ` (${t.couponCode})` : ''}</dt>
                <dd className="tabular-nums">−{formatMoney(t.discountCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 py-1.5">
              <dt>Damage waiver</dt>
              <dd className="tabular-nums">{formatMoney(t.damageWaiverCents)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1.5">
              <dt>Delivery, setup and pickup</dt>
              <dd className="tabular-nums">{t.deliveryFeeCents === 0 ? 'Free' : formatMoney(t.deliveryFeeCents)}</dd>
            </div>
            {b.adjustments.map((a, i) => (
              <div key={i} className="flex justify-between gap-4 py-1.5">
                <dt>{adjustmentLabel(a)}</dt>
                <dd className="tabular-nums">{signedMoney(a.cents)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 py-1.5">
              <dt>Sales tax</dt>
              <dd className="tabular-nums">{formatMoney(t.taxCents)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-1.5 text-lg font-extrabold text-slate-900">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="booking-total">
                {formatMoney(t.totalCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-1.5">
              <dt>Paid</dt>
              <dd className="tabular-nums" data-testid="booking-paid">
                {formatMoney(t.amountPaidCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-1.5 font-bold text-slate-900">
              <dt>Still due{b.balanceDueOn && t.amountDueCents > 0 ? ` by ${formatLongDate(b.balanceDueOn)}` : ''}</dt>
              <dd className="tabular-nums" data-testid="booking-due">
                {formatMoney(t.amountDueCents)}
              </dd>
            </div>
          </dl>
          {b.payments.length > 0 && (
            <>
              <h4 className="mt-4 font-bold text-slate-900">Received</h4>
              <ul className="mt-1 space-y-1 text-sm text-slate-800">
                {b.payments.map((p) => (
                  <li key={`${p.kind}-${p.at}`}>
                    {formatMoney(p.amountCents)} {p.kind} by{' '}
                    {p.method === 'stripe' ? 'card' : p.method.replace('_', ' ')} on {formatInstant(p.at)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {b.cakes.length > 0 && (
            <ul className="mt-4 space-y-1 text-sm text-slate-800" data-testid="booking-cakes">
              {b.cakes.map((c) => (
                <li key={c.number}>
                  {bookingCakeLine(c)} ({c.product})
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4">
            <a href={b.invoiceUrl} className="font-semibold text-brand-800 underline underline-offset-4" data-testid="invoice-link">
              Download your invoice (PDF)
            </a>
          </p>
          {payKind && (
            <div className="mt-5">
              <button type="button" className={buttonClass} disabled={paying} onClick={onPay}>
                {paying ? 'Opening the payment page…' : payKind.label}
              </button>
              <p className="mt-2 text-sm text-slate-700">Paid securely by card on Stripe’s payment page.</p>
              {payError && (
                <p role="alert" className="mt-2 font-semibold text-red-800">
                  {payError}
                </p>
              )}
            </div>
          )}
        </section>
      </div>

      {!cancelled && (
        <section
          aria-labelledby="waiver-heading"
          className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <h3 id="waiver-heading" className="text-lg font-bold text-slate-900">
            Safety waiver
          </h3>
          {b.waiversSigned > 0 ? (
            <p className="mt-2 font-semibold text-emerald-800">
              ✓ Signed ({plural(b.waiversSigned, 'waiver', 'waivers')} on file).
            </p>
          ) : (
            <p className="mt-2 font-semibold text-red-800">
              Not signed yet. Our crew can’t set up until the adult in charge signs it.
            </p>
          )}
          <p className="mt-4">
            <a href={waiverHref} className={b.waiversSigned > 0 ? secondaryClass : buttonClass}>
              {b.waiversSigned > 0 ? 'Sign another waiver' : 'Sign the waiver'}
            </a>
          </p>
        </section>
      )}

      {ACTIVE.includes(b.status) && (
        <section aria-labelledby="cancel-heading" className="rounded-2xl border border-brand-100 bg-brand-50 p-6">
          <h3 id="cancel-heading" className="text-lg font-bold text-slate-900">
            Need to cancel or change the date?
          </h3>
          <p className="mt-2 text-slate-800">{cancellationTerms(b.event.startsAt)}</p>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            <li>7 days or more before your event: a full refund of your deposit.</li>
            <li>Less than 7 days but at least 48 hours before: your deposit as a credit for a future rental.</li>
            <li>Less than 48 hours before: no refund of the deposit.</li>
            <li>
              Moving to a new date is free at least 48 hours ahead, when the items are free on the new date. Unsafe
              weather always gets a rain check.
            </li>
          </ul>
          <p className="mt-3 text-slate-800">
            To cancel or move your booking, call{' '}
            <a href={phoneHref} className="font-semibold text-brand-800 underline">
              {phone}
            </a>{' '}
            or e-mail{' '}
            <a
              href={`mailto:${email}?subject=${encodeURIComponent(`Cancel or change booking ${b.number}`)}`}
              className="font-semibold text-brand-800 underline"
            >
              {email}
            </a>{' '}
            with your booking number, or{' '}
            <a
              href={supportPath(b.number, `Cancel or change booking ${b.number}`)}
              className="font-semibold text-brand-800 underline"
            >
              send a cancellation request
            </a>
            . The cancellation counts from the moment we get your request, and we confirm it by e-mail.
          </p>
          <p className="mt-3">
            <a href="/cancellation-policy" className="font-semibold text-brand-800 underline underline-offset-4">
              Read the full cancellation policy
            </a>
          </p>
        </section>
      )}
    </article>
  );
}
