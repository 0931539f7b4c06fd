import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { businessBookingEmail, customerBookingEmail } from './booking-emails';
import { queueEmailsToSend, sendClaimed, type OutboxMessage, mailFailed, mailFrom } from '../email/index.server';
import { AppError } from '../http';
import { createCheckoutSession } from '../stripe/index.server';
import { bookingAutoChargeOffer } from './auto-charge-offer';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { checkedCreditGrant, returnLapsedCredit } from '../credits/index.server';
import type { BookingRequest } from './booking-request';
import { getBookingView, placedBookingView, type BookingView } from './booking-view.server';
import { releaseHold } from './holds.server';
import { sitePhotosKey } from './booking-links.server';
import { placeBooking, type PlaceBookingOptions, type PlacedBooking } from './place-booking.server';
import { depositPaidOnline } from './quote-price.server';
import { textConsentWording } from '../texts';
import { recordTextConsent } from '../texts/index.server';
import { clientAddressKey, holdSessionExpiry } from './unpaid-holds';

export interface BookingCreated {
  bookingNumber: string;
  /** Paid from the customer's credit (a credit grant came with the request). */
  creditAppliedCents: number;
  status: BookingView['status'];
  totals: BookingView['totals'] & { balanceDueOn: string | null };
  payment: { url: string | null };
  /**
   * A pay-later booking waiting for its customer to confirm it from the e-mail (issue #36): released
   * at this moment unless confirmed. Null: nothing to confirm.
   */
  confirmBy: string | null;
  /** Adds photos of the setup spot to this booking (POST /api/site-photos) and nothing else: the checkout sends those picked. */
  sitePhotosKey: string;
}

/**
 * POST /api/bookings: place the booking, then (with Stripe) open a Checkout Session for the
 * deposit; without Stripe the booking is "deposit due" and staff confirm it. Either way it is
 * released by itself unless paid or kept by staff in time (see unpaidDeadline). If Stripe fails the
 * hold is released at once: nothing is left half-written. `clientAddress`: where the request came
 * from (the owner caps open unpaid bookings per address).
 *
 * `afterResponse` (the function's `context.waitUntil`) sends the confirmation mail once the answer
 * has gone: the messages are already stored, so the customer need not wait for SMTP (or, with no
 * SMTP server, for the .eml files) and a failure is retried by the scheduled run. Without it (a
 * direct call) the mail is sent before returning.
 */
export async function createBooking(
  sql: Database,
  request: BookingRequest,
  now: Date,
  afterResponse?: (work: Promise<unknown>) => void,
  clientAddress?: string,
  /** The website request's admission (rate limit and human check), made as the booking's transaction opens. */
  admission?: PlaceBookingOptions['admission'],
): Promise<BookingCreated> {
  // A grant is checked by its signature alone: no round trip unless it is there and sound.
  const creditGrant = request.creditGrant ? checkedCreditGrant(request.creditGrant, now) : undefined;
  // The booking's view, made once from the booking as placed (nothing the view reads changes after the
  // confirmations are made): its confirmations and the answer below read the same one. Profiled, the
  // second build was about 2 % of the server's CPU for a booking.
  let view: BookingView | undefined;
  const viewOf = (placed: PlacedBooking) => (view ??= placedBookingView(placed, request, now));
  const placed = await placeBooking(sql, request, {
    now,
    creditGrant,
    status: (settings) => (depositPaidOnline(settings) ? 'hold' : 'deposit_due'),
    source: 'web',
    admission,
    clientAddress: clientAddress === undefined ? undefined : clientAddressKey(clientAddress),
    // Without the online deposit the booking is made: its confirmations are stored with it. A hold's
    // are sent when the deposit is paid.
    storeWith: {
      emails: (placed) => (placed.status === 'hold' ? [] : bookingEmails(viewOf(placed), placed.settings)),
      analytics: true,
    },
  });
  const { settings } = placed;
  const booking = viewOf(placed);
  if (request.textConsent) {
    // The question as the checkout page showed it (built from the same settings); nothing while texts are off.
    // The booking is made already: a consent that cannot be stored costs texts (e-mail instead), never the booking.
    await recordTextConsent(sql, { bookingId: placed.id, phone: request.customer.phone, wording: textConsentWording(settings.businessName, request.language), source: 'checkout', now }).catch((error: unknown) =>
      console.error(`Storing the text consent of ${booking.number} failed; its messages go by e-mail:`, error),
    );
  }

  let url: string | null = null;
  if (placed.status === 'hold' && booking.totals.depositOutstandingCents > 0) {
    try {
      // What credit did not cover.
      const session = await createCheckoutSession(booking, 'deposit', booking.totals.depositOutstandingCents, {
        siteUrl: env().SITE_URL,
        currency: settings.currency,
        businessName: settings.businessName,
        offerSpanish: settings.offerSpanish,
        now,
        expiresAt: holdSessionExpiry(placed.holdExpiresAt!, now),
        saveCard: bookingAutoChargeOffer(settings, booking, now) ?? undefined,
      });
      await sql`update bookings set stripe_checkout_session_id = ${session.sessionId} where id = ${placed.id}`;
      url = session.url;
    } catch (error) {
      console.error(`Stripe checkout for ${booking.number} failed:`, error);
      await releaseHold(sql, placed.id, now);
      if (placed.creditCents > 0) await returnLapsedCredit(sql, now, placed.id);
      throw new AppError(
        'unavailable',
        'We couldn’t open the payment page, so nothing was booked and your card was not charged. Please try again in a minute or call us.',
      );
    }
  }
  const sending = sendClaimed(sql, placed.emails, now, mailFrom(settings)).catch(mailFailed);
  if (afterResponse) afterResponse(sending);
  else await sending;
  return {
    bookingNumber: booking.number,
    creditAppliedCents: placed.creditCents,
    status: booking.status,
    totals: { ...booking.totals, balanceDueOn: booking.balanceDueOn },
    payment: { url },
    confirmBy: placed.awaitingEmailConfirmation ? (placed.holdExpiresAt?.toISOString() ?? null) : null,
    sitePhotosKey: sitePhotosKey(booking.number, placed.manageToken),
  };
}

/** A booking's confirmation to the customer (with the .ics) and the notice to the business. */
function bookingEmails(booking: BookingView, settings: BusinessSettings): OutboxMessage[] {
  const siteUrl = env().SITE_URL;
  return [
    { template: 'booking-customer', email: customerBookingEmail(booking, settings, siteUrl, { depositOnline: depositPaidOnline(settings) }) },
    { template: 'booking-business', email: businessBookingEmail(booking, settings, siteUrl, env().BUSINESS_NOTIFY_EMAIL ?? settings.email) },
  ];
}

/**
 * Confirmation to the customer (with the .ics) and a notice to the business, for a booking made
 * outside the website's own request (its deposit paid, a quote request booked): stored, then sent.
 * Only these two are sent here, so a request never waits for mail that other requests queued (under
 * a burst of bookings that made some answers seconds slower); the rest is theirs, or the scheduled run's.
 */
export async function notifyBooking(sql: Sql, bookingId: string, now: Date): Promise<void> {
  const [booking, settings] = await Promise.all([getBookingView(sql, { id: bookingId }), getSettings(sql)]);
  if (!booking) return;
  // Stored already claimed for this sender: no separate claim before sending.
  const claimed = await queueEmailsToSend(sql, bookingEmails(booking, settings), now);
  await sendClaimed(sql, claimed, now, mailFrom(settings)).catch(mailFailed);
}
