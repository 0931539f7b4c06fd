import type { Context } from '@netlify/functions';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDate } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, SITE, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';
import { signaturePng } from '../../src/cli/sample-png';

type Handler = (req: Request, context: Context) => Promise<Response>;
let db: TestDatabase;
let storageRoot: string;
const fn = {} as Record<'products' | 'categories' | 'photos' | 'quote', Handler>;
const cookies = {} as Record<'crew' | 'manager', string>;

beforeAll(async () => {
  db = await createSeededDatabase();
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'catalog-storage-'));
  useAdminEnv(db.url, { DATA_DIR: storageRoot });
  const { useFileStorage } = await import('../../src/lib/storage/storage.server');
  const { localFileStorage } = await import('../../src/lib/storage/local-file-storage.server');
  useFileStorage(localFileStorage(storageRoot));
  fn.products = (await import('../../netlify/functions/admin-products')).default;
  fn.categories = (await import('../../netlify/functions/admin-categories')).default;
  fn.photos = (await import('../../netlify/functions/product-photos')).default;
  fn.quote = (await import('../../netlify/functions/quote-price')).default;
  cookies.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookies.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
  await rm(storageRoot, { recursive: true, force: true });
});

const pngBytes = () => new Uint8Array(Buffer.from(signaturePng().split(',')[1]!, 'base64'));
const productId = async (slug: string) => (await db.sql<{ id: string }[]>`select id from products where slug = ${slug}`)[0]!.id;
const categoryId = async (slug: string) => (await db.sql<{ id: string }[]>`select id from categories where slug = ${slug}`)[0]!.id;
const pendingBuilds = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from site_builds where status = 'pending'`)[0]!.n;
const auditCount = async (action: string, entityId: string) =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action = ${action} and entity_id = ${entityId}`)[0]!.n;

/** The editor's full product form, as the island sends it. */
async function productForm(slug: string) {
  const res = await adminCall(fn.products, 'GET', `/api/admin/products/${await productId(slug)}`, { cookie: cookies.manager });
  const { id: _id, categoryName: _c, photos: _p, createdAt: _cr, updatedAt: _u, packageItems, ...fields } = res.body.product;
  return { ...fields, packageItems: packageItems.map((i: { productId: string; quantity: number }) => ({ productId: i.productId, quantity: i.quantity })) };
}

function upload(id: string, bytes: Uint8Array, options: { cookie?: string; alt?: string; altEs?: string; type?: string } = {}) {
  const query = new URLSearchParams({ alt: options.alt ?? 'The castle, inflated on a lawn', ...(options.altEs === undefined ? {} : { altEs: options.altEs }) });
  return fn.products(
    new Request(`${SITE}/api/admin/products/${id}/photos?${query}`, {
      method: 'POST',
      headers: { 'content-type': options.type ?? 'image/png', origin: SITE, ...(options.cookie === undefined ? { cookie: cookies.manager } : options.cookie ? { cookie: options.cookie } : {}) },
      body: new Blob([new Uint8Array(bytes)]),
    }),
    { ip: '127.0.0.1' } as unknown as Context,
  );
}

describe('products', () => {
  it('lists with search, category and active filters, sorting and pages; crew see prices', async () => {
    const bounce = await categoryId('bounce-houses');
    const list = await adminCall(fn.products, 'GET', `/api/admin/products?category=${bounce}&sort=price&dir=desc&pageSize=3`, { cookie: cookies.crew });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.total).toBeGreaterThan(3);
    const prices = list.body.items.map((p: { basePriceCents: number }) => p.basePriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(list.body.items.every((p: { categoryId: string }) => p.categoryId === bounce)).toBe(true);

    const page2 = await adminCall(fn.products, 'GET', `/api/admin/products?category=${bounce}&sort=price&dir=desc&pageSize=3&page=2`, { cookie: cookies.crew });
    expect(page2.body.items[0].id).not.toBe(list.body.items[0].id);

    const search = await adminCall(fn.products, 'GET', '/api/admin/products?q=castle', { cookie: cookies.crew });
    expect(search.body.items.map((p: { slug: string }) => p.slug)).toContain('pink-castle-bounce-house');
    expect(search.body.items.every((p: { name: string; slug: string }) => /castle/i.test(p.name + p.slug))).toBe(true);

    const inactive = await adminCall(fn.products, 'GET', '/api/admin/products?active=inactive', { cookie: cookies.crew });
    expect(inactive.body.items.every((p: { active: boolean }) => !p.active)).toBe(true);
  });

  it('refuses unknown sorts and filters with 400 and the field', async () => {
    const res = await adminCall(fn.products, 'GET', '/api/admin/products?sort=password&category=nope', { cookie: cookies.crew });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(['sort', 'category']));
  });

  it('crew can read a product but not change it', async () => {
    const id = await productId('pink-castle-bounce-house');
    expect((await adminCall(fn.products, 'GET', `/api/admin/products/${id}`, { cookie: cookies.crew })).status).toBe(200);
    const res = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.crew, body: await productForm('pink-castle-bounce-house') });
    expect(res.status).toBe(403);
  });

  it('a new price is audited, asks for a rebuild and is what /api/quote-price charges at once', async () => {
    const id = await productId('pink-castle-bounce-house');
    const form = await productForm('pink-castle-bounce-house');
    const pending = await pendingBuilds();
    const res = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, basePriceCents: 23_456, halfDayPriceCents: null } });
    expect(res.status).toBe(200);
    expect(res.body.product.basePriceCents).toBe(23_456);
    expect(await pendingBuilds()).toBe(pending + 1);
    const [audit] = await db.sql<{ before: { basePriceCents: number }; after: { basePriceCents: number } }[]>`
      select before, after from audit_log where action = 'product.update' and entity_id = ${id} order by id desc limit 1`;
    expect(audit!.before.basePriceCents).toBe(form.basePriceCents);
    expect(audit!.after.basePriceCents).toBe(23_456);

    const quote = await fn.quote(
      new Request(`${SITE}/api/quote-price`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip: '78664' }),
      }),
      {} as Context,
    );
    const body = await quote.json();
    expect(body.lines[0].unitPriceCents).toBe(23_456);
  });

  it('answers 400 with every bad field, and changes nothing', async () => {
    const id = await productId('rainbow-arch-bounce-house');
    const form = await productForm('rainbow-arch-bounce-house');
    const res = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, {
      cookie: cookies.manager,
      body: { ...form, name: ' ', basePriceCents: -5, halfDayPriceCents: null, slug: 'Not A Slug', ageMin: 10, ageMax: 4, seoTitle: 'x'.repeat(71) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: 'Enter a name',
      basePriceCents: 'Cannot be negative',
      slug: expect.stringContaining('lower-case'),
      seoTitle: 'Use at most 70 characters',
    });
    const half = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, basePriceCents: 1000, halfDayPriceCents: 2000 } });
    expect(half.status).toBe(400);
    expect(half.body.error.fields).toEqual({ halfDayPriceCents: 'Cannot be more than the full price' });
    const ages = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, ageMin: 10, ageMax: 4 } });
    expect(ages.body.error.fields).toEqual({ ageMax: 'Must not be below the minimum age' });
    expect((await productForm('rainbow-arch-bounce-house')).name).toBe(form.name);
  });

  it('saves what is included in Spanish (none when emptied), and refuses an item too long or too many', async () => {
    const id = await productId('sports-arena-bounce-house');
    const form = await productForm('sports-arena-bounce-house');
    const includedEs = ['Soplador de 1.5 HP', 'Canasta de basquetbol adentro'];
    const saved = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, includedEs } });
    expect(saved.status).toBe(200);
    expect(saved.body.product.includedEs).toEqual(includedEs);
    const { listProducts } = await import('../../src/lib/catalog/catalog.server');
    expect((await listProducts(db.sql)).find((p) => p.id === id)!.includedEs).toEqual(includedEs);

    const long = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, includedEs: ['Estacas', 'x'.repeat(201)] } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ 'includedEs.1': 'Use at most 200 characters' });
    const many = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, includedEs: Array.from({ length: 31 }, (_, i) => `Cosa ${i + 1}`) } });
    expect(many.status).toBe(400);
    expect(many.body.error.fields).toEqual({ includedEs: 'List at most 30 items' });
    expect((await productForm('sports-arena-bounce-house')).includedEs).toEqual(includedEs);

    const emptied = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, includedEs: [] } });
    expect(emptied.status).toBe(200);
    expect(emptied.body.product.includedEs).toBeNull();
  });

  it('keeps the Spanish texts and site rules a save leaves out, and clears one sent empty', async () => {
    const id = await productId('rainbow-arch-bounce-house');
    const spanish = { nameEs: 'Arco iris inflable', shortDescriptionEs: 'Un brincolín con arco.', descriptionEs: 'Un brincolín con arco de colores.', includedEs: ['Soplador'] };
    const rules = { stakesNeeded: 6, overnightAllowed: false };
    const form = { ...(await productForm('rainbow-arch-bounce-house')), ...spanish, ...rules };
    expect((await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: form })).status).toBe(200);

    // A client that knows nothing of them (an older screen, a price script) sends the rest only.
    const { nameEs: _n, shortDescriptionEs: _s, descriptionEs: _d, includedEs: _i, stakesNeeded: _st, overnightAllowed: _o, ...withoutThem } = form;
    const repriced = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...withoutThem, basePriceCents: form.basePriceCents + 100 } });
    expect(repriced.status).toBe(200);
    expect(repriced.body.product).toMatchObject({ ...spanish, ...rules, basePriceCents: form.basePriceCents + 100 });

    // Sent empty (what the editor sends for an emptied box), each is cleared.
    const emptied = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, {
      cookie: cookies.manager,
      body: { ...form, nameEs: '', shortDescriptionEs: null, descriptionEs: ' ', includedEs: [], stakesNeeded: null, overnightAllowed: null },
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.product).toMatchObject({ nameEs: null, shortDescriptionEs: null, descriptionEs: null, includedEs: null, stakesNeeded: null, overnightAllowed: null });

    // A new product has nothing stored to keep: left out is none.
    const created = await adminCall(fn.products, 'POST', '/api/admin/products', { cookie: cookies.manager, body: { ...withoutThem, slug: 'rainbow-arch-copy', name: 'Rainbow Arch Copy' } });
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ nameEs: null, includedEs: null, stakesNeeded: null, overnightAllowed: null });
    expect((await adminCall(fn.products, 'DELETE', `/api/admin/products/${created.body.product.id}`, { cookie: cookies.manager })).status).toBe(200);
  });

  it('edits a cake’s sizes (its category is a cake category for the editor), refusing a base that cannot be ordered', async () => {
    const id = await productId('pink-flamingo-two-tier-cake');
    const editor = await adminCall(fn.products, 'GET', `/api/admin/products/${id}`, { cookie: cookies.manager });
    expect(editor.body.product).toMatchObject({ cakeBaseServings: 30, cakeBaseTiers: 2, cakeMaxTiers: 3 });
    expect(editor.body.options.categories.find((c: { id: string }) => c.id === editor.body.product.categoryId)).toMatchObject({ kind: 'cake' });
    const form = await productForm('pink-flamingo-two-tier-cake');

    const saved = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, cakeBaseServings: 40, cakeMaxTiers: null } });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ cakeBaseServings: 40, cakeBaseTiers: 2, cakeMaxTiers: null });
    const [audit] = await db.sql<{ before: { cakeBaseServings: number }; after: { cakeBaseServings: number } }[]>`
      select before, after from audit_log where action = 'product.update' and entity_id = ${id} order by created_at desc limit 1`;
    expect([audit!.before.cakeBaseServings, audit!.after.cakeBaseServings]).toEqual([30, 40]);

    const put = (body: Record<string, unknown>) => adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, ...body } });
    expect((await put({ cakeBaseTiers: 3, cakeMaxTiers: 2 })).body.error.fields).toEqual({ cakeMaxTiers: 'Must not be below the base size’s 3 tiers' });
    expect((await put({ cakeBaseServings: 20, cakeBaseTiers: 3 })).body.error.fields).toEqual({ cakeBaseServings: '3 tiers need at least 30 servings' });
    expect((await put({ cakeBaseServings: 0, cakeMaxTiers: 6 })).body.error.fields).toEqual({ cakeBaseServings: 'At least 1', cakeMaxTiers: 'At most 5' });
    expect((await productForm('pink-flamingo-two-tier-cake')).cakeBaseServings).toBe(40);
    await put({});
  });

  it('creates, refuses a slug in use with 409 on the slug field, and deletes an unbooked product', async () => {
    const form = await productForm('rainbow-arch-bounce-house');
    const taken = await adminCall(fn.products, 'POST', '/api/admin/products', { cookie: cookies.manager, body: form });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.slug).toMatch(/already uses/);

    const created = await adminCall(fn.products, 'POST', '/api/admin/products', { cookie: cookies.manager, body: { ...form, slug: 'rainbow-arch-two', name: 'Rainbow Arch Two', packageItems: [] } });
    expect(created.status).toBe(201);
    const newId = created.body.product.id;
    expect(created.body.product).toMatchObject({ slug: 'rainbow-arch-two', name: 'Rainbow Arch Two', basePriceCents: form.basePriceCents });
    expect(await auditCount('product.create', newId)).toBe(1);

    const rename = await adminCall(fn.products, 'PUT', `/api/admin/products/${newId}`, { cookie: cookies.manager, body: { ...form, slug: 'rainbow-arch-bounce-house', packageItems: [] } });
    expect(rename.status).toBe(409);

    const deleted = await adminCall(fn.products, 'DELETE', `/api/admin/products/${newId}`, { cookie: cookies.manager });
    expect(deleted.status).toBe(200);
    expect((await adminCall(fn.products, 'GET', `/api/admin/products/${newId}`, { cookie: cookies.manager })).status).toBe(404);
    expect(await auditCount('product.delete', newId)).toBe(1);
  });

  it('refuses to delete a product that has bookings (409) and to nest packages (400)', async () => {
    const [booked] = await db.sql<{ product_id: string }[]>`select product_id from booking_items limit 1`;
    const res = await adminCall(fn.products, 'DELETE', `/api/admin/products/${booked!.product_id}`, { cookie: cookies.manager });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/bookings/);

    // A unit booked through a package the product has since left: its booking history keeps it too.
    const form0 = await productForm('rainbow-arch-bounce-house');
    const loose = await adminCall(fn.products, 'POST', '/api/admin/products', { cookie: cookies.manager, body: { ...form0, slug: 'ex-package-item', name: 'Ex package item', packageItems: [] } });
    const [item] = await db.sql<{ id: string; booking_id: string }[]>`select id, booking_id from booking_items limit 1`;
    await db.sql`
      with unit as (insert into inventory_units (product_id, label) values (${loose.body.product.id}, 'EX-1') returning id)
      insert into unit_allocations (booking_id, booking_item_id, unit_id, during, released_at)
      select ${item!.booking_id}, ${item!.id}, unit.id, tstzrange('2020-01-01', '2020-01-02'), now() from unit`;
    const kept = await adminCall(fn.products, 'DELETE', `/api/admin/products/${loose.body.product.id}`, { cookie: cookies.manager });
    expect(kept.status).toBe(409);
    expect(kept.body.error.message).toMatch(/bookings/);

    const [pkg] = await db.sql<{ package_id: string; slug: string }[]>`
      select pi.package_id, p.slug from package_items pi join products p on p.id = pi.package_id limit 1`;
    const form = await productForm('rainbow-arch-bounce-house');
    const nested = await adminCall(fn.products, 'PUT', `/api/admin/products/${await productId('rainbow-arch-bounce-house')}`, {
      cookie: cookies.manager,
      body: { ...form, packageItems: [{ productId: pkg!.package_id, quantity: 1 }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields.packageItems).toMatch(/another package/);
  });
});

describe('product photos', () => {
  it('uploads a PNG, serves it publicly with a long cache, reorders it first and deletes it', async () => {
    const id = await productId('toddler-jungle-bounce-house');
    const bytes = pngBytes();
    const res = await upload(id, bytes, { alt: 'Toddler jungle, side view' });
    expect(res.status).toBe(201);
    const { photo } = await res.json();
    expect(photo.url).toMatch(/^\/api\/product-photos\/[0-9a-f-]{36}\.png$/);
    expect(await auditCount('product.photo.add', id)).toBe(1);

    const served = await fn.photos(new Request(`${SITE}${photo.url}`), {} as Context);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    // The public catalog (what pages are built from) now lists it.
    const { listProducts } = await import('../../src/lib/catalog/catalog.server');
    const listed = (await listProducts(db.sql)).find((p) => p.id === id)!;
    expect(listed.photos.at(-1)).toEqual({ url: photo.url, alt: 'Toddler jungle, side view', altEs: null });

    const photos = (await adminCall(fn.products, 'GET', `/api/admin/products/${id}/photos`, { cookie: cookies.manager })).body.photos as { id: string; alt: string }[];
    const reordered = [photos.at(-1)!, ...photos.slice(0, -1)].map((p) => ({ id: p.id, alt: p.alt }));
    const arranged = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}/photos`, { cookie: cookies.manager, body: { photos: reordered } });
    expect(arranged.status).toBe(200);
    expect((await listProducts(db.sql)).find((p) => p.id === id)!.photos[0]!.url).toBe(photo.url);

    const stale = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}/photos`, { cookie: cookies.manager, body: { photos: reordered.slice(1) } });
    expect(stale.status).toBe(409);

    const removed = await adminCall(fn.products, 'DELETE', `/api/admin/products/${id}/photos/${photo.id}`, { cookie: cookies.manager });
    expect(removed.status).toBe(200);
    expect((await fn.photos(new Request(`${SITE}${photo.url}`), {} as Context)).status).toBe(404);
  });

  it('keeps each photo’s description in Spanish (uploaded with it or written after), refusing one too long', async () => {
    const id = await productId('sports-arena-bounce-house');
    const res = await upload(id, pngBytes(), { alt: 'The arena from the front', altEs: 'La arena vista de frente' });
    expect(res.status).toBe(201);
    const { photo } = await res.json();
    expect(photo.altEs).toBe('La arena vista de frente');
    const tooLong = await upload(id, pngBytes(), { altEs: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error.fields).toEqual({ altEs: 'Use at most 200 characters' });

    const photos = (await adminCall(fn.products, 'GET', `/api/admin/products/${id}/photos`, { cookie: cookies.manager })).body.photos as { id: string; alt: string; altEs: string | null }[];
    expect(photos.map((p) => p.altEs)).toEqual([...photos.slice(0, -1).map((p) => p.altEs), 'La arena vista de frente']);
    const written = photos.map((p, i) => ({ id: p.id, alt: p.alt, altEs: i === 0 ? 'El brincolín inflado en el pasto' : p.altEs }));
    const saved = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}/photos`, { cookie: cookies.manager, body: { photos: written } });
    expect(saved.status).toBe(200);
    expect(saved.body.photos[0].altEs).toBe('El brincolín inflado en el pasto');
    // The public catalog, what the Spanish pages are built from, has it.
    const { listProducts } = await import('../../src/lib/catalog/catalog.server');
    const listed = (await listProducts(db.sql)).find((p) => p.id === id)!;
    expect(listed.photos.map((p) => p.altEs)).toEqual(written.map((p) => p.altEs));

    const refused = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}/photos`, {
      cookie: cookies.manager,
      body: { photos: written.map((p, i) => (i === 0 ? { ...p, altEs: 'y'.repeat(201) } : p)) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'photos.0.altEs': 'Use at most 200 characters' });
    expect((await listProducts(db.sql)).find((p) => p.id === id)!.photos[0]!.altEs).toBe('El brincolín inflado en el pasto');
  });

  it('keeps a photo’s Spanish description when a rearrangement leaves it out, and clears it sent empty or null', async () => {
    const id = await productId('sports-arena-bounce-house');
    const arrange = (photos: object[]) => adminCall(fn.products, 'PUT', `/api/admin/products/${id}/photos`, { cookie: cookies.manager, body: { photos } });
    const photos = (await adminCall(fn.products, 'GET', `/api/admin/products/${id}/photos`, { cookie: cookies.manager })).body.photos as { id: string; alt: string }[];
    expect(photos.length).toBeGreaterThan(1);
    const described = await arrange(photos.map((p, i) => ({ id: p.id, alt: p.alt, altEs: `Foto ${i + 1}` })));
    expect(described.status).toBe(200);

    const reversed = [...photos].reverse();
    const kept = await arrange(reversed.map((p) => ({ id: p.id, alt: p.alt })));
    expect(kept.status).toBe(200);
    expect(kept.body.photos.map((p: { altEs: string | null }) => p.altEs)).toEqual(reversed.map((p) => `Foto ${photos.indexOf(p) + 1}`));

    const cleared = await arrange(photos.map((p, i) => ({ id: p.id, alt: p.alt, altEs: i === 0 ? '' : null })));
    expect(cleared.status).toBe(200);
    expect(cleared.body.photos.map((p: { altEs: string | null }) => p.altEs)).toEqual(photos.map(() => null));
  });

  it('refuses files that are not JPEG, PNG or WebP, whatever they claim, and files over 4 MB', async () => {
    const id = await productId('toddler-jungle-bounce-house');
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]);
    const notImage = await upload(id, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), { type: 'image/png' });
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error.fields).toEqual({ photo: 'Choose a JPEG, PNG or WebP photo' });
    expect((await upload(id, gif, { type: 'image/gif' })).status).toBe(400);

    const big = new Uint8Array(4 * 1024 * 1024 + 10);
    big.set(pngBytes().subarray(0, 8));
    const tooBig = await upload(id, big);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.fields).toEqual({ photo: 'Choose a photo of at most 4 MB' });

    const noAlt = await upload(id, pngBytes(), { alt: ' ' });
    expect(noAlt.status).toBe(400);
    expect((await noAlt.json()).error.fields.alt).toMatch(/Describe/);

    const crew = await upload(id, pngBytes(), { cookie: cookies.crew });
    expect(crew.status).toBe(403);
    expect(await auditCount('product.photo.add', id)).toBe(1);
  });

  it('serves nothing for unknown or malformed photo addresses', async () => {
    for (const file of ['00000000-0000-4000-8000-000000000000.png', '..%2F..%2Fetc%2Fpasswd', 'x.png']) {
      expect((await fn.photos(new Request(`${SITE}/api/product-photos/${file}`), {} as Context)).status).toBe(404);
    }
  });
});

describe('categories', () => {
  const category = (slug: string, name: string) => ({
    slug,
    name,
    kind: 'rental',
    summary: 'Games for grown-ups.',
    description: 'Giant yard games.',
    imageUrl: null,
    sortOrder: 50,
    seoTitle: '',
    seoDescription: null,
    active: true,
  });

  it('is for managers: crew get 403', async () => {
    expect((await adminCall(fn.categories, 'GET', '/api/admin/categories', { cookie: cookies.crew })).status).toBe(403);
  });

  it('creates, lists, edits with audit and rebuild requests; slugs are unique (409)', async () => {
    const pending = await pendingBuilds();
    const created = await adminCall(fn.categories, 'POST', '/api/admin/categories', { cookie: cookies.manager, body: category('yard-games', 'Yard Games') });
    expect(created.status).toBe(201);
    expect(created.body.category).toMatchObject({ slug: 'yard-games', name: 'Yard Games', seoTitle: null, productCount: 0 });
    const id = created.body.category.id;
    expect(await pendingBuilds()).toBe(pending + 1);

    const list = await adminCall(fn.categories, 'GET', '/api/admin/categories?q=yard', { cookie: cookies.manager });
    expect(list.body.items.map((c: { slug: string }) => c.slug)).toEqual(['yard-games']);

    const dup = await adminCall(fn.categories, 'POST', '/api/admin/categories', { cookie: cookies.manager, body: category('yard-games', 'Again') });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.slug).toMatch(/already uses/);

    const edited = await adminCall(fn.categories, 'PUT', `/api/admin/categories/${id}`, { cookie: cookies.manager, body: { ...category('yard-games', 'Lawn Games'), active: false } });
    expect(edited.status).toBe(200);
    expect(edited.body.category).toMatchObject({ name: 'Lawn Games', active: false });
    expect(await auditCount('category.update', id)).toBe(1);

    const bad = await adminCall(fn.categories, 'PUT', `/api/admin/categories/${id}`, { cookie: cookies.manager, body: { ...category('Yard Games', ''), imageUrl: 'javascript:alert(1)', sortOrder: 1.5 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['imageUrl', 'name', 'slug', 'sortOrder']);
  });

  it('keeps the Spanish texts a save leaves out, and clears one sent empty', async () => {
    const spanish = { nameEs: 'Juegos de jardín', summaryEs: 'Juegos para adultos.', descriptionEs: 'Juegos gigantes de jardín.' };
    const created = await adminCall(fn.categories, 'POST', '/api/admin/categories', { cookie: cookies.manager, body: { ...category('lawn-spanish', 'Lawn Spanish'), ...spanish } });
    expect(created.status).toBe(201);
    const id = created.body.category.id;
    const kept = await adminCall(fn.categories, 'PUT', `/api/admin/categories/${id}`, { cookie: cookies.manager, body: { ...category('lawn-spanish', 'Lawn Games ES') } });
    expect(kept.status).toBe(200);
    expect(kept.body.category).toMatchObject({ name: 'Lawn Games ES', ...spanish });
    const cleared = await adminCall(fn.categories, 'PUT', `/api/admin/categories/${id}`, { cookie: cookies.manager, body: { ...category('lawn-spanish', 'Lawn Games ES'), nameEs: '', summaryEs: null, descriptionEs: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.category).toMatchObject({ nameEs: null, summaryEs: null, descriptionEs: null });
    const fresh = await adminCall(fn.categories, 'POST', '/api/admin/categories', { cookie: cookies.manager, body: category('lawn-fresh', 'Lawn Fresh') });
    expect(fresh.body.category).toMatchObject({ nameEs: null, summaryEs: null, descriptionEs: null });
  });

  it('refuses deleting a category with products (409), or moves them first when asked', async () => {
    const games = await categoryId('interactive-games');
    const count = (await db.sql<{ n: number }[]>`select count(*)::int as n from products where category_id = ${games}`)[0]!.n;
    expect(count).toBeGreaterThan(0);
    const refused = await adminCall(fn.categories, 'DELETE', `/api/admin/categories/${games}`, { cookie: cookies.manager });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`This category still has ${count} products. Move them to another category first.`);

    const target = (await adminCall(fn.categories, 'POST', '/api/admin/categories', { cookie: cookies.manager, body: category('more-games', 'More Games') })).body.category.id;
    const moved = await adminCall(fn.categories, 'DELETE', `/api/admin/categories/${games}?moveTo=${target}`, { cookie: cookies.manager });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toBe(count);
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from products where category_id = ${target}`)[0]!.n).toBe(count);
    expect(await auditCount('category.delete', games)).toBe(1);
  });
});
