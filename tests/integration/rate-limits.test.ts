import type { Context } from '@netlify/functions';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededDatabase, type TestDatabase } from '../support/database';

/**
 * Every per-address limit holds, even when the requests arrive all at once (the counter is one
 * atomic upsert in PostgreSQL, shared by every function instance), and one address hitting its
 * limit does not affect another. Refused and invalid requests count too: guessing costs attempts.
 * (The staff login's limit belongs with the admin's own tests.)
 */

type Handler = (req: Request, context: Context) => Promise<Response>;
let db: TestDatabase;

const limits: { name: string; method: 'GET' | 'POST'; url: string; limit: number }[] = [
  { name: 'track-order', method: 'POST', url: '/api/track-order', limit: 10 },
  { name: 'bookings', method: 'POST', url: '/api/bookings', limit: 20 },
  { name: 'quotes', method: 'POST', url: '/api/quotes', limit: 10 },
  { name: 'contact', method: 'POST', url: '/api/contact', limit: 10 },
  { name: 'product-suggestions', method: 'POST', url: '/api/product-suggestions', limit: 10 },
  { name: 'cake-orders', method: 'POST', url: '/api/cake-orders', limit: 10 },
  { name: 'waivers', method: 'POST', url: '/api/waivers', limit: 40 },
  { name: 'waiver-context', method: 'GET', url: '/api/waivers/context?booking=PF-AAAAAA&email=a@example.com', limit: 60 },
  { name: 'waiver-qr', method: 'GET', url: '/api/waivers/qr?booking=PF-AAAAAA&email=a@example.com', limit: 60 },
  { name: 'waiver-pdf', method: 'GET', url: '/api/waivers/00000000-0000-4000-8000-000000000000/pdf?token=x', limit: 60 },
  { name: 'hi', method: 'GET', url: '/api/hi?id=PF-AAAAAA', limit: 30 },
  { name: 'human-check', method: 'GET', url: '/api/human-check', limit: 120 },
];

const load = async (name: string) => (await import(`../../netlify/functions/${name}.ts`)).default as Handler;
const send = (handler: Handler, method: string, url: string, ip: string) =>
  handler(new Request(`http://localhost${url}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) }), { ip } as unknown as Context);

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'BOOKING_RATE_LIMIT']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'limits-')) });
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe('rate limits', () => {
  limits.forEach(({ name, method, url, limit }, i) => {
    it(`${name}: ${limit} requests per address, even all at once`, async () => {
      const handler = await load(name);
      const address = `192.0.2.${i + 1}`;
      const answers = await Promise.all(Array.from({ length: limit + 3 }, () => send(handler, method, url, address)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const refused = answers.find((a) => a.status === 429)!;
      expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' } });
      // Another address is not affected.
      expect((await send(handler, method, url, `198.51.100.${i + 1}`)).status).not.toBe(429);
    });
  });

  it('looking up a booking and asking for its payment link share one budget', async () => {
    const track = await load('track-order');
    const payment = await load('booking-payment');
    for (let i = 0; i < 10; i++) expect((await send(i % 2 ? track : payment, 'POST', '/api/track-order', '203.0.113.7')).status).not.toBe(429);
    expect((await send(payment, 'POST', '/api/booking-payment', '203.0.113.7')).status).toBe(429);
    expect((await send(track, 'POST', '/api/track-order', '203.0.113.7')).status).toBe(429);
  });
});
