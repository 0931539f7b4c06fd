import type { Context } from '@netlify/functions';
import { zipSync } from 'fflate';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBusiness } from '../../supabase/seed/seed';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { adminCall, closeAdminConnections, SITE, staffSession, useAdminEnv } from '../support/staff';
import { signaturePng } from '../../src/cli/sample-png';

type Handler = (req: Request, context: Context) => Promise<Response>;
let db: TestDatabase;
let storageRoot: string;
let imports: Handler;
let photosFn: Handler;
const cookies = {} as Record<'crew' | 'manager', string>;

beforeAll(async () => {
  db = await createMigratedDatabase();
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'import-storage-'));
  useAdminEnv(db.url, { DATA_DIR: storageRoot });
  const { useFileStorage } = await import('../../src/lib/storage/storage.server');
  const { localFileStorage } = await import('../../src/lib/storage/local-file-storage.server');
  useFileStorage(localFileStorage(storageRoot));
  imports = (await import('../../netlify/functions/admin-imports')).default;
  photosFn = (await import('../../netlify/functions/product-photos')).default;
  cookies.crew = (await staffSession(db.sql, 'crew')).cookie;
  cookies.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
  await rm(storageRoot, { recursive: true, force: true });
});

const png = () => new Uint8Array(Buffer.from(signaturePng().split(',')[1]!, 'base64'));
const b64 = (data: string | Uint8Array) => Buffer.from(data).toString('base64');
const zip = (files: Record<string, Uint8Array | string>) => zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));
const count = async (table: 'products' | 'categories' | 'customers' | 'inventory_units' | 'product_photos') =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0]!.n;

const header = 'name,category,description,price,half_day_price,units,surfaces,age_min,age_max,capacity,photos';
const goodRows = [
  'Buckeye Castle,Bounce Houses,"A castle bouncer, red and grey.",175,150,2,grass|concrete,3,12,8,castle.jpg',
  'Lazy River Slide,Water Slides,A long slide with a splash pool.,$325.50,,1,grass,5,,12,photos/slide.png',
  'Cotton Candy Machine,Concessions,Spins sugar into clouds.,60,,0,,,,,',
];

function importCall(mode: 'preview' | 'import', csv: string | Uint8Array, photos?: Uint8Array, cookie = cookies.manager) {
  return adminCall(imports, 'POST', `/api/admin/imports/catalog?mode=${mode}`, { cookie, body: { csv: b64(csv), ...(photos ? { photos: b64(photos) } : {}) } });
}

describe('catalog import', () => {
  it('previews every row with its errors and writes nothing until every row is valid', async () => {
    await db.sql`insert into categories (slug, name, kind) values ('existing', 'Existing', 'rental')`;
    await db.sql`insert into products (category_id, slug, name, short_description, description, base_price_cents)
      select id, 'taken-bouncer', 'Taken Bouncer', 'x', 'x', 100 from categories where slug = 'existing'`;
    const before = { products: await count('products'), categories: await count('categories') };
    const csv = [
      header,
      ...goodRows,
      'Taken Bouncer,Existing,Already in the catalog.,100,,1,,,,,',
      'Formula Slide,Existing,=HYPERLINK("http://evil.example"),100,,1,,,,,',
      'Not A Photo,Existing,A bouncer.,100,,1,,,,,readme.jpg',
      'Cheap Castle,Existing,A bouncer.,ten dollars,200,1,lava,9,4,,nowhere.jpg|https://photos.invalid/castle.jpg',
      'Buckeye Castle,Existing,Twice in the file.,100,,1,,,,,',
    ].join('\r\n');
    const photos = zip({ 'castle.jpg': png(), 'photos/slide.png': png(), 'readme.jpg': 'just text' });

    const preview = await importCall('preview', csv, photos);
    expect(preview.status).toBe(200);
    const rows = preview.body.preview.rows as { line: number; name: string; newCategory: boolean; errors: Record<string, string> }[];
    const errorsOf = (line: number) => rows.find((r) => r.line === line)!.errors;
    expect(preview.body.preview.valid).toBe(false);
    expect(errorsOf(2)).toEqual({});
    expect(rows.find((r) => r.line === 2)!.newCategory).toBe(true);
    expect(preview.body.preview.newCategories).toEqual(['Bounce Houses', 'Water Slides', 'Concessions']);
    expect(errorsOf(5).name).toMatch(/already in the catalog/);
    expect(errorsOf(6).description).toMatch(/formula/);
    expect(errorsOf(7).photos).toMatch(/readme\.jpg: not a JPEG, PNG or WebP image/);
    // A photo missing from the zip shows beside the row's other errors, at the first check; addresses
    // on the web are fetched once the rest of the row is right.
    expect(errorsOf(8)).toEqual({ price: expect.stringMatching(/dollars/), surfaces: expect.stringMatching(/lava/), photos: 'nowhere.jpg: no file of that name in the zip' });
    expect(errorsOf(9).name).toMatch(/Same name as row 2/);

    const refused = await importCall('import', csv, photos);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/Nothing was imported: 5 rows have errors/);
    expect(refused.body.error.fields['rows.6.description']).toMatch(/formula/);
    expect({ products: await count('products'), categories: await count('categories') }).toEqual(before);
  });

  it('imports a valid file in one go: products, new categories, units and photos, audited, with a rebuild requested', async () => {
    const builds = (await db.sql<{ n: number }[]>`select count(*)::int as n from site_builds`)[0]!.n;
    const csv = `\uFEFF${[header, ...goodRows].join('\n')}`;
    const result = await importCall('import', csv, zip({ 'castle.jpg': png(), 'photos/slide.png': png() }));
    expect(result.status).toBe(200);
    expect(result.body.result).toEqual({ imported: 3, units: 3, photos: 2, categoriesCreated: ['Bounce Houses', 'Water Slides', 'Concessions'] });

    const [castle] = await db.sql`select p.*, c.name as category from products p join categories c on c.id = p.category_id where p.slug = 'buckeye-castle'`;
    expect(castle).toMatchObject({ name: 'Buckeye Castle', category: 'Bounce Houses', base_price_cents: 17500, half_day_price_cents: 15000, age_min: 3, age_max: 12, capacity: 8, surfaces: ['grass', 'concrete'], tracks_inventory: true, active: true });
    expect(castle!.short_description).toBe('A castle bouncer, red and grey.');
    const [slide] = await db.sql`select base_price_cents from products where slug = 'lazy-river-slide'`;
    expect(slide!.base_price_cents).toBe(32550);
    const units = await db.sql`select label from inventory_units u join products p on p.id = u.product_id where p.slug = 'buckeye-castle' order by label`;
    expect(units.map((u) => u.label)).toEqual(['Unit 1', 'Unit 2']);
    const [candy] = await db.sql`select tracks_inventory from products where slug = 'cotton-candy-machine'`;
    expect(candy!.tracks_inventory).toBe(false);

    const [photo] = await db.sql<{ url: string; alt: string }[]>`select ph.url, ph.alt from product_photos ph join products p on p.id = ph.product_id where p.slug = 'buckeye-castle'`;
    expect(photo!.alt).toBe('Buckeye Castle');
    const served = await photosFn(new Request(`${SITE}${photo!.url}`), { ip: '127.0.0.1' } as unknown as Context);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());

    const [audit] = await db.sql`select after from audit_log where action = 'catalog.import' order by created_at desc limit 1`;
    expect(audit!.after).toMatchObject({ imported: 3, units: 3, photos: 2 });
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from site_builds`)[0]!.n).toBe(builds + 1);

    // The same file again: every name is now taken, and nothing more is written.
    const again = await importCall('preview', csv, zip({ 'castle.jpg': png(), 'photos/slide.png': png() }));
    expect(again.body.preview.counts.rowsWithErrors).toBe(3);
  });

  it('refuses a file that cannot be read as a whole with one clear message (400), storing nothing', async () => {
    const products = await count('products');
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${header}\n`), ...Buffer.from('Pe\xf1a Bouncer,X,Y,100,,1,,,,,', 'latin1')]);
    const cases: [string | Uint8Array, Uint8Array | undefined, string, RegExp][] = [
      [latin1, undefined, 'csv', /not UTF-8/],
      [`${header}\n"Open quote,X,Y,100`, undefined, 'csv', /quoted cell is not closed/],
      ['name,colour\nA,red', undefined, 'csv', /Unknown column/],
      [header, undefined, 'csv', /no rows/],
      [`${header}\n${goodRows[0]}`, new TextEncoder().encode('not a zip at all'), 'photos', /not a readable zip/],
    ];
    for (const [csv, photos, field, message] of cases) {
      const res = await importCall('preview', csv, photos);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.error.fields[field]).toMatch(message);
    }
    const notBase64 = await adminCall(imports, 'POST', '/api/admin/imports/catalog?mode=preview', { cookie: cookies.manager, body: { csv: '***' } });
    expect(notBase64.status).toBe(400);
    const noMode = await adminCall(imports, 'POST', '/api/admin/imports/catalog', { cookie: cookies.manager, body: { csv: b64(header) } });
    expect(noMode.status).toBe(400);
    expect(await count('products')).toBe(products);
  });

  it('never fetches a photo from the server’s own network', async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(png())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    let hits = 0;
    server.on('request', () => hits++);
    try {
      const csv = `${header}\nLocal Photo,X,Y,100,,1,,,,,http://127.0.0.1:${port}/p.png\nMetadata,X,Y,100,,1,,,,,http://169.254.169.254/latest/meta-data.png\nMapped,X,Y,100,,1,,,,,http://[::ffff:10.0.0.1]/p.png`;
      const res = await importCall('preview', csv);
      expect(res.status).toBe(200);
      const errors = res.body.preview.rows.map((r: { errors: Record<string, string> }) => r.errors.photos);
      expect(errors[0]).toMatch(/standard ports|private network/);
      expect(errors[1]).toMatch(/private network/);
      expect(errors[2]).toMatch(/private network/);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('fetches photos from an address within the limits (loopback allowed only by the test’s own option)', async () => {
    const { importCatalog } = await import('../../src/lib/catalog/catalog-import.server');
    const { db: appDb } = await import('../../src/lib/db/client.server');
    const { fileStorage } = await import('../../src/lib/storage/storage.server');
    const server = http.createServer((req, res) => {
      if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(png()));
      else if (req.url === '/page.png') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const audit = async () => {};
    try {
      const bad = `${header}\nFetched Castle,Fetched,Y,100,,1,,,,,${base}/ok.png\nHtml Photo,Fetched,Y,100,,1,,,,,${base}/page.png`;
      await expect(importCatalog(appDb(), fileStorage(), { csv: b64(bad) }, { siteUrl: SITE, allowLoopback: true }, audit)).rejects.toMatchObject({
        fields: { 'rows.3.photos': expect.stringMatching(/text\/html, not a JPEG, PNG or WebP image/) },
      });
      const good = `${header}\nFetched Castle,Fetched,Y,100,,1,,,,,${base}/ok.png`;
      const result = await importCatalog(appDb(), fileStorage(), { csv: b64(good) }, { siteUrl: SITE, allowLoopback: true }, audit);
      expect(result).toMatchObject({ imported: 1, photos: 1 });
    } finally {
      server.close();
    }
  });

  it('exports the catalog in the import format; a photo address of this site is copied from storage, not fetched', async () => {
    const res = await adminCall(imports, 'GET', '/api/admin/exports/catalog', { cookie: cookies.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(res.body).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^name,slug,category,short_description,description,/);
    const castle = lines.find((l) => l.startsWith('Buckeye Castle,'))!;
    expect(castle).toContain(`${SITE}/api/product-photos/`);

    // Another product with the castle's stored photo: the file is copied from storage, not downloaded.
    const photoUrl = /(http:\/\/localhost:4321\/api\/product-photos\/[^,|]+)/.exec(castle)![1]!;
    const reuse = await importCall('import', `${header}\nCastle Two,Bounce Houses,Y,100,,1,,,,,${photoUrl}`);
    expect(reuse.status).toBe(200);
    const [copy] = await db.sql<{ url: string }[]>`select ph.url from product_photos ph join products p on p.id = ph.product_id where p.slug = 'castle-two'`;
    const served = await photosFn(new Request(`${SITE}${copy!.url}`), { ip: '127.0.0.1' } as unknown as Context);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());
  });

  it('export → import into an empty catalog gives the same catalog (the demo business)', async () => {
    const { exportCatalog, importCatalog } = await import('../../src/lib/catalog/catalog-import.server');
    const { fileStorage } = await import('../../src/lib/storage/storage.server');
    const source = await createMigratedDatabase();
    const target = await createMigratedDatabase();
    try {
      await seedDemoBusiness(source.sql);
      const exported = await exportCatalog(source.sql, SITE);
      const result = await importCatalog(target.sql, fileStorage(), { csv: b64(exported.body) }, { siteUrl: SITE }, async () => {});
      const products = (await source.sql<{ n: number }[]>`select count(*)::int as n from products`)[0]!.n;
      expect(result.imported).toBe(products);
      expect((await exportCatalog(target.sql, SITE)).body).toBe(exported.body);
      // Cakes keep their sizes, and the category the file creates for them sells cakes (it has their order form).
      const [sheet] = await target.sql`select p.cake_base_servings, p.cake_base_tiers, p.cake_max_tiers, c.kind from products p join categories c on c.id = p.category_id where p.slug = 'party-sheet-cake'`;
      expect(sheet).toEqual({ cake_base_servings: 24, cake_base_tiers: 1, cake_max_tiers: 1, kind: 'cake' });
      const [castle] = await target.sql`select c.kind from products p join categories c on c.id = p.category_id where p.slug = 'pink-castle-bounce-house'`;
      expect(castle!.kind).toBe('rental');
      // What it includes and its photo's description in Spanish come through too.
      const spanish = (sql: typeof source.sql) => sql`
        select p.included_es, ph.alt_es from products p join product_photos ph on ph.product_id = p.id where p.slug = 'pink-castle-bounce-house'`;
      const [imported] = await spanish(target.sql);
      expect(imported!.included_es).toContain('Lona para el piso');
      expect(imported).toEqual((await spanish(source.sql))[0]);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it('is for managers and owners only', async () => {
    expect((await importCall('preview', header, undefined, cookies.crew)).status).toBe(403);
    expect((await adminCall(imports, 'GET', '/api/admin/exports/catalog', { cookie: cookies.crew })).status).toBe(403);
    expect((await adminCall(imports, 'GET', '/api/admin/exports/catalog')).status).toBe(401);
  });
});

describe('customers import', () => {
  const call = (mode: 'preview' | 'import', csv: string) => adminCall(imports, 'POST', `/api/admin/imports/customers?mode=${mode}`, { cookie: cookies.manager, body: { csv: b64(csv) } });

  it('previews errors per cell, refuses duplicates by e-mail, and imports every row or none', async () => {
    await db.sql`insert into customers (name, email, phone) values ('On File', 'onfile@example.com', '6145550100')`;
    const before = await count('customers');
    const bad = [
      'name,email,phone,address_line1,city,state,zip',
      'Ana Peña,ana@example.com,+1 (614) 555-0101,12 High St,Columbus,oh,43215-1234',
      'No Mail,not-an-email,614 555 0102,,,,',
      'Twice,ANA@example.com,6145550103,,,,',
      'Known,OnFile@example.com,6145550104,,,,',
      'Half Address,half@example.com,6145550105,1 Main St,,OH,',
      '@SUM(A1),sum@example.com,6145550106,,,,',
    ].join('\n');
    const preview = await call('preview', bad);
    expect(preview.status).toBe(200);
    const errors = preview.body.preview.rows.map((r: { errors: Record<string, string> }) => r.errors);
    expect(errors[0]).toEqual({});
    expect(errors[1].email).toMatch(/e-mail address/);
    expect(errors[2].email).toMatch(/Same e-mail as row 2/);
    expect(errors[3].email).toMatch(/Already a customer \(On File\)/);
    expect(errors[4]).toMatchObject({ city: expect.any(String), zip: expect.any(String) });
    expect(errors[5].name).toMatch(/formula/);
    expect((await call('import', bad)).status).toBe(400);
    expect(await count('customers')).toBe(before);

    const good = ['name,email,phone,address_line1,address_line2,city,state,zip,notes', 'Ana Peña,ana@example.com,+1 (614) 555-0101,12 High St,Apt 2,Columbus,oh,43215-1234,Gate code 1234', 'Bo Li,bo@example.com,6145550107,,,,,,'].join('\n');
    const done = await call('import', good);
    expect(done.status).toBe(200);
    expect(done.body.result).toEqual({ imported: 2 });
    const [ana] = await db.sql`select name, phone, address_line1, address_line2, address_city, address_state, address_zip, notes from customers where email = 'ana@example.com'`;
    // Phone numbers are stored in the one shape every booking's is (storedPhone), whatever the file had.
    expect(ana).toEqual({ name: 'Ana Peña', phone: '(614) 555-0101', address_line1: '12 High St', address_line2: 'Apt 2', address_city: 'Columbus', address_state: 'OH', address_zip: '43215', notes: 'Gate code 1234' });
    expect((await db.sql`select phone from customers where email = 'bo@example.com'`)[0]).toEqual({ phone: '(614) 555-0107' });
    const [audit] = await db.sql`select after from audit_log where action = 'customers.import' order by created_at desc limit 1`;
    expect(audit!.after).toMatchObject({ imported: 2 });
  });
});
