import type { Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spanishWaiverWords } from '../../src/lib/waivers/waiver-text-es';
import { WAIVER_RULE_IDS, WAIVER_VERSIONS } from '../../src/lib/waivers/waiver-versions';
import { STALE_WAIVER } from '../../src/lib/waivers/waiver-signing';
import type { CurrentWaiverText } from '../../src/lib/waivers/waiver-texts';
import { call } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { adminCall, closeAdminConnections, staffSession, useAdminEnv } from '../support/staff';
import type { AdminHandler } from '../../src/lib/admin/admin-route.server';

/**
 * The waiver's text per language, owner-editable (issue #40): an owner publishes a new Spanish version
 * (a new version id, stored beside the old one), signers are shown and sign it from then on, a page
 * still showing the old one is refused, and what was signed before keeps its text, version, hash and
 * PDF byte for byte. A published version cannot be changed, even in the database.
 */
type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let h: Record<'sign' | 'pdf' | 'context', Handler>;
let admin: AdminHandler;
let owner: string;
let manager: string;
let booking: { number: string; email: string };

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.9.0.${++ipCounter}`, 'user-agent': 'Mozilla/5.0 (integration test) Chrome/140' });
const spanish = { 'x-page-language': 'es' };

const waiver = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  access: { bookingNumber: booking.number, email: booking.email },
  signerName: 'Ana Gómez',
  signerEmail: 'ana.gomez@example.com',
  adults: [{ name: 'Ana Gómez' }],
  guests: [],
  acknowledged: Object.fromEntries(WAIVER_RULE_IDS.map((id) => [id, true])),
  consent: true,
  signatureKind: 'typed',
  typedSignature: 'Ana Gómez',
  language: 'es',
  ...extra,
});

/** The shipped Spanish text with a changed title, first rule and release heading: the owner's new version. */
const newSpanish = () => {
  const shipped = spanishWaiverWords('TX');
  return {
    language: 'es',
    title: 'Exención de responsabilidad revisada por nuestro abogado',
    intro: shipped.intro,
    rules: shipped.rules.map((r, i) => (i === 0 ? { ...r, title: 'Un adulto siempre vigila' } : { ...r })),
    sections: shipped.sections.map((s, i) => (i === 0 ? { heading: 'Riesgos aceptados', paragraphs: s.paragraphs } : s)),
    lawyerReviewed: true,
  };
};

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url, { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'waiver-texts-')) });
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  h = {
    sign: (await import('../../netlify/functions/waivers')).default,
    pdf: (await import('../../netlify/functions/waiver-pdf')).default,
    context: (await import('../../netlify/functions/waiver-context')).default,
  };
  admin = (await import('../../netlify/functions/admin-waivers')).default as AdminHandler;
  owner = (await staffSession(db.sql, 'owner')).cookie;
  manager = (await staffSession(db.sql, 'manager')).cookie;
  const [row] = await db.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  booking = { number: row!.number, email: row!.email };
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

async function pdfBytes(pdfUrl: string) {
  const response = await h.pdf(new Request(`http://localhost${pdfUrl}`), { ip: `10.8.1.${++ipCounter}` } as never);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}
const contextUrl = () => `/api/waivers/context?booking=${booking.number}&email=${encodeURIComponent(booking.email)}`;

describe('waiver text versions', () => {
  let before: { waiverId: string; pdfUrl: string; textSha256: string };
  let beforeRow: { signed_text: string; text_sha256: string; waiver_version: string };
  let beforePdf: Uint8Array;
  let published: CurrentWaiverText;

  it('lists each language’s current version for the owner: the shipped Spanish needs the lawyer’s review', async () => {
    const res = await adminCall(admin, 'GET', '/api/admin/waivers/texts', { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.current.es).toMatchObject({ version: WAIVER_VERSIONS.es, needsLegalReview: true, title: spanishWaiverWords('TX').title });
    expect(res.body.current.en).toMatchObject({ version: WAIVER_VERSIONS.en, needsLegalReview: false });
    expect(res.body.versions.es).toEqual([expect.objectContaining({ version: WAIVER_VERSIONS.es, publishedAt: null, signatures: 0 })]);
    // Owners only, per method.
    expect((await adminCall(admin, 'GET', '/api/admin/waivers/texts', { cookie: manager })).status).toBe(403);
    expect((await adminCall(admin, 'POST', '/api/admin/waivers/texts', { cookie: manager, body: newSpanish() })).status).toBe(403);
  });

  it('signs the shipped Spanish version before anything is published', async () => {
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ waiverVersion: WAIVER_VERSIONS.es }), ip());
    expect(status).toBe(201);
    before = body;
    [beforeRow] = await db.sql`select signed_text, text_sha256, waiver_version from waivers where id = ${before.waiverId}`;
    beforePdf = await pdfBytes(before.pdfUrl);
  });

  it('refuses a new version with a rule missing or out of order, naming the field, and stores nothing', async () => {
    const bad = { ...newSpanish(), rules: newSpanish().rules.slice(1) };
    const res = await adminCall(admin, 'POST', '/api/admin/waivers/texts', { cookie: owner, body: bad });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain('rules');
    const empty = await adminCall(admin, 'POST', '/api/admin/waivers/texts', { cookie: owner, body: { ...newSpanish(), title: '' } });
    expect(empty.body.error.fields).toMatchObject({ title: 'Enter the title' });
    expect((await db.sql`select 1 from waiver_texts where language = 'es'`).length).toBe(1);
  });

  it('publishes a new Spanish version with a new id, audited in the same change', async () => {
    const res = await adminCall(admin, 'POST', '/api/admin/waivers/texts', { cookie: owner, body: newSpanish() });
    expect(res.status).toBe(200);
    published = res.body;
    expect(published.version).toMatch(/^\d{4}-\d{2}-\d{2}-es$/);
    expect(published).toMatchObject({ language: 'es', needsLegalReview: false, title: 'Exención de responsabilidad revisada por nuestro abogado' });
    const [audit] = await db.sql`select action, after from audit_log where action = 'waiver_text.publish'`;
    expect(audit!.after).toMatchObject({ language: 'es', version: published.version, lawyerReviewed: true });
    // The public waiver page (/es/waiver) shows the current text: the site is rebuilt with it.
    const [build] = await db.sql`select reason from site_builds order by id desc limit 1`;
    expect(build!.reason).toBe(`Waiver text ${published.version} published`);
    // A second one the same day gets its own id.
    const again = await adminCall(admin, 'POST', '/api/admin/waivers/texts', { cookie: owner, body: newSpanish() });
    expect(again.body.version).toBe(`${published.version}.2`);
    published = again.body;
  });

  it('shows the Spanish signing page the new text, and refuses the old version from a page left open', async () => {
    const context = await call(h.context, 'GET', contextUrl(), undefined, { ...ip(), ...spanish });
    expect(context.body.waiverVersion).toBe(published.version);
    expect(context.body.waiver).toMatchObject({ version: published.version, title: published.title });
    // The English page still gets the English text.
    expect((await call(h.context, 'GET', contextUrl(), undefined, ip())).body.waiver.version).toBe(WAIVER_VERSIONS.en);
    const stale = await call(h.sign, 'POST', '/api/waivers', waiver({ waiverVersion: WAIVER_VERSIONS.es }), ip());
    expect(stale.status).toBe(400);
    expect(stale.body.error.fields).toEqual({ waiverVersion: STALE_WAIVER.es });
  });

  it('signs the new version: its text, hash and a PDF with its title and rules', async () => {
    const { status, body } = await call(h.sign, 'POST', '/api/waivers', waiver({ waiverVersion: published.version }), ip());
    expect(status).toBe(201);
    expect(body).toMatchObject({ language: 'es', waiverVersion: published.version });
    const [row] = await db.sql<{ signed_text: string; text_sha256: string }[]>`select signed_text, text_sha256 from waivers where id = ${body.waiverId}`;
    expect(row!.text_sha256).toBe(sha256(row!.signed_text));
    expect(row!.signed_text).toContain('Exención de responsabilidad revisada por nuestro abogado');
    expect(row!.signed_text).toContain('1. Un adulto siempre vigila.');
    expect(row!.signed_text).toContain('\nRiesgos aceptados\n');
    const { doc, lines } = await pdfText(await pdfBytes(body.pdfUrl));
    expect(doc.getSubject()).toContain(`Exención de responsabilidad revisada por nuestro abogado, versión ${published.version}`);
    expect(lines).toContain('[x] 1. Un adulto siempre vigila');
  });

  it('leaves the waiver signed before as it was: its version, text, hash and PDF', async () => {
    const [row] = await db.sql`select signed_text, text_sha256, waiver_version from waivers where id = ${before.waiverId}`;
    expect(row).toEqual(beforeRow);
    expect(row!.waiver_version).toBe(WAIVER_VERSIONS.es);
    // Made again from the row (the stored file removed), it is the same document, with the shipped rules.
    await db.sql`update waivers set pdf_path = null where id = ${before.waiverId}`;
    const { rm } = await import('node:fs/promises');
    await rm(path.join(process.env.DATA_DIR!, 'storage'), { recursive: true, force: true });
    const again = await pdfBytes(before.pdfUrl);
    expect(sha256(again)).toBe(sha256(beforePdf));
    const { lines } = await pdfText(again);
    expect(lines).toContain(`[x] 1. ${spanishWaiverWords('TX').rules[0]!.title}`);
  });

  it('never changes a published version, even in the database', async () => {
    await expect(db.sql`update waiver_texts set content = '{}'::jsonb where version = ${WAIVER_VERSIONS.es}`).rejects.toThrow(/cannot change/);
    await expect(db.sql`update waiver_texts set version = 'x' where version = ${published.version}`).rejects.toThrow(/cannot change/);
  });

  it('records the owner’s confirmation of the lawyer’s review of the shipped Spanish, without changing its text', async () => {
    const res = await adminCall(admin, 'POST', '/api/admin/waivers/texts/review', { cookie: owner, body: { language: 'es', version: WAIVER_VERSIONS.es } });
    expect(res.status).toBe(200);
    const list = await adminCall(admin, 'GET', '/api/admin/waivers/texts', { cookie: owner });
    const shipped = list.body.versions.es.find((v: { version: string }) => v.version === WAIVER_VERSIONS.es);
    expect(shipped).toMatchObject({ needsLegalReview: false, signatures: 1, reviewedAt: expect.any(String) });
    expect(list.body.versions.es.map((v: { version: string }) => v.version)).toEqual([published.version, published.version.replace(/\.2$/, ''), WAIVER_VERSIONS.es]);
    const missing = await adminCall(admin, 'POST', '/api/admin/waivers/texts/review', { cookie: owner, body: { language: 'es', version: 'nope' } });
    expect(missing.status).toBe(404);
  });
});
