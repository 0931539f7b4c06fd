import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { getBookingView } from '../booking/index.server';
import type { BookingView } from '../booking';
import { stripeConfigured } from '../stripe/index.server';
import { getSettings } from '../business/index.server';
import { publicApi } from '../paths';
import { cakesForBooking, keptSitesOfBookings } from '../booking/index.server';
import type { SiteAnswers, SiteLoadout } from '../site-check';
import { changePolicyOf, type ChangePolicy } from '../changes';
import type { CreditBalance } from '../credits';
import { creditBalanceForBooking } from '../credits/index.server';
import type { TrackedSitePhotos } from '../site-photos';
import { trackedSitePhotos } from '../site-photos/index.server';
import { waitingRainOut, type WaitingRainOut } from '../rain-outs/index.server';
import { digitsOnly, onlinePaymentOffer, type OnlinePaymentOffer, type TrackOrderRequest } from './track-order';

// One message for an unknown number and for a wrong e-mail/phone, so numbers cannot be probed.
export const NOT_FOUND_MESSAGE = 'We couldn’t find a booking with that number and e-mail or phone. Check both and try again, or call us.';

export async function findOwnBooking(sql: Sql, request: TrackOrderRequest): Promise<BookingView> {
  const booking = await getBookingView(sql, { number: request.bookingNumber });
  const matches =
    booking &&
    ((request.email && booking.customer.email.toLowerCase() === request.email) ||
      (request.phone && digitsOnly(request.phone).length >= 10 && digitsOnly(booking.customer.phone) === digitsOnly(request.phone)));
  // booking.customer is the contact given with this booking, so the phone typed when booking finds it
  // whatever anyone later typed with the same e-mail.
  if (!matches) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return booking;
}

/** What POST /api/track-order answers: the customer's own booking and what they may pay online now. */
export type TrackedBooking = Omit<BookingView, 'id' | 'invoiceToken' | 'manageToken' | 'site'> & {
  /**
   * The setup spot: every answer the customer gave (a surface given only with the address too), and
   * what those answers mean for the booked products (the outlet distance they allow, a generator we
   * bring), so the page says them back in its language as the reminder does (siteToldUs).
   */
  site: BookingView['site'] & { answers: SiteAnswers; loadout: SiteLoadout };
  paymentOffer: OnlinePaymentOffer;
  invoiceUrl: string;
  /** Cakes delivered with the booking, paid separately (not in the totals). */
  cakes: { number: string; product: string; status: string; priceCents: number }[];
  /** The owner's change and cancellation policy today: the page words it for this booking. */
  changePolicy: ChangePolicy;
  /** The customer's credit they can spend today, and the first day some of it expires (how much then). */
  credit: CreditBalance;
  /** Photos of the setup spot for the crew (issue #38): the key that adds them and how many there are; null once the booking takes none. */
  sitePhotos: TrackedSitePhotos;
  /** The weather called the party off and the customer has not chosen yet: the page says so instead of the party's next step. */
  rainOut: WaitingRainOut | null;
};

export async function trackOwnBooking(sql: Sql, request: TrackOrderRequest): Promise<TrackedBooking> {
  return trackedBooking(sql, await findOwnBooking(sql, request));
}

/** What the tracking page shows of a booking whose customer proved who they are (never its id nor its secrets). */
export async function trackedBooking(sql: Sql, view: BookingView): Promise<TrackedBooking> {
  const { id, invoiceToken, manageToken, ...booking } = view;
  const settings = await getSettings(sql);
  const [cakes, credit, sitePhotos, rainOut, keptSites] = await Promise.all([
    cakesForBooking(sql, id),
    creditBalanceForBooking(sql, id, new Date()),
    trackedSitePhotos(sql, { id, number: booking.number, status: booking.status, manageToken }),
    waitingRainOut(sql, id, settings.timezone),
    // The outlet distance and generators the booking kept, as its reminder says them.
    keptSitesOfBookings(sql, [id], settings.siteRules),
  ]);
  const { answers, site } = keptSites.get(id)!;
  return {
    ...booking,
    site: { ...booking.site, answers, loadout: { outletRunFt: site.outletRunFt, load: site.load } },
    cakes: cakes.map((c) => ({ number: c.number, product: c.product, status: c.status, priceCents: c.priceCents })),
    // The customer just proved who they are: the link carries the booking's invoice token.
    invoiceUrl: publicApi.bookingInvoice(booking.number, invoiceToken),
    paymentOffer: onlinePaymentOffer({ ...booking, rainOutWaiting: rainOut !== null }, { stripeConfigured: stripeConfigured(), paymentMode: settings.paymentMode }, new Date()),
    changePolicy: changePolicyOf(settings),
    credit,
    sitePhotos,
    rainOut,
  };
}
