import type { ComponentProps, RefObject } from 'react';
import { interpolate } from '../../lib/i18n';
import type { CreditBalance } from '../../lib/credits';
import { CancelCard } from './CancelCard';
import { ManageCard } from './ManageCard';
import { PartyCard } from './PartyCard';
import { PaymentsCard } from './PaymentsCard';
import { SitePhotosCard } from './SitePhotosCard';
import { StatusTimeline } from './StatusTimeline';
import type { PublicBooking } from './use-track-order';
import { WaiverCard } from './WaiverCard';
import { useTrackWords } from './words';

const ACTIVE: PublicBooking['status'][] = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered'];

/** The booking found: its number and status, then a card each for the status, the party, the money, the waiver and cancelling. */
export function BookingDetails({
  booking: b,
  headingRef,
  formatInstant,
  phone,
  email,
  paying,
  payError,
  onPay,
  manage,
  changeLink,
}: {
  booking: PublicBooking;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formatInstant: (iso: string) => string;
  phone: string;
  email: string;
  paying: boolean;
  payError: string | null;
  onPay: (amountCents?: number) => void;
  /** Opened with the booking's own link: the card that moves and cancels it. */
  manage: Omit<ComponentProps<typeof ManageCard>, 'booking' | 'formatInstant' | 'paying' | 'payError' | 'onPay'> | null;
  /** Found by number and e-mail: the button that e-mails that link. */
  changeLink: ComponentProps<typeof CancelCard>['changeLink'];
}) {
  const cancelled = b.status === 'cancelled' || b.status === 'expired';
  const { f, trackOrder: t } = useTrackWords();
  const expiry = creditExpiry(b.credit, t.booking, f);

  return (
    <article aria-labelledby="booking-heading" className="space-y-8">
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="booking-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold text-slate-900">
          {t.booking.heading} <span className="font-mono">{b.number}</span>
        </h2>
        <p
          className={`rounded-full px-3 py-1 text-sm font-bold ${cancelled ? 'bg-slate-200 text-slate-900' : 'bg-brand-100 text-brand-900'}`}
        >
          {b.rainOut ? t.timeline.rainedOutStatus : (t.booking.statuses[b.status] ?? b.statusLabel)}
        </p>
      </header>

      <StatusTimeline booking={b} formatInstant={formatInstant} phone={phone} />

      <div className="grid gap-8 md:grid-cols-2">
        <PartyCard booking={b} />
        <PaymentsCard booking={b} formatInstant={formatInstant} paying={paying} payError={payError} onPay={() => onPay()} />
      </div>

      {!cancelled && <WaiverCard booking={b} />}

      <SitePhotosCard key={b.number} booking={b} />

      {b.credit.availableCents > 0 && (
        <p className="rounded-2xl border border-brand-100 bg-white p-4 text-slate-800" data-testid="credit-balance">
          {t.booking.creditBefore}
          <strong>{f.money(b.credit.availableCents)}</strong>
          {t.booking.creditOf}
          {expiry && <> ({expiry})</>}
          {t.booking.creditAfter}
        </p>
      )}

      {manage && b.manage ? (
        <ManageCard booking={{ ...b, manage: b.manage }} formatInstant={formatInstant} paying={paying} payError={payError} onPay={onPay} {...manage} />
      ) : (
        ACTIVE.includes(b.status) && <CancelCard booking={b} phone={phone} email={email} changeLink={changeLink} />
      )}
    </article>
  );
}

/** Until when the credit can be spent (src/lib/credits' creditExpiryWords, in the page's language); null when it does not end. */
function creditExpiry(balance: CreditBalance, t: { creditUntil: string; creditPartUntil: string }, f: ReturnType<typeof useTrackWords>['f']): string | null {
  if (!balance.nextExpiry || balance.nextExpiryCents <= 0) return null;
  const date = f.longDate(balance.nextExpiry);
  return balance.nextExpiryCents >= balance.availableCents ? interpolate(t.creditUntil, { date }) : interpolate(t.creditPartUntil, { amount: f.money(balance.nextExpiryCents), date });
}
