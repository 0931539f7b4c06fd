import { withSearch } from './query';

/**
 * Every address of the site, built in one place: pages, islands, e-mails and structured data link
 * through these, never through template strings, so one page is always reached by one URL and a
 * changed address changes everywhere. Pure: safe in any island.
 */

type Slugged = { slug: string };
type City = { slug: string; state: string };

// ---------------------------------------------------------------- catalog

export function productPath(product: Slugged, query: Record<string, string | undefined> = {}): string {
  return withSearch(`/products/${encodeURIComponent(product.slug)}`, query);
}

/** The product listing, pre-filtered to a category (a service's slug is its category's). */
export function productListPath(category?: Slugged | null): string {
  return withSearch('/products', { category: category?.slug });
}

// ---------------------------------------------------------------- local pages

export function landingPath(service: Slugged, city: City): string {
  return `/${service.slug}-${city.slug}-${city.state.toLowerCase()}`;
}

export function locationPath(city: Slugged): string {
  return `/locations/${city.slug}`;
}

export function locationServicePath(city: Slugged, service: Slugged): string {
  return `/locations/${city.slug}/${service.slug}`;
}

// ---------------------------------------------------------------- bookings

export function trackOrderPath(bookingNumber?: string | null): string {
  return withSearch('/track-order', { booking: bookingNumber ?? undefined });
}

/**
 * Where a customer who leaves the payment page unpaid lands: by its own back link (Stripe's cancel_url)
 * or the browser's Back button (the checkout puts this address in its place before it leaves): the
 * booking, with word that nothing was charged.
 */
export function paymentLeftPath(bookingNumber: string): string {
  return withSearch('/track-order', { booking: bookingNumber, payment: 'cancelled' });
}

/**
 * The "Change or cancel your booking" link: the tracking page with the booking's management key in
 * the fragment, which browsers never send to a server nor in a Referer.
 */
export function manageBookingPath(bookingNumber: string, key: string): string {
  return `${trackOrderPath(bookingNumber)}#key=${encodeURIComponent(key)}`;
}

/** The waiver for a booking, opened with the renter's e-mail or with the booking's guest key. */
export function signWaiverPath(
  bookingNumber: string,
  access: { email?: string | undefined; key?: string | undefined } = {},
): string {
  return withSearch('/sign-waiver', { booking: bookingNumber, email: access.email, key: access.key });
}

/** A rained-out booking's personal link: the customer's choices (move, credit, refund), opened with the offer's key. */
export function rainCheckPath(bookingNumber: string, key: string): string {
  return withSearch('/rain-check', { booking: bookingNumber, key });
}

/** A pay-later website booking's "Confirm your booking request" link (issue #36), opened with its key. */
export function confirmBookingPath(bookingNumber: string, key: string): string {
  return withSearch('/confirm-booking', { booking: bookingNumber, key });
}

/** Checkout; with a booking widget's cart token (issue #39), the cart it carries lands there first. */
export function checkoutPath(cartToken?: string): string {
  return withSearch('/checkout', { cart: cartToken });
}

export function bookingSuccessPath(bookingNumber: string): string {
  return withSearch('/booking-success', { booking: bookingNumber });
}

/** The support form, with the booking and what the customer asks about already filled in. */
export function supportPath(bookingNumber?: string, subject?: string): string {
  return withSearch('/support', { booking: bookingNumber, subject });
}

// ---------------------------------------------------------------- messages a customer gets (issue #26)

/** The link back to a checkout left half-way: the saved cart, restored and priced again. */
export function savedCartPath(key: string): string {
  return withSearch('/saved-cart', { key });
}

/** The review request's private feedback form (an unhappy answer), opened with the request's key. */
export function feedbackPath(bookingNumber: string, key: string): string {
  return withSearch('/feedback', { booking: bookingNumber, key });
}

/** The page the unsubscribe link in a message's body opens (its button posts to publicApi.unsubscribe). */
export function unsubscribePath(address: string, key: string): string {
  return withSearch('/unsubscribe', { address, key });
}

/** A site path as an absolute address (e-mails, structured data). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}
