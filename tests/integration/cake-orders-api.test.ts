import type { Context } from '@netlify/functions';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_EXTRA_SERVING_CENTS, PREMIUM_FILLING_PER_SERVING_CENTS } from '../../src/lib/cakes/cake-pricing';
import { call, futureDate } from '../support/api';
import { cakeOrderBody } from '../support/cake-order';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { solvedProof } from '../../src/cli/scripted-proof';
import { signaturePng } from '../../src/cli/sample-png';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let dataDir: string;
let cakeOrders: Handler;
let priya: { number: string; eventDate: string };

let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.4.0.${++ipCounter}` });
const count = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from cake_orders`)[0]!.n;
const pngBytes = () => Buffer.from(signaturePng(200, 120).split(',')[1]!, 'base64');

const order = (extra: Record<string, unknown> = {}) =>
  cakeOrderBody({ messageOnCake: 'Happy 6th Birthday Maya!', allergies: 'No tree nuts please', bookingNumber: '', bookingEmail: '', ...extra });

/** The order form's own encoding: the order as JSON in `order`, the photo as a file. */
async function postMultipart(body: Record<string, unknown>, photo?: { bytes: Uint8Array; type: string; name: string }) {
  const form = new FormData();
  form.set('order', JSON.stringify(body));
  // As an API client would: the proof in a form field of its own beside the order.
  if (!('humanCheck' in body)) form.set('humanCheck', await solvedProof());
  if (photo) form.set('referencePhoto', new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
  const request = new Request('http://localhost/api/cake-orders', { method: 'POST', body: form });
  const response = await cakeOrders(request, { ip: `10.5.0.${++ipCounter}` } as never);
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cakes-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321' });
  cakeOrders = (await import('../../netlify/functions/cake-orders')).default;
  const [row] = await db.sql<{ number: string; event_date: string }[]>`
    select b.number, (b.event_start at time zone 'America/Chicago')::date::text as event_date
    from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  priya = { number: row!.number, eventDate: row!.event_date };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe('POST /api/cake-orders', () => {
  it('prices the cake on the server, stores it for pickup and e-mails both sides', async () => {
    const { status, body } = await call(cakeOrders, 'POST', '/api/cake-orders', { ...order(), phone: '5125550183', priceCents: 1 }, ip());
    expect(status).toBe(201);
    const expected = 4500 + 8 * PER_EXTRA_SERVING_CENTS + 24 * PREMIUM_FILLING_PER_SERVING_CENTS;
    expect(body).toMatchObject({ orderNumber: expect.stringMatching(/^CK-[2-9A-HJKMNP-Z]{6}$/), priceCents: expected, fulfilment: 'pickup', bookingNumber: null });
    expect(body.priceLines.map((l: { label: string }) => l.label)).toEqual(['Base cake (16 servings)', '8 extra servings', 'Chocolate ganache filling']);

    const [row] = await db.sql`select * from cake_orders where number = ${body.orderNumber}`;
    expect(row).toMatchObject({ servings: 24, tiers: 1, flavour: 'funfetti', filling: 'chocolate-ganache', message_on_cake: 'Happy 6th Birthday Maya!', price_cents: expected, status: 'new', booking_id: null, reference_photo_path: null });
    expect(row!.customer_id).not.toBeNull();
    // Typed without punctuation, stored in the one shape bookings' contacts use.
    expect(row!.phone).toBe('(512) 555-0183');
    const mails = await db.sql`select template from outbound_emails where payload->>'subject' like ${`%${body.orderNumber}%`} order by template`;
    expect(mails.map((m) => m.template)).toEqual(['cake-business', 'cake-customer']);
  });

  it('keeps a reference photo sent with the order form', async () => {
    const bytes = pngBytes();
    const { status, body } = await postMultipart(order(), { bytes, type: 'image/png', name: 'unicorn cake.png' });
    expect(status).toBe(201);
    const [row] = await db.sql`select submission_id, reference_photo_path, reference_photo_type from cake_orders where number = ${body.orderNumber}`;
    expect(row!.reference_photo_path).toBe(`cake-orders/${row!.submission_id}/reference.png`);
    expect(row!.reference_photo_type).toBe('image/png');
    const stored = await readFile(path.join(dataDir, 'storage', ...row!.reference_photo_path.split('/')));
    expect(stored.equals(bytes)).toBe(true);
  });

  it('delivers with a rental booking the customer proves is theirs, on the party date', async () => {
    const { status, body } = await call(cakeOrders, 'POST', '/api/cake-orders', order({ fulfilment: 'delivery', neededOn: '', bookingNumber: priya.number.toLowerCase(), bookingEmail: 'Priya.Raman@example.com' }), ip());
    expect(status).toBe(201);
    expect(body).toMatchObject({ fulfilment: 'delivery', neededOn: priya.eventDate, bookingNumber: priya.number });
    const [row] = await db.sql`select o.needed_on::text, b.number from cake_orders o join bookings b on b.id = o.booking_id where o.number = ${body.orderNumber}`;
    expect(row).toEqual({ needed_on: priya.eventDate, number: priya.number });

    const wrong = await call(cakeOrders, 'POST', '/api/cake-orders', order({ fulfilment: 'delivery', bookingNumber: priya.number, bookingEmail: 'stranger@example.com' }), ip());
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.bookingNumber).toMatch(/couldn’t find a rental booking/);
  });

  it('respects the lead time from settings', async () => {
    const before = await count();
    const soon = await call(cakeOrders, 'POST', '/api/cake-orders', order({ neededOn: futureDate(1) }), ip());
    expect(soon.status).toBe(400);
    expect(soon.body.error.fields.neededOn).toMatch(/^We need 3 days to bake your cake: choose .+ or later$/);
    await db.sql`update business_settings set cake_lead_time_days = 0`;
    try {
      const now = await call(cakeOrders, 'POST', '/api/cake-orders', order({ neededOn: futureDate(1) }), ip());
      expect(now.status).toBe(201);
    } finally {
      await db.sql`update business_settings set cake_lead_time_days = 3`;
    }
    expect(await count()).toBe(before + 1);
  });

  it('answers bad input with the fields and stores nothing', async () => {
    const before = await count();
    const bad = await call(cakeOrders, 'POST', '/api/cake-orders', order({ flavour: 'durian', phone: '12', neededOn: '' }), ip());
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      flavour: 'Choose a cake flavour',
      phone: 'Enter a phone number with area code, like (512) 555-0123',
      neededOn: 'Choose the pickup date',
    });
    const small = await call(cakeOrders, 'POST', '/api/cake-orders', order({ servings: 12 }), ip());
    expect(small.body.error.fields).toEqual({ servings: 'This cake starts at 16 servings' });
    const notCake = await call(cakeOrders, 'POST', '/api/cake-orders', order({ product: 'pink-castle-bounce-house' }), ip());
    expect(notCake.body.error.fields).toEqual({ product: 'We don’t bake this cake any more. Please choose another one.' });
    expect(await count()).toBe(before);
  });

  it('prices from the cake’s own sizes in the catalog: staff change them, the next order follows; empty ones take the default', async () => {
    const sizes = async (servings: number | null, tiers: number | null, maxTiers: number | null) =>
      db.sql`update products set cake_base_servings = ${servings}, cake_base_tiers = ${tiers}, cake_max_tiers = ${maxTiers} where slug = 'party-sheet-cake'`;
    const sheet = (extra: Record<string, unknown>) => call(cakeOrders, 'POST', '/api/cake-orders', order({ product: 'party-sheet-cake', filling: 'buttercream', ...extra }), ip());
    // The demo's sheet cake: 24 servings, not stacked.
    expect((await sheet({ servings: 20 })).body.error.fields).toEqual({ servings: 'This cake starts at 24 servings' });
    expect((await sheet({ servings: 48, tiers: 2 })).body.error.fields).toEqual({ tiers: 'This cake is not made in tiers' });
    try {
      await sizes(40, 2, 3);
      const bigger = await sheet({ servings: 40, tiers: 2 });
      expect(bigger.status).toBe(201);
      expect(bigger.body.priceLines).toEqual([{ label: 'Base cake (40 servings, 2 tiers)', amountCents: 6500 }]);
      await sizes(null, null, null);
      const plain = await sheet({ servings: 12, tiers: 1 });
      expect(plain.status).toBe(201);
      expect(plain.body.priceLines).toEqual([{ label: 'Base cake (12 servings)', amountCents: 6500 }]);
    } finally {
      await sizes(24, 1, 1);
    }
  });

  it('refuses photos that are too big or are not images, and oversized requests', async () => {
    const before = await count();
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(pngBytes().subarray(0, 8));
    const tooBig = await postMultipart(order(), { bytes: big, type: 'image/png', name: 'huge.png' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.fields).toEqual({ referencePhoto: 'Choose a photo of at most 5 MB' });

    const notImage = await postMultipart(order(), { bytes: new TextEncoder().encode('%PDF-1.7 not a photo'), type: 'image/jpeg', name: 'cake.jpg' });
    expect(notImage.body.error.fields).toEqual({ referencePhoto: 'Choose a photo in JPEG, PNG, WebP or GIF format' });

    const huge = await postMultipart(order(), { bytes: new Uint8Array(6 * 1024 * 1024 + 1), type: 'image/png', name: 'huge.png' });
    expect(huge.status).toBe(400);
    const hugeJson = await call(cakeOrders, 'POST', '/api/cake-orders', order({ allergies: 'x'.repeat(6 * 1024 * 1024 + 1) }), ip());
    expect(hugeJson.status).toBe(400);

    const dataUrl = await call(cakeOrders, 'POST', '/api/cake-orders', order({ referencePhoto: 'data:text/html;base64,PGgxPg==' }), ip());
    expect(dataUrl.body.error.fields).toEqual({ referencePhoto: 'Choose a photo in JPEG, PNG, WebP or GIF format' });
    expect(await count()).toBe(before);
  });

  it('accepts a small photo as a data URL from API clients', async () => {
    const { status, body } = await call(cakeOrders, 'POST', '/api/cake-orders', order({ referencePhoto: signaturePng(40, 40) }), ip());
    expect(status).toBe(201);
    const [row] = await db.sql`select reference_photo_type from cake_orders where number = ${body.orderNumber}`;
    expect(row!.reference_photo_type).toBe('image/png');
  });

  it('answers a filled honeypot as if it worked and stores nothing', async () => {
    const before = await count();
    const spam = await postMultipart(order({ website: 'https://spam.example' }), { bytes: pngBytes(), type: 'image/png', name: 'x.png' });
    expect(spam.status).toBe(201);
    expect(spam.body.orderNumber).toMatch(/^CK-/);
    expect(await count()).toBe(before);
  });

  it('stores a double submit once and answers both with the same order', async () => {
    const before = await count();
    const request = order({ email: 'cake.twice@example.com' });
    const [a, b] = await Promise.all([
      call(cakeOrders, 'POST', '/api/cake-orders', request, ip()),
      call(cakeOrders, 'POST', '/api/cake-orders', request, ip()),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(b.body).toEqual(a.body);
    expect(await count()).toBe(before + 1);
    expect(await db.sql`select 1 from outbound_emails where to_address = 'cake.twice@example.com'`).toHaveLength(1);
  });
});
