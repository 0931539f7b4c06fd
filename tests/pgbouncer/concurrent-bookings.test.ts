import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { call, futureDate, type Handler } from '../support/api';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { startPgBouncer, type PgBouncer } from '../../src/cli/local-pgbouncer';

/**
 * The burst that used to hang the site behind a transaction pooler: 100 bookings (5 for each of 20
 * dates) and 20 availability lookups at once through PgBouncer in transaction mode, the functions'
 * own pool (10 connections here) shared by all of them, so postgres.js has every reason to
 * pipeline. Every request gets an answer, each free unit has exactly one winner, PgBouncer logs no
 * warning, and the site keeps answering afterwards.
 *
 * The burst goes through a PgBouncer of its own (same settings, in front of the same server), so that
 * its log holds this file's traffic alone: other files run beside this one, and some cause PgBouncer
 * warnings on purpose (tls.test.ts's refused handshakes, database-outage.test.ts's ended transaction).
 */

const REQUESTS = 100;
const DATES = 20;
/** No answer within this long counts as a hang (the bug: no answer ever); generous for a loaded CI machine. */
const ANSWER_WITHIN_MS = 60_000;

let db: TestDatabase;
let bouncer: PgBouncer;
let handlers: Record<'bookings' | 'availability' | 'health', Handler>;
let product: { slug: string; units: number };
let ip = 0;

const booking = (date: string, n: number) => ({
  items: [{ product: product.slug, quantity: 1 }],
  event: { date, start: '10:00', end: '16:00' },
  // Each racer a customer of their own (e-mail, phone and address), as the owner's per-visitor limits expect.
  customer: { name: `Racer ${n}`, email: `racer${n}@example.com`, phone: `(512) 555-${String(n).padStart(4, '0')}` },
  address: { line1: `${n} Race St`, city: 'Round Rock', state: 'TX', zip: '78664' },
  acceptTerms: true,
});

/** A call that cannot hang the test: no answer in time is reported as status 0. */
async function answered(handler: Handler, method: string, url: string, body?: unknown) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ status: 0; body: null }>(
    (resolve) => (timer = setTimeout(() => resolve({ status: 0, body: null }), ANSWER_WITHIN_MS)),
  );
  try {
    return await Promise.race([
      call(handler, method, url, body, { 'x-test-ip': `10.13.${Math.floor(++ip / 250)}.${ip % 250}` }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  expect(inject('pgbouncerLogFile'), 'this file runs only in the integration-pgbouncer project').not.toBe('');
  db = await createMigratedDatabase();
  bouncer = await startPgBouncer(inject('postgresServerUrl'));
  await seedDemoBusiness(db.sql);
  // A product whose units are booked one per booking, with fewer units than racers per date.
  const [row] = await db.sql<{ slug: string; units: number }[]>`
    select p.slug, count(u.id)::int as units
    from products p join inventory_units u on u.product_id = p.id and u.status = 'available'
    where p.active and p.tracks_inventory and not exists (select 1 from package_items pi where pi.package_id = p.id)
    group by p.slug having count(u.id) between 1 and 4
    order by count(u.id) desc, p.slug limit 1`;
  product = row!;
  for (const key of [
    'SMTP_URL',
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
  ])
    delete process.env[key];
  Object.assign(process.env, {
    DATABASE_URL: bouncer.via(db.url),
    DATABASE_POOL_MAX: '10',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'pgbouncer-burst-')),
    SITE_URL: 'http://localhost:4321',
  });
  handlers = {
    bookings: (await import('../../netlify/functions/bookings')).default,
    availability: (await import('../../netlify/functions/availability')).default,
    health: (await import('../../netlify/functions/health')).default,
  };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await bouncer?.stop();
  await db?.drop();
});

describe('100 concurrent bookings through PgBouncer in transaction mode', () => {
  it(
    'all answered, one winner per free unit, no PgBouncer warning, and the site still answers',
    { timeout: 180_000 },
    async () => {
      const warningsBefore = (await bouncer.problems()).length;
      const dates = Array.from({ length: DATES }, (_, i) => futureDate(60 + i));
      const requests = Array.from({ length: REQUESTS }, (_, n) => ({ date: dates[n % DATES]!, n }));

      // Shoppers keep asking what is free while the bookings race: those answers share the pool.
      const [answers, lookups] = await Promise.all([
        Promise.all(
          requests.map(({ date, n }) => answered(handlers.bookings, 'POST', '/api/bookings', booking(date, n))),
        ),
        Promise.all(
          dates.map((date) =>
            answered(
              handlers.availability,
              'GET',
              `/api/availability?product=${product.slug}&date=${date}&start=10:00&end=16:00`,
            ),
          ),
        ),
      ]);

      const unanswered = answers.filter((a) => a.status === 0).length;
      expect(unanswered, 'bookings with no answer within 60 s').toBe(0);
      expect(lookups.map((a) => a.status)).toEqual(dates.map(() => 200));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201, 409]));
      const racersPerDate = REQUESTS / DATES;
      for (const date of dates) {
        const wins = answers.filter((a, i) => requests[i]!.date === date && a.status === 201).length;
        expect({ date, wins }).toEqual({ date, wins: Math.min(product.units, racersPerDate) });
      }
      const [allocated] = await db.sql<{ bookings: number; allocations: number }[]>`
      select count(distinct b.id)::int as bookings, count(a.id)::int as allocations
      from bookings b join customers c on c.id = b.customer_id join unit_allocations a on a.booking_id = b.id
      where c.email like 'racer%@example.com' and a.released_at is null`;
      expect(allocated).toEqual({
        bookings: answers.filter((a) => a.status === 201).length,
        allocations: answers.filter((a) => a.status === 201).length,
      });

      expect((await bouncer.problems()).slice(warningsBefore)).toEqual([]);

      // The same function instances answer everything that follows, at once.
      const started = Date.now();
      const later = await Promise.all([
        answered(handlers.health, 'GET', '/api/health'),
        answered(
          handlers.availability,
          'GET',
          `/api/availability?product=${product.slug}&date=${dates[0]}&start=10:00&end=16:00`,
        ),
        answered(handlers.bookings, 'POST', '/api/bookings', booking(futureDate(59), 1000)),
      ]);
      expect(later.map((a) => a.status)).toEqual([200, 200, 201]);
      expect(later[1]!.body).toMatchObject({
        available: product.units > racersPerDate,
        freeCount: Math.max(0, product.units - racersPerDate),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  );
});
