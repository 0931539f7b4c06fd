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

/** The illustration every product has, shown until staff upload a photo. */
export function productIllustrationPath(product: Slugged): string {
  return `/images/products/${encodeURIComponent(product.slug)}.svg`;
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

/** The waiver for a booking, opened with the renter's e-mail or with the booking's guest key. */
export function signWaiverPath(
  bookingNumber: string,
  access: { email?: string | undefined; key?: string | undefined } = {},
): string {
  return withSearch('/sign-waiver', { booking: bookingNumber, email: access.email, key: access.key });
}

export function bookingSuccessPath(bookingNumber: string): string {
  return withSearch('/booking-success', { booking: bookingNumber });
}

/** The support form, with the booking and what the customer asks about already filled in. */
export function supportPath(bookingNumber?: string, subject?: string): string {
  return withSearch('/support', { booking: bookingNumber, subject });
}

// ---------------------------------------------------------------- admin

const admin = (screen: string) => `/admin/${screen}`;

/** The admin's pages. Ids are encoded like the API's, so an id can never add a path segment. */
export const adminPaths = {
  home: '/admin',
  login: (next?: string) => withSearch(admin('login'), { next }),
  twoFactor: admin('two-factor'),
  /** Setting up two-step sign-in, then back to `next`. */
  twoFactorThen: (next: string) => withSearch(admin('two-factor'), { next }),
  setup: admin('setup'),
  day: admin('day'),
  bookings: admin('bookings'),
  booking: (id: string) => admin(`bookings/${encodeURIComponent(id)}`),
  bookingChange: (id: string) => admin(`bookings/${encodeURIComponent(id)}/edit`),
  newBooking: admin('bookings/new'),
  calendar: admin('calendar'),
  waivers: admin('waivers'),
  cakeOrders: admin('cake-orders'),
  inventory: admin('inventory'),
  products: admin('products'),
  newProduct: admin('products/new'),
  product: (id: string) => admin(`products/${encodeURIComponent(id)}`),
  productUnits: (id: string) => admin(`products/${encodeURIComponent(id)}/inventory`),
  categories: admin('categories'),
  newCategory: admin('categories/create'),
  categoryEdit: (id: string) => admin(`categories/${encodeURIComponent(id)}/edit`),
  blackouts: admin('blackouts'),
  inbox: admin('inbox'),
  quotes: (status?: string) => withSearch(admin('quotes'), { status }),
  customers: admin('customers'),
  productSuggestions: admin('product-suggestions'),
  reports: admin('reports'),
  content: admin('content'),
  /** Where the build puts the content editor's Decap CMS files for one version (a folder: ends in "/"). */
  contentEditorAssets: (decapVersion: string) => admin(`decap-cms/${encodeURIComponent(decapVersion)}/`),
  analytics: admin('analytics'),
  users: admin('users'),
  settings: admin('settings'),
  stripe: admin('stripe'),
  /** A customer open on the customers screen. */
  customer: (id: string) => withSearch(admin('customers'), { id }),
  /** One message open in the inbox, under All (it may be handled). */
  inboxMessage: (id: string) => withSearch(admin('inbox'), { tab: 'all', id }),
  /** The quotes screen searching for a quote number. */
  quoteSearch: (q: string) => withSearch(admin('quotes'), { q }),
  productsInCategory: (categoryId: string) => withSearch(admin('products'), { category: categoryId }),
} as const;

/** A site path as an absolute address (e-mails, structured data). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}
