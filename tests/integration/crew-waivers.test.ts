import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequest } from '../../src/lib/booking/booking-request';
import { placeBooking } from '../../src/lib/booking/place-booking.server';
import type { DayRun } from '../../src/lib/day/day';
import { englishWaiverWords, renderWaiverText, WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { WAIVER_VERSIONS } from '../../src/lib/waivers/waiver-versions';
import { spanishWaiverWords } from '../../src/lib/waivers/waiver-text-es';
import { futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import { signaturePng } from '../../src/cli/sample-png';

/**
 * A waiver a guest signs on the crew's phone at a stop (POST /api/admin/day/bookings/{id}/waivers):
 * stored exactly as one signed on the guest's own phone (text, hash, version, signature, PDF, e-mails),
 * marked as signed on the crew's device with the staff member's id and the moment the guest signed,
 * audited in the same transaction; refused plainly for a cancelled booking, field by field for bad input.
 */

let db: TestDatabase;
let dataDir: string;
let day: Handler;
let bookings: Handler;
let adminWaivers: Handler;
let crew: { id: string; cookie: string };
/** Tomorrow: a party the crew set up for, whose waivers may be signed from today. */
const DATE = futureDate(1);
const placed: Record<'party' | 'cancelled' | 'later', { id: string; number: string }> = {} as never;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const acknowledged = () => Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true]));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const crewWaiver = (extra: Record<string, unknown> = {}) => ({
  waiverVersion: WAIVER_VERSION,
  signedAt: minutesAgo(7),
  signerName: 'Grace Okonkwo',
  signerEmail: 'grace.okonkwo@example.com',
  signerPhone: '(512) 555-0142',
  adults: [{ name: 'Grace Okonkwo' }],
  guests: [{ name: 'Ada Okonkwo', age: 6 }],
  acknowledged: acknowledged(),
  consent: true,
  signatureKind: 'drawn',
  signatureImage: signaturePng(),
  ...extra,
});

let counter = 0;
async function place(product: string, date: string) {
  const request = bookingRequest.parse({
    items: [{ product, quantity: 1 }],
    event: { date, start: '10:00', end: '16:00' },
    customer: { name: `Crew Waiver Renter ${++counter}`, email: `crew-waiver-${counter}-${Date.now()}@example.com`, phone: '(512) 555-0177' },
    address: { line1: `${counter} Waiver Way`, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    acceptTerms: true,
  });
  const booking = await placeBooking(db.sql, request, { now: new Date(), status: 'confirmed', source: 'phone', staff: true });
  return { id: booking.id, number: booking.number };
}

const sign = (bookingId: string, body: unknown, cookie: string | null = crew.cookie, origin?: string | null) =>
  adminCall(day, 'POST', `/api/admin/day/bookings/${bookingId}/waivers`, { cookie, body, ...(origin === undefined ? {} : { origin }) });
const waiversOf = (bookingId: string) => db.sql`select * from waivers where booking_id = ${bookingId} order by created_at`;

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crew-waivers-'));
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  for (const key of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SMTP_URL']) delete process.env[key];
  day = (await import('../../netlify/functions/admin-day')).default;
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  adminWaivers = (await import('../../netlify/functions/admin-waivers')).default;
  crew = await staffSession(db.sql, 'crew');
  placed.party = await place('pink-castle-bounce-house', DATE);
  placed.cancelled = await place('rainbow-arch-bounce-house', DATE);
  placed.later = await place('sports-arena-bounce-house', futureDate(9));
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('POST /api/admin/day/bookings/{id}/waivers', () => {
  let waiverId = '';
  const signedAt = minutesAgo(12);

  it('stores the waiver as the guests’ own signing page does, marked as signed on this crew member’s phone at the moment the guest signed', async () => {
    const { status, body } = await sign(placed.party.id, crewWaiver({ signedAt }));
    expect(status).toBe(201);
    waiverId = body.waiverId;
    expect(body).toMatchObject({ bookingNumber: placed.party.number, signerName: 'Grace Okonkwo', signedAt, pdfFiled: true });
    expect(body.pdfUrl).toMatch(new RegExp(`^/api/waivers/${waiverId}/pdf\\?token=[\\w-]{32,}$`));

    const [row] = await waiversOf(placed.party.id);
    expect(row).toMatchObject({
      id: waiverId,
      signer_name: 'Grace Okonkwo',
      signer_email: 'grace.okonkwo@example.com',
      signer_phone: '(512) 555-0142',
      adults: [{ name: 'Grace Okonkwo' }],
      guests: [{ name: 'Ada Okonkwo', age: 6 }],
      rules_acknowledged: WAIVER_RULES.map((r) => r.id),
      signature_kind: 'drawn',
      signature_data: signaturePng(),
      language: 'en',
      waiver_version: WAIVER_VERSION,
      signed_on: 'crew_device',
      signed_by_staff_id: crew.id,
      submission_id: null,
      copy_emailed: true,
    });
    // The time the guest signed on the phone, not the time it reached the server.
    expect(row!.signed_at.toISOString()).toBe(signedAt);
    expect(Date.now() - row!.created_at.getTime()).toBeLessThan(60_000);
    // The exact text the guest was shown (the same rendering as the public page), with its hash.
    const [party] = await db.sql<{ contact_name: string }[]>`select contact_name from bookings where id = ${placed.party.id}`;
    const text = renderWaiverText({
      businessName: 'Pink Flamingo Party Rentals',
      bookingNumber: placed.party.number,
      eventDate: DATE,
      renterName: party!.contact_name,
      signerName: 'Grace Okonkwo',
      signerEmail: 'grace.okonkwo@example.com',
      signerPhone: '(512) 555-0142',
      adults: [{ name: 'Grace Okonkwo' }],
      guests: [{ name: 'Ada Okonkwo', age: 6 }],
    }, englishWaiverWords('TX'));
    expect(row!.signed_text).toBe(text);
    expect(row!.text_sha256).toBe(sha256(text));
    expect(body.textSha256).toBe(row!.text_sha256);

    // Audited with the waiver, by the crew member.
    const [audit] = await db.sql`select actor_id, after from audit_log where entity = 'booking' and entity_id = ${placed.party.id} and action = 'booking.crew_waiver'`;
    expect(audit).toMatchObject({ actor_id: crew.id, after: { waiverId, signerName: 'Grace Okonkwo', signedAt } });
  });

  it('files the PDF as for any waiver, saying it was signed on the crew’s phone, and e-mails the guest their copy', async () => {
    const [row] = await db.sql<{ pdf_path: string; pdf_sha256: string }[]>`select pdf_path, pdf_sha256 from waivers where id = ${waiverId}`;
    expect(row!.pdf_path).toBe(`waivers/${placed.party.number}/${waiverId}.pdf`);
    const pdf = await adminCallRaw(adminWaivers, `/api/admin/waivers/${waiverId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(sha256(pdf.bytes)).toBe(row!.pdf_sha256);
    const text = (await pdfText(pdf.bytes)).lines.join('\n');
    expect(text).toContain('Signed on');
    expect(text).toContain('The crew’s phone at the party (Test crew)');
    expect(text).toContain('Grace Okonkwo');

    const files = await readdir(path.join(dataDir, 'outbox'));
    const toGuest = files.filter((f) => f.includes('grace.okonkwo@example.com'));
    expect(toGuest).toHaveLength(1);
    expect(await readFile(path.join(dataDir, 'outbox', toGuest[0]!), 'utf8')).toContain(`Subject: Your signed waiver for booking ${placed.party.number}`);
  });

  it('shows on the booking’s waivers and history, and on the day with its signers', async () => {
    const booking = await adminCall(bookings, 'GET', `/api/admin/bookings/${placed.party.id}`, { cookie: crew.cookie });
    expect(booking.status).toBe(200);
    expect(booking.body.waivers).toEqual([expect.objectContaining({ id: waiverId, signerName: 'Grace Okonkwo', signedOnCrewPhone: 'Test crew', hasPdf: true })]);
    expect(booking.body.history.some((h: { action: string }) => h.action === 'booking.crew_waiver')).toBe(true);

    const { status, body } = await adminCall(day, 'GET', `/api/admin/day?date=${DATE}`, { cookie: crew.cookie });
    expect(status).toBe(200);
    const run = body as DayRun;
    // The waiver's wording parts once per day, for the phone to show the form without signal.
    expect(run.waiver).toMatchObject({ versions: { en: WAIVER_VERSION, es: WAIVER_VERSIONS.es }, businessName: 'Pink Flamingo Party Rentals', governingState: 'TX' });
    // Each language's current text comes with the day, so the phone shows it without signal.
    expect(run.waiver.texts.es).toMatchObject({ language: 'es', version: WAIVER_VERSIONS.es, needsLegalReview: true, title: spanishWaiverWords('TX').title });
    expect(run.waiver.texts.en.rules.map((r) => r.id)).toEqual(WAIVER_RULES.map((r) => r.id));
    const stops = run.routes.flatMap((r) => r.stops).filter((s) => s.bookingId === placed.party.id);
    expect(stops.length).toBeGreaterThan(0);
    for (const stop of stops) expect(stop).toMatchObject({ waiversSigned: 1, waiverSigners: ['Grace Okonkwo'] });
  });

  it('takes another guest’s waiver for the same booking (a typed signature too)', async () => {
    const { status } = await sign(
      placed.party.id,
      crewWaiver({ signerName: 'Tomás Ruiz', signerEmail: 'tomas.ruiz@example.com', adults: [{ name: 'Tomás Ruiz' }], signatureKind: 'typed', signatureImage: undefined, typedSignature: 'Tomás Ruiz', signedAt: minutesAgo(3) }),
    );
    expect(status).toBe(201);
    expect((await waiversOf(placed.party.id)).map((w) => w.signer_name)).toEqual(['Grace Okonkwo', 'Tomás Ruiz']);
  });

  it('takes a guest’s waiver in Spanish: the Spanish text, its version and hash, and refuses the English version for it', async () => {
    const guest = { signerName: 'Lucía Gómez', signerEmail: 'lucia.gomez@example.com', signerPhone: '', adults: [{ name: 'Lucía Gómez' }], guests: [], signedAt: minutesAgo(2) };
    const stale = await sign(placed.party.id, crewWaiver({ ...guest, language: 'es', waiverVersion: WAIVER_VERSION }));
    expect(stale.status).toBe(400);
    expect(stale.body.error.fields).toEqual({ waiverVersion: 'The Spanish waiver was updated since this phone loaded the day. Reload the day and have the guest sign again.' });
    const { status, body } = await sign(placed.party.id, crewWaiver({ ...guest, language: 'es', waiverVersion: WAIVER_VERSIONS.es }));
    expect(status).toBe(201);
    const [party] = await db.sql<{ contact_name: string }[]>`select contact_name from bookings where id = ${placed.party.id}`;
    const text = renderWaiverText({ businessName: 'Pink Flamingo Party Rentals', bookingNumber: placed.party.number, eventDate: DATE, renterName: party!.contact_name, ...guest }, spanishWaiverWords('TX'));
    const [row] = await db.sql`select language, waiver_version, text_sha256, signed_on from waivers where id = ${body.waiverId}`;
    expect(row).toEqual({ language: 'es', waiver_version: WAIVER_VERSIONS.es, text_sha256: sha256(text), signed_on: 'crew_device' });
    await db.sql`delete from waivers where id = ${body.waiverId}`;
  });

  it('refuses a cancelled booking with a plain 409, storing nothing', async () => {
    await db.sql`update bookings set status = 'cancelled', cancelled_at = now(), cancellation_reason = 'Test' where id = ${placed.cancelled.id}`;
    const audits = await db.sql`select count(*)::int as n from audit_log where action = 'booking.crew_waiver'`;
    const { status, body } = await sign(placed.cancelled.id, crewWaiver());
    expect(status).toBe(409);
    expect(body.error.message).toBe('This booking was cancelled, so the waiver was not kept. Nothing needs signing for it.');
    expect(await waiversOf(placed.cancelled.id)).toHaveLength(0);
    expect(await db.sql`select count(*)::int as n from audit_log where action = 'booking.crew_waiver'`).toEqual(audits);
  });

  it('answers bad input with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ signerName: '' }, 'signerName'],
      [{ signerEmail: 'not-an-address' }, 'signerEmail'],
      [{ adults: [] }, 'adults'],
      [{ consent: false }, 'consent'],
      [{ acknowledged: { ...acknowledged(), [WAIVER_RULES[0]!.id]: false } }, `acknowledged.${WAIVER_RULES[0]!.id}`],
      [{ signatureImage: '' }, 'signatureImage'],
      [{ signatureKind: 'typed', signatureImage: undefined, typedSignature: 'Somebody Else' }, 'typedSignature'],
      [{ signedAt: 'this morning' }, 'signedAt'],
      [{ signedAt: undefined }, 'signedAt'],
      [{ waiverVersion: '2020-01' }, 'waiverVersion'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await sign(placed.party.id, crewWaiver(change));
      expect({ field, status }).toEqual({ field, status: 400 });
      expect(Object.keys(body.error.fields ?? {})).toContain(field);
    }
    expect(await waiversOf(placed.party.id)).toHaveLength(2);
  });

  it('refuses a moment of signing in the future (beyond a phone clock’s small skew) or long before the party', async () => {
    const future = await sign(placed.party.id, crewWaiver({ signedAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    expect(future.status).toBe(400);
    expect(future.body.error.fields.signedAt).toMatch(/in the future/);
    // A phone a minute ahead of the server is fine.
    const skewed = await sign(placed.party.id, crewWaiver({ signerName: 'Lena Park', adults: [{ name: 'Lena Park' }], signedAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(skewed.status).toBe(201);
    // A party nine days away cannot have been signed for at its stop today.
    const early = await sign(placed.later.id, crewWaiver({ signedAt: minutesAgo(1) }));
    expect(early.status).toBe(400);
    expect(early.body.error.fields.signedAt).toMatch(/long before the party/);
    expect(await waiversOf(placed.later.id)).toHaveLength(0);
  });

  it('is for signed-in staff of this site, and for real bookings', async () => {
    const count = (await db.sql`select count(*)::int as n from waivers`)[0]!.n as number;
    expect((await sign(placed.party.id, crewWaiver(), null)).status).toBe(401);
    expect((await sign(placed.party.id, crewWaiver(), crew.cookie, 'https://elsewhere.example')).status).toBe(403);
    expect((await sign('00000000-0000-4000-8000-000000000000', crewWaiver())).status).toBe(404);
    expect((await sign('not-a-booking', crewWaiver())).status).toBe(404);
    expect((await db.sql`select count(*)::int as n from waivers`)[0]!.n).toBe(count);
  });
});

/** GET with the raw body and the crew member's session (the PDF is not JSON). */
async function adminCallRaw(handler: Handler, url: string) {
  const response = await handler(new Request(`http://localhost:4321${url}`, { headers: { cookie: crew.cookie } }), { ip: '127.0.0.1' } as never);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}
