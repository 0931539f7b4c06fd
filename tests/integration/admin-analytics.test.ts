import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';
import type { AdminHandler } from '../../src/lib/admin/admin-route.server';

let db: TestDatabase;
let events: Handler;
let bookings: Handler;
let analytics: AdminHandler;
let manager: string;

let ipCounter = 0;
const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  call(events, 'POST', '/api/events', body, { 'x-test-ip': `10.77.0.${++ipCounter}`, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', ...headers });

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'analytics-')) });
  events = (await import('../../netlify/functions/events')).default;
  bookings = (await import('../../netlify/functions/bookings')).default;
  analytics = (await import('../../netlify/functions/admin-analytics')).default as AdminHandler;
  manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const latest = async () => (await db.sql`select name, path, product_id, visitor_id, referrer from analytics_events order by id desc limit 1`)[0];
const eventCount = async () => Number((await db.sql`select count(*) from analytics_events`)[0]!.count);

describe('POST /api/events (public collector)', () => {
  it('stores a page view with the path only (no query string) and the referring site only', async () => {
    const res = await beacon({ name: 'page_view', path: '/track-order?booking=PF-123456&email=a@b.example#x', visitor: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', referrer: 'https://www.google.com/search?q=bounce+house' });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await latest()).toEqual({ name: 'page_view', path: '/track-order', product_id: null, visitor_id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', referrer: 'https://www.google.com' });
  });

  it('links a product view to the product by slug (an unknown slug is kept without one)', async () => {
    expect((await beacon({ name: 'product_view', path: '/products/pink-castle-bounce-house', product: 'pink-castle-bounce-house' })).status).toBe(204);
    const [castle] = await db.sql`select id from products where slug = 'pink-castle-bounce-house'`;
    expect((await latest())!.product_id).toBe(castle!.id);
    expect((await beacon({ name: 'add_to_cart', path: '/products/gone', product: 'gone-product' })).status).toBe(204);
    expect(await latest()).toMatchObject({ name: 'add_to_cart', product_id: null });
  });

  it('answers bad events with 400 naming the field, storing nothing', async () => {
    const before = await eventCount();
    const cases: [unknown, string][] = [
      [{ name: 'purchase', path: '/' }, 'name'],
      [{ name: 'booking_created', path: '/checkout' }, 'name'],
      [{ name: 'page_view' }, 'path'],
      [{ name: 'page_view', path: 'https://evil.example/' }, 'path'],
      [{ name: 'page_view', path: `/${'a'.repeat(600)}` }, 'path'],
      [{ name: 'product_view', path: '/products/x' }, 'product'],
      [{ name: 'product_view', path: '/products/x', product: 'Not A Slug' }, 'product'],
      [{ name: 'page_view', path: '/', visitor: 'x' }, 'visitor'],
      [{ name: 'page_view', path: '/', referrer: 'javascript:alert(1)' }, 'referrer'],
    ];
    for (const [body, field] of cases) {
      const res = await beacon(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(body).slice(0, 80)).toHaveProperty(field);
    }
    expect((await beacon('not json')).status).toBe(400);
    expect((await beacon('')).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('stores nothing for Do Not Track, Global Privacy Control or a crawler, but still answers 204', async () => {
    const before = await eventCount();
    expect((await beacon({ name: 'page_view', path: '/' }, { dnt: '1' })).status).toBe(204);
    expect((await beacon({ name: 'page_view', path: '/' }, { 'sec-gpc': '1' })).status).toBe(204);
    expect((await beacon({ name: 'page_view', path: '/' }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).status).toBe(204);
    expect(await eventCount()).toBe(before);
  });

  it('limits one address to 60 events a minute (429 after that)', async () => {
    const headers = { 'x-test-ip': '10.78.0.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await call(events, 'POST', '/api/events', { name: 'page_view', path: '/faq' }, headers)).status);
    // The window is a fixed minute: a test started at :59 may see the counter restart once.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.slice(0, 60).filter((s) => s === 204).length).toBeGreaterThanOrEqual(58);
    const limited = await call(events, 'POST', '/api/events', { name: 'page_view', path: '/faq' }, headers);
    if (limited.status === 429) expect(limited.body.error.code).toBe('rate_limited');
  });

  it('only takes POST', async () => {
    expect((await call(events, 'GET', '/api/events')).status).toBe(405);
  });
});

describe('booking_created', () => {
  it('is recorded by the server when a booking is placed', async () => {
    const before = Number((await db.sql`select count(*) from analytics_events where name = 'booking_created'`)[0]!.count);
    const created = await call(bookings, 'POST', '/api/bookings', {
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date: futureDate(40), start: '10:00', end: '16:00' },
      customer: { name: 'Funnel Test', email: 'funnel@example.com', phone: '512 555 0123' },
      address: { line1: '5 Pine St', city: 'Georgetown', state: 'TX', zip: '78626' },
      acceptTerms: true,
    });
    expect(created.status).toBe(201);
    const after = Number((await db.sql`select count(*) from analytics_events where name = 'booking_created'`)[0]!.count);
    expect(after).toBe(before + 1);
  });
});

describe('GET /api/admin/analytics', () => {
  beforeAll(async () => {
    // March 2026 (Chicago is UTC−5 after 8 March, UTC−6 before): fixed times, away from the events above.
    const rows: [string, string, string | null, string][] = [
      ['page_view', '/', 'v1', '2026-03-10T15:00Z'],
      ['page_view', '/', 'v2', '2026-03-10T16:00Z'],
      ['page_view', '/products', 'v1', '2026-03-10T16:05Z'],
      // 11 pm on 11 March in Texas: a page view of the 11th, though UTC says the 12th.
      ['page_view', '/faq', 'v1', '2026-03-12T04:00Z'],
      ['page_view', '/', null, '2026-03-12T15:00Z'],
      ...Array.from({ length: 8 }, (_, i): [string, string, string | null, string] => ['product_view', '/products/pink-castle-bounce-house', `v${i}`, '2026-03-10T17:00Z']),
      ...Array.from({ length: 4 }, (_, i): [string, string, string | null, string] => ['add_to_cart', '/products/pink-castle-bounce-house', `v${i}`, '2026-03-10T17:05Z']),
      ['checkout_start', '/checkout', 'v1', '2026-03-10T17:10Z'],
      ['checkout_start', '/checkout', 'v2', '2026-03-11T17:10Z'],
      ['checkout_start', '/checkout', 'v3', '2026-03-11T17:10Z'],
      ['booking_created', '/checkout', null, '2026-03-11T17:20Z'],
      // Outside the range.
      ['page_view', '/', 'v9', '2026-03-13T15:00Z'],
      ['product_view', '/products/x', 'v9', '2026-03-09T04:59Z'],
    ];
    for (const [name, p, visitor, at] of rows) {
      await db.sql`insert into analytics_events (name, path, visitor_id, created_at) values (${name}, ${p}, ${visitor}, ${at})`;
    }
  });

  const RANGE = 'from=2026-03-10&to=2026-03-12';

  it('counts page views and visitors per local day, the top pages and the funnel with conversion', async () => {
    const res = await adminCall(analytics, 'GET', `/api/admin/analytics?${RANGE}`, { cookie: manager });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ views: 5, visitors: 2 });
    expect(res.body.daily).toEqual([
      { day: '2026-03-10', views: 3, visitors: 2 },
      { day: '2026-03-11', views: 1, visitors: 1 },
      { day: '2026-03-12', views: 1, visitors: 0 },
    ]);
    expect(res.body.pages).toEqual([
      { path: '/', views: 3, visitors: 2 },
      { path: '/faq', views: 1, visitors: 1 },
      { path: '/products', views: 1, visitors: 1 },
    ]);
    expect(res.body.funnel.map((s: Record<string, unknown>) => [s.event, s.count, s.fromPreviousPercent, s.fromFirstPercent])).toEqual([
      ['product_view', 8, null, 100],
      ['add_to_cart', 4, 50, 50],
      ['checkout_start', 3, 75, 37.5],
      ['booking_created', 1, 33.3, 12.5],
    ]);
  });

  it('exports the funnel, the days and the pages as CSV', async () => {
    const funnel = await adminCall(analytics, 'GET', `/api/admin/analytics?${RANGE}&format=csv&report=funnel`, { cookie: manager });
    expect(funnel.status).toBe(200);
    expect(funnel.headers.get('content-disposition')).toBe('attachment; filename="booking-funnel_2026-03-10_2026-03-12.csv"');
    expect(funnel.body.split('\r\n')).toEqual([
      'Step,Event,Count,From previous step (%),From first step (%)',
      'Viewed a product,product_view,8,,100',
      'Added to cart,add_to_cart,4,50,50',
      'Started checkout,checkout_start,3,75,37.5',
      'Booked,booking_created,1,33.3,12.5',
      '',
    ]);
    const daily = await adminCall(analytics, 'GET', `/api/admin/analytics?${RANGE}&format=csv&report=daily`, { cookie: manager });
    expect(daily.body.split('\r\n')[1]).toBe('2026-03-10,3,2');
    const pages = await adminCall(analytics, 'GET', `/api/admin/analytics?${RANGE}&format=csv&report=pages`, { cookie: manager });
    expect(pages.body.split('\r\n')[1]).toBe('/,3,2');
  });

  it('answers bad ranges with 400 naming the field', async () => {
    const res = await adminCall(analytics, 'GET', '/api/admin/analytics?from=2026-03-12&to=2026-03-10', { cookie: manager });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ to: 'The end date must be on or after the start date' });
    expect((await adminCall(analytics, 'GET', '/api/admin/analytics?format=csv&report=x', { cookie: manager })).status).toBe(400);
  });
});
