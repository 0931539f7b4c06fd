import type { Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWaiverWords, renderWaiverText } from '../../src/lib/waivers/waiver-text';
import { spanishWaiverWords } from '../../src/lib/waivers/waiver-text-es';
import { WAIVER_RULE_IDS, WAIVER_VERSIONS } from '../../src/lib/waivers/waiver-versions';
import { STALE_WAIVER } from '../../src/lib/waivers/waiver-signing';
import { WAIVER_NOT_FILED } from '../../src/lib/waivers/waiver-service.server';
import { PAGE_LANGUAGE_HEADER, serverErrorCatalog, translateError } from '../../src/lib/i18n';
import { call } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';

/**
 * The waiver in the signer's language (issue #40): a signature in Spanish stores the language, the
 * Spanish version and the SHA-256 of the Spanish text the server rendered (the client only names the
 * language and version it showed), its PDF is in Spanish with the hash printed, a stale version is
 * refused, and staff see the language, version and hash. English is unchanged.
 */
type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let dataDir: string;
let h: Record<'sign' | 'pdf' | 'context', Handler>;
let booking: { id: string; number: string; email: string; eventDate: string };

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.7.0.${++ipCounter}`, 'user-agent': 'Mozilla/5.0 (integration test) Chrome/140' });

const waiver = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  access: { bookingNumber: booking.number, email: booking.email },
  signerName: 'María José Hernández',
  signerEmail: 'maria.hernandez@example.com',
  signerPhone: '(512) 555-0190',
  adults: [{ name: 'María José Hernández' }, { name: 'Luis Hernández' }],
  guests: [{ name: 'Sofía Hernández', age: 6 }, { name: 'Mateo' }],
  acknowledged: Object.fromEntries(WAIVER_RULE_IDS.map((id) => [id, true])),
  consent: true,
  signatureKind: 'typed',
  typedSignature: 'María José Hernández',
  ...extra,
});
const people = () => ({
  businessName: 'Pink Flamingo Party Rentals',
  bookingNumber: booking.number,
  eventDate: booking.eventDate,
  renterName: 'Priya Raman',
  signerName: 'María José Hernández',
  signerEmail: 'maria.hernandez@example.com',
  signerPhone: '(512) 555-0190',
  adults: [{ name: 'María José Hernández' }, { name: 'Luis Hernández' }],
  guests: [{ name: 'Sofía Hernández', age: 6 }, { name: 'Mateo' }],
});

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waivers-es-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321' });
  h = {
    sign: (await import('../../netlify/functions/waivers')).default,
    pdf: (await import('../../netlify/functions/waiver-pdf')).default,
    context: (await import('../../netlify/functions/waiver-context')).default,
  };
  const [row] = await db.sql<{ id: string; number: string; email: string; event_date: string }[]>`
    select b.id, b.number, c.email, (b.event_start at time zone 'America/Chicago')::date::text as event_date
    from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  booking = { id: row!.id, number: row!.number, email: row!.email, eventDate: row!.event_date };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

async function pdfOf(pdfUrl: string) {
  const response = await h.pdf(new Request(`http://localhost${pdfUrl}`), { ip: `10.8.0.${++ipCounter}` } as never);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('signing the waiver in Spanish', () => {
  let signed: { waiverId: string; pdfUrl: string; textSha256: string; language: string; waiverVersion: string };

  it('stores the language, the Spanish version and the SHA-256 of the exact Spanish text shown', async () => {
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ language: 'es', waiverVersion: WAIVER_VERSIONS.es }), ip());
    expect(status).toBe(201);
    signed = body;
    expect(body).toMatchObject({ language: 'es', waiverVersion: WAIVER_VERSIONS.es });

    const shown = renderWaiverText(people(), spanishWaiverWords('TX'));
    const [row] = await db.sql`select language, waiver_version, text_sha256, signed_text from waivers where id = ${body.waiverId}`;
    expect(row).toEqual({ language: 'es', waiver_version: WAIVER_VERSIONS.es, text_sha256: sha256(shown), signed_text: shown });
    expect(body.textSha256).toBe(sha256(shown));
    expect(shown).toContain('Fecha de la fiesta: ');
    expect(shown).toContain('En la máxima medida permitida por las leyes del estado de Texas');
  });

  it('keeps a PDF in Spanish that prints the version and the hash', async () => {
    const { doc, lines } = await pdfText(await pdfOf(signed.pdfUrl));
    const text = lines.join('\n');
    expect(doc.getSubject()).toBe(`${spanishWaiverWords('TX').title}, versión ${WAIVER_VERSIONS.es}, reservación ${booking.number}`);
    expect(lines).toContain('Exención de seguridad firmada');
    expect(text).toContain(`(versión ${WAIVER_VERSIONS.es})`);
    expect(lines).toContain('SHA-256 del texto');
    expect(lines).toContain(signed.textSha256);
    expect(lines).toContain('Reglas de seguridad aceptadas');
    for (const [i, rule] of spanishWaiverWords('TX').rules.entries()) expect(lines).toContain(`[x] ${i + 1}. ${rule.title}`);
    expect(text).toContain('María José Hernández; Luis Hernández');
    expect(text).toContain('Sofía Hernández (6 años); Mateo');
    expect(lines).toContain('Nombre escrito');
    expect(text).toContain('Texto completo firmado');
    expect(text).toContain('Firma electrónica');
    // No English label of the PDF is left.
    for (const english of ['Signed Safety Waiver', 'SHA-256 of the text', 'Safety rules acknowledged', 'Full text signed', 'Typed name', 'Party date', 'Signed by']) {
      expect(text).not.toContain(english);
    }
  });

  it('refuses a version that is not the current Spanish one, and stores nothing', async () => {
    const count = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from waivers`)[0]!.n;
    const before = await count();
    for (const stale of ['2026-01-es', WAIVER_VERSIONS.en]) {
      const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ language: 'es', waiverVersion: stale }), ip());
      expect(status).toBe(400);
      expect(body.error.fields).toEqual({ waiverVersion: STALE_WAIVER.es });
    }
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ language: 'de', waiverVersion: WAIVER_VERSIONS.es }), ip());
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields)).toContain('language');
    expect(await count()).toBe(before);
  });

  it('tells a Spanish page in Spanish that no booking has that number and e-mail, when opening and when signing', async () => {
    const spanishPage = { ...ip(), [PAGE_LANGUAGE_HEADER]: 'es' };
    const expected = 'No encontramos una reservación con ese número y ese correo electrónico. Revise los dos (están en la confirmación de su reservación) y vuelva a intentarlo, o llámenos.';
    const opened = await call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}&email=otra.persona@example.com`, undefined, spanishPage);
    expect(opened.status).toBe(404);
    expect(opened.body.error.message).toBe(expected);
    const signed = await call(h.sign, 'POST', '/api/waivers', waiver({ language: 'es', waiverVersion: WAIVER_VERSIONS.es, access: { bookingNumber: booking.number, email: 'otra.persona@example.com' } }), { ...ip(), [PAGE_LANGUAGE_HEADER]: 'es' });
    expect(signed.status).toBe(404);
    expect(signed.body.error.message).toBe(expected);
    // The answer to a storage outage while signing names the Spanish page's own button.
    expect(translateError(WAIVER_NOT_FILED, await serverErrorCatalog('es'))).toContain('“Firmar la exención”');
  });

  it('leaves English as it was: no language given is English, the same text, version and PDF words', async () => {
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ waiverVersion: WAIVER_VERSIONS.en }), ip());
    expect(status).toBe(201);
    const shown = renderWaiverText(people(), englishWaiverWords('TX'));
    const [row] = await db.sql`select language, waiver_version, text_sha256, signed_text from waivers where id = ${body.waiverId}`;
    expect(row).toEqual({ language: 'en', waiver_version: '2026-11', text_sha256: sha256(shown), signed_text: shown });
    const { doc, lines } = await pdfText(await pdfOf(body.pdfUrl));
    expect(doc.getSubject()).toBe(`Rental Safety Rules, Assumption of Risk and Release, version 2026-11, booking ${booking.number}`);
    expect(lines).toContain('Signed Safety Waiver');
    expect(lines).toContain('SHA-256 of the text');
    expect(lines).toContain(body.textSha256);
    expect(lines.join('\n')).not.toContain('Exención');
  });

  it('shows staff, per signer, the language, the version and the hash', async () => {
    const { listWaivers } = await import('../../src/lib/waivers/waivers-admin.server');
    const { waiverListQuery } = await import('../../src/lib/waivers/waivers-admin-input');
    const page = await listWaivers(db.sql, waiverListQuery.parse({ q: 'Hernández', sort: 'signedAt', dir: 'asc' }));
    expect(page.items.map((w) => [w.language, w.waiverVersion, w.textSha256])).toEqual([
      ['es', WAIVER_VERSIONS.es, signed.textSha256],
      ['en', WAIVER_VERSIONS.en, expect.stringMatching(/^[0-9a-f]{64}$/)],
    ]);
    const { getAdminBooking } = await import('../../src/lib/staff-bookings/admin-booking.server');
    const detail = await getAdminBooking(db.sql, booking.id, 'owner', new Date());
    expect(detail.waivers.find((w) => w.id === signed.waiverId)).toMatchObject({ language: 'es', waiverVersion: WAIVER_VERSIONS.es, textSha256: signed.textSha256 });
  });
});
