import { WordsProvider } from '../shared/island-words';
import { BookingDetails } from './BookingDetails';
import { LookupForm } from './LookupForm';
import { useTrackOrder } from './use-track-order';
import { useTrackWords, type TrackOrderWords } from './words';

interface Props {
  phone: string;
  email: string;
  timeZone: string;
  /** The delivery window: the times a moved party may start and end. */
  openFrom: string;
  openUntil: string;
  /** settings.bookingPrefix: the lookup's hint shows a number like the customer's own. */
  bookingPrefix: string;
  /** The page's words (src/lib/i18n's islandWords plus messages.trackOrder). */
  words: TrackOrderWords;
}

/**
 * /track-order: booking number plus the e-mail or phone used, then the booking's status, items,
 * address, what is paid and due, the waiver, a payment button and how to cancel.
 */
export default function TrackOrder({ words, ...props }: Props) {
  return (
    <WordsProvider words={words}>
      <Tracking {...props} />
    </WordsProvider>
  );
}

function Tracking({ phone, email, timeZone, openFrom, openUntil, bookingPrefix }: Omit<Props, 'words'>) {
  const state = useTrackOrder(timeZone);
  const { trackOrder: t } = useTrackWords();
  const { booking, paymentCancelled } = state;

  return (
    <div className="space-y-10">
      {paymentCancelled && (
        <p className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          {t.paymentCancelled}
        </p>
      )}

      <LookupForm state={state} bookingPrefix={bookingPrefix} />

      {booking && (
        <BookingDetails
          booking={booking}
          headingRef={state.resultRef}
          formatInstant={state.formatInstant}
          phone={phone}
          email={email}
          paying={state.paying}
          payError={state.payError}
          onPay={(amountCents) => void state.pay(amountCents)}
          manage={state.manageKey ? { manageKey: state.manageKey, hours: { openFrom, openUntil, timeZone }, onChanged: state.replaceBooking, onStale: state.refresh } : null}
          changeLink={{ send: () => void state.emailLink(), sending: state.sendingLink, sent: state.linkSent }}
        />
      )}
    </div>
  );
}
