import { useEffect, useState } from 'react';
import WaiverQrCode from '../forms/WaiverQrCode';
import { loadBookingSummary, readBookingNumber, type BookingSummary } from '../shared/booking-summary';
import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';
import { amountsDue, type BookingStatus } from '../../lib/booking';
import { interpolate, phoneHref } from '../../lib/i18n';
import { useCheckoutWords, withWords } from '../shared/island-words';
import { downloadCalendarFile } from './calendar-file';
import { BookedItems, NextStepLinks } from './success-parts';
import { signWaiverPath, trackOrderPath } from '../../lib/paths';
import { ConfirmRequestNotice } from './ConfirmRequestNotice';
import { BackToHostSite } from '../shared/BackToHostSite';
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
export default withWords(Success);

function Success({ businessName, phone, email, timeZone }: Props) {
  const { checkout: t, f, link } = useCheckoutWords();
  const formatMoney = (cents: number) => f.money(cents);
  const [view, setView] = useState<View>({ state: 'loading' });
  const [calendarError, setCalendarError] = useState<string | null>(null);

  useEffect(() => {
    const number = readBookingNumber(new URLSearchParams(window.location.search).get('booking'));
    setView(number ? { state: 'ready', number, summary: loadBookingSummary(number) } : { state: 'missing' });
  }, []);

  const callHref = phoneHref(phone);

  if (view.state === 'loading') {
    return (
      <p role="status" className="text-lg text-slate-700">
        {t.loadingBooking}
      </p>
    );
  }
  if (view.state === 'missing') {
    return (
      <CustomerCard id="no-booking" heading={t.whichBooking} tone="note">
        <p className="mt-2 text-slate-700">
          {t.noNumber}
          <a href={callHref} className="font-semibold text-brand-800 underline">
            {phone}
          </a>
          .
        </p>
        <p className="mt-4">
          <a href={link('/track-order')} className={primaryButtonClass}>
            {t.trackOrder}
          </a>
        </p>
      </CustomerCard>
    );
  }

  const { number, summary } = view;
  const trackHref = link(trackOrderPath(number));
  const waiverHref = link(signWaiverPath(number));
  const confirmed =
    summary?.status === 'confirmed' ||
    (summary !== null &&
      summary.totals.amountPaidCents >= summary.totals.depositCents &&
      summary.totals.depositCents > 0);
  const depositDue = summary !== null && !confirmed;
  // What is left of the deposit after credit spent at checkout: the booking's own computation (amountsDue).
  const deposit = summary ? { depositCents: summary.totals.depositCents, ...amountsDue({ ...summary.totals, status: summary.status as BookingStatus }) } : null;

  // What is left of the deposit, as depositToPay (src/lib/money) writes it in English.
  const depositWords = (d: { depositCents: number; depositOutstandingCents: number }) =>
    d.depositOutstandingCents < d.depositCents
      ? interpolate(t.depositLeftOf, { left: formatMoney(d.depositOutstandingCents), deposit: formatMoney(d.depositCents) })
      : interpolate(t.yourDeposit, { deposit: formatMoney(d.depositCents) });

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
      setCalendarError(t.calendarFailed);
    }
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="booking-number" className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6">
        <h2 id="booking-number" className="text-xl font-bold text-emerald-950">
          {t.numberIs}
          <span className="whitespace-nowrap font-mono text-2xl">{number}</span>
        </h2>
        <p className="mt-2 text-emerald-950">
          {t.keepHandy}
        </p>
      </section>

      {summary?.sitePhotosNotSent && (
        <p role="status" className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          {t.photosNotSent}
          <a href={trackHref} className="font-semibold underline underline-offset-4">
            {t.trackOrder}
          </a>
          .
        </p>
      )}

      {summary?.confirmBy && <ConfirmRequestNotice confirmBy={summary.confirmBy} email={summary.email} timeZone={timeZone} />}

      {summary ? (
        <CustomerCard id="summary-heading" heading={t.whatBooked}>
          <p className="mt-2 font-semibold text-slate-900">{f.eventWindow(summary.event)}</p>
          {summary.location && <p className="text-slate-700">{summary.location}</p>}
          <BookedItems items={summary.items} />
          <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-800">
            <dt>{t.total}</dt>
            <dd className="text-right font-bold tabular-nums">{formatMoney(summary.totals.totalCents)}</dd>
            <dt>{t.deposit}</dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.depositCents)}</dd>
            <dt>{t.paidSoFar}</dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.amountPaidCents)}</dd>
            <dt>
              {t.stillToPay}
              {summary.totals.balanceDueOn ? interpolate(t.balanceDue, { date: f.longDate(summary.totals.balanceDueOn) }) : ''}
            </dt>
            <dd className="text-right tabular-nums">{formatMoney(summary.totals.amountDueCents)}</dd>
          </dl>
          <p className="mt-5 flex flex-wrap items-center gap-3">
            <button type="button" onClick={addToCalendar} className={secondaryButtonClass}>
              {t.addCalendar}
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
          {t.detailsOnTracking}
        </p>
      )}

      <CustomerCard id="next-steps" heading={t.whatNext}>
        <ol className="mt-3 list-decimal space-y-3 pl-6 text-slate-800">
          {summary?.confirmBy && (
            <li>
              <strong>{t.confirmRequest}</strong>
              {t.confirmRequestRest}
            </li>
          )}
          {depositDue && deposit && (
            <li data-testid="deposit-to-pay">
              <strong>{interpolate(t.payStrong, { amount: depositWords(deposit) })}</strong>
              {t.payToConfirm}
              <a href={callHref} className="font-semibold text-brand-800 underline">
                {phone}
              </a>
              {t.payByCard}
              {/* A hold is waiting for its online payment; a booking with its deposit due was made in pay-later mode. */}
              {summary.status === 'hold' ? t.orTracking : ''}
              {t.reservedMeantime}
            </li>
          )}
          {confirmed && (
            <li>
              <strong>{t.confirmedStrong}</strong>
              {t.confirmedRest}
            </li>
          )}
          {!summary && (
            <li>
              <strong>{t.checkStatus}</strong>
              {t.checkStatusRest}
            </li>
          )}
          <li>
            <strong>{t.signStrong}</strong>
            {t.signRest}
          </li>
          <li>
            <strong>{t.partyDayStrong}</strong>
            {t.partyDayRest}
          </li>
        </ol>
        <NextStepLinks waiverHref={waiverHref} trackHref={trackHref} margin="mt-6" words={t} />
        <BackToHostSite bookingNumber={number} />
        {view.summary?.email && (
          <section aria-labelledby="guest-waivers" className="mt-6 rounded-xl border border-brand-100 p-4">
            <h3 id="guest-waivers" className="mb-3 font-bold text-slate-900">
              {t.guestsSign}
            </h3>
            <WaiverQrCode bookingNumber={view.number} email={view.summary.email} />
          </section>
        )}
        <p className="mt-5 text-sm text-slate-700">
          {t.changeOrCancel}
          <a href={link('/cancellation-policy')} className="font-semibold text-brand-800 underline">
            {t.cancellationPolicy}
          </a>
          {t.andEmail}
          <a href={`mailto:${email}?subject=${encodeURIComponent(interpolate(t.mailSubject, { number }))}`} className="font-semibold text-brand-800 underline">
            {email}
          </a>
          {t.withNumber}
        </p>
      </CustomerCard>
    </div>
  );
}
