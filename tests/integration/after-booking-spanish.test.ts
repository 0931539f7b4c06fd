import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { releaseExpiredHolds } from '../../src/lib/booking/holds.server';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import type { RainCheck } from '../../src/lib/rain-outs/index.server';
import { call, futureDate, type Handler } from '../support/api';
import { raiseBookingLimits } from '../support/booking-limits';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * Issue #40, after a booking in Spanish, through the real functions on a real database: the e-mails of a
 * Spanish booking link to /es/confirm-booking and /es/rain-check, and the server answers those pages, a
 * move from /es/track-order and a booking from the Spanish checkout in the page's language (the
 * X-Page-Language header the islands send). The same requests from an English page answer as before.
 */
let db: TestDatabase;
const h: Record<'bookings' | 'confirm' | 'rainCheck' | 'day' | 'admin' | 'manage' | 'waiverContext', Handler> = {} as never;
let manager = '';
let n = 0;
const ip = () => `198.51.100.${(++n % 250) + 1}`;
const es = () => ({ 'x-test-ip': ip(), 'x-page-language': 'es' });
const en = () => ({ 'x-test-ip': ip() });

/** A booking from the website, in the checkout page's language (no Stripe here: a pay-later request). */
const websiteBooking = (language: 'en' | 'es', date: string, product = 'rainbow-arch-bounce-house', site?: Record<string, unknown>) => {
  n++;
  return {
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: 'Ana García', email: `despues-${n}-${language}@example.com`, phone: `(512) 555-${String(1000 + n).padStart(4, '0')}` },
    address: { line1: `${n} Oak Lane`, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
    language,
    ...(site ? { site } : {}),
  };
};

/** A booking staff took, confirmed, with its personal key. */
async function placed(language: 'en' | 'es', date: string, product: string) {
  const booking = await placeBooking(db.sql, bookingRequest.parse(websiteBooking(language, date, product)), { now: new Date(), status: 'confirmed', source: 'phone' });
  const [row] = await db.sql<{ manage_token: string; contact_email: string }[]>`select manage_token, contact_email from bookings where id = ${booking.id}`;
  return { id: booking.id, number: booking.number, key: row!.manage_token, email: row!.contact_email };
}

const emailOf = async (number: string) => (await db.sql<{ contact_email: string }[]>`select contact_email from bookings where number = ${number}`)[0]!.contact_email;

/** The link after `words` in the newest e-mail of this template to this address. */
async function linkIn(email: string, template: string, words: RegExp): Promise<URL> {
  const [mail] = await db.sql<{ payload: { text: string } }[]>`
    select payload from outbound_emails where to_address = ${email} and template = ${template} order by created_at desc limit 1`;
  const href = new RegExp(`${words.source}: (\\S+)`).exec(mail!.payload.text)?.[1];
  expect(href, mail!.payload.text).toBeTruthy();
  return new URL(href!);
}

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'after-booking-es-')) });
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  h.bookings = (await import('../../netlify/functions/bookings')).default;
  h.confirm = (await import('../../netlify/functions/confirm-booking')).default;
  h.rainCheck = (await import('../../netlify/functions/rain-check')).default;
  h.day = (await import('../../netlify/functions/admin-day')).default;
  h.admin = (await import('../../netlify/functions/admin-bookings')).default;
  h.manage = (await import('../../netlify/functions/manage-booking')).default;
  h.waiverContext = (await import('../../netlify/functions/waiver-context')).default;
  manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('a pay-later booking request confirmed from its e-mail', () => {
  it('a Spanish booking’s e-mail links to /es/confirm-booking, whose answers are in Spanish', async () => {
    const made = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('es', futureDate(40)), es());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link = await linkIn(await emailOf(made.body.bookingNumber), 'booking-customer', /Confirme su solicitud de reservación/);
    expect(link.pathname).toBe('/es/confirm-booking');
    const body = { bookingNumber: link.searchParams.get('booking'), key: link.searchParams.get('key') };

    const wrong = await call(h.confirm, 'POST', '/api/confirm-booking', { ...body, key: 'x'.repeat(43) }, es());
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe('No encontramos ese enlace. Puede tener un error de escritura: ábralo desde el correo tal como está.');
    const cut = await call(h.confirm, 'POST', '/api/confirm-booking', { ...body, key: 'short' }, es());
    expect(cut.status).toBe(400);
    expect(cut.body.error.fields).toEqual({ key: 'Este enlace está incompleto: ábralo desde el correo tal como está.' });

    const confirmed = await call(h.confirm, 'POST', '/api/confirm-booking', body, es());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ state: 'confirmed', bookingNumber: body.bookingNumber, depositPaid: false });
  });

  it('a released Spanish request is offered again on the Spanish product pages', async () => {
    const date = futureDate(41);
    const made = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('es', date), es());
    expect(made.status).toBe(201);
    const link = await linkIn(await emailOf(made.body.bookingNumber), 'booking-customer', /Confirme su solicitud de reservación/);
    await db.sql`update bookings set hold_expires_at = now() - interval '1 minute' where number = ${made.body.bookingNumber}`;
    await releaseExpiredHolds(db.sql, new Date());
    const answer = await call(h.confirm, 'POST', '/api/confirm-booking', { bookingNumber: link.searchParams.get('booking'), key: link.searchParams.get('key') }, es());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'released', bookAgain: [{ href: `/es/products/rainbow-arch-bounce-house?date=${date}` }] });
  });

  it('an English booking’s e-mail and answers are as they were', async () => {
    const made = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('en', futureDate(42)), en());
    expect(made.status).toBe(201);
    const link = await linkIn(await emailOf(made.body.bookingNumber), 'booking-customer', /Confirm your booking request/);
    expect(link.pathname).toBe('/confirm-booking');
    const wrong = await call(h.confirm, 'POST', '/api/confirm-booking', { bookingNumber: made.body.bookingNumber, key: 'x'.repeat(43) }, en());
    expect(wrong.body.error.message).toBe('We couldn’t find that link. It may have a typo: open it from the e-mail as it is.');
  });
});

describe('a rained-out party’s rain check', () => {
  it('links a Spanish booking to /es/rain-check, which lists its choices and refuses in Spanish; English as before', async () => {
    const date = futureDate(50);
    const spanish = await placed('es', date, 'pink-castle-bounce-house');
    const english = await placed('en', date, 'sports-arena-bounce-house');
    for (const b of [spanish, english]) {
      const paid = await adminCall(h.admin, 'POST', `/api/admin/bookings/${b.id}/payments`, { cookie: manager, body: { amountCents: 5000, method: 'cash', note: '' } });
      expect(paid.status).toBe(200);
    }
    const rained = await adminCall(h.day, 'POST', '/api/admin/day/rain-outs', { cookie: manager, body: { date, offers: ['move', 'credit', 'refund'], bookingIds: [spanish.id, english.id] } });
    expect(rained.status, JSON.stringify(rained.body)).toBe(200);

    const esLink = await linkIn(spanish.email, 'rain-out-offer', /Elija aquí/);
    expect(esLink.pathname).toBe('/es/rain-check');
    const enLink = await linkIn(english.email, 'rain-out-offer', /Choose here/);
    expect(enLink.pathname).toBe('/rain-check');
    const access = (link: URL) => ({ bookingNumber: link.searchParams.get('booking'), key: link.searchParams.get('key') });

    const shown = await call(h.rainCheck, 'POST', '/api/rain-check', access(esLink), es());
    expect(shown.status).toBe(200);
    const check = shown.body as RainCheck;
    expect(check.choices.map((c) => c.label)).toEqual([
      expect.stringMatching(/^Cambiar su fiesta a otra fecha, sin costo \(cualquier día hasta el .+\)$/),
      expect.stringMatching(/^Guardar los \$50 que pagó como crédito para una próxima renta \(hasta el .+\)$/),
      'Recibir de vuelta los $50 que pagó',
    ]);
    expect(check.moveUrl).toBe(`/es/track-order?booking=${spanish.number}#key=${encodeURIComponent(spanish.key)}`);

    const wrong = await call(h.rainCheck, 'POST', '/api/rain-check', { ...access(esLink), key: 'x'.repeat(43) }, es());
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe('No encontramos ese crédito por lluvia. Abra otra vez el enlace de nuestro correo, o llámenos.');
    const cut = await call(h.rainCheck, 'POST', '/api/rain-check', { ...access(esLink), key: 'short' }, es());
    expect(cut.body.error.fields).toEqual({ key: 'El enlace está incompleto' });

    const refunded = await call(h.rainCheck, 'POST', '/api/rain-check/answer', { ...access(esLink), answer: 'refund' }, es());
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ state: 'refund', choices: [] });
    const again = await call(h.rainCheck, 'POST', '/api/rain-check/answer', { ...access(esLink), answer: 'refund' }, es());
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Usted ya eligió: esta página muestra lo que sigue.');

    const englishCheck = (await call(h.rainCheck, 'POST', '/api/rain-check', access(enLink), en())).body as RainCheck;
    expect(englishCheck.choices.map((c) => c.label)[2]).toBe('Get the $50 you paid back');
    expect(englishCheck.moveUrl).toBe(`/track-order?booking=${english.number}#key=${encodeURIComponent(english.key)}`);
    const englishAgain = await call(h.rainCheck, 'POST', '/api/rain-check/answer', { ...access(enLink), key: 'x'.repeat(43), answer: 'credit' }, en());
    expect(englishAgain.body.error.message).toBe('We couldn’t find that rain check. Open the link in our e-mail again, or call us.');
  });
});

describe('the waiver of a party called off, opened from its e-mail', () => {
  it('says on /es/sign-waiver, in Spanish, that a cancelled booking needs no waiver; in English as before', async () => {
    const date = futureDate(52);
    const spanish = await placed('es', date, 'giant-connect-four');
    const cancelled = await call(h.manage, 'POST', '/api/manage-booking/cancel', { bookingNumber: spanish.number, key: spanish.key, expected: 'refund' }, es());
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const open = (headers: Record<string, string>) => call(h.waiverContext, 'GET', `/api/waivers/context?booking=${spanish.number}&email=${encodeURIComponent(spanish.email)}`, undefined, headers);
    const fromSpanish = await open(es());
    expect(fromSpanish.status).toBe(409);
    expect(fromSpanish.body.error.message).toBe('Esta reservación ya no está activa, así que no necesita exención. Si no es correcto, por favor llámenos.');
    expect((await open(en())).body.error.message).toBe('This booking is no longer active, so it needs no waiver. If that is not right, please call us.');
  });
});

describe('a move from /es/track-order', () => {
  it('prices, refuses and reports a unit taken in Spanish; in English as before', async () => {
    const mine = await placed('es', futureDate(60), 'big-top-carnival-bounce-house');
    // The product's only unit is taken on the day the customer wants to move to.
    const busy = futureDate(61);
    await placed('en', busy, 'big-top-carnival-bounce-house');
    const ask = (route: string, event: unknown, headers: Record<string, string>) =>
      call(h.manage, 'POST', `/api/manage-booking/${route}`, { bookingNumber: mine.number, key: mine.key, event }, headers);

    const same = await ask('quote', { date: futureDate(60), start: '10:00', end: '16:00' }, es());
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ 'event.date': 'Esa ya es la fecha y hora de su reservación: elija otra.' });
    expect((await ask('quote', { date: futureDate(60), start: '10:00', end: '16:00' }, en())).body.error.fields).toEqual({
      'event.date': 'That is your booking’s date and time already: choose another.',
    });

    const quoted = await ask('quote', { date: busy, start: '10:00', end: '16:00' }, es());
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.bookable).toBe(false);
    expect(quoted.body.lines[0]).toMatchObject({ available: false, reason: expect.stringMatching(/^Lo sentimos, .+ ya está reservado para ese horario\.$/) });
    // The preview names the product in Spanish, as the rest of /es/track-order does.
    expect(quoted.body.lines[0].name).toBe('Brincolín Carpa de Circo');
    expect(quoted.body.problem).toMatch(/^Lo sentimos, /);
    const englishQuote = await ask('quote', { date: busy, start: '10:00', end: '16:00' }, en());
    expect(englishQuote.body.lines[0].reason).toMatch(/^Sorry, the .+ is already booked for that time\.$/);
    expect(englishQuote.body.lines[0].name).toBe('Big Top Carnival Bounce House');

    const moved = await ask('move', { date: busy, start: '10:00', end: '16:00' }, es());
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toMatch(/^Lo sentimos, .+ ya está reservado para ese horario\. No cambió nada: su reservación sigue igual\.$/);
    const englishMove = await ask('move', { date: busy, start: '10:00', end: '16:00' }, en());
    expect(englishMove.body.error.message).toMatch(/^Sorry, the .+ is already booked for that time\. Nothing has changed: your booking is as it was\.$/);
  });
});

describe('a booking from the Spanish checkout refused for its setup spot', () => {
  const concrete = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };
  const count = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`)[0]!.n;

  it('is refused in Spanish at the field, and books nothing; in English as before', async () => {
    const before = await count();
    const refused = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('es', futureDate(70), 'tropical-splash-water-slide', concrete), es());
    expect(refused.status).toBe(400);
    const spanish = 'Resbaladilla de Agua Tropical de 18 pies no se puede instalar sobre concreto. Necesita pasto o pasto artificial.';
    expect(refused.body.error).toMatchObject({ message: spanish, fields: { 'site.surface': spanish } });

    const narrow = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('es', futureDate(70), 'pink-castle-bounce-house', { ...concrete, accessInches: -3 }), es());
    expect(narrow.status).toBe(400);
    expect(narrow.body.error.fields).toEqual({ 'site.accessInches': 'Al menos 12 pulgadas: mida el portón o la puerta más angosta' });

    const english = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('en', futureDate(70), 'tropical-splash-water-slide', concrete), en());
    expect(english.status).toBe(400);
    expect(english.body.error.fields).toEqual({ 'site.surface': 'The Tropical Splash 18 ft Water Slide can’t be set up on concrete. It needs grass or artificial turf.' });
    expect(await count()).toBe(before);
  });
});

describe('a Spanish booking’s setup-spot lines', () => {
  it('name the product as its own lines do, in the e-mail and in the booking read back (its page, its invoice)', async () => {
    const concrete = { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 };
    const made = await call(h.bookings, 'POST', '/api/bookings', websiteBooking('es', futureDate(72), 'pink-castle-bounce-house', concrete), es());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const number = made.body.bookingNumber as string;
    const [mail] = await db.sql<{ payload: { text: string } }[]>`
      select payload from outbound_emails where to_address = ${await emailOf(number)} order by created_at limit 1`;
    expect(mail!.payload.text).toContain('Brincolín Castillo Rosa × 1');
    expect(mail!.payload.text).toContain('Sacos de arena: Brincolín Castillo Rosa');
    const { getBookingView } = await import('../../src/lib/booking/booking-view.server');
    const view = await getBookingView(db.sql, { number });
    expect(view!.site.charges.map((c) => c.label)).toEqual(['Sacos de arena: Brincolín Castillo Rosa']);
    // Stored as checkSite wrote it: staff read it in English.
    const [row] = await db.sql<{ site_charges: { label: string }[] }[]>`select site_charges from bookings where number = ${number}`;
    expect(row!.site_charges.map((c) => c.label)).toEqual(['Sandbags: Pink Castle Bounce House']);
  });
});
