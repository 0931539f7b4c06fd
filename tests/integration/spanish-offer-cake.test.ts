import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cakeDay } from '../../src/lib/cakes/cake-dates';
import { formatsFor } from '../../src/lib/i18n';
import { call, futureDate, type Handler } from '../support/api';
import { cakeOrderBody } from '../support/cake-order';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { decodedHeader, mailText } from '../support/mail-text';
import { englishIn, spanishWords } from '../support/read-mail';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';

/**
 * Issue #40: a customer who asked for a quote or ordered a cake on the Spanish pages gets what staff
 * send afterwards in Spanish, read from the outbox as the customer reads it (the suite's MIME helper):
 * the priced offer (and the booking it becomes is a Spanish booking), the cake's "ready" notice, and
 * the refusal of a cake date inside the lead time with the date written in Spanish.
 */
let db: TestDatabase;
let dataDir: string;
const h: Record<'quotes' | 'adminQuotes' | 'cakes' | 'adminCakes', Handler> = {} as never;
let manager = '';
const f = formatsFor('es');
const SPANISH = { 'x-page-language': 'es' };

beforeAll(async () => {
  db = await createSeededDatabase();
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'BUSINESS_NOTIFY_EMAIL']) delete process.env[key];
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spanish-offer-cake-'));
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  h.quotes = (await import('../../netlify/functions/quotes')).default;
  h.adminQuotes = (await import('../../netlify/functions/admin-quotes')).default;
  h.cakes = (await import('../../netlify/functions/cake-orders')).default;
  h.adminCakes = (await import('../../netlify/functions/admin-cake-orders')).default;
  manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

let n = 0;
const ip = () => ({ 'x-test-ip': `203.0.113.${++n}` });

/** The one e-mail to this address whose subject has these words, as the customer reads it, with its subject. */
async function mailAbout(address: string, subject: RegExp): Promise<{ subject: string; read: string }> {
  const files = (await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])).filter((file) => file.includes(address));
  const mails = await Promise.all(files.map(async (file) => mailText(await readFile(path.join(dataDir, 'outbox', file), 'utf8'))));
  const found = mails
    .map((read) => ({ subject: decodedHeader((/^subject: (.*)$/im.exec(read)?.[1] ?? '').trim()), read }))
    .filter((m) => subject.test(m.subject));
  expect(found, `an e-mail to ${address} about ${subject}`).toHaveLength(1);
  return found[0]!;
}

describe('a quote asked for on the Spanish page', () => {
  it('gets its offer in Spanish, and the booking it becomes is Spanish', async () => {
    const date = futureDate(64);
    const email = `cotizacion-${randomUUID().slice(0, 8)}@example.com`;
    const site = { surface: 'concrete', outlet: 'no', accessInches: 48, stairFlights: 1 };
    const sent = await call(
      h.quotes,
      'POST',
      '/api/quotes',
      {
        submissionId: randomUUID(), website: '', eventType: 'birthday', eventDate: date, guestCount: 25, zip: '78664',
        items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], name: 'Ana García', email, phone: '(512) 555-0190', site,
      },
      { ...ip(), ...SPANISH },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const quote = sent.body.quoteNumber as string;
    const [row] = await db.sql<{ id: string; language: string }[]>`select id, language from quotes where number = ${quote}`;
    expect(row!.language).toBe('es');

    const cart = { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date, start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true };
    const offered = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/offer`, { cookie: manager, body: { ...cart, message: '¡Gracias por escribirnos!' } });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const price = offered.body.offer.price as { totalCents: number; depositCents: number };
    // Staff keep seeing the names they know.
    expect(offered.body.offer.price.lines[0].name).toBe('Pink Castle Bounce House');

    const offer = await mailAbout(email, /oferta/);
    expect(offer.subject).toBe(`Su oferta para la cotización ${quote}: ${f.money(price.totalCents)}`);
    // With its weekday, as every customer e-mail names the event ("lunes, 8 de febrero de 2027").
    const spanishDay = f.longDate(date);
    for (const words of [
      'Hola, Ana:',
      '¡Gracias por escribirnos!',
      `Esta es nuestra oferta para el ${spanishDay}, ${f.clock('10:00')} – ${f.clock('16:00')} (entrega en el código postal 78664).`,
      'Su lugar de instalación: Nos dijo: concreto, sin enchufe a menos de 50 pies (llevamos un generador), un portón o puerta de 48 pulgadas de ancho, 1 tramo de escaleras.',
      `el depósito de ${f.money(price.depositCents)}.`,
      `/es/hi/${quote}`,
      'Brincolín Castillo Rosa × 1',
      'Sacos de arena: Brincolín Castillo Rosa',
      `Total: ${f.money(price.totalCents)}`,
    ]) {
      expect(offer.read).toContain(words);
    }
    expect(englishIn(spanishWords(offer.read, ['Pink Flamingo Party Rentals', 'Pink Castle Bounce House', 'Quiet Inverter Generator']))).toEqual([]);

    const converted = await adminCall(h.adminQuotes, 'POST', `/api/admin/quotes/${row!.id}/convert`, {
      cookie: manager,
      body: { address: { line1: '7 Yard Way', city: 'Round Rock', state: 'TX', zip: '78664' } },
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect((await db.sql<{ language: string }[]>`select language from bookings where number = ${converted.body.booking.number}`)[0]!.language).toBe('es');
    expect((await mailAbout(email, new RegExp(`reservación ${converted.body.booking.number}`))).read).toContain('Hola');
  });
});

describe('a cake ordered on the Spanish page', () => {
  it('gets its "ready" notice in Spanish, naming the cake by its Spanish name', async () => {
    const email = `pastel-${randomUUID().slice(0, 8)}@example.com`;
    const neededOn = futureDate(12);
    const sent = await call(h.cakes, 'POST', '/api/cake-orders', cakeOrderBody({ email, name: 'Lucía Peña', neededOn }), { ...ip(), ...SPANISH });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [cake] = await db.sql<{ id: string; number: string; language: string }[]>`select id, number, language from cake_orders where email = ${email}`;
    expect(cake!.language).toBe('es');
    // The acknowledgement names the cake as the Spanish page did.
    expect((await mailAbout(email, /Recibimos su pedido de pastel/)).read).toContain('Gracias por ordenar un Pastel Redondo de Cumpleaños Clásico');

    for (const status of ['confirmed', 'baking'] as const) {
      expect((await adminCall(h.adminCakes, 'PATCH', `/api/admin/cake-orders/${cake!.id}`, { cookie: manager, body: { status } })).status).toBe(200);
    }
    const ready = await adminCall(h.adminCakes, 'PATCH', `/api/admin/cake-orders/${cake!.id}`, { cookie: manager, body: { status: 'ready', notifyCustomer: true } });
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    // Staff keep the English name.
    expect(ready.body.product).toBe('Classic Round Birthday Cake');

    const notice = await mailAbout(email, /está listo/);
    expect(notice.subject).toBe(`Su pastel ${cake!.number} está listo`);
    expect(notice.read).toContain('Hola, Lucía:');
    expect(notice.read).toContain(`Su Pastel Redondo de Cumpleaños Clásico está listo para recoger el ${f.longDate(neededOn)}.`);
    expect(notice.read).toContain(`Fecha: ${f.longDate(neededOn)}`);
    expect(englishIn(spanishWords(notice.read, ['Pink Flamingo Party Rentals', 'Round Rock']))).toEqual([]);
  });

  it('is refused a date inside the lead time in Spanish, the earliest date written in Spanish; English as before', async () => {
    const lead = (await db.sql<{ lead: number }[]>`select cake_lead_time_days as lead from business_settings`)[0]!.lead;
    const tooSoon = cakeOrderBody({ neededOn: futureDate(lead - 1), email: `pronto-${randomUUID().slice(0, 8)}@example.com` });
    const earliest = futureDate(lead);
    const spanish = await call(h.cakes, 'POST', '/api/cake-orders', tooSoon, { ...ip(), ...SPANISH });
    expect(spanish.status).toBe(400);
    expect(spanish.body.error.fields.neededOn).toBe(`Necesitamos ${lead} días para hornear su pastel: elija el ${cakeDay(earliest, 'es')} o después`);
    const english = await call(h.cakes, 'POST', '/api/cake-orders', { ...tooSoon, submissionId: randomUUID() }, ip());
    expect(english.status).toBe(400);
    expect(english.body.error.fields.neededOn).toBe(`We need ${lead} days to bake your cake: choose ${cakeDay(earliest)} or later`);
  });
});
