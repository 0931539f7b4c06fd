import type { Context } from '@netlify/functions';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../../src/cli/sample-png';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';

/**
 * The business's own look and tax rule, as owners set them in the settings: the tax flags change the
 * next price at once, the brand colour and the logo ask for a rebuild, and the logo is served publicly
 * while it is the current one. Nothing but a raster image under 1 MB is accepted as a logo.
 */
let db: TestDatabase;
let storageRoot: string;
const fn = {} as Record<'settings' | 'logo' | 'publicLogo' | 'quote', Handler>;
const cookies = {} as Record<'owner' | 'manager', string>;

beforeAll(async () => {
  db = await createSeededDatabase();
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'brand-storage-'));
  useAdminEnv(db.url, { DATA_DIR: storageRoot });
  const { useFileStorage } = await import('../../src/lib/storage/storage.server');
  const { localFileStorage } = await import('../../src/lib/storage/local-file-storage.server');
  useFileStorage(localFileStorage(storageRoot));
  fn.settings = (await import('../../netlify/functions/admin-settings')).default;
  fn.logo = (await import('../../netlify/functions/admin-logo')).default;
  fn.publicLogo = (await import('../../netlify/functions/logo')).default;
  fn.quote = (await import('../../netlify/functions/quote-price')).default;
  cookies.owner = (await staffSession(db.sql, 'owner')).cookie;
  cookies.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
  await rm(storageRoot, { recursive: true, force: true });
});

const load = async () => (await adminCall(fn.settings, 'GET', '/api/admin/settings', { cookie: cookies.owner })).body;
const put = (section: string, body: unknown) => adminCall(fn.settings, 'PUT', `/api/admin/settings/${section}`, { cookie: cookies.owner, body });
const rebuilds = async () => (await db.sql<{ reason: string }[]>`select reason from site_builds order by id`).map((r) => r.reason);
const price = async () =>
  (await call(fn.quote, 'POST', '/api/quote-price', { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78664', damageWaiver: true })).body;
const pngBytes = () => new Uint8Array(Buffer.from(signaturePng().split(',')[1]!, 'base64'));

function uploadLogo(bytes: Uint8Array, cookie = cookies.owner, type = 'image/png') {
  return fn.logo(
    new Request(`${SITE}/api/admin/logo`, { method: 'POST', headers: { 'content-type': type, origin: SITE, cookie }, body: new Blob([new Uint8Array(bytes)]) }),
    { ip: '127.0.0.1' } as unknown as Context,
  );
}
const publicLogo = (url: string) => fn.publicLogo(new Request(`${SITE}${url}`), { ip: '127.0.0.1' } as unknown as Context);

describe('tax on delivery and the damage waiver', () => {
  it('taxes only the rentals once the owner turns both off, at once, audited, with a rebuild for the landing pages', async () => {
    const before = await price();
    expect(before.taxCents).toBeGreaterThan(0);
    const { payments } = (await load()).settings;
    expect(payments).toMatchObject({ taxDeliveryFee: true, taxDamageWaiver: true });

    expect((await put('payments', { ...payments, taxDeliveryFee: false, taxDamageWaiver: false })).status).toBe(200);
    const after = await price();
    const rate = before.taxCents / (before.subtotalCents - before.discountCents + before.deliveryFeeCents + before.damageWaiverCents);
    expect(after.deliveryFeeCents).toBe(before.deliveryFeeCents);
    expect(after.damageWaiverCents).toBe(before.damageWaiverCents);
    expect(after.taxCents).toBe(Math.round((after.subtotalCents - after.discountCents) * rate));
    expect(after.taxCents).toBeLessThan(before.taxCents);
    expect((await rebuilds()).at(-1)).toMatch(/taxDeliveryFee/);

    const [entry] = await db.sql`select action, after from audit_log where entity = 'business_settings' order by id desc limit 1`;
    expect(entry).toMatchObject({ action: 'settings.payments', after: { taxDeliveryFee: false, taxDamageWaiver: false } });
    expect((await put('payments', { ...payments, taxDeliveryFee: 'yes' })).body.error.fields).toEqual({ taxDeliveryFee: 'Choose whether the delivery fee is taxed' });
    expect((await put('payments', payments)).status).toBe(200);
  });
});

describe('brand colour', () => {
  it('saves a colour with the profile, lower-cased, and asks for a rebuild; refuses what is not #rrggbb', async () => {
    const { profile } = (await load()).settings;
    expect(profile.brandColor).toBe('#db2777');
    expect((await put('profile', { ...profile, brandColor: '#1D4ED8' })).status).toBe(200);
    expect((await load()).settings.profile.brandColor).toBe('#1d4ed8');
    expect((await rebuilds()).at(-1)).toMatch(/brandColor/);
    const bad = await put('profile', { ...profile, brandColor: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ brandColor: 'Use a colour like #db2777' });
    expect((await load()).settings.profile.brandColor).toBe('#1d4ed8');
  });
});

describe('logo', () => {
  it('uploads a PNG, serves it publicly while it is the current logo, and removes it', async () => {
    expect((await load()).settings.logo).toEqual({ logoPath: '', logoUrl: null });
    const bytes = pngBytes();
    const res = await uploadLogo(bytes);
    expect(res.status).toBe(201);
    const logo = await res.json();
    expect(logo.logoUrl).toMatch(/^\/api\/logo\/[0-9a-f-]{36}\.png$/);
    expect((await load()).settings.logo).toEqual(logo);
    expect((await rebuilds()).at(-1)).toBe('Logo changed');
    const [audit] = await db.sql`select action, after from audit_log where action = 'settings.logo' order by id desc limit 1`;
    expect(audit).toMatchObject({ after: logo });

    const served = await publicLogo(logo.logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    // A new logo replaces it: the old address is no longer served.
    const second = await (await uploadLogo(bytes)).json();
    expect(second.logoUrl).not.toBe(logo.logoUrl);
    expect((await publicLogo(logo.logoUrl)).status).toBe(404);

    const removed = await adminCall(fn.logo, 'DELETE', '/api/admin/logo', { cookie: cookies.owner });
    expect(removed.body).toEqual({ logoPath: '', logoUrl: null });
    expect((await publicLogo(second.logoUrl)).status).toBe(404);
    expect((await rebuilds()).at(-1)).toBe('Logo removed');
  });

  it('refuses an SVG, a file that is not an image, an empty or too large file, on the logo field, and changes nothing', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, message] of [
      [svg, 'Choose a PNG, JPEG or WebP image (SVG is not accepted)'],
      [new TextEncoder().encode('GIF89a not really'), 'Choose a PNG, JPEG or WebP image (SVG is not accepted)'],
      [new Uint8Array(0), 'That file is empty'],
      [new Uint8Array(1024 * 1024 + 10).fill(0x89), 'Choose a logo of at most 1 MB'],
    ] as const) {
      const res = await uploadLogo(bytes, cookies.owner, 'image/svg+xml');
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({ logo: message });
    }
    expect((await load()).settings.logo.logoPath).toBe('');
  });

  it('is for owners only', async () => {
    expect((await uploadLogo(pngBytes(), cookies.manager)).status).toBe(403);
    expect((await adminCall(fn.logo, 'DELETE', '/api/admin/logo', { cookie: cookies.manager })).status).toBe(403);
  });
});
