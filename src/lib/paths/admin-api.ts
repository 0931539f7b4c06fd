import { withSearch, type Search } from './query';
import { seg, type Id } from './segment';

/**
 * The staff screens' API addresses, apart from the public site's (api.ts): the public islands load
 * the addresses they call, not the admin's.
 */

/** A REST collection at `base`: the list (with a query) and one record, with sub-resources below it. */
function collection(base: string) {
  return {
    list: (search?: Search) => withSearch(base, search),
    one: (id: Id, ...below: string[]) => [`${base}/${seg(id)}`, ...below.map(seg)].join('/'),
  };
}

const ADMIN = '/api/admin';

export const adminApi = {
  /** QuickBooks Online (issue #41): the connection and the sync log (GET), connect, Intuit's redirect back, the mapping, retry, send again. */
  accounting: {
    all: (status?: string, offset?: number) => withSearch(`${ADMIN}/accounting`, { status, offset: offset ? String(offset) : undefined }),
    connect: `${ADMIN}/accounting/connect`,
    callback: `${ADMIN}/accounting/callback`,
    choices: `${ADMIN}/accounting/choices`,
    mapping: `${ADMIN}/accounting/mapping`,
    disconnect: `${ADMIN}/accounting/disconnect`,
    resend: `${ADMIN}/accounting/resend`,
    retry: (itemId: Id) => `${ADMIN}/accounting/items/${seg(itemId)}/retry`,
  },
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
    /** A stop's booking: the truck it goes on, or the money collected at the door (the door rule for every role). */
    booking: (bookingId: Id, below: 'truck' | 'payments') => `${ADMIN}/day/bookings/${seg(bookingId)}/${below}`,
    /** POST: a waiver a guest signed on the crew's phone at the stop. */
    bookingWaivers: (bookingId: Id) => `${ADMIN}/day/bookings/${seg(bookingId)}/waivers`,
    unitDamageReports: (unitId: Id) => `${ADMIN}/day/units/${seg(unitId)}/damage-reports`,
    damageReportPhoto: (reportId: Id) => `${ADMIN}/day/damage-reports/${seg(reportId)}/photo`,
    /** GET: a photo of the setup spot the customer added to a booking (issue #38), for staff only. */
    sitePhoto: (photoId: Id) => `${ADMIN}/day/site-photos/${seg(photoId)}`,
    /** GET ?date=: the date's parties and their rain-out offers; POST: rain out the date (or some of its parties). */
    rainOuts: (date?: string) => withSearch(`${ADMIN}/day/rain-outs`, { date }),
    /** POST { date }: tells the stop's customer the crew is on the way, with the estimated arrival (once per booking per day). */
    onTheWay: (bookingId: Id) => `${ADMIN}/day/bookings/${seg(bookingId)}/on-the-way`,
  },
  exports: {
    catalog: `${ADMIN}/exports/catalog`,
    /** GET (owners): Export everything's spreadsheets and the files they name; each file from everythingFile. */
    everything: `${ADMIN}/exports/everything`,
    everythingFile: (path: string) => withSearch(`${ADMIN}/exports/everything/files`, { path }),
  },
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
    section: (name: 'booking' | 'changes' | 'embed' | 'payments' | 'profile' | 'protection' | 'reminders' | 'site' | 'texts' | 'warehouse') => `${ADMIN}/settings/${name}`,
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
    texts: `${ADMIN}/waivers/texts`,
    textReview: `${ADMIN}/waivers/texts/review`,
  },
} as const;
