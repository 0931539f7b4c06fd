import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { prepareDatabase } from '../../src/cli/database';
import { signaturePng } from '../../src/cli/sample-png';
import { connect, MAINTENANCE_LIMITS } from '../../src/lib/db/index.server';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { call } from './api';
import { closeAdminConnections, SITE, staffSession } from './staff';

/**
 * A used install for the browser's restore drill (tests/e2e/restore-drill.spec.ts), made in a process
 * of its own so that the environment it needs (DATABASE_URL, DATA_DIR, AUTH_SECRET, SITE_URL=SITE,
 * HUMAN_CHECK_SECRET: set by the spec) stays out of Playwright's workers: the database migrated and
 * seeded with the demo's bookings, a waiver signed through the site's function (its PDF filed in
 * DATA_DIR's storage), a product photo uploaded in the admin, and a signed-in owner. Prints what it
 * made as JSON on its last line.
 */
type Handler = (req: Request, ctx: Context) => Promise<Response>;

const database = await prepareDatabase();
const sql = connect(database.url, 2, MAINTENANCE_LIMITS);
try {
  const [booking] = await sql<{ number: string; email: string }[]>`
    select b.number, c.email from bookings b join customers c on c.id = b.customer_id where c.email = 'priya.raman@example.com'`;
  const sign = (await import('../../netlify/functions/waivers')).default as Handler;
  const signed = await call(sign, 'POST', '/api/waivers', {
    submissionId: randomUUID(), website: '', access: { bookingNumber: booking!.number, email: booking!.email }, waiverVersion: WAIVER_VERSION,
    signerName: 'Drill Signer', signerEmail: 'drill.signer@example.com', adults: [{ name: 'Drill Signer' }], guests: [{ name: 'Kid Driller', age: 7 }],
    acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])), consent: true, signatureKind: 'typed', typedSignature: 'Drill Signer',
  }, { 'x-test-ip': '10.41.0.1' });
  if (signed.status !== 201) throw new Error(`Signing the waiver answered ${signed.status}: ${JSON.stringify(signed.body)}`);

  const owner = await staffSession(sql, 'owner');
  const products = (await import('../../netlify/functions/admin-products')).default as Handler;
  const [product] = await sql<{ id: string; slug: string }[]>`select id, slug from products where active order by slug limit 1`;
  const bytes = Buffer.from(signaturePng(320, 240).split(',')[1]!, 'base64');
  const uploaded = await products(
    new Request(`${SITE}/api/admin/products/${product!.id}/photos?alt=Drill`, { method: 'POST', headers: { 'content-type': 'image/png', origin: SITE, cookie: owner.cookie }, body: new Blob([bytes]) }),
    { ip: '127.0.0.1' } as never,
  );
  if (uploaded.status !== 201) throw new Error(`Uploading the photo answered ${uploaded.status}: ${await uploaded.text()}`);
  const { photo } = (await uploaded.json()) as { photo: { id: string } };
  const [photoRow] = await sql<{ url: string; storage_path: string }[]>`select url, storage_path from product_photos where id = ${photo.id}`;
  const [waiver] = await sql<{ id: string; pdf_path: string; pdf_sha256: string }[]>`select id, pdf_path, pdf_sha256 from waivers where id = ${signed.body.waiverId}`;
  const bookings = await sql<{ id: string; number: string; name: string }[]>`
    select b.id, b.number, c.name from bookings b join customers c on c.id = b.customer_id order by b.number`;
  console.log(JSON.stringify({ cookie: owner.cookie, waiver, photo: { ...photoRow!, product: product!.slug }, bookings }));
} finally {
  await closeAdminConnections();
  await sql.end({ timeout: 1 });
  await database.stop();
}
