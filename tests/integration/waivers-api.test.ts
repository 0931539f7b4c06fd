import type { Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWaiverWords, WAIVER_RULES, WAIVER_VERSION, renderWaiverText } from '../../src/lib/waivers/waiver-text';
import { WAIVER_BOOKING_NOT_FOUND, WAIVER_LINK_NOT_FOUND } from '../../src/lib/waivers/waiver-service.server';
import { call } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { signaturePng } from '../../src/cli/sample-png';

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let dataDir: string;
let h: Record<'sign' | 'context' | 'qr' | 'pdf', Handler>;
let booking: { number: string; email: string; key: string; eventDate: string };

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const acknowledged = () => Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true]));
let ipCounter = 0;
/** Each test signs from its own address, so the per-IP limit never interferes. */
const ip = () => ({ 'x-test-ip': `10.1.0.${++ipCounter}`, 'user-agent': 'Mozilla/5.0 (integration test) Chrome/140' });

const typedWaiver = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  access: { bookingNumber: booking.number, email: booking.email },
  waiverVersion: WAIVER_VERSION,
  signerName: 'Priya Raman',
  signerEmail: 'priya.raman@example.com',
  signerPhone: '(512) 555-0188',
  adults: [{ name: 'Priya Raman' }, { name: 'Arjun Raman' }],
  guests: [{ name: 'Maya Raman', age: 7 }, { name: 'Leo Okafor', age: 8 }, { name: 'Zoë Martín' }],
  acknowledged: acknowledged(),
  consent: true,
  signatureKind: 'typed',
  typedSignature: 'Priya Raman',
  ...extra,
});

const waiverCount = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from waivers`)[0]!.n;

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waivers-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dataDir, SITE_URL: 'http://localhost:4321' });
  h = {
    sign: (await import('../../netlify/functions/waivers')).default,
    context: (await import('../../netlify/functions/waiver-context')).default,
    qr: (await import('../../netlify/functions/waiver-qr')).default,
    pdf: (await import('../../netlify/functions/waiver-pdf')).default,
  };
  const [row] = await db.sql<{ number: string; email: string; waiver_key: string; event_date: string }[]>`
    select b.number, c.email, b.waiver_key, (b.event_start at time zone 'America/Chicago')::date::text as event_date
    from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  booking = { number: row!.number, email: row!.email, key: row!.waiver_key, eventDate: row!.event_date };
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

/** GET with the raw body (the PDF and QR answers are not JSON). */
async function getRaw(handler: Handler, url: string) {
  const response = await handler(new Request(`http://localhost${url}`), { ip: `10.2.0.${++ipCounter}` } as never);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('GET /api/waivers/context', () => {
  it('shows the signer the booking once the number and e-mail match', async () => {
    const { status, body } = await call(h.context, 'GET', `/api/waivers/context?booking=${booking.number.toLowerCase()}&email=PRIYA.RAMAN@example.com`, undefined, ip());
    expect(status).toBe(200);
    expect(body).toMatchObject({ bookingNumber: booking.number, renterName: 'Priya Raman', renterFirstName: 'Priya', waiverVersion: WAIVER_VERSION });
    expect(body.event.date).toBe(booking.eventDate);
    expect(body.signUrl).toBe(`http://localhost:4321/sign-waiver?booking=${booking.number}&key=${booking.key}`);
    // Only what the signer needs: no street address, no prices.
    expect(JSON.stringify(body)).not.toContain('Brushy Creek');
    expect(body.totals).toBeUndefined();
  });

  it('leads a Spanish booking\'s guests (the QR code, the link to share) to the Spanish signing page', async () => {
    await db.sql`update bookings set language = 'es' where number = ${booking.number}`;
    try {
      const { status, body } = await call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}&key=${booking.key}`, undefined, ip());
      expect(status).toBe(200);
      expect(body.signUrl).toBe(`http://localhost:4321/es/sign-waiver?booking=${booking.number}&key=${booking.key}`);
    } finally {
      await db.sql`update bookings set language = 'en' where number = ${booking.number}`;
    }
  });

  it('works with the QR key instead of the e-mail', async () => {
    const { status, body } = await call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}&key=${booking.key}`, undefined, ip());
    expect(status).toBe(200);
    expect(body.bookingNumber).toBe(booking.number);
  });

  it('answers a wrong e-mail and an unknown number the same way, and a wrong key and an unknown number the same way', async () => {
    const byEmail = await Promise.all([
      call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}&email=someone@example.com`, undefined, ip()),
      call(h.context, 'GET', '/api/waivers/context?booking=PF-ZZZZZZ&email=priya.raman@example.com', undefined, ip()),
    ]);
    const byKey = await Promise.all([
      call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}&key=not-the-key`, undefined, ip()),
      call(h.context, 'GET', `/api/waivers/context?booking=PF-ZZZZZZ&key=${booking.key}`, undefined, ip()),
    ]);
    for (const answer of [...byEmail, ...byKey]) expect(answer.status).toBe(404);
    expect(byEmail.map((a) => a.body.error.message)).toEqual([WAIVER_BOOKING_NOT_FOUND, WAIVER_BOOKING_NOT_FOUND]);
    // A guest who opened a shared link has no confirmation to check: they are told to ask for the link again.
    expect(byKey.map((a) => a.body.error.message)).toEqual([WAIVER_LINK_NOT_FOUND, WAIVER_LINK_NOT_FOUND]);
  });

  it('asks for the e-mail when only the number is given', async () => {
    const { status, body } = await call(h.context, 'GET', `/api/waivers/context?booking=${booking.number}`, undefined, ip());
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ email: 'Enter the e-mail address the booking was made with' });
  });
});

describe('POST /api/waivers', () => {
  let signed: { waiverId: string; signedAt: string; pdfUrl: string; textSha256: string };

  it('stores a typed signature with time, IP, user agent and the hash of the exact text', async () => {
    const before = await waiverCount();
    const headers = ip();
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', typedWaiver(), headers);
    expect(status).toBe(201);
    signed = body;
    expect(body).toMatchObject({ bookingNumber: booking.number, signerName: 'Priya Raman' });
    expect(body.pdfUrl).toMatch(new RegExp(`^/api/waivers/${body.waiverId}/pdf\\?token=[\\w-]{32,}$`));
    expect(await waiverCount()).toBe(before + 1);

    const [row] = await db.sql`select * from waivers where id = ${body.waiverId}`;
    expect(row).toMatchObject({
      signer_name: 'Priya Raman',
      signature_kind: 'typed',
      signature_data: 'Priya Raman',
      language: 'en',
      waiver_version: WAIVER_VERSION,
      ip_address: headers['x-test-ip'],
      user_agent: headers['user-agent'],
      rules_acknowledged: WAIVER_RULES.map((r) => r.id),
    });
    expect(row!.signed_at.toISOString()).toBe(body.signedAt);
    // The hash is of the exact text stored, and that text is what the signer was shown.
    expect(row!.text_sha256).toBe(sha256(row!.signed_text));
    expect(body.textSha256).toBe(row!.text_sha256);
    const expectedText = renderWaiverText({
      businessName: 'Pink Flamingo Party Rentals',
      bookingNumber: booking.number,
      eventDate: booking.eventDate,
      renterName: 'Priya Raman',
      signerName: 'Priya Raman',
      signerEmail: 'priya.raman@example.com',
      signerPhone: '(512) 555-0188',
      adults: [{ name: 'Priya Raman' }, { name: 'Arjun Raman' }],
      guests: [{ name: 'Maya Raman', age: 7 }, { name: 'Leo Okafor', age: 8 }, { name: 'Zoë Martín' }],
    }, englishWaiverWords('TX'));
    expect(row!.signed_text).toBe(expectedText);
    expect(row!.text_sha256).toBe(sha256(expectedText));
  });

  it('keeps a PDF that shows the signer, booking, every rule, the time and the hash, and its stored hash matches', async () => {
    const [row] = await db.sql`select pdf_path, pdf_sha256, text_sha256, signed_at from waivers where id = ${signed.waiverId}`;
    expect(row!.pdf_path).toBe(`waivers/${booking.number}/${signed.waiverId}.pdf`);
    const stored = new Uint8Array(await readFile(path.join(dataDir, 'storage', ...row!.pdf_path.split('/'))));
    expect(sha256(stored)).toBe(row!.pdf_sha256);

    const { doc, lines } = await pdfText(stored);
    const text = lines.join('\n');
    expect(doc.getTitle()).toBe(`Signed waiver ${booking.number}: Priya Raman`);
    expect(doc.getKeywords()).toContain(`sha256:${row!.text_sha256}`);
    expect(doc.getCreationDate()?.toISOString()).toBe(new Date(Math.floor(row!.signed_at.getTime() / 1000) * 1000).toISOString());
    expect(lines).toContain('Signed Safety Waiver');
    expect(lines).toContain(booking.number);
    expect(lines).toContain('Priya Raman');
    expect(text).toContain('Priya Raman; Arjun Raman');
    expect(text).toContain('Maya Raman (age 7); Leo Okafor (age 8); Zoë Martín');
    expect(text).toContain(row!.signed_at.toISOString());
    expect(lines).toContain(row!.text_sha256);
    expect(lines).toContain('Typed name');
    for (const [i, rule] of WAIVER_RULES.entries()) expect(lines).toContain(`[x] ${i + 1}. ${rule.title}`);
    // The full text signed is printed too: its last paragraph's first words are on the last page.
    expect(text).toContain('Electronic signature');
  });

  it('lets the holder of the link download the PDF, and nobody else', async () => {
    const ok = await getRaw(h.pdf, signed.pdfUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const [row] = await db.sql`select pdf_sha256 from waivers where id = ${signed.waiverId}`;
    expect(sha256(ok.bytes)).toBe(row!.pdf_sha256);

    const wrong = await getRaw(h.pdf, `/api/waivers/${signed.waiverId}/pdf?token=${'x'.repeat(32)}`);
    expect(wrong.status).toBe(404);
    const none = await getRaw(h.pdf, `/api/waivers/${signed.waiverId}/pdf`);
    expect(none.status).toBe(404);
  });

  it('e-mails the signer the PDF and tells the business', async () => {
    const files = await readdir(path.join(dataDir, 'outbox'));
    const toSigner = files.filter((f) => f.includes('priya.raman@example.com'));
    expect(toSigner.length).toBeGreaterThanOrEqual(1);
    const eml = await readFile(path.join(dataDir, 'outbox', toSigner[0]!), 'utf8');
    expect(eml).toContain(`Subject: Your signed waiver for booking ${booking.number}`);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=waiver-/);
    expect(files.some((f) => f.includes('hello@pinkflamingo.example'))).toBe(true);
  });

  it('accepts a drawn signature, and several waivers for one booking', async () => {
    const { status, body } = await call(
      h.sign,
      'POST',
      '/api/waivers',
      typedWaiver({
        access: { bookingNumber: booking.number, key: booking.key },
        signerName: 'Arjun Raman',
        signerEmail: 'arjun@example.com',
        signerPhone: '',
        adults: [{ name: 'Arjun Raman' }],
        guests: [],
        signatureKind: 'drawn',
        signatureImage: signaturePng(),
        typedSignature: '',
      }),
      ip(),
    );
    expect(status).toBe(201);
    const [row] = await db.sql`select signature_kind, signature_data, pdf_path from waivers where id = ${body.waiverId}`;
    expect(row!.signature_kind).toBe('drawn');
    expect(row!.signature_data).toMatch(/^data:image\/png;base64,/);
    const pdf = await getRaw(h.pdf, body.pdfUrl);
    const { lines } = await pdfText(pdf.bytes);
    expect(lines).toContain('Arjun Raman');
    expect(lines).toContain('Drawn by hand');

    const [{ n }] = (await db.sql`select count(*)::int as n from waivers w join bookings b on b.id = w.booking_id where b.number = ${booking.number}`) as unknown as [{ n: number }];
    expect(n).toBe(2);
    const track = await call((await import('../../netlify/functions/track-order')).default, 'POST', '/api/track-order', { bookingNumber: booking.number, email: booking.email }, ip());
    expect(track.body.waiversSigned).toBe(2);
  });

  it('prints Vietnamese, Chinese and accented Spanish names exactly as typed', async () => {
    const [khai, xiaoming, jose] = ['Nguyễn Thị Minh Khai', '王小明', 'José Peña Núñez'];
    const { status, body } = await call(
      h.sign,
      'POST',
      '/api/waivers',
      typedWaiver({ signerName: khai, signerEmail: 'khai@example.com', adults: [{ name: jose }], guests: [{ name: xiaoming }], typedSignature: khai }),
      ip(),
    );
    expect(status).toBe(201);
    const pdf = await getRaw(h.pdf, body.pdfUrl);
    const { doc, lines } = await pdfText(pdf.bytes);
    expect(doc.getTitle()).toBe(`Signed waiver ${booking.number}: ${khai}`);
    // Each in its own row (signer, adults, children), in the typed signature, and in the full text signed.
    for (const name of [khai, xiaoming, jose]) expect(lines).toContain(name);
    expect(lines.filter((line) => line === khai).length).toBeGreaterThanOrEqual(2);
    expect(lines).toContain(`Adults responsible for supervision: ${jose}`);
    expect(lines).toContain(`Children and guests covered: ${xiaoming}`);
    expect(lines.join('\n')).not.toMatch(/Nguyen|Jose |\?/);
  });

  it('says on the PDF which characters none of its fonts has', async () => {
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', typedWaiver({ guests: [{ name: '김민준', age: 6 }] }), ip());
    expect(status).toBe(201);
    const { lines } = await pdfText((await getRaw(h.pdf, body.pdfUrl)).bytes);
    expect(lines.join(' ')).toContain('Some characters could not be printed with this document’s fonts and show as empty boxes: U+AE40, U+BBFC, U+C900.');
  });

  it('refuses an unticked rule or a missing signature with the field, and stores nothing', async () => {
    const before = await waiverCount();
    const first = WAIVER_RULES[0]!.id;
    const { status, body } = await call(
      h.sign,
      'POST',
      '/api/waivers',
      typedWaiver({ acknowledged: { ...acknowledged(), [first]: false }, signatureKind: 'drawn', signatureImage: '' }),
      ip(),
    );
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      [`acknowledged.${first}`]: 'Tick this box to confirm you have read this rule',
      signatureImage: 'Draw your signature in the box, or choose to type it instead',
    });
    expect(await waiverCount()).toBe(before);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await waiverCount();
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', typedWaiver({ website: 'https://cheap-pills.example' }), ip());
    expect(status).toBe(201);
    expect(body.waiverId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await waiverCount()).toBe(before);
  });

  it('refuses an oversized body', async () => {
    const before = await waiverCount();
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', typedWaiver({ signatureImage: `data:image/png;base64,${'A'.repeat(600_000)}` }), ip());
    expect(status).toBe(400);
    expect(body.error.message).toBe('The request is too large.');
    expect(await waiverCount()).toBe(before);
  });

  it('stores a double submit once and answers both with the same waiver', async () => {
    const before = await waiverCount();
    const request = typedWaiver({ signerEmail: 'double@example.com' });
    const [a, b] = await Promise.all([call(h.sign, 'POST', '/api/waivers', request, ip()), call(h.sign, 'POST', '/api/waivers', request, ip())]);
    const again = await call(h.sign, 'POST', '/api/waivers', request, ip());
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(again.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(again.body).toEqual(a.body);
    expect(await waiverCount()).toBe(before + 1);
    const mails = await db.sql`select 1 from outbound_emails where to_address = 'double@example.com'`;
    expect(mails).toHaveLength(1);
  });

  it('refuses a booking that is cancelled', async () => {
    const [other] = await db.sql<{ number: string; email: string }[]>`
      select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'tom.becker@example.com'`;
    await db.sql`update bookings set status = 'cancelled', cancelled_at = now() where number = ${other!.number}`;
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', typedWaiver({ access: { bookingNumber: other!.number, email: other!.email } }), ip());
    expect(status).toBe(409);
    expect(body.error.message).toContain('no longer active');
  });

  it('answers 503 when file storage is down, keeps the signed waiver, and files its PDF when the same submission comes again', async () => {
    const { useFileStorage, fileStorage } = await import('../../src/lib/storage/storage.server');
    const working = fileStorage();
    useFileStorage({ put: () => Promise.reject(new Error('storage outage')), get: () => Promise.reject(new Error('storage outage')), list: () => Promise.resolve([]) });
    const submission = typedWaiver({ signerEmail: 'outage@example.com' });
    try {
      const { status, body } = await call(h.sign, 'POST', '/api/waivers', submission, ip());
      expect(status).toBe(503);
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toMatch(/^We saved your signature, but we can’t file the signed waiver right now/);
      const [row] = await db.sql`select id, pdf_path, signed_text, text_sha256, pdf_token from waivers where submission_id = ${submission.submissionId}`;
      expect(row!.pdf_path).toBeNull();
      expect(row!.text_sha256).toBe(sha256(row!.signed_text));
      // The link in the signer's e-mail works even now: the PDF is made from the row.
      const whileDown = await getRaw(h.pdf, `/api/waivers/${row!.id}/pdf?token=${row!.pdf_token}`);
      expect(whileDown.status).toBe(200);
      expect((await pdfText(whileDown.bytes)).lines).toContain(booking.number);

      useFileStorage(working);
      const again = await call(h.sign, 'POST', '/api/waivers', submission, ip());
      expect(again.status).toBe(200);
      expect(again.body.waiverId).toBe(row!.id);
      const [after] = await db.sql`select pdf_path, pdf_sha256 from waivers where id = ${row!.id}`;
      expect(after!.pdf_path).toBe(`waivers/${booking.number}/${row!.id}.pdf`);
      const stored = new Uint8Array(await readFile(path.join(dataDir, 'storage', ...after!.pdf_path.split('/'))));
      expect(sha256(stored)).toBe(after!.pdf_sha256);
      expect(sha256(whileDown.bytes)).toBe(after!.pdf_sha256);
    } finally {
      useFileStorage(working);
    }
  });
  it('answers 503 the same way when Supabase Storage does not answer (the real client, a closed port)', async () => {
    const { useFileStorage, fileStorage } = await import('../../src/lib/storage/storage.server');
    const { supabaseFileStorage } = await import('../../src/lib/storage/supabase-file-storage.server');
    const { freePort } = await import('../../src/cli/ports');
    const working = fileStorage();
    useFileStorage(supabaseFileStorage({ url: `http://127.0.0.1:${await freePort()}`, serviceRoleKey: 'service-role-key', bucket: 'documents' }));
    const submission = typedWaiver({ signerEmail: 'supabase.outage@example.com' });
    try {
      const { status, body } = await call(h.sign, 'POST', '/api/waivers', submission, ip());
      expect(status).toBe(503);
      expect(body.error.message).toMatch(/^We saved your signature, but we can’t file the signed waiver right now/);
      const [row] = await db.sql`select pdf_path, signed_text from waivers where submission_id = ${submission.submissionId}`;
      expect(row).toMatchObject({ pdf_path: null, signed_text: expect.stringContaining(booking.number) });
    } finally {
      useFileStorage(working);
    }
  });
});

describe('GET /api/waivers/qr', () => {
  it('draws a QR code for the booking, for the renter only', async () => {
    const ok = await getRaw(h.qr, `/api/waivers/qr?booking=${booking.number}&email=${booking.email}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(new TextDecoder().decode(ok.bytes)).toMatch(/^<svg[^>]+viewBox/);
    const anonymous = await getRaw(h.qr, `/api/waivers/qr?booking=${booking.number}&email=nobody@example.com`);
    expect(anonymous.status).toBe(404);
  });
});
