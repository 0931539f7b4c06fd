import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSettings, saveSettings } from '../../src/lib/business/index.server';
import { textConsentWording } from '../../src/lib/texts';
import {
  deliverPendingTexts,
  helpReply,
  queueText,
  recordStop,
  recordTextConsent,
  sendQueuedTexts,
  textableNumber,
  textBackoffMinutes,
  useTextProvider,
} from '../../src/lib/texts/index.server';
import { wallClockToInstant } from '../../src/lib/time';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, TEST_AUTH_SECRET } from '../support/staff';
import { withClockAt } from '../support/clock';
import { startTwilioDouble, type TwilioDouble } from '../support/twilio-double';

/**
 * Text messages against a real database and the Twilio double: consent stored with its wording at
 * checkout, STOP (through the double's signed inbound webhook) refusing texts at once and START
 * resuming them, HELP answered, quiet hours on the business's clock, each text once, retries with
 * backoff on Twilio's errors, and forged or malformed webhooks refused.
 */
const tz = 'America/Chicago';
const at = (date: string, time: string) => wallClockToInstant(date, time, tz);
const NOON = at('2026-12-10', '12:00');

let db: TestDatabase;
let twilio: TwilioDouble;
let site: Server;
let webhookUrl: string;
let businessName: string;
let bookings: Handler;

/** The inbound function behind a real HTTP port, as Netlify serves it, so the double can post to it. */
async function serveInbound(): Promise<string> {
  const inbound = (await import('../../netlify/functions/texts-inbound')).default as Handler;
  site = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method ?? 'GET', headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      const response = await inbound(request, { ip: '127.0.0.1', deploy: { id: '' } } as unknown as Context);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  twilio = await startTwilioDouble();
  const origin = await serveInbound();
  webhookUrl = `${origin}/api/texts/inbound`;
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'texts-')),
    SITE_URL: origin,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_BASE: twilio.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
  });
  businessName = (await getSettings(db.sql)).businessName;
  bookings = (await import('../../netlify/functions/bookings')).default as Handler;
});
afterEach(() => useTextProvider(undefined));
afterAll(async () => {
  await closeAdminConnections();
  await new Promise((resolve) => site.close(resolve));
  await twilio.close();
  await db.drop();
});

let dayOffset = 60;
/** A booking placed through POST /api/bookings by a customer of its own, with or without consent to texts. */
async function book(textConsent: boolean | undefined, phone = `(512) 555-${String(1000 + dayOffset).slice(-4)}`, language?: 'es') {
  const tag = randomBytes(4).toString('hex');
  const response = await call(
    bookings,
    'POST',
    '/api/bookings',
    {
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(dayOffset++), start: '11:00', end: '17:00' },
      customer: { name: 'Texty Renter', email: `texts-${tag}@example.com`, phone },
      address: { line1: '1 Test St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      ...(textConsent === undefined ? {} : { textConsent }),
      ...(language ? { language } : {}),
    },
    { 'x-test-ip': `10.26.${dayOffset}.1` },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const [row] = await db.sql<{ id: string }[]>`select id from bookings where number = ${response.body.bookingNumber}`;
  return row!.id;
}

const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;
const textsOf = (bookingId: string) =>
  db.sql<{ kind: string; status: string; attempts: number; body: string; next_attempt_at: Date; last_error: string | null; provider_sid: string | null }[]>`
    select kind, status, attempts, body, next_attempt_at, last_error, provider_sid from outbound_texts where booking_id = ${bookingId} order by created_at`;
const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === phone && m.via === 'api');

describe('consent at checkout', () => {
  it('stores the consent with the exact wording shown, the number, the time and the source', async () => {
    const before = new Date();
    const id = await book(true, '(512) 555-0142');
    const [consent] = await db.sql`select * from text_consents where booking_id = ${id}`;
    expect(consent).toMatchObject({ phone: '+15125550142', wording: textConsentWording(businessName), source: 'checkout', recorded_by: null });
    expect((consent!.consented_at as Date).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await textableNumber(db.sql, id)).toBe('+15125550142');
  });

  it('stores the Spanish question for a consent given on the Spanish checkout, with the Spanish keywords', async () => {
    const id = await book(true, '(512) 555-0149', 'es');
    const [consent] = await db.sql<{ wording: string }[]>`select wording from text_consents where booking_id = ${id}`;
    expect(consent!.wording).toBe(textConsentWording(businessName, 'es'));
    expect(consent!.wording).toMatch(/^Envíenme mensajes de texto .* Responda ALTO .* AYUDA .*Opcional\.$/);
  });

  it('without the box ticked nothing is stored and nothing can be queued', async () => {
    for (const consent of [false, undefined]) {
      const id = await book(consent, '(512) 555-0143');
      expect(await db.sql`select 1 from text_consents where booking_id = ${id}`).toHaveLength(0);
      expect(await textableNumber(db.sql, id)).toBeNull();
      expect(await queueText(db.sql, { bookingId: id, to: '+15125550143', body: 'Hello', kind: 'test', now: NOON })).toEqual({ queued: false, reason: 'no-consent' });
    }
  });

  it('a phone booking with the box ticked stores the consent with the desk’s words and who took it, audited; the booking screen shows it', async () => {
    const { cookie, email } = await staffSession(db.sql, 'manager');
    const adminBookings = (await import('../../netlify/functions/admin-bookings')).default as Handler;
    const order = (textConsent: boolean | undefined, phone: string) => ({
      items: [{ product: 'table-and-chair-set', quantity: 1 }],
      event: { date: futureDate(dayOffset++), start: '10:00', end: '16:00' },
      customer: { name: 'Phone Caller', email: `caller-${randomBytes(4).toString('hex')}@example.com`, phone },
      address: { line1: '12 Oak Lane', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      coupon: '', damageWaiver: true, adjustments: [], status: 'confirmed', payment: null, sendConfirmation: false,
      ...(textConsent === undefined ? {} : { textConsent }),
    });
    const created = await adminCall(adminBookings, 'POST', '/api/admin/bookings', { cookie, body: order(true, '512 555 0145') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [consent] = await db.sql`select phone, wording, source, recorded_by from text_consents where booking_id = ${created.body.booking.id}`;
    expect(consent).toEqual({ phone: '+15125550145', wording: textConsentWording(businessName), source: 'staff', recorded_by: email });
    const [entry] = await db.sql<{ after: { textConsent: boolean } }[]>`select after from audit_log where entity_id = ${created.body.booking.id} and action = 'booking.create'`;
    expect(entry!.after.textConsent).toBe(true);
    const shown = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${created.body.booking.id}`, { cookie });
    expect(shown.body.texts).toMatchObject({ configured: true, consent: { phone: '+15125550145', source: 'staff', stopped: false, wording: textConsentWording(businessName) }, messages: [] });
    // Not ticked: nothing stored.
    const plain = await adminCall(adminBookings, 'POST', '/api/admin/bookings', { cookie, body: order(undefined, '512 555 0146') });
    expect(plain.status).toBe(201);
    expect(await db.sql`select 1 from text_consents where booking_id = ${plain.body.booking.id}`).toHaveLength(0);
  });

  it('a consent taken by staff on the phone records who took it', async () => {
    const id = await book(undefined, '(512) 555-0144');
    expect(await recordTextConsent(db.sql, { bookingId: id, phone: '512-555-0144', wording: textConsentWording(businessName), source: 'staff', recordedBy: 'crew@example.com', now: NOON })).toBe(true);
    const [consent] = await db.sql`select source, recorded_by, consented_at from text_consents where booking_id = ${id}`;
    expect(consent).toEqual({ source: 'staff', recorded_by: 'crew@example.com', consented_at: NOON });
  });
});

describe('sending', () => {
  it('sends a queued text once through Twilio, once per kind and booking, even with two runs at once', async () => {
    const phone = '(512) 555-0150';
    const id = await book(true, phone);
    const queued = await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Your bounce house arrives between 9 and 11 tomorrow.', kind: 'day-before', now: NOON });
    expect(queued).toMatchObject({ queued: true, sendAt: NOON });
    expect(await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Again?', kind: 'day-before', now: NOON })).toEqual({ queued: false, reason: 'duplicate' });
    // Two housekeeping runs at once: the claim is row-locked, so the text goes once.
    const [a, b] = await Promise.all([deliverPendingTexts(db.sql, NOON), deliverPendingTexts(db.sql, NOON)]);
    expect(a + b).toBe(1);
    expect(sentTo(e164(phone)).map((m) => m.body)).toEqual(['Your bounce house arrives between 9 and 11 tomorrow.']);
    expect(sentTo(e164(phone))[0]!.from).toBe(twilio.from);
    const [row] = await textsOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.provider_sid).toBe(sentTo(e164(phone))[0]!.sid);
    await deliverPendingTexts(db.sql, new Date(NOON.getTime() + 3_600_000));
    expect(sentTo(e164(phone))).toHaveLength(1);
    // Another kind for the same booking is its own message.
    expect(await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'On the way!', kind: 'on-the-way', now: NOON })).toMatchObject({ queued: true });
  });

  it('refuses a number the customer did not agree to and what cannot be a text', async () => {
    const id = await book(true, '(512) 555-0151');
    expect(await queueText(db.sql, { bookingId: id, to: '+15125550999', body: 'Hi', kind: 'test', now: NOON })).toEqual({ queued: false, reason: 'no-consent' });
    expect(await queueText(db.sql, { bookingId: id, to: '+15125550151', body: 'x'.repeat(1601), kind: 'test', now: NOON })).toEqual({ queued: false, reason: 'invalid' });
    expect(await queueText(db.sql, { bookingId: id, to: '+15125550151', body: 'Hi', kind: 'Not A Kind', now: NOON })).toEqual({ queued: false, reason: 'invalid' });
  });
});

describe('a backlog', () => {
  /** `count` texts due at noon to one booking's number. What the file's other tests left waiting would take places in the batches: the queue starts empty. */
  async function backlog(count: number, phone: string) {
    await db.sql`update outbound_texts set status = 'failed' where status = 'pending'`;
    const id = await book(true, phone);
    for (let i = 0; i < count; i++) {
      await queueText(db.sql, { bookingId: id, to: e164(phone), body: `Backlog ${i + 1}`, kind: 'test', dedupeKey: `backlog:${id}:${i}`, now: NOON });
    }
    return id;
  }

  it('sends a backlog larger than a batch, 20 at a time, while the run may go on', async () => {
    const id = await backlog(45, '(512) 555-0196');
    let asked = 0;
    await sendQueuedTexts(db.sql, NOON, { more: () => (asked++, true) });
    expect(sentTo(e164('(512) 555-0196'))).toHaveLength(45);
    expect((await textsOf(id)).filter((t) => t.status !== 'sent')).toEqual([]);
    // Asked after each batch that sent something (20, 20 and 5); the fourth found nothing due.
    expect(asked).toBe(3);
  });

  it('leaves what is left after the batch in hand to the next run once the run may not go on', async () => {
    const id = await backlog(25, '(512) 555-0197');
    await sendQueuedTexts(db.sql, NOON, { more: () => false });
    expect(sentTo(e164('(512) 555-0197'))).toHaveLength(20);
    expect((await textsOf(id)).filter((t) => t.status === 'pending')).toHaveLength(5);
  });
});

describe('quiet hours', () => {
  it('a text queued at 22:30 on the business clock waits until 08:00, then goes', async () => {
    const phone = '(512) 555-0160';
    const id = await book(true, phone);
    const late = at('2026-12-10', '22:30');
    const queued = await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Thanks for renting with us!', kind: 'review-request', now: late });
    expect(queued).toMatchObject({ queued: true, sendAt: at('2026-12-11', '08:00') });
    await deliverPendingTexts(db.sql, at('2026-12-10', '22:31'));
    await deliverPendingTexts(db.sql, at('2026-12-11', '07:59'));
    expect(sentTo(e164(phone))).toHaveLength(0);
    await deliverPendingTexts(db.sql, at('2026-12-11', '08:00'));
    expect(sentTo(e164(phone))).toHaveLength(1);
  });

  it('the owner sets quiet hours in Settings (audited, checked at the field), and a text due then waits for their end', async () => {
    const { cookie } = await staffSession(db.sql, 'owner');
    const settings = (await import('../../netlify/functions/admin-settings')).default as Handler;
    const bad = await adminCall(settings, 'PUT', '/api/admin/settings/texts', { cookie, body: { textQuietStart: '25:00', textQuietEnd: '07:00' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('textQuietStart');
    const overview = await adminCall(settings, 'GET', '/api/admin/settings', { cookie });
    expect(overview.body).toMatchObject({ textsConfigured: true, settings: { texts: { textQuietStart: '21:00', textQuietEnd: '08:00' } } });
    const saved = await adminCall(settings, 'PUT', '/api/admin/settings/texts', { cookie, body: { textQuietStart: '20:00', textQuietEnd: '09:30' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      expect(await db.sql`select 1 from audit_log where action like 'settings%' and after::text like '%20:00%'`).not.toHaveLength(0);
      const phone = '(512) 555-0162';
      const id = await book(true, phone);
      expect(await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Evening', kind: 'test', now: at('2026-12-10', '20:30') })).toMatchObject({ queued: true, sendAt: at('2026-12-11', '09:30') });
    } finally {
      await db.sql`update business_settings set text_quiet_start = '21:00', text_quiet_end = '08:00'`;
    }
  });

  it('"on the way" queued at 6:45 leaves at once; a day-before text queued beside it waits until 08:00', async () => {
    const phone = '(512) 555-0163';
    const id = await book(true, phone);
    const early = at('2026-12-11', '06:45');
    expect(await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Crew on the way', kind: 'on_the_way', now: early })).toMatchObject({ queued: true, sendAt: early });
    expect(await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Tomorrow between 9 and 10', kind: 'day_before', now: early })).toMatchObject({ queued: true, sendAt: at('2026-12-11', '08:00') });
    expect(await deliverPendingTexts(db.sql, early)).toBe(1);
    expect(sentTo(e164(phone)).map((m) => m.body)).toEqual(['Crew on the way']);
    await deliverPendingTexts(db.sql, at('2026-12-11', '08:00'));
    expect(sentTo(e164(phone)).map((m) => m.body)).toEqual(['Crew on the way', 'Tomorrow between 9 and 10']);
  });

  it("nothing leaves during quiet hours, even what was due before them (a retry), and the owner's hours count", async () => {
    const phone = '(512) 555-0161';
    const id = await book(true, phone);
    await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Due at 20:55', kind: 'test', now: at('2026-12-10', '20:55') });
    await deliverPendingTexts(db.sql, at('2026-12-10', '21:05'));
    expect(sentTo(e164(phone))).toHaveLength(0);
    // The owner moves quiet hours to start at 23:00: 21:05 is no longer quiet.
    await db.sql`update business_settings set text_quiet_start = '23:00'`;
    try {
      await deliverPendingTexts(db.sql, at('2026-12-10', '21:05'));
      expect(sentTo(e164(phone))).toHaveLength(1);
    } finally {
      await db.sql`update business_settings set text_quiet_start = '21:00'`;
    }
  });
});

describe('retries', () => {
  it("Twilio's errors are retried with backoff until the text goes", async () => {
    const phone = '(512) 555-0170';
    const id = await book(true, phone);
    await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Retry me', kind: 'test', now: NOON });
    twilio.failNext('error');
    twilio.failNext('rate-limited');
    expect(await deliverPendingTexts(db.sql, NOON)).toBe(0);
    let [row] = await textsOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/Twilio answered 500 \(error 20500\)/);
    expect(row!.next_attempt_at).toEqual(new Date(NOON.getTime() + textBackoffMinutes(1) * 60_000));
    // Not due yet a minute later; due after the backoff, and the 429 backs off longer.
    expect(await deliverPendingTexts(db.sql, new Date(NOON.getTime() + 60_000))).toBe(0);
    expect(await deliverPendingTexts(db.sql, new Date(NOON.getTime() + 2 * 60_000))).toBe(0);
    [row] = await textsOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.next_attempt_at).toEqual(new Date(NOON.getTime() + (2 + textBackoffMinutes(2)) * 60_000));
    expect(await deliverPendingTexts(db.sql, new Date(NOON.getTime() + 6 * 60_000))).toBe(1);
    [row] = await textsOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(sentTo(e164(phone))).toHaveLength(1);
  });

  it('a number Twilio cannot text fails at once, and one unsubscribed at Twilio is recorded as stopped', async () => {
    const phone = '(512) 555-0171';
    const id = await book(true, phone);
    await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Bad number', kind: 'test', now: NOON });
    twilio.failNext('invalid-number');
    await deliverPendingTexts(db.sql, NOON);
    expect((await textsOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1 });

    const other = '(512) 555-0172';
    const otherId = await book(true, other);
    twilio.optedOut.add(e164(other));
    await queueText(db.sql, { bookingId: otherId, to: e164(other), body: 'Opted out at Twilio', kind: 'test', now: NOON });
    await deliverPendingTexts(db.sql, NOON);
    expect((await textsOf(otherId))[0]).toMatchObject({ status: 'failed' });
    expect(await textableNumber(db.sql, otherId)).toBeNull();
    twilio.optedOut.delete(e164(other));
  });

  it('a text that never goes is given up after 8 attempts', async () => {
    const phone = '(512) 555-0173';
    const id = await book(true, phone);
    await queueText(db.sql, { bookingId: id, to: e164(phone), body: 'Never', kind: 'test', now: NOON });
    useTextProvider({ name: 'down', send: () => Promise.reject(new Error('connect ECONNREFUSED')) });
    let now = NOON;
    for (let attempt = 1; attempt <= 8; attempt++) {
      await deliverPendingTexts(db.sql, now);
      now = new Date(now.getTime() + textBackoffMinutes(attempt) * 60_000);
    }
    expect((await textsOf(id))[0]).toMatchObject({ status: 'failed', attempts: 8 });
  });
});

describe("the inbound webhook (through the double's signed requests)", () => {
  it('STOP stops texts to the number at once: waiting texts are refused and new ones are not queued; START resumes', async () => {
    const phone = '(512) 555-0180';
    const id = await book(true, phone);
    const number = e164(phone);
    await queueText(db.sql, { bookingId: id, to: number, body: 'Queued before STOP', kind: 'day-before', now: at('2026-12-10', '22:00') });
    const stop = await twilio.inbound({ from: number, body: 'Stop' }, { webhookUrl });
    expect(stop.status).toBe(200);
    expect(stop.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await db.sql`select keyword from text_opt_outs where phone = ${number}`).toEqual([{ keyword: 'STOP' }]);
    expect((await textsOf(id))[0]).toMatchObject({ status: 'refused' });
    expect(await textableNumber(db.sql, id)).toBeNull();
    expect(await queueText(db.sql, { bookingId: id, to: number, body: 'After STOP', kind: 'on-the-way', now: NOON })).toEqual({ queued: false, reason: 'stopped' });
    await deliverPendingTexts(db.sql, at('2026-12-11', '09:00'));
    expect(sentTo(number)).toHaveLength(0);

    // In the booking's history, with when, and on its Texts card.
    const { cookie } = await staffSession(db.sql, 'manager');
    const adminBookings = (await import('../../netlify/functions/admin-bookings')).default as Handler;
    const stopped = await adminCall(adminBookings, 'GET', `/api/admin/bookings/${id}`, { cookie });
    const [optOut] = await db.sql<{ stopped_at: Date }[]>`select stopped_at from text_opt_outs where phone = ${number}`;
    const stoppedAt = optOut!.stopped_at;
    expect(stopped.body.texts.consent).toMatchObject({ stopped: true, stoppedAt: stoppedAt.toISOString(), stopKeyword: 'STOP' });
    const stopEntries = stopped.body.history.filter((h: { action: string }) => h.action === 'booking.texts_stopped');
    expect(stopEntries).toEqual([{ at: stoppedAt.toISOString(), actor: null, actorKind: 'customer', action: 'booking.texts_stopped', before: null, after: { phone: number, keyword: 'STOP', at: stoppedAt.toISOString() } }]);
    // A second STOP changes nothing in the history.
    await twilio.inbound({ from: number, body: 'STOP' }, { webhookUrl });
    expect(await db.sql`select 1 from audit_log where entity_id = ${id} and action = 'booking.texts_stopped'`).toHaveLength(1);

    expect((await twilio.inbound({ from: number, body: 'START' }, { webhookUrl })).status).toBe(200);
    expect(await textableNumber(db.sql, id)).toBe(number);
    expect(await db.sql`select after ->> 'keyword' as keyword from audit_log where entity_id = ${id} and action = 'booking.texts_resumed'`).toEqual([{ keyword: 'START' }]);
    expect((await adminCall(adminBookings, 'GET', `/api/admin/bookings/${id}`, { cookie })).body.texts.consent).toMatchObject({ stopped: false, stoppedAt: null });
    expect(await queueText(db.sql, { bookingId: id, to: number, body: 'After START', kind: 'on-the-way', now: NOON })).toMatchObject({ queued: true });
    await deliverPendingTexts(db.sql, NOON);
    expect(sentTo(number).map((m) => m.body)).toEqual(['After START']);
  });

  it("every stop word works, and STOP covers the number's other bookings too", async () => {
    const phone = '(512) 555-0181';
    const [first, second] = [await book(true, phone), await book(true, phone)];
    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit.']) {
      await twilio.inbound({ from: e164(phone), body: word }, { webhookUrl });
      expect(await textableNumber(db.sql, first), word).toBeNull();
      expect(await textableNumber(db.sql, second), word).toBeNull();
      await twilio.inbound({ from: e164(phone), body: 'yes' }, { webhookUrl });
      expect(await textableNumber(db.sql, second), word).toBe(e164(phone));
    }
  });

  it("HELP is answered with the business's name and how to reach it, and the answer is kept", async () => {
    const settings = await getSettings(db.sql);
    const help = await twilio.inbound({ from: '+15125550190', body: 'help' }, { webhookUrl });
    expect(help.status).toBe(200);
    const reply = helpReply(settings.businessName, settings.phone, settings.email);
    expect(reply).toContain(settings.businessName);
    expect(twilio.messages.filter((m) => m.to === '+15125550190' && m.via === 'reply').map((m) => m.body)).toEqual([reply]);
    expect(await db.sql`select kind, status, body from outbound_texts where to_phone = '+15125550190'`).toEqual([{ kind: 'help-reply', status: 'sent', body: reply }]);
    // INFO too; any other message gets no answer and changes nothing.
    await twilio.inbound({ from: '+15125550190', body: 'INFO' }, { webhookUrl });
    const other = await twilio.inbound({ from: '+15125550190', body: 'What time do you come?' }, { webhookUrl });
    expect(other.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(twilio.messages.filter((m) => m.to === '+15125550190')).toHaveLength(2);
  });

  it('a forged signature is refused with 403 and changes nothing', async () => {
    const phone = '(512) 555-0182';
    const id = await book(true, phone);
    const forged = await twilio.inbound({ from: e164(phone), body: 'STOP' }, { webhookUrl, forged: true });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ error: { code: 'forbidden' } });
    expect(await textableNumber(db.sql, id)).toBe(e164(phone));
    // A signature for other parameters (a replay with the body changed) is forged too.
    const params = new URLSearchParams({ From: e164(phone), Body: 'STOP' });
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJlIGF0IGFsbA==' }, body: params });
    expect(response.status).toBe(403);
    expect(await textableNumber(db.sql, id)).toBe(e164(phone));
  });

  it('a signed but malformed message is a 400, another content type too, and GET a 405', async () => {
    const missing = await twilio.inbound({ from: 'not-a-number', body: 'STOP' }, { webhookUrl });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text)).toMatchObject({ error: { code: 'validation', message: 'From must be a number in E.164 form' } });
    const long = await twilio.inbound({ from: '+15125550191', body: 'x'.repeat(1700) }, { webhookUrl });
    expect(long.status).toBe(400);
    const json = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"From":"+15125550191","Body":"STOP"}' });
    expect(json.status).toBe(400);
    expect((await fetch(webhookUrl)).status).toBe(405);
    expect(await db.sql`select 1 from text_opt_outs where phone = '+15125550191'`).toHaveLength(0);
  });
});

describe('messages a customer gets, by text where the customer agreed', () => {
  it('"on the way" goes by text to a customer who agreed, at once even in quiet hours, by e-mail to one who did not, and by e-mail again after STOP', async () => {
    const day = (await import('../../netlify/functions/admin-day')).default as Handler;
    const onTheWay = async (id: string) => {
      const [booking] = await db.sql<{ date: string }[]>`select to_char(event_start at time zone 'America/Chicago', 'YYYY-MM-DD') as date from bookings where id = ${id}`;
      // 6:50 on the drop-off's morning: inside the default quiet hours (21:00–08:00).
      const response = await withClockAt(at(booking!.date, '06:50'), async () => {
        const { cookie } = await staffSession(db.sql, 'crew');
        return adminCall(day, 'POST', `/api/admin/day/bookings/${id}/on-the-way`, { cookie, body: { date: booking!.date } });
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      // What the day screen is told is what happened.
      expect(response.body.delivery).toBe('sent');
      const [message] = await db.sql<{ outcome: string; to_address: string; email_id: string | null; text_id: string | null }[]>`
        select outcome, to_address, email_id, text_id from customer_messages where booking_id = ${id} and kind = 'on_the_way'`;
      return message!;
    };
    const settings = await getSettings(db.sql);
    expect(settings).toMatchObject({ textQuietStart: '21:00', textQuietEnd: '08:00' });
    try {
      const agreed = '(512) 555-0171';
      const texted = await onTheWay(await book(true, agreed));
      expect(texted).toMatchObject({ outcome: 'texted', email_id: null, text_id: expect.any(String) });
      expect(sentTo(e164(agreed)).map((m) => m.body)).toEqual([expect.stringMatching(/on the way to set up your party rental\. Estimated arrival: \d{1,2}:\d\d [AP]M/)]);
      expect(await db.sql`select 1 from outbound_emails where to_address = ${texted.to_address} and template = 'customer_on_the_way'`).toHaveLength(0);

      const emailed = await onTheWay(await book(false, '(512) 555-0172'));
      expect(emailed).toMatchObject({ outcome: 'queued', text_id: null, email_id: expect.any(String) });
      expect(sentTo(e164('(512) 555-0172'))).toEqual([]);

      const stopped = '(512) 555-0173';
      const id = await book(true, stopped);
      await recordStop(db.sql, e164(stopped), 'STOP', NOON);
      expect(await onTheWay(id)).toMatchObject({ outcome: 'queued', text_id: null, email_id: expect.any(String) });
      expect(sentTo(e164(stopped))).toEqual([]);
    } finally {
      await saveSettings(db.sql, settings);
    }
  });

  it('"on the way" that Twilio could not take is reported as waiting to send, and a second tap says so', async () => {
    const day = (await import('../../netlify/functions/admin-day')).default as Handler;
    const phone = '(512) 555-0175';
    const id = await book(true, phone);
    const [booking] = await db.sql<{ date: string }[]>`select to_char(event_start at time zone 'America/Chicago', 'YYYY-MM-DD') as date from bookings where id = ${id}`;
    await withClockAt(at(booking!.date, '09:10'), async () => {
      const { cookie } = await staffSession(db.sql, 'crew');
      twilio.failNext('error');
      const first = await adminCall(day, 'POST', `/api/admin/day/bookings/${id}/on-the-way`, { cookie, body: { date: booking!.date } });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ delivery: 'waiting', textId: expect.any(String) });
      const again = await adminCall(day, 'POST', `/api/admin/day/bookings/${id}/on-the-way`, { cookie, body: { date: booking!.date } });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/^Already tapped at 9:10 AM, but the message has not gone yet/);
    });
    expect(sentTo(e164(phone))).toEqual([]);
  });
});
