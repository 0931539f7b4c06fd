import { randomUUID } from 'node:crypto';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCategoryInput, adminProductInput } from '../../src/lib/catalog/catalog-admin';
import { serviceAreaBody, settingsSections } from '../../src/lib/settings/settings-admin';
import { setupStepSchemas, setupSteps } from '../../src/lib/setup';
import { listNetlifyFunctions } from '../../src/lib/deploy/netlify-bundler.server';
import { couponInput } from '../../src/lib/pricing/coupons.server';
import { englishWaiverWords, WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { createFuzzer, encodeSegment, idPath, nasty, type Endpoint } from '../support/fuzz';
import { adminCall, SITE, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double';
import type { AdminHandler } from '../../src/lib/admin/admin-route.server';

/**
 * Property-based fuzzing of every admin function (netlify/functions/admin-*.ts), signed in as an
 * owner: the same invariant as the public functions (fuzz-functions.test.ts) — never a 5xx, and a
 * refused request writes no row, the audit log included. Most requests carry the owner's session
 * and, for changes, this site's Origin, so they pass the session and CSRF checks and reach the
 * validation; ids in paths are mostly those of real rows, and each change starts from a valid body.
 *
 * A new admin function fails the first test until it has an entry in `endpoints` for each route
 * Netlify's bundler reads from it.
 */

let db: TestDatabase;
let stripe: StripeDouble;
let owner: { id: string; cookie: string };
let fuzzer: Awaited<ReturnType<typeof createFuzzer>>;

/** Ids of real rows, reloaded before each endpoint so rows made or deleted by earlier ones are seen. */
const ids: Record<string, string[]> = {};
async function loadIds() {
  const pick = (table: string, extra = '') => db.sql.unsafe(`select id::text as id from ${table} ${extra} limit 40`).then((rows) => rows.map((r) => r.id as string));
  const entries = await Promise.all(
    Object.entries({
      products: pick('products', 'order by created_at desc'),
      categories: pick('categories'),
      bookings: pick('bookings', 'order by created_at desc'),
      customers: pick('customers'),
      credits: pick('customer_credits'),
      cakeOrders: pick('cake_orders'),
      quotes: pick('quotes'),
      blackouts: pick('blackouts'),
      units: pick('inventory_units'),
      serviceAreas: pick('service_areas'),
      coupons: pick('coupons'),
      trucks: pick('trucks'),
      damageReports: pick('damage_reports'),
      sitePhotos: pick('booking_site_photos'),
      suggestions: pick('product_suggestions'),
      contactMessages: pick('contact_messages'),
      waivers: pick('waivers'),
      photos: pick('product_photos'),
      payments: pick('payments'),
      allocations: pick('unit_allocations'),
      // Never the fuzzing owner: a password reset would end the session the fuzzer signs in with.
      staff: pick('staff_user', `where id <> '${owner.id}'`),
    }).map(async ([key, rows]) => [key, await rows] as const),
  );
  for (const [key, rows] of entries) ids[key] = rows;
}
const any = (key: string) => () => ids[key] ?? [];
const oneOf = (key: string) => ids[key]?.[0] ?? '00000000-0000-4000-8000-000000000000';

let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;
/** Example bodies read through the admin functions themselves (what the editors send back). */
const examples: Record<string, Record<string, unknown>> = {};
const fieldsOf = (schema: { shape: Record<string, unknown> }, dto: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(schema.shape).filter((key) => key in dto).map((key) => [key, dto[key]]));

const listKeys = ['q', 'page', 'pageSize', 'sort', 'dir', 'status', 'from', 'to', 'scope', 'when', 'category', 'categoryId', 'active', 'role', 'kind', 'method'];
const listValues = () => ['', '1', '2', '100', '101', '0', '-1', 'asc', 'desc', 'name', 'created', 'createdAt', 'startsOn', 'neededOn', 'eventDate', 'price', 'all', 'upcoming', 'past', 'active', 'inactive', 'confirmed', 'new', 'crew', 'owner', 'cash', 'refunds', futureDate(-40), futureDate(0), futureDate(30), futureDate(3000), '9999-06-01', '9999-12-31', oneOf('categories')];
const rangeValues = () => ['', 'json', 'csv', 'revenue', 'products', 'categories', 'units', 'deposits', 'daily', 'pages', 'funnel', futureDate(-400), futureDate(-30), futureDate(0), futureDate(2000), '9999-06-01', '9999-12-31'];
const priceBody = () => ({ items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(60), start: '11:00', end: '17:00' }, zip: '78664', damageWaiver: true });
const address = { line1: '1 Fuzz Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass', notes: '' };
const adjustments = [{ label: 'Stairs', reason: 'Two flights up', direction: 'surcharge', kind: 'amount', value: 2500 }];
const { zip: _zip, ...cart } = priceBody();
/** "Book it anyway" over the yard check (issue #38): fuzzed with the rest of the desk's body; on grass it covers nothing. */
const siteOverride = { reason: 'Customer measured the gate on the phone: 40 in', refusals: [{ field: 'site.surface', product: 'sticky-wall' }] };
const generatorOverride = { reason: 'A neighbour lends the customer a generator', refusals: [{ field: 'site.outlet', product: 'quiet-inverter-generator' }] };
const phoneBooking = () => ({
  ...cart,
  event: { date: futureDate(100 + (serial++ % 200)), start: '11:00', end: '17:00' },
  address,
  adjustments,
  customer: { name: 'Fuzz Caller', email: 'fuzz-caller@example.com', phone: '(512) 555-0102' },
  status: 'deposit_due',
  payment: { amountCents: 1000, method: 'cash', note: '' },
  sendConfirmation: false,
  siteOverride,
});
const bookingChange = () => ({ ...cart, event: { date: futureDate(400 + (serial++ % 200)), start: '11:00', end: '17:00' }, address, adjustments, notifyCustomer: false, siteOverride });

/** One route of one admin function; `pool` names the real ids its `:id` is mostly drawn from. */
type AdminEntry = Omit<Endpoint, 'methods' | 'load' | 'cookie' | 'path'> & { file: string; route: string; pool?: string; path?: fc.Arbitrary<string> };
const fn = (file: string) => () => import(`../../netlify/functions/${file}.ts`) as Promise<{ default: AdminHandler }>;

const areaBuilderExample = { mode: 'radius', radiusMiles: 5, feeBands: [{ upToMiles: 10, feeCents: 0 }, { upToMiles: 20, feeCents: 2500 }], taxRateBps: 825, minimumOrderCents: 0 };
const endpoints: AdminEntry[] = [
  { name: 'session', file: 'admin-session', route: '/api/admin/session', runs: 20 },
  { name: 'dashboard', file: 'admin-dashboard', route: '/api/admin/dashboard', runs: 20 },
  { name: 'analytics', file: 'admin-analytics', route: '/api/admin/analytics', query: ['from', 'to', 'format', 'report'], queryValues: rangeValues() },
  { name: 'reports', file: 'admin-reports', route: '/api/admin/reports', query: ['from', 'to', 'format', 'report'], queryValues: rangeValues() },
  { name: 'stripe', file: 'admin-stripe', route: '/api/admin/stripe', query: listKeys, queryValues: listValues(), runs: 30 },
  { name: 'publishing', file: 'admin-publishing', route: '/api/admin/publishing', runs: 30 },
  // QuickBooks Online (issue #41): without the Intuit app's variables every change is a 409 saying what to set; never a 500.
  { name: 'accounting', file: 'admin-accounting', route: '/api/admin/accounting', query: ['status', 'offset'], queryValues: ['', 'waiting', 'sent', 'failed', 'other', '0', '-1', '100001', 'x'], runs: 20 },
  { name: 'accounting connect', file: 'admin-accounting', route: '/api/admin/accounting/connect', runs: 10 },
  { name: 'accounting callback', file: 'admin-accounting', route: '/api/admin/accounting/callback', valid: () => ({ code: 'AB11x', state: 'x', realmId: '9130350000000' }), runs: 20 },
  { name: 'accounting choices', file: 'admin-accounting', route: '/api/admin/accounting/choices', runs: 10 },
  { name: 'accounting mapping', file: 'admin-accounting', route: '/api/admin/accounting/mapping', runs: 20 },
  { name: 'accounting disconnect', file: 'admin-accounting', route: '/api/admin/accounting/disconnect', runs: 10 },
  { name: 'accounting resend', file: 'admin-accounting', route: '/api/admin/accounting/resend', valid: () => ({ from: futureDate(0) }), runs: 20 },
  { name: 'accounting retry', file: 'admin-accounting', route: '/api/admin/accounting/items/:id/retry', runs: 20 },
  { name: 'calendar', file: 'admin-calendar', route: '/api/admin/calendar', query: ['from', 'to'], queryValues: listValues() },
  { name: 'calendar feed', file: 'admin-calendar', route: '/api/admin/calendar/feed', runs: 30 },

  // Blackouts: creates first, so the id paths below find real ones.
  {
    name: 'blackouts',
    file: 'admin-blackouts',
    route: '/api/admin/blackouts',
    query: listKeys,
    queryValues: listValues(),
    valid: () => ({ scope: 'product', categoryId: null, productId: oneOf('products'), startsOn: futureDate(300), endsOn: futureDate(301), reason: 'Fuzz maintenance' }),
  },
  { name: 'blackout targets', file: 'admin-blackouts', route: '/api/admin/blackouts/targets', runs: 20 },
  {
    name: 'blackout',
    file: 'admin-blackouts',
    route: '/api/admin/blackouts/:id', pool: 'blackouts',
    validates: ['PUT'],
    valid: () => ({ scope: 'category', categoryId: oneOf('categories'), productId: null, startsOn: futureDate(310), endsOn: futureDate(312), reason: '' }),
  },

  // Bookings.
  { name: 'bookings', file: 'admin-bookings', route: '/api/admin/bookings', query: listKeys, queryValues: listValues(), valid: phoneBooking },
  { name: 'booking', file: 'admin-bookings', route: '/api/admin/bookings/:id', pool: 'bookings', validates: ['PUT'], valid: bookingChange, runs: 40 },
  {
    name: 'booking desk availability',
    file: 'admin-booking-desk',
    route: '/api/admin/booking-desk/availability',
    query: ['date', 'endDate', 'start', 'end', 'booking', 'product', 'month'],
    queryValues: [futureDate(30), futureDate(31), '10:00', '16:00', '23:30', '2026-02', oneOf('bookings'), 'sticky-wall', '9999-12-31', ''],
  },
  { name: 'booking desk prices', file: 'admin-booking-desk', route: '/api/admin/booking-desk/prices', valid: () => ({ ...priceBody(), adjustments, bookingId: oneOf('bookings') }) },
  { name: 'booking desk customers', file: 'admin-booking-desk', route: '/api/admin/booking-desk/customers', query: ['q'], queryValues: ['', 'a', 'fuzz', '555', '%', '_', '\\', 'x'.repeat(200)] },
  { name: 'booking status', file: 'admin-bookings', route: '/api/admin/bookings/:id/status', pool: 'bookings', valid: () => ({ to: 'cancelled', reason: 'Fuzzed away' }) },
  { name: 'booking notes', file: 'admin-bookings', route: '/api/admin/bookings/:id/notes', pool: 'bookings', valid: () => ({ note: 'Gate code 1234' }) },
  { name: 'booking language', file: 'admin-bookings', route: '/api/admin/bookings/:id/language', pool: 'bookings', valid: () => ({ language: 'es' }) },
  { name: 'booking resend', file: 'admin-bookings', route: '/api/admin/bookings/:id/resend', pool: 'bookings', validates: [], runs: 40 },
  { name: 'booking credit payments', file: 'admin-bookings', route: '/api/admin/bookings/:id/credit-payments', pool: 'bookings', valid: () => ({ amountCents: 500 }) },
  { name: 'booking payments', file: 'admin-bookings', route: '/api/admin/bookings/:id/payments', pool: 'bookings', valid: () => ({ amountCents: 1500, method: 'cash', note: 'At the door' }) },
  {
    name: 'booking refunds',
    file: 'admin-bookings',
    route: '/api/admin/bookings/:id/refunds', pool: 'bookings',
    valid: () => ({ paymentId: oneOf('payments'), amountCents: 100, reason: 'Fuzz refund' }),
  },
  {
    name: 'booking refund (the booking as a whole)',
    file: 'admin-bookings',
    route: '/api/admin/bookings/:id/booking-refunds', pool: 'bookings',
    valid: () => ({ amountCents: 100, paidCents: 0, reason: 'Fuzz refund', paidBy: 'cash' }),
  },
  { name: 'booking links', file: 'admin-bookings', route: '/api/admin/bookings/:id/links', pool: 'bookings', valid: () => ({ links: 'both' }), runs: 40 },
  { name: 'booking customer', file: 'admin-bookings', route: '/api/admin/bookings/:id/customer', pool: 'bookings', valid: () => ({ fields: ['name', 'phone'] }), runs: 40 },
  { name: 'booking invoice', file: 'admin-invoices', route: '/api/admin/bookings/:id/invoice', pool: 'bookings', runs: 25 },
  {
    name: 'booking units',
    file: 'admin-bookings',
    route: '/api/admin/bookings/:id/units', pool: 'bookings',
    valid: () => ({ allocationId: oneOf('allocations'), unitId: oneOf('units') }),
  },
  { name: 'booking keep', file: 'admin-bookings', route: '/api/admin/bookings/:id/keep', pool: 'bookings', validates: [], runs: 40 },

  // The day: its stops, trucks, driving order and damage reports (crew payments are the booking payments above).
  { name: 'day', file: 'admin-day', route: '/api/admin/day', query: ['date'], queryValues: [futureDate(0), futureDate(1), futureDate(-3), '2026-02-30', '9999-12-31', '0000-01-01', 'today'] },
  {
    name: 'day rain-outs',
    file: 'admin-day',
    route: '/api/admin/day/rain-outs',
    query: ['date'],
    queryValues: [futureDate(0), futureDate(1), '2026-02-30', '9999-12-31', 'today'],
    valid: () => ({ date: futureDate(400), bookingIds: [], offers: ['move', 'credit'] }),
  },
  { name: 'day routes', file: 'admin-day', route: '/api/admin/day/routes', validates: ['PUT'], valid: () => ({ date: futureDate(400), truckId: oneOf('trucks'), stops: [] }) },
  { name: 'day on the way', file: 'admin-day', route: '/api/admin/day/bookings/:id/on-the-way', pool: 'bookings', valid: () => ({ date: futureDate(400) }), runs: 40 },
  { name: 'day payments', file: 'admin-day', route: '/api/admin/day/bookings/:id/payments', pool: 'bookings', valid: () => ({ amountCents: 1500, method: 'cash', note: 'At the door' }) },
  { name: 'day truck', file: 'admin-day', route: '/api/admin/day/bookings/:id/truck', pool: 'bookings', validates: ['PUT'], valid: () => ({ truckId: oneOf('trucks') }) },
  { name: 'day damage reports', file: 'admin-day', route: '/api/admin/day/units/:unitId/damage-reports', pool: 'units', valid: () => ({ bookingId: null, note: 'Torn netting on the left', photo: null }) },
  // A guest's waiver signed on the crew's phone: each valid one makes a PDF, so fewer runs.
  {
    name: 'day waivers',
    file: 'admin-day',
    route: '/api/admin/day/bookings/:id/waivers',
    pool: 'bookings',
    valid: () => ({
      waiverVersion: WAIVER_VERSION, signedAt: new Date().toISOString(), signerName: 'Fuzz Guest', signerEmail: 'fuzz.guest@example.com', adults: [{ name: 'Fuzz Guest' }], guests: [],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Fuzz Guest',
    }),
    runs: 40,
  },
  { name: 'day damage photo', file: 'admin-day', route: '/api/admin/day/damage-reports/:id/photo', pool: 'damageReports', runs: 30 },
  { name: 'day site photo', file: 'admin-day', route: '/api/admin/day/site-photos/:id', pool: 'sitePhotos', runs: 30 },

  // Customer requests.
  { name: 'cake orders', file: 'admin-cake-orders', route: '/api/admin/cake-orders', query: listKeys, queryValues: listValues() },
  { name: 'cake order', file: 'admin-cake-orders', route: '/api/admin/cake-orders/:id', pool: 'cakeOrders', validates: ['PATCH'], valid: () => ({ status: 'confirmed', staffNotes: 'Call before noon' }) },
  { name: 'cake order photo', file: 'admin-cake-orders', route: '/api/admin/cake-orders/:id/photo', pool: 'cakeOrders', runs: 30 },
  { name: 'quotes', file: 'admin-quotes', route: '/api/admin/quotes', query: listKeys, queryValues: listValues() },
  { name: 'quote', file: 'admin-quotes', route: '/api/admin/quotes/:id', pool: 'quotes', validates: ['PATCH'], valid: () => ({ status: 'accepted', staffNote: 'Called back' }) },
  { name: 'quote price', file: 'admin-quotes', route: '/api/admin/quotes/:id/price', pool: 'quotes', valid: priceBody },
  // With a hand-crafted override naming the generator refusal (stock, which no override covers): fuzzed, never a 500.
  { name: 'quote offer', file: 'admin-quotes', route: '/api/admin/quotes/:id/offer', pool: 'quotes', valid: () => ({ ...priceBody(), message: 'Here is your offer', siteOverride: generatorOverride }) },
  { name: 'quote convert', file: 'admin-quotes', route: '/api/admin/quotes/:id/convert', pool: 'quotes', valid: () => ({ address, phone: '(512) 555-0101', status: 'deposit_due' }) },
  { name: 'inbox', file: 'admin-inbox', route: '/api/admin/inbox', query: [...listKeys, 'tab'], queryValues: [...listValues(), 'new', 'handled', 'contact', 'support', 'feedback'] },
  { name: 'inbox message', file: 'admin-inbox', route: '/api/admin/inbox/:id', pool: 'contactMessages', validates: ['PATCH'], valid: () => ({ handled: true }) },
  { name: 'product suggestions', file: 'admin-product-suggestions', route: '/api/admin/product-suggestions', query: listKeys, queryValues: listValues(), runs: 40 },
  {
    name: 'product suggestion',
    file: 'admin-product-suggestions',
    route: '/api/admin/product-suggestions/:id', pool: 'suggestions',
    validates: ['PATCH'],
    valid: () => ({ status: 'reviewed', staffNote: 'Ordered one' }),
  },
  { name: 'waivers', file: 'admin-waivers', route: '/api/admin/waivers', query: listKeys, queryValues: listValues(), runs: 40 },
  { name: 'missing waivers', file: 'admin-waivers', route: '/api/admin/waivers/missing', query: listKeys, queryValues: listValues(), runs: 40 },
  { name: 'waiver pdf', file: 'admin-waivers', route: '/api/admin/waivers/:id/pdf', pool: 'waivers', runs: 30 },
  // The waiver's text per language (owners): each valid publish adds a version, so few runs.
  {
    name: 'waiver texts',
    file: 'admin-waivers',
    route: '/api/admin/waivers/texts',
    valid: () => {
      const { title, intro, rules, sections } = englishWaiverWords('TX');
      return { language: 'en', title, intro, rules, sections, lawyerReviewed: true };
    },
    runs: 20,
  },
  { name: 'waiver text review', file: 'admin-waivers', route: '/api/admin/waivers/texts/review', valid: () => ({ language: 'es', version: '2026-12-es' }), runs: 20 },
  { name: 'customers', file: 'admin-customers', route: '/api/admin/customers', query: listKeys, queryValues: listValues(), runs: 40 },
  { name: 'customer', file: 'admin-customers', route: '/api/admin/customers/:id', pool: 'customers', validates: ['PATCH'], valid: () => ({ notes: 'Prefers text messages' }) },
  // Each valid merge removes a customer: few runs, so the pool lasts.
  { name: 'customer merge', file: 'admin-customers', route: '/api/admin/customers/:id/merge', pool: 'customers', valid: () => ({ from: ids.customers?.at(-1) ?? oneOf('customers') }), runs: 30 },
  { name: 'customer credits', file: 'admin-customers', route: '/api/admin/customers/:id/credits', pool: 'customers', valid: () => ({ amountCents: 1500, reason: 'goodwill', note: 'Fuzzed goodwill', expiresOn: null, bookingNumber: '' }), runs: 40 },
  {
    name: 'customer credit void',
    file: 'admin-customers',
    route: '/api/admin/customers/:id/credits/:creditId/void',
    path: fc.tuple(idPath(':id', any('customers')), idPath(':id', any('credits'))).map(([customer, credit]) => `/api/admin/customers/${customer}/credits/${credit}/void`),
    valid: () => ({ reason: 'Fuzzed void' }),
    runs: 40,
  },

  // Catalog.
  { name: 'categories', file: 'admin-categories', route: '/api/admin/categories', query: listKeys, queryValues: listValues(), valid: () => ({ ...examples.category, slug: unique('fuzz-category') }) },
  {
    name: 'category',
    file: 'admin-categories',
    route: '/api/admin/categories/:id', pool: 'categories',
    query: ['moveTo'],
    queryValues: [''],
    validates: ['PUT'],
    valid: () => ({ ...examples.category, slug: unique('fuzz-category') }),
  },
  { name: 'products', file: 'admin-products', route: '/api/admin/products', query: listKeys, queryValues: listValues(), valid: () => ({ ...examples.product, slug: unique('fuzz-product') }) },
  { name: 'product', file: 'admin-products', route: '/api/admin/products/:id', pool: 'products', validates: ['PUT'], valid: () => ({ ...examples.product, slug: unique('fuzz-product') }) },
  // POST takes image bytes (never JSON: all refused); PUT rearranges the photos.
  { name: 'product photos', file: 'admin-products', route: '/api/admin/products/:id/photos', pool: 'products', query: ['alt'], validates: ['PUT'], valid: () => ({ photos: [] }) },
  {
    name: 'product photo',
    file: 'admin-products',
    route: '/api/admin/products/:id/photos/:photoId',
    path: fc.tuple(idPath(':id', any('products')), idPath(':id', any('photos'))).map(([product, photo]) => `/api/admin/products/${product}/photos/${photo}`),
    runs: 40,
  },
  // Imports: files as base64 in JSON; `valid` is a small catalog (its second import is refused: names taken).
  {
    name: 'catalog import',
    file: 'admin-imports',
    route: '/api/admin/imports/catalog',
    query: ['mode'],
    queryValues: ['preview', 'import', '', 'x'],
    valid: () => ({ csv: Buffer.from(`name,category,description,price,photos\n${unique('Fuzz import')},Fuzz imports,A product.,120,\n`).toString('base64') }),
    runs: 40,
  },
  {
    name: 'customers import',
    file: 'admin-imports',
    route: '/api/admin/imports/customers',
    query: ['mode'],
    queryValues: ['preview', 'import', '', 'x'],
    valid: () => ({ csv: Buffer.from(`name,email,phone\nFuzz Customer,${unique('fuzz-import')}@example.com,6145550100\n`).toString('base64') }),
    runs: 40,
  },
  { name: 'catalog export', file: 'admin-imports', route: '/api/admin/exports/catalog', runs: 10 },
  // Owners: everything in one zip (issue #41); GET only, each run a whole export.
  { name: 'export everything', file: 'admin-exports', route: '/api/admin/exports/everything', runs: 5 },
  // Each file the export names, by its storage path (anything else is refused).
  {
    name: 'export everything files',
    file: 'admin-exports',
    route: '/api/admin/exports/everything/files',
    query: ['path'],
    queryValues: ['', 'waivers/x.pdf', '../auth-secret', '/etc/passwd', 'site-photos/%00/a.jpg', 'x'.repeat(900)],
    runs: 20,
  },
  { name: 'inventory', file: 'admin-inventory', route: '/api/admin/inventory', query: listKeys, queryValues: listValues() },
  {
    name: 'product inventory',
    file: 'admin-inventory',
    route: '/api/admin/inventory/products/:productId', pool: 'products',
    query: ['from', 'to'],
    queryValues: listValues(),
    valid: () => ({ label: unique('FZ'), serialNumber: 'SN-1', status: 'available', notes: '', purchasedOn: futureDate(-100), purchaseCostCents: 120000 }),
  },
  { name: 'inventory unit', file: 'admin-inventory', route: '/api/admin/inventory/units/:unitId', pool: 'units', validates: ['PATCH'], valid: () => ({ notes: 'Small tear by the left target', status: 'maintenance' }) },

  // Owners: settings and users.
  { name: 'settings', file: 'admin-settings', route: '/api/admin/settings', runs: 20 },
  // POST takes image bytes (never JSON: all refused); DELETE shows the name alone.
  { name: 'logo', file: 'admin-logo', route: '/api/admin/logo', validates: [], runs: 20 },
  ...(['profile', 'booking', 'payments', 'reminders', 'warehouse', 'protection', 'changes', 'texts', 'site'] as const).map(
    (section): AdminEntry => ({
      name: `settings ${section}`,
      file: 'admin-settings',
      route: '/api/admin/settings/:section',
      path: fc.oneof({ weight: 4, arbitrary: fc.constant(`/api/admin/settings/${section}`) }, { weight: 1, arbitrary: nasty.map((s) => `/api/admin/settings/${encodeSegment(s)}`) }),
      validates: ['PUT'],
      valid: () => examples[section],
      runs: 50,
    }),
  ),
  { name: 'service areas', file: 'admin-settings', route: '/api/admin/settings/service-areas', valid: () => ({ ...examples.serviceArea, slug: unique('fuzz-area') }) },
  { name: 'service area', file: 'admin-settings', route: '/api/admin/settings/service-areas/:id', pool: 'serviceAreas', validates: ['PUT'], valid: () => examples.serviceArea },
  // The builder reads the ZIP data around the demo warehouse: a valid Apply updates Round Rock's own area.
  { name: 'area builder preview', file: 'admin-area-builder', route: '/api/admin/area-builder/preview', valid: () => areaBuilderExample, runs: 30 },
  { name: 'area builder apply', file: 'admin-area-builder', route: '/api/admin/area-builder/apply', valid: () => ({ ...areaBuilderExample, towns: ['round-rock'] }), runs: 30 },
  { name: 'coupons', file: 'admin-settings', route: '/api/admin/settings/coupons', valid: () => ({ ...examples.coupon, code: unique('FUZZ').toUpperCase() }) },
  { name: 'coupon', file: 'admin-settings', route: '/api/admin/settings/coupons/:id', pool: 'coupons', validates: ['PUT'], valid: () => examples.coupon },
  { name: 'trucks', file: 'admin-settings', route: '/api/admin/settings/trucks', valid: () => ({ name: unique('Fuzz truck'), active: true, sortOrder: 3 }) },
  { name: 'truck', file: 'admin-settings', route: '/api/admin/settings/trucks/:id', pool: 'trucks', validates: ['PUT'], valid: () => ({ name: unique('Fuzz truck'), active: true, sortOrder: 1 }) },
  {
    name: 'users',
    file: 'admin-users',
    route: '/api/admin/users',
    query: listKeys,
    queryValues: listValues(),
    valid: () => ({ name: 'Fuzz Crew', email: `${unique('fuzz')}@example.com`, role: 'crew', password: '' }),
  },
  { name: 'user', file: 'admin-users', route: '/api/admin/users/:id', pool: 'staff', validates: ['PATCH'], valid: () => ({ name: 'Renamed by fuzz', role: 'crew', active: true }) },
  { name: 'user password', file: 'admin-users', route: '/api/admin/users/:id/password', pool: 'staff', valid: () => ({ password: 'a fuzzed password 123' }) },
  { name: 'user unlock', file: 'admin-users', route: '/api/admin/users/:id/unlock', pool: 'staff', valid: () => ({}) },

  // Content editor (Decap's proxy protocol, on a copy of src/content): reads, and saves that the schema refuses.
  { name: 'content', file: 'admin-content', route: '/api/admin/content', valid: () => ({ action: 'getEntry', params: { path: 'src/content/cities/round-rock.md' } }), runs: 60 },
  // The first-run setup (owners), last: "Remove the demo" would take the demo's rows from the entries above.
  { name: 'setup', file: 'admin-setup', route: '/api/admin/setup', runs: 20 },
  ...setupSteps.map(
    ({ id }): AdminEntry => ({
      name: `setup ${id}`,
      file: 'admin-setup',
      route: '/api/admin/setup/:step',
      path: fc.oneof({ weight: 4, arbitrary: fc.constant(`/api/admin/setup/${id}`) }, { weight: 1, arbitrary: nasty.map((s) => `/api/admin/setup/${encodeSegment(s)}`) }),
      validates: ['PUT'],
      valid: () => examples[`setup ${id}`],
      runs: 30,
    }),
  ),
  { name: 'setup finish', file: 'admin-setup', route: '/api/admin/setup/finish', runs: 20 },
  { name: 'remove the demo', file: 'admin-setup', route: '/api/admin/setup/remove-demo', valid: () => ({ confirm: true }), runs: 30 },
];

beforeAll(async () => {
  db = await createSeededDatabase();
  // The demo has no contact messages: a few for the inbox's ids.
  await db.sql`insert into contact_messages (kind, name, email, subject, message) values
    ('contact', 'Fuzz One', 'fuzz.one@example.com', 'Hello', 'A question about bounce houses'),
    ('support', 'Fuzz Two', 'fuzz.two@example.com', 'Gate', 'The gate code is 1234')`;
  stripe = await startStripeDouble();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'BUSINESS_NOTIFY_EMAIL', 'NETLIFY_BUILD_HOOK_URL']) delete process.env[key];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fuzz-admin-'));
  await cp('src/content', path.join(dataDir, 'content'), { recursive: true });
  useAdminEnv(db.url, { DATA_DIR: dataDir, CONTENT_DIR: path.join(dataDir, 'content'), STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_fuzz', STRIPE_API_BASE: stripe.url });
  owner = await staffSession(db.sql, 'owner');
  // Two more accounts, so the user endpoints have someone other than the fuzzing owner to change.
  await staffSession(db.sql, 'manager');
  await staffSession(db.sql, 'crew');
  fuzzer = await createFuzzer(db, SITE);
  await customerRequests();

  const get = async (file: string, url: string) => {
    const res = await adminCall((await fn(file)()).default, 'GET', url, { cookie: owner.cookie });
    expect(res.status, url).toBe(200);
    return res.body;
  };
  const [productId] = (await db.sql<{ id: string }[]>`select id from products where slug = 'sticky-wall'`).map((r) => r.id);
  const [categoryId] = (await db.sql<{ id: string }[]>`select id from categories order by sort_order limit 1`).map((r) => r.id);
  // Only the fields the input schemas take: a wrong type in a field the server drops is no error.
  examples.product = fieldsOf(adminProductInput, (await get('admin-products', `/api/admin/products/${productId}`)).product);
  examples.category = fieldsOf(adminCategoryInput, (await get('admin-categories', `/api/admin/categories/${categoryId}`)).category);
  const settings = await get('admin-settings', '/api/admin/settings');
  examples.serviceArea = fieldsOf(serviceAreaBody, settings.serviceAreas[0]);
  examples.coupon = fieldsOf(couponInput, settings.coupons[0]);
  for (const [section, schema] of Object.entries(settingsSections)) examples[section] = fieldsOf(schema, settings.settings[section]);
  const setup = await get('admin-setup', '/api/admin/setup');
  for (const { id } of setupSteps) examples[`setup ${id}`] = fieldsOf(setupStepSchemas[id], setup.values[id]);
});
/**
 * The demo seed has no quotes, cake orders, suggestions or waivers: a few arrive through the public
 * functions, so the admin paths with their ids reach real rows.
 */
async function customerRequests() {
  const [booking] = await db.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id
    where b.status = 'confirmed' and b.event_start > now() order by b.event_start limit 1`;
  const customer = { name: 'Fuzz Tester', email: 'fuzz@example.com', phone: '(512) 555-0101' };
  const requests: [string, string, unknown][] = [
    ['quotes', '/api/quotes', { website: '', eventType: 'school', eventDate: futureDate(40), guestCount: 120, zip: '78664', items: [{ product: 'table-and-chair-set', quantity: 2 }], details: 'Field day', budget: 900, ...customer }],
    ['quotes', '/api/quotes', { website: '', eventType: 'birthday', eventDate: futureDate(50), guestCount: 30, zip: '78664', items: [{ product: 'sticky-wall', quantity: 1 }], ...customer }],
    ['product-suggestions', '/api/product-suggestions', { website: '', what: 'Foam machine', why: 'Fun', link: 'https://example.com/foam', name: '', email: '' }],
    [
      'cake-orders',
      '/api/cake-orders',
      {
        website: '', product: 'classic-round-birthday-cake', servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache', frosting: 'vanilla-buttercream',
        messageOnCake: 'Happy birthday', allergies: '', fulfilment: 'pickup', neededOn: futureDate(10), bookingNumber: '', bookingEmail: '', ...customer,
      },
    ],
    [
      'waivers',
      '/api/waivers',
      {
        website: '', access: { bookingNumber: booking!.number, email: booking!.email }, waiverVersion: WAIVER_VERSION, signerName: 'Fuzz Tester', signerEmail: 'fuzz@example.com',
        adults: [{ name: 'Fuzz Tester' }], guests: [], acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Fuzz Tester',
      },
    ],
  ];
  for (const [file, url, body] of requests) {
    const { default: handler } = (await import(`../../netlify/functions/${file}.ts`)) as { default: Handler };
    const res = await call(handler, 'POST', url, { submissionId: randomUUID(), ...(body as object) });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(201);
  }
}

beforeEach(async () => {
  await loadIds();
});
afterAll(async () => {
  await closeAdminConnections();
  await stripe.close();
  await fuzzer.close();
  await db.drop();
});

describe('fuzzing every admin function, signed in as an owner', () => {
  it('has an entry for every route of every admin function, as Netlify’s bundler reads them', async () => {
    const admin = (await listNetlifyFunctions('netlify/functions')).filter((f) => f.name.startsWith('admin-'));
    const routes = admin.flatMap((f) => (f.routes ?? []).map((r) => ({ file: f.name, route: r.pattern })));
    expect(routes.length).toBeGreaterThan(admin.length);
    const missing = routes.filter(({ file, route }) => !endpoints.some((e) => e.file === file && e.route === route)).map(({ file, route }) => `${file} ${route}`);
    // And no entry fuzzes a path a deploy would not route.
    const unrouted = endpoints.filter((e) => !routes.some((r) => r.file === e.file && r.route === e.route)).map((e) => `${e.file} ${e.route}`);
    expect({ missing, unrouted }).toEqual({ missing: [], unrouted: [] });
  });

  for (const entry of endpoints) {
    it(`${entry.name}: no input makes it fail or write a refused request`, { timeout: 120_000 }, async () => {
      const load = fn(entry.file);
      const { default: handler } = await load();
      const pool = entry.pool;
      const path = entry.path ?? (pool ? idPath(entry.route, any(pool)) : entry.route);
      // Only the methods given a valid body validate one here (publishing and the feed reset take none).
      const validates = entry.validates ?? (entry.valid ? ['POST'] : []);
      const endpoint: Endpoint = { ...entry, path, validates, load, methods: handler.methods, cookie: async () => owner.cookie, signedIn: entry.signedIn ?? 0.85, runs: entry.runs ?? 60 };
      await fuzzer.fuzzEndpoint(endpoint);
    });
  }
});
