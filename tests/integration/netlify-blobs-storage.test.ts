import type { Context } from '@netlify/functions';
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call } from '../support/api';
import { cakeOrderBody } from '../support/cake-order';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { simulateNetlifyRuntime, startLocalBlobs, type LocalBlobs } from '../support/netlify-runtime';
import { pdfText } from '../support/pdf-text';
import { closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';
import { withProof } from '../../src/cli/scripted-proof';
import { signaturePng } from '../../src/cli/sample-png';

/**
 * Files on Netlify without Supabase: the functions run as under Netlify's bootstrap (its global set,
 * no local-tooling flag) with Netlify's own local Blobs server behind NETLIFY_BLOBS_CONTEXT, so every
 * file goes to Netlify Blobs through the real client and server, and nothing to the disk. Then the
 * Blobs server stops mid-flow: 503s with nothing half-written, and the waiver's PDF filed once it is back.
 */

type Handler = (req: Request, ctx: Context) => Promise<Response>;
let db: TestDatabase;
let dataDir: string;
let blobsDir: string;
let blobs: LocalBlobs;
let undoNetlify: () => void;
let managerCookie: string;
let booking: { number: string; email: string };
const fn = {} as Record<'sign' | 'pdf' | 'products' | 'photos' | 'cakes', Handler>;

let ipCounter = 0;
const ip = () => ({ 'x-test-ip': `10.7.0.${++ipCounter}` });
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const pngBytes = (width = 200, height = 120) => new Uint8Array(Buffer.from(signaturePng(width, height).split(',')[1]!, 'base64'));
/** The site's store, read directly from the Blobs server: proof of where a file really is. */
const siteFiles = () => getStore({ name: 'site-files', siteID: blobs.context.siteID, token: blobs.context.token, edgeURL: blobs.context.edgeURL, uncachedEdgeURL: blobs.context.uncachedEdgeURL, consistency: 'strong' });
const exists = (file: string) => access(file).then(() => true, () => false);

const waiver = (signerEmail: string, submissionId: string = randomUUID()) => ({
  submissionId,
  website: '',
  access: { bookingNumber: booking.number, email: booking.email },
  waiverVersion: WAIVER_VERSION,
  signerName: 'Blob Signer',
  signerEmail,
  adults: [{ name: 'Blob Signer' }],
  guests: [{ name: 'Kid Signer', age: 6 }],
  acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])),
  consent: true,
  signatureKind: 'typed',
  typedSignature: 'Blob Signer',
});

const cakeOrder = (email: string) => cakeOrderBody({ name: 'Blob Baker', email, phone: '(512) 555-0177' });

async function postCakeOrder(order: Record<string, unknown>, photo: Uint8Array) {
  const form = new FormData();
  form.set('order', JSON.stringify(await withProof(order)));
  form.set('referencePhoto', new File([new Uint8Array(photo)], 'cake.png', { type: 'image/png' }));
  const response = await fn.cakes(new Request('http://localhost/api/cake-orders', { method: 'POST', body: form }), { ip: `10.7.1.${++ipCounter}` } as never);
  return { status: response.status, body: await response.json() };
}

async function uploadPhoto(productId: string, bytes: Uint8Array) {
  const response = await fn.products(
    new Request(`${SITE}/api/admin/products/${productId}/photos?alt=${encodeURIComponent('The castle on a lawn')}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', origin: SITE, cookie: managerCookie },
      body: new Blob([new Uint8Array(bytes)]),
    }),
    { ip: '127.0.0.1' } as never,
  );
  return { status: response.status, body: await response.json() };
}

async function getRaw(handler: Handler, url: string) {
  const response = await handler(new Request(`http://localhost${url}`), { ip: `10.7.2.${++ipCounter}` } as never);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  db = await createSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'blobs-data-'));
  blobsDir = await mkdtemp(path.join(os.tmpdir(), 'blobs-server-'));
  for (const key of ['SMTP_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];
  useAdminEnv(db.url, { DATA_DIR: dataDir });
  undoNetlify = simulateNetlifyRuntime();
  blobs = await startLocalBlobs(blobsDir);
  fn.sign = (await import('../../netlify/functions/waivers')).default;
  fn.pdf = (await import('../../netlify/functions/waiver-pdf')).default;
  fn.products = (await import('../../netlify/functions/admin-products')).default;
  fn.photos = (await import('../../netlify/functions/product-photos')).default;
  fn.cakes = (await import('../../netlify/functions/cake-orders')).default;
  managerCookie = (await staffSession(db.sql, 'manager')).cookie;
  const [row] = await db.sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  booking = row!;
});
afterAll(async () => {
  undoNetlify();
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  await blobs.stop().catch(() => {});
  await closeAdminConnections();
  await db.drop();
  await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(blobsDir, { recursive: true, force: true })]);
});

describe('Netlify Blobs as the file store on Netlify', () => {
  it('is the store chosen on Netlify when Supabase is not configured', async () => {
    const { configuredFileStorageKind } = await import('../../src/lib/storage/storage.server');
    expect(configuredFileStorageKind()).toBe('netlify-blobs');
  });

  it('gives back exactly the bytes and content type it was given, and null for a missing file', async () => {
    const { fileStorage } = await import('../../src/lib/storage/storage.server');
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255, 13, 10, 128]);
    // A view into a larger buffer (as Node's pooled Buffers are): only the view's bytes are stored.
    const view = new Uint8Array(new Uint8Array([9, 9, ...bytes, 9]).buffer, 2, bytes.length);
    await fileStorage().put('waivers/PF-BLOBS1/round-trip.pdf', view, 'application/pdf');
    expect(await fileStorage().get('waivers/PF-BLOBS1/round-trip.pdf')).toEqual({ bytes, contentType: 'application/pdf' });
    expect(await fileStorage().get('waivers/PF-BLOBS1/missing.pdf')).toBeNull();
    const direct = await siteFiles().getWithMetadata('waivers/PF-BLOBS1/round-trip.pdf', { type: 'arrayBuffer' });
    expect(new Uint8Array(direct!.data)).toEqual(bytes);
    expect(direct!.metadata).toEqual({ contentType: 'application/pdf' });
  });

  it('keeps a waiver signed through the API, and serves its PDF from Blobs', async () => {
    const signed = await call(fn.sign, 'POST', '/api/waivers', waiver('blob.signer@example.com'), ip());
    expect(signed.status).toBe(201);
    const [row] = await db.sql<{ pdf_path: string; pdf_sha256: string }[]>`select pdf_path, pdf_sha256 from waivers where id = ${signed.body.waiverId}`;
    expect(row!.pdf_path).toBe(`waivers/${booking.number}/${signed.body.waiverId}.pdf`);
    const inBlobs = await siteFiles().get(row!.pdf_path, { type: 'arrayBuffer' });
    expect(sha256(new Uint8Array(inBlobs))).toBe(row!.pdf_sha256);

    const pdf = await getRaw(fn.pdf, signed.body.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(pdf.bytes)).toBe(row!.pdf_sha256);
  });

  it('stores a product photo uploaded in the admin and serves it publicly', async () => {
    const [product] = await db.sql<{ id: string }[]>`select id from products where active order by slug limit 1`;
    const bytes = pngBytes(320, 240);
    const uploaded = await uploadPhoto(product!.id, bytes);
    expect(uploaded.status).toBe(201);
    const served = await getRaw(fn.photos, uploaded.body.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes).toEqual(bytes);
    const [row] = await db.sql<{ storage_path: string }[]>`select storage_path from product_photos where id = ${uploaded.body.photo.id}`;
    expect(new Uint8Array(await siteFiles().get(row!.storage_path, { type: 'arrayBuffer' }))).toEqual(bytes);
  });

  it('stores the reference photo of a cake order', async () => {
    const bytes = pngBytes();
    const { status, body } = await postCakeOrder(cakeOrder('blob.baker@example.com'), bytes);
    expect(status).toBe(201);
    const [row] = await db.sql<{ reference_photo_path: string }[]>`select reference_photo_path from cake_orders where number = ${body.orderNumber}`;
    const stored = await siteFiles().getWithMetadata(row!.reference_photo_path, { type: 'arrayBuffer' });
    expect(new Uint8Array(stored!.data)).toEqual(bytes);
    expect(stored!.metadata).toEqual({ contentType: 'image/png' });
  });

  it('writes nothing to the function’s disk: no storage folder, no mail outbox', async () => {
    expect(await exists(path.join(dataDir, 'storage'))).toBe(false);
    expect(await exists(path.join(dataDir, 'outbox'))).toBe(false);
  });
});

describe('Netlify Blobs stops answering', () => {
  it('answers a waiver signing 503, keeps the signed text, and files the identical PDF once Blobs is back', async () => {
    const submissionId = randomUUID();
    await blobs.stop();
    let restarted = false;
    try {
      const refused = await call(fn.sign, 'POST', '/api/waivers', waiver('outage.signer@example.com', submissionId), ip());
      expect(refused.status).toBe(503);
      expect(refused.body.error).toEqual({
        code: 'unavailable',
        message: 'We saved your signature, but we can’t file the signed waiver right now. Please press “Sign the waiver” again in a minute.',
      });
      // Kept, and not pointing at a file that is not there: the PDF is made again from this row.
      const [kept] = await db.sql<{ id: string; signed_text: string; text_sha256: string; pdf_path: string | null }[]>`
        select id, signed_text, text_sha256, pdf_path from waivers where submission_id = ${submissionId}`;
      expect(kept!.pdf_path).toBeNull();
      expect(kept!.signed_text).toContain('Blob Signer');
      expect(kept!.text_sha256).toBe(sha256(kept!.signed_text));

      // Pressing the button again while Blobs is still down: the same answer, still one waiver.
      const again = await call(fn.sign, 'POST', '/api/waivers', waiver('outage.signer@example.com', submissionId), ip());
      expect(again.status).toBe(503);
      expect((await db.sql`select 1 from waivers where submission_id = ${submissionId}`).length).toBe(1);

      await blobs.restart();
      restarted = true;
      const finished = await call(fn.sign, 'POST', '/api/waivers', waiver('outage.signer@example.com', submissionId), ip());
      expect(finished.status).toBe(200);
      expect(finished.body).toMatchObject({ waiverId: kept!.id, textSha256: kept!.text_sha256 });
      const [filed] = await db.sql<{ pdf_path: string; pdf_sha256: string }[]>`select pdf_path, pdf_sha256 from waivers where id = ${kept!.id}`;
      expect(filed!.pdf_path).toBe(`waivers/${booking.number}/${kept!.id}.pdf`);
      // The same document as the one made at signing (and mailed then): byte for byte.
      const inBlobs = new Uint8Array(await siteFiles().get(filed!.pdf_path, { type: 'arrayBuffer' }));
      expect(sha256(inBlobs)).toBe(filed!.pdf_sha256);
      const pdf = await getRaw(fn.pdf, finished.body.pdfUrl);
      expect(pdf.status).toBe(200);
      expect(pdf.bytes).toEqual(inBlobs);
      const { doc, lines } = await pdfText(pdf.bytes);
      expect(doc.getKeywords()).toContain(`sha256:${kept!.text_sha256}`);
      expect(lines).toContain(kept!.text_sha256);
      expect(lines.join('\n')).toContain('Blob Signer');
      // The signer's mail was queued once, with the waiver, not again on the retries.
      expect((await db.sql`select 1 from outbound_emails where to_address = 'outage.signer@example.com'`).length).toBe(1);
    } finally {
      if (!restarted) await blobs.restart();
    }
  });

  it('lets housekeeping file the PDF of a waiver whose signer never came back', async () => {
    await blobs.stop();
    let restarted = false;
    try {
      const refused = await call(fn.sign, 'POST', '/api/waivers', waiver('walked.away@example.com'), ip());
      expect(refused.status).toBe(503);
      const [kept] = await db.sql<{ id: string; pdf_token: string }[]>`select id, pdf_token from waivers where signer_email = 'walked.away@example.com'`;
      // While Blobs is down the link in the signer's e-mail still gives the document, made from the row.
      const whileDown = await getRaw(fn.pdf, `/api/waivers/${kept!.id}/pdf?token=${kept!.pdf_token}`);
      expect(whileDown.status).toBe(200);
      expect((await db.sql`select 1 from waivers where id = ${kept!.id} and pdf_path is null`).length).toBe(1);

      await blobs.restart();
      restarted = true;
      const { fileMissingWaiverPdfs } = await import('../../src/lib/waivers/waiver-service.server');
      expect(await fileMissingWaiverPdfs(db.sql)).toBeGreaterThanOrEqual(1);
      const [filed] = await db.sql<{ pdf_path: string; pdf_sha256: string }[]>`select pdf_path, pdf_sha256 from waivers where id = ${kept!.id}`;
      expect(sha256(new Uint8Array(await siteFiles().get(filed!.pdf_path, { type: 'arrayBuffer' })))).toBe(filed!.pdf_sha256);
      expect(sha256(whileDown.bytes)).toBe(filed!.pdf_sha256);
    } finally {
      if (!restarted) await blobs.restart();
    }
  });

  it('answers a cake order with a photo 503 and stores nothing, no order and no mail', async () => {
    await blobs.stop();
    try {
      const { status, body } = await postCakeOrder(cakeOrder('outage.baker@example.com'), pngBytes());
      expect(status).toBe(503);
      expect(body.error).toEqual({
        code: 'unavailable',
        message: 'We can’t save your reference photo right now, so your order was not sent. Please try again in a minute, or send the order without the photo.',
      });
      expect(await db.sql`select 1 from cake_orders where email = 'outage.baker@example.com'`).toHaveLength(0);
      expect(await db.sql`select 1 from outbound_emails where to_address = 'outage.baker@example.com'`).toHaveLength(0);
    } finally {
      await blobs.restart();
    }
  });

  it('answers a product photo upload 503 and records nothing', async () => {
    const [product] = await db.sql<{ id: string }[]>`select id from products where active order by slug desc limit 1`;
    const photosBefore = await db.sql`select 1 from product_photos where product_id = ${product!.id}`;
    const auditBefore = await db.sql`select 1 from audit_log where entity_id = ${product!.id}`;
    await blobs.stop();
    try {
      const { status, body } = await uploadPhoto(product!.id, pngBytes(320, 240));
      expect(status).toBe(503);
      expect(body.error).toEqual({ code: 'unavailable', message: 'We can’t save photos right now: file storage is not answering. Nothing was added; please try again in a minute.' });
      expect(await db.sql`select 1 from product_photos where product_id = ${product!.id}`).toHaveLength(photosBefore.length);
      expect(await db.sql`select 1 from audit_log where entity_id = ${product!.id}`).toHaveLength(auditBefore.length);
    } finally {
      await blobs.restart();
    }
    // Back: the same upload works.
    expect((await uploadPhoto(product!.id, pngBytes(320, 240))).status).toBe(201);
  });

  it('answers a public product photo 503 while Blobs is down', async () => {
    const [photo] = await db.sql<{ url: string }[]>`select url from product_photos where storage_path is not null limit 1`;
    await blobs.stop();
    try {
      const served = await fn.photos(new Request(`http://localhost${photo!.url}`), { ip: '127.0.0.1' } as never);
      expect(served.status).toBe(503);
      expect((await served.json()).error.message).toBe('We can’t reach our file storage right now. Please try again in a minute.');
    } finally {
      await blobs.restart();
    }
  });
});
