import { withSearch, type Search } from './query';

/**
 * The public site's and the sign-in's API addresses (the staff screens' are in admin-api.ts), built in one place (the functions declare the
 * same routes in their `config.path`, which Netlify reads as literals). Ids are encoded, so an id
 * can never add a path segment. Pure: safe in any island.
 */

import { seg, type Id } from './segment';

/** better-auth's own routes (the staff sign-in), under /api/auth. */
export const authApi = {
  /** Where better-auth answers (its `basePath`); everything below is one of its routes. */
  base: '/api/auth',
  signIn: '/api/auth/sign-in/email',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/get-session',
  changePassword: '/api/auth/change-password',
  twoFactor: (step: 'enable' | 'disable' | 'verify-totp' | 'verify-backup-code') => `/api/auth/two-factor/${step}`,
} as const;

const PRODUCT_PHOTOS = '/api/product-photos/';

/** The public site's API. */
export const publicApi = {
  /** POST: the daily backup's background run, started by the scheduled `backup-daily` with a signed token (issue #41). */
  backupRun: '/api/backups/run',
  availability: (search: Search) => withSearch('/api/availability', search),
  bookingPayment: '/api/booking-payment',
  bookings: '/api/bookings',
  bookingInvoice: (bookingNumber: string, token: string) => withSearch(`/api/bookings/${seg(bookingNumber)}/invoice`, { token }),
  cakeOrders: '/api/cake-orders',
  calendarFeed: (token: string) => `/api/calendar/${seg(token)}.ics`,
  /** A pay-later website booking confirmed from its e-mail: POST { bookingNumber, key } (issue #36). */
  confirmBooking: '/api/confirm-booking',
  contact: '/api/contact',
  /** Using credit at checkout: e-mail me a code, then check it (the answer carries the credit grant). */
  creditCode: '/api/credit-code',
  creditCodeVerify: '/api/credit-code/verify',
  /** The booking widget on the owner's other website (issue #39): whether a site is listed, its products, its cart on the way to checkout. */
  embed: {
    config: '/api/embed/config',
    products: (search: Search) => withSearch('/api/embed/products', search),
    cartToken: '/api/embed/cart-token',
    cart: '/api/embed/cart',
  },
  health: '/api/health',
  /** A personal link's greeting (src/pages/hi). */
  hi: (id: string) => `/api/hi?id=${encodeURIComponent(id)}`,
  humanCheck: '/api/human-check',
  /** A customer's own booking with its management key: the booking, a move's price, the move, the cancellation, a payment. */
  manageBooking: { view: '/api/manage-booking', quote: '/api/manage-booking/quote', move: '/api/manage-booking/move', cancel: '/api/manage-booking/cancel', pay: '/api/manage-booking/pay' },
  /** E-mails the booking's "Change or cancel" link to its address (from a number + e-mail lookup). */
  manageLink: '/api/manage-link',
  logo: (file: string) => `/api/logo/${seg(file)}`,
  paymentStatus: (search: Record<string, string>) => withSearch('/api/payment-status', search),
  prices: (search: Search) => withSearch('/api/prices', search),
  productPhoto: (file: string) => `${PRODUCT_PHOTOS}${seg(file)}`,
  /** Every product photo's address starts so (an import recognises a photo already on this site by it). */
  productPhotos: PRODUCT_PHOTOS,
  productSuggestions: '/api/product-suggestions',
  quotePrice: '/api/quote-price',
  /** Checkout's cart captured once an e-mail is typed (POST), and the link back to it (POST { key }: the cart priced again). */
  checkoutCart: '/api/checkout-cart',
  savedCart: '/api/checkout-cart/restore',
  /** The review request's answer (GET, redirects), the feedback form's context (POST) and the form itself (POST). */
  review: '/api/review',
  reviewContext: '/api/review/context',
  reviewAnswer: (search: { booking: string; key: string; answer: 'happy' | 'unhappy' }) => withSearch('/api/review', search),
  /** One-click unsubscribe (RFC 8058) and the unsubscribe page's button: POST ?address=&key=. */
  unsubscribe: (address: string, key: string) => withSearch('/api/unsubscribe', { address, key }),
  quotes: '/api/quotes',
  /** A rain check: POST { bookingNumber, key } reads it; /answer takes the customer's choice. */
  rainCheck: '/api/rain-check',
  rainCheckAnswer: '/api/rain-check/answer',
  /** POST { bookingNumber, key, photos }: photos of the setup spot added to a booking (issue #38). */
  sitePhotos: '/api/site-photos',
  /** Where Stripe sends its events (named to the owner in the deploy notes). */
  stripeWebhook: '/api/stripe-webhook',
  trackOrder: '/api/track-order',
  waivers: '/api/waivers',
  waiverContext: (search: Search) => withSearch('/api/waivers/context', search),
  waiverQr: (search?: Search) => withSearch('/api/waivers/qr', search),
  waiverPdf: (waiverId: Id, token: string) => withSearch(`/api/waivers/${seg(waiverId)}/pdf`, { token }),
} as const;
