import { useEffect, useState } from 'react';
import WaiverQrCode from '../forms/WaiverQrCode';
import { loadBookingSummary, readBookingNumber, type BookingSummary } from '../shared/booking-summary';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';
import { formatEventWindow, formatLongDate } from '../../lib/time';
import { amountsDue, type BookingStatus } from '../../lib/booking';
import { depositToPay, formatMoney } from '../../lib/money';
import { downloadCalendarFile } from './calendar-file';
import { BookedItems, NextStepLinks } from './success-parts';
import { signWaiverPath, trackOrderPath } from '../../lib/paths';
import { ConfirmRequestNotice } from './ConfirmRequestNotice';
import { CustomerCard } from '../shared/CustomerCard';

interface Props {
  businessName: string;
  phone: string;
  email: string;
  timeZone: string;
}

type View =
  { state: 'loading' } | { state: 'missing' } | { state: 'ready'; number: string; summary: BookingSummary | null };

/**
 * /booking-success: the booking number, what was booked, what happens next and a calendar file.
 * The details come from this tab's checkout (sessionStorage); opened anywhere else, the page still
 * shows the number and points to the tracking page, which asks the server.
 */
export default function BookingSuccess({ businessName, phone, email, timeZone }: Props) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [calendarError, setCalendarError] = useState<string | null>(null);

  useEffect(() => {
    const number = readBookingNumber(new URLSearchParams(window.location.search).get('booking'));
    setView(number ? { state: 'ready', number, summary: loadBookingSummary(number) } : { state: 'missing' });
  }, []);

  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;

  if (view.state === 'loading') {
    return (
      <p role="status" className="text-lg text-slate-700">
        Loading your booking…
      </p>
    );
  }
  if (view.state === 'missing') {
    return (
      <CustomerCard id="no-booking" heading="We can’t tell which booking this is" tone="note">
        <p className="mt-2 text-slate-700">
          This link has no booking number. Your booking number is in your confirmation e-mail; enter it on the tracking
          page, or call us at{' '}
          <a href={phoneHref} className="font-semibold text-brand-800 underline">
            {phone}
          </a>
          .
        </p>
        <p className="mt-4">
          <a href="/track-order" className={primaryButtonClass}>
            Track your order
          </a>
        </p>
      </CustomerCard>
    );
  }

  const { number, summary } = view;
  const trackHref = trackOrderPath(number);
  const waiverHref = signWaiverPath(number);
  const confirmed =
    summary?.status === 'confirmed' ||
    (summary !== null &&
      summary.totals.amountPaidCents >= summary.totals.depositCents &&
      summary.totals.depositCents > 0);
  const depositDue = summary !== null && !confirmed;
  // What is left of the deposit after credit spent at checkout: the booking's own computation (amountsDue).
  const deposit = summary ? { depositCents: summary.totals.depositCents, ...amountsDue({ ...summary.totals, status: summary.status as BookingStatus }) } : null;

  const addToCalendar = async () => {
    if (!summary) return;
    setCalendarError(null);
    try {
      await downloadCalendarFile({
        bookingNumber: number,
        businessName,
        phone,
        event: summary.event,
        items: summary.items,
        location: summary.location,
        timeZone,
        confirmed,
      });
    } catch {
      setCalendarError(
        'We couldn’t create the calendar file in this browser. The confirmation e-mail has one attached.',
      );
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="booking-number" className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6">
        <h2 id="booking-number" className="text-xl font-bold text-emerald-950">
          Your booking number is <span className="whitespace-nowrap font-mono text-2xl">{number}</span>
        </h2>
        <p className="mt-2 text-emerald-950">
          Keep it handy: you need it with your e-mail or phone to track your order, pay and sign the waiver. A
          confirmation e-mail with these details is on its way.
        </p>
      </section>

      {summary?.sitePhotosNotSent && (
        <p role="status" className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          Your photos of the setup spot didn’t reach us, but your booking is made. Add them from{' '}
          <a href={trackHref} className="font-semibold underline underline-offset-4">
            Track your order
          </a>
          .
        </p>
      )}

      {summary?.confirmBy && <ConfirmRequestNotice confirmBy={summary.confirmBy} email={summary.email} timeZone={timeZone} />}

      {summary ? (
        <CustomerCard id="summary-heading" heading="What you booked">
          <p className="mt-2 font-semibold text-slate-900">{formatEventWindow(summary.event)}</p>
          {summary.location && <p className="text-slate-700">{summary.location}</p>}
          <BookedItems items={summary.items} />
          <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-800">
            <dt>Total</dt>
            <dd className="text-right font-bold tabular-nums">{formatMoney(summary.totals.totalCents)}</dd>
            <dt>Deposit</dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.depositCents)}</dd>
            <dt>Paid so far</dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.amountPaidCents)}</dd>
            <dt>
              Still to pay
              {summary.totals.balanceDueOn ? ` (balance due ${formatLongDate(summary.totals.balanceDueOn)})` : ''}
            </dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.amountDueCents)}</dd>
          </dl>
          <p className="mt-5 flex flex-wrap items-center gap-3">
            <button type="button" onClick={addToCalendar} className={secondaryButtonClass}>
              Add to calendar (.ics)
            </button>
          </p>
          {calendarError && (
            <p role="alert" className="mt-2 font-semibold text-red-800">
              {calendarError}
            </p>
          )}
        </CustomerCard>
      ) : (
        <p className="text-slate-700">
          The full details of this booking are on the tracking page: enter your booking number with the e-mail or phone
          you booked with.
        </p>
      )}

      <CustomerCard id="next-steps" heading="What happens next">
        <ol className="mt-3 list-decimal space-y-3 pl-6 text-slate-800">
          {summary?.confirmBy && (
            <li>
              <strong>Confirm your booking request</strong> with the link in our e-mail within the hour, or it is
              released.
            </li>
          )}
          {depositDue && deposit && (
            <li data-testid="deposit-to-pay">
              <strong>Pay {depositToPay(deposit)}</strong> to confirm the booking: call us at{' '}
              <a href={phoneHref} className="font-semibold text-brand-800 underline">
                {phone}
              </a>{' '}
              during office hours to pay by card
              {/* A hold is waiting for its online payment; a booking with its deposit due was made in pay-later mode. */}
              {summary.status === 'hold' ? ', or open the tracking page to see where the payment stands' : ''}. Your
              equipment is reserved for you in the meantime.
            </li>
          )}
          {confirmed && (
            <li>
              <strong>Your booking is confirmed</strong>: the deposit is paid and your equipment is reserved.
            </li>
          )}
          {!summary && (
            <li>
              <strong>Check the status</strong> on the tracking page: it shows whether the deposit is paid and what is
              still due.
            </li>
          )}
          <li>
            <strong>Sign the safety waiver</strong> before party day: the adult in charge signs it online in two
            minutes. Our crew can’t set up without it.
          </li>
          <li>
            <strong>On party day</strong> we call when we are on the way, deliver and set up before your start time, and
            pick everything up afterwards.
          </li>
        </ol>
        <NextStepLinks waiverHref={waiverHref} trackHref={trackHref} margin="mt-6" />
        {view.summary?.email && (
          <section aria-labelledby="guest-waivers" className="mt-6 rounded-xl border border-brand-100 p-4">
            <h3 id="guest-waivers" className="mb-3 font-bold text-slate-900">
              Guests can sign at the party
            </h3>
            <WaiverQrCode bookingNumber={view.number} email={view.summary.email} />
          </section>
        )}
        <p className="mt-5 text-sm text-slate-700">
          Need to change or cancel? Read the{' '}
          <a href="/cancellation-policy" className="font-semibold text-brand-800 underline">
            cancellation policy
          </a>{' '}
          and e-mail{' '}
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(`Booking ${number}`)}`}
            className="font-semibold text-brand-800 underline"
          >
            {email}
          </a>{' '}
          with your booking number.
        </p>
      </CustomerCard>
    </div>
  );
}
