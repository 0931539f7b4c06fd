import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

/** The service-area builder against the demo business: towns by radius or ZIP list, written in one audited step. */
let db: TestDatabase;
let builder: Handler;
let settings: Handler;
let quote: Handler;
let cookie: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  builder = (await import('../../netlify/functions/admin-area-builder')).default;
  settings = (await import('../../netlify/functions/admin-settings')).default;
  quote = (await import('../../netlify/functions/quote-price')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

const bands = [
  { upToMiles: 10, feeCents: 0 },
  { upToMiles: 20, feeCents: 2500 },
  { upToMiles: 30, feeCents: 4500 },
];
const radius = (miles: number) => ({ mode: 'radius', radiusMiles: miles, feeBands: bands, taxRateBps: 725, minimumOrderCents: 10000 });
const preview = (body: unknown) => adminCall(builder, 'POST', '/api/admin/area-builder/preview', { cookie, body });
const apply = (body: unknown) => adminCall(builder, 'POST', '/api/admin/area-builder/apply', { cookie, body });
const moveWarehouse = async (zip: string, city: string, state: string) => {
  const res = await adminCall(settings, 'PUT', '/api/admin/settings/warehouse', { cookie, body: { warehouseLine1: '1 Depot Rd', warehouseCity: city, warehouseState: state, warehouseZip: zip } });
  expect(res.status).toBe(200);
};
const areaCount = async () => Number((await db.sql`select count(*) from service_areas`)[0]!.count);
const price = (zip: string) =>
  call(quote, 'POST', '/api/quote-price', { items: [{ product: 'sticky-wall', quantity: 1 }], event: { date: futureDate(40), start: '11:00', end: '17:00' }, zip });

interface Town {
  slug: string;
  city: string;
  county: string;
  zipCodes: string[];
  miles: number;
  driveMinutes: number;
  deliveryFeeCents: number;
  existing: boolean;
  takenZips: { zip: string; city: string }[];
}

describe('service-area builder', () => {
  it('previews the demo warehouse’s towns, marking the areas already there', async () => {
    const res = await preview(radius(12));
    expect(res.status).toBe(200);
    const towns = res.body.towns as Town[];
    const roundRock = towns.find((t) => t.slug === 'round-rock')!;
    expect(roundRock).toMatchObject({ city: 'Round Rock', county: 'Williamson', existing: true, takenZips: [], deliveryFeeCents: 0 });
    expect(roundRock.zipCodes).toEqual(expect.arrayContaining(['78664', '78665', '78681']));
    expect(towns.find((t) => t.slug === 'pflugerville')).toMatchObject({ existing: true });
  });

  it('refuses with a field error when the warehouse ZIP is not in the ZIP data', async () => {
    await db.sql`update business_settings set warehouse_zip = '00001'`;
    const res = await preview(radius(10));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.warehouseZip).toMatch(/00001 is not in the ZIP data/);
  });

  it('adds the ticked Ohio towns in one audited step, fees by band, and prices their ZIPs at once', async () => {
    await moveWarehouse('43215', 'Columbus', 'OH');
    const res = await preview(radius(25));
    const towns = res.body.towns as Town[];
    expect(towns.map((t) => t.city)).toEqual(expect.arrayContaining(['Columbus', 'Dublin', 'Westerville', 'Grove City']));
    expect(towns.map((t) => t.city)).not.toContain('Cincinnati');
    const dublin = towns.find((t) => t.slug === 'dublin')!;
    expect(dublin).toMatchObject({ county: 'Franklin', deliveryFeeCents: 2500, existing: false, takenZips: [] });
    expect(dublin.driveMinutes).toBeGreaterThan(15);

    const before = await areaCount();
    const applied = await apply({ ...radius(25), towns: ['dublin', 'westerville', 'grove-city'] });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ created: 3, updated: 0 });
    expect(await areaCount()).toBe(before + 3);
    const [row] = await db.sql`select county, delivery_fee_cents, tax_rate_bps, minimum_order_cents, active from service_areas where slug = 'dublin'`;
    expect(row).toEqual({ county: 'Franklin', delivery_fee_cents: 2500, tax_rate_bps: 725, minimum_order_cents: 10000, active: true });
    const audits = await db.sql`select action, after from audit_log where entity = 'service_area' and action = 'service_area.create' order by id desc limit 3`;
    expect(audits.map((a) => (a.after as { city: string }).city).sort()).toEqual(['Dublin', 'Grove City', 'Westerville']);
    expect((await db.sql`select reason from site_builds order by id desc limit 1`)[0]!.reason).toBe('Service areas from the builder: 3 added, 0 updated');
    expect((await price(dublin.zipCodes[0]!)).body.deliveryFeeCents).toBe(2500);
  });

  it('updates an area of the same slug, keeping the ZIPs added by hand', async () => {
    const [dublin] = await db.sql<{ id: string }[]>`select id from service_areas where slug = 'dublin'`;
    await db.sql`insert into service_area_zips (zip, service_area_id) values ('43002', ${dublin!.id})`;
    const cheaper = { ...radius(25), feeBands: [{ upToMiles: 30, feeCents: 1000 }], towns: ['dublin'] };
    const res = await apply(cheaper);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 1 });
    expect(res.body.areas[0]).toMatchObject({ slug: 'dublin', deliveryFeeCents: 1000 });
    expect(res.body.areas[0].zipCodes).toContain('43002');
    expect((await preview(radius(25))).body.towns.find((t: Town) => t.slug === 'dublin').existing).toBe(true);
  });

  it('reports per town a ZIP another area serves, and writes nothing', async () => {
    const columbusZips = ((await preview(radius(25))).body.towns as Town[]).find((t) => t.slug === 'columbus')!.zipCodes;
    const [other] = await db.sql<{ id: string }[]>`
      insert into service_areas (slug, city, state, county, delivery_fee_cents, tax_rate_bps, minimum_order_cents, active)
      values ('downtown', 'Downtown', 'OH', 'Franklin', 0, 725, 0, true) returning id`;
    await db.sql`insert into service_area_zips (zip, service_area_id) values (${columbusZips[0]!}, ${other!.id})`;
    const shown = ((await preview(radius(25))).body.towns as Town[]).find((t) => t.slug === 'columbus')!;
    expect(shown.takenZips).toEqual([{ zip: columbusZips[0], city: 'Downtown' }]);

    const before = await areaCount();
    const audits = Number((await db.sql`select count(*) from audit_log`)[0]!.count);
    const res = await apply({ ...radius(25), towns: ['columbus', 'powell'] });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toEqual({ 'towns.columbus': `${columbusZips[0]} (Downtown) already belongs to another area.` });
    expect(res.body.error.message).toMatch(/nothing was saved/);
    expect(await areaCount()).toBe(before);
    expect(Number((await db.sql`select count(*) from audit_log`)[0]!.count)).toBe(audits);
  });

  it('takes a pasted ZIP list and reports the ZIPs it does not know', async () => {
    const res = await preview({ mode: 'zips', zipCodes: ['43065', '99999'], feeBands: bands, taxRateBps: 725, minimumOrderCents: 0 });
    expect(res.status).toBe(200);
    expect(res.body.towns.map((t: Town) => t.city)).toEqual(['Powell']);
    expect(res.body.unknownZips).toEqual(['99999']);
    const stale = await apply({ mode: 'zips', zipCodes: ['43065'], feeBands: bands, taxRateBps: 725, minimumOrderCents: 0, towns: ['powell', 'atlantis'] });
    expect(stale.status).toBe(400);
    expect(stale.body.error.fields.towns).toMatch(/atlantis is not in the preview/);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const res = await preview({ mode: 'radius', feeBands: [{ upToMiles: 20, feeCents: 0 }, { upToMiles: 10, feeCents: -5 }], taxRateBps: 99999, minimumOrderCents: 0 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['feeBands.1.feeCents', 'feeBands.1.upToMiles', 'radiusMiles', 'taxRateBps']);
    const missing = await preview({ ...radius(10), radiusMiles: undefined });
    expect(missing.body.error.fields).toEqual({ radiusMiles: 'Enter a number of miles' });
    expect((await preview({ ...radius(500) })).body.error.fields).toEqual({ radiusMiles: 'At most 75 miles' });
    expect((await apply({ ...radius(10), towns: [] })).body.error.fields).toEqual({ towns: 'Tick at least one town' });
  });

  it('is for owners only', async () => {
    const manager = (await staffSession(db.sql, 'manager')).cookie;
    expect((await adminCall(builder, 'POST', '/api/admin/area-builder/preview', { cookie: manager, body: radius(10) })).status).toBe(403);
  });
});
