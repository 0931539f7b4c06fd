import { useEffect, useState } from 'react';
import { requestJson, type ApiError } from '../shared/api';
import { readBookingNumber } from '../shared/booking-summary';
import { primaryButtonClass } from '../shared/form-classes';
import { interpolate, phoneHref, type Messages } from '../../lib/i18n';
import { signWaiverPath, trackOrderPath, publicApi } from '../../lib/paths';
import { BookedItems, NextStepLinks } from '../booking-success/success-parts';
import { BackToHostSite } from '../shared/BackToHostSite';
import { CustomerCard } from '../shared/CustomerCard';
import { useWords, WordsProvider, type IslandWords, type Words } from '../shared/island-words';

/** The page's words: the booking path's plus its own (messages.paymentSuccess). */
export type PaymentSuccessWords = IslandWords & { paymentSuccess: Messages['paymentSuccess']; statuses: Messages['trackOrder']['booking']['statuses'] };

interface Props {
  phone: string;
  words: PaymentSuccessWords;
}

interface PaidStatus {
  paid: true;
  amountCents: number;
  bookingNumber: string;
  status: string;
  statusLabel: string;
  firstName: string;
  event: { date: string; endDate: string; start: string; end: string };
  items: { name: string; quantity: number }[];
  totals: { totalCents: number; amountPaidCents: number; amountDueCents: number; depositCents: number };
}
type PaymentStatus = PaidStatus | { paid: false; reason: string; bookingNumber?: string };

type View =
  | { state: 'checking' }
  | { state: 'bad-link' }
  | { state: 'paid'; data: PaidStatus; settling: boolean }
  | { state: 'unpaid'; reason: string }
  | { state: 'error'; error: ApiError };

/** The webhook usually lands before the redirect; if not, ask again a few times. */
const POLLS = 5;
const POLL_MS = 2500;

/**
 * /payment-success: Stripe sends the customer here, but that alone proves nothing. The page asks
 * the server (which asks Stripe) before it says anything is paid.
 */
export default function PaymentSuccess({ phone, words }: Props) {
  return (
    <WordsProvider words={words}>
      <Payment phone={phone} />
    </WordsProvider>
  );
}

function Payment({ phone }: { phone: string }) {
  const { f, link, paymentSuccess: t, statuses } = useWords() as Words & Pick<PaymentSuccessWords, 'paymentSuccess' | 'statuses'>;
  const formatMoney = (cents: number) => f.money(cents);
  const [view, setView] = useState<View>({ state: 'checking' });
  const [number, setNumber] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const booking = readBookingNumber(params.get('booking'));
    const sessionId = params.get('session_id') ?? '';
    setNumber(booking);
    if (!booking || !/^cs_[A-Za-z0-9_]{4,200}$/.test(sessionId)) {
      setView({ state: 'bad-link' });
      return;
    }
    let cancelled = false;
    let timer: number | undefined;
    const url = publicApi.paymentStatus({ booking, session_id: sessionId });
    const ask = async (attempt: number) => {
      const result = await requestJson<PaymentStatus>(url);
      if (cancelled) return;
      if (!result.ok) {
        setView({ state: 'error', error: result.error });
        return;
      }
      const data = result.data;
      if (!data.paid) {
        setView({ state: 'unpaid', reason: data.reason });
        return;
      }
      const settling = data.status === 'hold' && attempt < POLLS;
      setView({ state: 'paid', data, settling });
      if (settling) timer = window.setTimeout(() => void ask(attempt + 1), POLL_MS);
    };
    void ask(1);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);

  const callHref = phoneHref(phone);
  const trackHref = link(trackOrderPath(number));

  const announcement =
    view.state === 'paid'
      ? interpolate(t.announcePaid, { amount: formatMoney(view.data.amountCents) })
      : view.state === 'unpaid'
        ? `${t.notPaidYet} ${view.reason}`
        : view.state === 'error'
          ? `${t.notPaidYet} ${view.error.message}`
          : view.state === 'bad-link'
            ? t.cantCheck
            : '';

  return (
    <div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {view.state === 'checking' && (
        <p className="rounded-xl border border-brand-100 bg-brand-50 p-6 text-lg font-semibold text-slate-800">
          {t.checking}
        </p>
      )}

      {view.state === 'bad-link' && (
        <CustomerCard id="payment-heading" heading={t.badLinkHeading} tone="note">
          <p className="mt-2 text-slate-700">
            {t.badLink}
          </p>
          <TrackOrderLink href={trackHref} label={t.trackOrder} />
        </CustomerCard>
      )}

      {(view.state === 'unpaid' || view.state === 'error') && (
        <section aria-labelledby="payment-heading" className="rounded-2xl border-2 border-amber-600 bg-amber-50 p-6">
          <h2 id="payment-heading" className="text-xl font-bold text-amber-950">
            {t.notPaidHeading}
          </h2>
          <p className="mt-2 text-amber-950">{view.state === 'unpaid' ? view.reason : view.error.message}</p>
          <p className="mt-2 text-amber-950">
            {t.nothingCharged}{' '}
            <a href={callHref} className="font-semibold underline">
              {phone}
            </a>
            .
          </p>
          <TrackOrderLink href={trackHref} label={t.trackOrder} />
        </section>
      )}

      {view.state === 'paid' && (
        <div className="space-y-8">
          <section
            aria-labelledby="payment-heading"
            className="rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-6"
          >
            <h2 id="payment-heading" className="text-xl font-bold text-emerald-950">
              {interpolate(t.paidHeading, { name: view.data.firstName, amount: formatMoney(view.data.amountCents) })}
            </h2>
            <p className="mt-2 text-emerald-950">
              {t.booking} <span className="font-mono font-bold">{view.data.bookingNumber}</span>:{' '}
              {view.data.status === 'hold'
                ? view.settling
                  ? t.settling
                  : t.onItsWay
                : `${(statuses as Record<string, string>)[view.data.status] ?? view.data.statusLabel}.`}
            </p>
          </section>

          {/* What to do next straight under the payment, on a phone's first screen; what was booked after it. */}
          <CustomerCard id="paid-next" heading={t.nextHeading}>
            {/* The balance sentence only while something is left: a customer who just paid it all is told so instead. */}
            <p className="mt-2 text-slate-700">
              {t.next} {view.data.totals.amountDueCents > 0 ? t.payBalanceLater : t.paidInFull}
            </p>
            <NextStepLinks waiverHref={link(signWaiverPath(view.data.bookingNumber))} trackHref={trackHref} margin="mt-5" words={t} />
            <BackToHostSite bookingNumber={view.data.bookingNumber} />
          </CustomerCard>

          <CustomerCard id="paid-summary" heading={t.yourBooking}>
            <p className="mt-2 font-semibold text-slate-900">
              {f.eventWindow({
                ...view.data.event,
                endDate: view.data.event.endDate !== view.data.event.date ? view.data.event.endDate : undefined,
              })}
            </p>
            <BookedItems items={view.data.items} />
            <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-800">
              <dt>{t.total}</dt>
              <dd className="text-right font-bold tabular-nums">{formatMoney(view.data.totals.totalCents)}</dd>
              <dt>{t.paidSoFar}</dt>
              <dd className="text-right tabular-nums">{formatMoney(view.data.totals.amountPaidCents)}</dd>
              <dt>{t.stillToPay}</dt>
              <dd className="text-right tabular-nums">{formatMoney(view.data.totals.amountDueCents)}</dd>
            </dl>
          </CustomerCard>
        </div>
      )}
    </div>
  );
}

/** Where a customer sees what is paid when this page cannot say. */
function TrackOrderLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mt-4">
      <a href={href} className={primaryButtonClass}>
        {label}
      </a>
    </p>
  );
}
