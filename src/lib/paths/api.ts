import { withSearch, type Search } from './query';

/**
 * Every API address the islands and e-mails call, built in one place (the functions declare the
 * same routes in their `config.path`, which Netlify reads as literals). Ids are encoded, so an id
 * can never add a path segment. Pure: safe in any island.
 */

type Id = string | number;
const seg = (id: Id) => encodeURIComponent(String(id));

/** A REST collection at `base`: the list (with a query) and one record, with sub-resources below it. */
function collection(base: string) {
  return {
    list: (search?: Search) => withSearch(base, search),
    one: (id: Id, ...below: string[]) => [`${base}/${seg(id)}`, ...below.map(seg)].join('/'),
  };
}

const ADMIN = '/api/admin';

export const adminApi = {
  analytics: `${ADMIN}/analytics`,
  areaBuilder: { preview: `${ADMIN}/area-builder/preview`, apply: `${ADMIN}/area-builder/apply` },
  blackouts: { ...collection(`${ADMIN}/blackouts`), targets: `${ADMIN}/blackouts/targets` },
  bookingDesk: {
    availability: (search: string) => withSearch(`${ADMIN}/booking-desk/availability`, search),
    prices: `${ADMIN}/booking-desk/prices`,
    customers: (q: string) => withSearch(`${ADMIN}/booking-desk/customers`, { q }),
  },
  bookings: collection(`${ADMIN}/bookings`),
  cakeOrders: collection(`${ADMIN}/cake-orders`),
  calendar: { view: (search: string) => withSearch(`${ADMIN}/calendar`, search), feed: `${ADMIN}/calendar/feed` },
  categories: collection(`${ADMIN}/categories`),
  content: `${ADMIN}/content`,
  customers: collection(`${ADMIN}/customers`),
  dashboard: `${ADMIN}/dashboard`,
  day: {
    view: (date: string) => withSearch(`${ADMIN}/day`, { date }),
    routes: `${ADMIN}/day/routes`,
    /** A stop's booking: the truck it goes on, or the money collected at the door (the booking's own payments, crew rules for crew). */
    booking: (bookingId: Id, below: 'truck' | 'payments') =>
      below === 'payments' ? `${ADMIN}/bookings/${seg(bookingId)}/payments` : `${ADMIN}/day/bookings/${seg(bookingId)}/truck`,
    unitDamageReports: (unitId: Id) => `${ADMIN}/day/units/${seg(unitId)}/damage-reports`,
    damageReportPhoto: (reportId: Id) => `${ADMIN}/day/damage-reports/${seg(reportId)}/photo`,
  },
  exports: { catalog: `${ADMIN}/exports/catalog` },
  imports: { catalog: `${ADMIN}/imports/catalog`, customers: `${ADMIN}/imports/customers` },
  inbox: collection(`${ADMIN}/inbox`),
  inventory: {
    list: (search?: string) => withSearch(`${ADMIN}/inventory`, search),
    product: (productId: Id, search?: string) => withSearch(`${ADMIN}/inventory/products/${seg(productId)}`, search),
    unit: (unitId: Id) => `${ADMIN}/inventory/units/${seg(unitId)}`,
  },
  logo: `${ADMIN}/logo`,
  productSuggestions: collection(`${ADMIN}/product-suggestions`),
  products: collection(`${ADMIN}/products`),
  publishing: `${ADMIN}/publishing`,
  quotes: collection(`${ADMIN}/quotes`),
  reports: `${ADMIN}/reports`,
  session: `${ADMIN}/session`,
  settings: {
    all: `${ADMIN}/settings`,
    section: (name: 'booking' | 'payments' | 'profile' | 'protection' | 'reminders' | 'warehouse') => `${ADMIN}/settings/${name}`,
    coupons: collection(`${ADMIN}/settings/coupons`),
    serviceAreas: collection(`${ADMIN}/settings/service-areas`),
    trucks: collection(`${ADMIN}/settings/trucks`),
  },
  setup: { all: `${ADMIN}/setup`, step: (step: string) => `${ADMIN}/setup/${seg(step)}`, finish: `${ADMIN}/setup/finish`, removeDemo: `${ADMIN}/setup/remove-demo` },
  stripe: (search?: string) => withSearch(`${ADMIN}/stripe`, search),
  users: collection(`${ADMIN}/users`),
  waivers: {
    list: (search?: string) => withSearch(`${ADMIN}/waivers`, search),
    missing: (search?: string) => withSearch(`${ADMIN}/waivers/missing`, search),
    pdf: (waiverId: Id) => `${ADMIN}/waivers/${seg(waiverId)}/pdf`,
  },
} as const;

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
  availability: (search: Search) => withSearch('/api/availability', search),
  bookingPayment: '/api/booking-payment',
  bookings: '/api/bookings',
  bookingInvoice: (bookingNumber: string, token: string) => withSearch(`/api/bookings/${seg(bookingNumber)}/invoice`, { token }),
  cakeOrders: '/api/cake-orders',
  calendarFeed: (token: string) => `/api/calendar/${seg(token)}.ics`,
  contact: '/api/contact',
  health: '/api/health',
  /** A personal link's greeting (src/pages/hi). */
  hi: (id: string) => `/api/hi?id=${encodeURIComponent(id)}`,
  humanCheck: '/api/human-check',
  logo: (file: string) => `/api/logo/${seg(file)}`,
  paymentStatus: (search: Record<string, string>) => withSearch('/api/payment-status', search),
  prices: (search: Search) => withSearch('/api/prices', search),
  productPhoto: (file: string) => `${PRODUCT_PHOTOS}${seg(file)}`,
  /** Every product photo's address starts so (an import recognises a photo already on this site by it). */
  productPhotos: PRODUCT_PHOTOS,
  productSuggestions: '/api/product-suggestions',
  quotePrice: '/api/quote-price',
  quotes: '/api/quotes',
  /** Where Stripe sends its events (named to the owner in the deploy notes). */
  stripeWebhook: '/api/stripe-webhook',
  trackOrder: '/api/track-order',
  waivers: '/api/waivers',
  waiverContext: (search: Search) => withSearch('/api/waivers/context', search),
  waiverQr: (search?: Search) => withSearch('/api/waivers/qr', search),
  waiverPdf: (waiverId: Id, token: string) => withSearch(`/api/waivers/${seg(waiverId)}/pdf`, { token }),
} as const;
