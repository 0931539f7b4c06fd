import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

/**
 * The staff side of the yard check (issue #38): the owner's site rules (Settings → Site rules) and a
 * product's site requirements (the product editor) saved through the admin functions, read back,
 * refused at the field, audited, and used by the next price.
 */
let db: TestDatabase;
const fn = {} as Record<'settings' | 'products' | 'quote', Handler>;
const cookies = {} as Record<'owner' | 'manager', string>;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  fn.settings = (await import('../../netlify/functions/admin-settings')).default;
  fn.products = (await import('../../netlify/functions/admin-products')).default;
  fn.quote = (await import('../../netlify/functions/quote-price')).default;
  cookies.owner = (await staffSession(db.sql, 'owner')).cookie;
  cookies.manager = (await staffSession(db.sql, 'manager')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const overview = async () => (await adminCall(fn.settings, 'GET', '/api/admin/settings', { cookie: cookies.owner })).body;
const saveRules = (siteRules: unknown, cookie = cookies.owner) => adminCall(fn.settings, 'PUT', '/api/admin/settings/site', { cookie, body: { siteRules } });
const auditRows = (action: string) => db.sql<{ before: Record<string, unknown>; after: Record<string, unknown>; actor_email: string | null }[]>`select before, after, actor_email from audit_log where action = ${action} order by id`;
const productId = async (slug: string) => (await db.sql<{ id: string }[]>`select id from products where slug = ${slug}`)[0]!.id;
const price = (site: Record<string, unknown>) =>
  call(fn.quote, 'POST', '/api/quote-price', { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(45), start: '11:00', end: '17:00' }, zip: '78664', site });

/** The editor's product form as the island sends it back. */
async function productForm(id: string) {
  const res = await adminCall(fn.products, 'GET', `/api/admin/products/${id}`, { cookie: cookies.manager });
  const { id: _id, categoryName: _c, photos: _p, createdAt: _cr, updatedAt: _u, packageItems, ...fields } = res.body.product;
  return { ...fields, packageItems: packageItems.map((i: { productId: string; quantity: number }) => ({ productId: i.productId, quantity: i.quantity })) };
}

describe('site rules (Settings → Site rules)', () => {
  it('loads the rules with the catalog’s products to choose the generator from', async () => {
    const body = await overview();
    expect(body.settings.site.siteRules).toMatchObject({ generatorProductSlug: 'quiet-inverter-generator', allowNotSure: true });
    expect(body.products).toContainEqual({ slug: 'quiet-inverter-generator', name: 'Quiet Inverter Generator', active: true });
  });

  it('saves them whole, reads them back, audits the change in the same save and prices the next quote with them', async () => {
    const before = (await overview()).settings.site.siteRules;
    const rules = {
      ...before,
      servedSurfaces: ['grass', 'artificial-turf', 'concrete'],
      sandbagSetFeeCents: 3000,
      hardSurfaceFeeCents: 1500,
      stairsFeePerFlightCents: 4000,
      overnightFeeCents: 7500,
      generatorProductSlug: null,
      outletsPerGenerator: 3,
      allowNotSure: false,
      help: { ...before.help, stairs: 'Count the steps from the driveway to the spot.' },
    };
    const saved = await saveRules(rules);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ section: 'site', values: { siteRules: rules }, rebuild: false });
    expect((await overview()).settings.site.siteRules).toEqual(rules);

    const [entry] = (await auditRows('settings.site')).slice(-1);
    expect(entry).toMatchObject({ before: { siteRules: before }, after: { siteRules: rules } });
    expect(entry!.actor_email).toMatch(/@/);

    // The next price asks the new fee per flight and shows the new help under the stairs question.
    const quote = await price({ stairFlights: 2 });
    expect(quote.status).toBe(200);
    expect(quote.body.siteCharges).toContainEqual(expect.objectContaining({ cents: 8000 }));
    expect(quote.body.site.help.stairs).toBe('Count the steps from the driveway to the spot.');

    // A generator of the catalog is taken again.
    expect((await saveRules({ ...rules, generatorProductSlug: 'quiet-inverter-generator' })).status).toBe(200);
  });

  it('refuses bad rules with 400 at each field, saving and auditing nothing', async () => {
    const current = (await overview()).settings.site.siteRules;
    const audited = (await auditRows('settings.site')).length;
    const bad = await saveRules({ ...current, servedSurfaces: ['grass', 'lava'], sandbagSetFeeCents: -500, overnightFeeCents: 'lots', outletsPerGenerator: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'siteRules.servedSurfaces.1': 'Unknown surface',
      'siteRules.sandbagSetFeeCents': 'Cannot be negative',
      'siteRules.overnightFeeCents': 'Enter an amount',
      'siteRules.outletsPerGenerator': 'At most 6',
    });
    expect((await saveRules({ ...current, servedSurfaces: [] })).body.error.fields).toEqual({ 'siteRules.servedSurfaces': 'Choose at least one surface' });

    // The generator must be a product of the catalog, and one shown on the site.
    const unknown = await saveRules({ ...current, generatorProductSlug: 'diesel-generator' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ 'siteRules.generatorProductSlug': 'That product is not in the catalog. Choose one, or none.' });
    await db.sql`update products set active = false where slug = 'sticky-wall'`;
    const hidden = await saveRules({ ...current, generatorProductSlug: 'sticky-wall' });
    await db.sql`update products set active = true where slug = 'sticky-wall'`;
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields['siteRules.generatorProductSlug']).toMatch(/hidden from the site/);

    expect((await overview()).settings.site.siteRules).toEqual(current);
    expect(await auditRows('settings.site')).toHaveLength(audited);
  });

  it('is the owner’s: a manager may not change it', async () => {
    const current = (await overview()).settings.site.siteRules;
    const res = await saveRules({ ...current, overnightFeeCents: 0 }, cookies.manager);
    expect(res.status).toBe(403);
    expect((await overview()).settings.site.siteRules).toEqual(current);
  });
});

describe('a product’s site requirements (the product editor)', () => {
  const requirements = { stakesNeeded: 8, sandbagsNeeded: 6, clearanceFt: 12.5, outletRunFt: 75, circuitAmps: 20, accessWidthIn: 44, maxStairFlights: 0, overnightAllowed: false };

  it('saves them, returns them and reads them back in the editor; empty is no rule; the next price holds the yard against them', async () => {
    const id = await productId('sticky-wall');
    const form = await productForm(id);
    const saved = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, { cookie: cookies.manager, body: { ...form, ...requirements } });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject(requirements);
    expect(await productForm(id)).toMatchObject(requirements);
    const [entry] = (await auditRows('product.update')).slice(-1);
    expect(entry!.after).toMatchObject(requirements);

    // No stairs for it now: a flight of stairs is refused at the stairs answer, naming the product.
    const refused = await price({ stairFlights: 1 });
    expect(refused.body.site.refusals).toContainEqual(expect.objectContaining({ field: 'site.stairFlights', product: 'sticky-wall' }));

    // Emptied, each is no rule again (null), and the stairs are only a fee.
    const cleared = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, {
      cookie: cookies.manager,
      body: { ...form, ...Object.fromEntries(Object.keys(requirements).map((k) => [k, null])) },
    });
    expect(cleared.status).toBe(200);
    expect(await productForm(id)).toMatchObject(Object.fromEntries(Object.keys(requirements).map((k) => [k, null])));
    expect((await price({ stairFlights: 1 })).body.site.refusals).toEqual([]);
  });

  it('refuses impossible requirements at their field and keeps the product as it was', async () => {
    const id = await productId('sticky-wall');
    const form = await productForm(id);
    const bad = await adminCall(fn.products, 'PUT', `/api/admin/products/${id}`, {
      cookie: cookies.manager,
      body: { ...form, maxStairFlights: 99, accessWidthIn: -3, stakesNeeded: 1.5, circuitAmps: 5, clearanceFt: 0, overnightAllowed: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      maxStairFlights: 'At most 10 flights',
      accessWidthIn: 'At least 12 inches',
      stakesNeeded: 'Enter a whole number of stakes',
      circuitAmps: 'At least 10 amps',
      clearanceFt: 'Must be more than 0',
      overnightAllowed: 'Choose yes or no',
    });
    expect(await productForm(id)).toEqual(form);
  });
});
