import { withSearch } from './query';

/**
 * The admin's pages, apart from the public pages (pages.ts): the public islands load the addresses
 * they link to, not the admin's.
 */

const admin = (screen: string) => `/admin/${screen}`;

/** The admin's pages. Ids are encoded like the API's, so an id can never add a path segment. */
export const adminPaths = {
  home: '/admin',
  login: (next?: string) => withSearch(admin('login'), { next }),
  twoFactor: admin('two-factor'),
  /** Setting up two-step sign-in, then back to `next`. */
  twoFactorThen: (next: string) => withSearch(admin('two-factor'), { next }),
  setup: admin('setup'),
  /** Where the setup's Finish lands: the dashboard, which then says the setup is finished (the flag survives the page change). */
  homeAfterSetup: withSearch('/admin', { setup: 'finished' }),
  day: admin('day'),
  /** The crew app's web manifest (start: the day screen). */
  crewManifest: admin('manifest.webmanifest'),
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
  /** Settings → Accounting (QuickBooks); Intuit's redirect lands on `settings` with its code, and the screen goes on here. */
  accountingSettings: withSearch(admin('settings'), { tab: 'accounting' }),
  /** Settings → Accounting at its sync log, showing one state (the dashboard's notice links here with `failed`). */
  accountingLog: (status?: 'waiting' | 'sent' | 'failed') => `${withSearch(admin('settings'), { tab: 'accounting', log: status })}#sync-log`,
  stripe: admin('stripe'),
  /** A customer open on the customers screen. */
  customer: (id: string) => withSearch(admin('customers'), { id }),
  /** One message open in the inbox, under All (it may be handled). */
  inboxMessage: (id: string) => withSearch(admin('inbox'), { tab: 'all', id }),
  /** The quotes screen searching for a quote number. */
  quoteSearch: (q: string) => withSearch(admin('quotes'), { q }),
  productsInCategory: (categoryId: string) => withSearch(admin('products'), { category: categoryId }),
} as const;
