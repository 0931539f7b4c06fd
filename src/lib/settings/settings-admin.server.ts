import { listTrucks, type TruckDto } from '../day/index.server';
import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { textsConfigured } from '../texts/index.server';
import { stripeConfigured } from '../stripe/index.server';
import { couponColumns, couponFromRow, couponInput, type CouponInput, type CouponRow } from '../pricing';
import { businessSettings, type BusinessSettings } from '../business';
import { serviceAreaColumns, serviceAreaFromRow, type ServiceAreaRow } from '../locations';
import { getSettings, saveSettings } from '../business/index.server';
import { changedPageFields, sectionLabels, sectionValues, settingsSections, type ServiceAreaBody, type SettingsSection, type siteSection } from './settings-admin';
import type { z } from '../validation';
import { logoUrl } from './logo';
import type { BusinessLogo } from './logo.server';
import { auditedChange } from '../admin/index.server';
import { productChoices } from '../catalog/index.server';
import { embedChoices } from '../embed/index.server';
import { type TruckBody } from '../day';

export interface ServiceAreaDto extends ServiceAreaBody {
  id: string;
  bookings: number;
}

export interface CouponDto extends CouponInput {
  id: string;
  timesUsed: number;
  createdAt: string;
}

/**
 * Saves one section over the current settings, audited; a change to fields the static pages show
 * asks for a rebuild. The section's own schema checks the input (each section has different fields).
 */
export async function saveSettingsSection(db: Database, section: SettingsSection, input: unknown, audit: Audit) {
  const values = settingsSections[section].parse(input);
  const saved = await auditedChange(db, audit, {
    change: async (tx) => {
      if (section === 'site') await checkGenerator(tx, (values as z.output<typeof siteSection>).siteRules.generatorProductSlug);
      const { current, next, pageFields } = await mergeSettings(tx, values);
      return { before: sectionValues(current, section), after: sectionValues(next, section), pageFields };
    },
    audit: ({ before, after }) => ({ action: `settings.${section}`, entity: 'business_settings', entityId: section, before, after }),
    rebuild: ({ pageFields }) => pageFields.length > 0 && `${sectionLabels[section]} changed: ${pageFields.join(', ')}`,
  });
  return { section, values: saved.after, rebuild: saved.pageFields.length > 0 };
}

/** The generator the site rules name is a product staff can see in the catalog, shown on the site (a hidden one is never added). */
async function checkGenerator(tx: Sql, slug: string | null): Promise<void> {
  if (slug === null) return;
  const product = (await productChoices(tx)).find((p) => p.slug === slug);
  const field = 'siteRules.generatorProductSlug';
  if (!product) throw fieldError(field, 'That product is not in the catalog. Choose one, or none.');
  if (!product.active) throw fieldError(field, `${product.name} is hidden from the site, so it cannot be added to a booking. Show it first, or choose another.`);
}

/**
 * Writes some settings over the current ones (validated again as a whole), in the caller's
 * transaction. The single row is locked: two owners saving different parts must not undo each other.
 */
export async function mergeSettings(tx: Sql, values: Partial<BusinessSettings>): Promise<{ current: BusinessSettings; next: BusinessSettings; pageFields: string[] }> {
  await tx`select 1 from business_settings where id for update`;
  const current = await getSettings(tx);
  const next = businessSettings.parse({ ...current, ...values });
  await saveSettings(tx, next);
  return { current, next, pageFields: changedPageFields(current, next) };
}

/** Everything the settings screen shows. */
export async function settingsOverview(sql: Sql) {
  const [settings, serviceAreas, coupons, trucks, products, embed] = await Promise.all([settingsDto(sql), listAllServiceAreas(sql), listCoupons(sql), listTrucks(sql), productChoices(sql), embedChoices(sql)]);
  // The products are the choices of the site rules' generator; the website widget's snippet offers what its elements show.
  return {
    settings,
    serviceAreas,
    coupons,
    trucks,
    products,
    embedChoices: embed,
    stripeConfigured: stripeConfigured(),
    textsConfigured: textsConfigured(),
  };
}

export async function settingsDto(sql: Sql): Promise<Record<SettingsSection, Partial<BusinessSettings>> & { timezone: string; currency: string; logo: BusinessLogo }> {
  const s = await getSettings(sql);
  return { profile: sectionValues(s, 'profile'), booking: sectionValues(s, 'booking'), payments: sectionValues(s, 'payments'), reminders: sectionValues(s, 'reminders'), warehouse: sectionValues(s, 'warehouse'), protection: sectionValues(s, 'protection'), changes: sectionValues(s, 'changes'), texts: sectionValues(s, 'texts'), site: sectionValues(s, 'site'), embed: sectionValues(s, 'embed'), timezone: s.timezone, currency: s.currency, logo: { logoPath: s.logoPath, logoUrl: logoUrl(s.logoPath) } };
}

interface AreaRow extends ServiceAreaRow {
  active: boolean;
  bookings: number;
}

/** Every service area, active or not, with its ZIP codes and how many bookings point at it. */
export async function listAllServiceAreas(sql: Sql, id?: string): Promise<ServiceAreaDto[]> {
  const rows = await sql<AreaRow[]>`
    select a.id, a.slug, a.city, a.state, a.county, a.delivery_fee_cents, a.tax_rate_bps, a.minimum_order_cents, a.active,
      coalesce((select array_agg(z.zip order by z.zip) from service_area_zips z where z.service_area_id = a.id), '{}') as zip_codes,
      (select count(*)::int from bookings b where b.service_area_id = a.id) as bookings
    from service_areas a
    where ${id ?? null}::uuid is null or a.id = ${id ?? null}::uuid
    order by a.active desc, a.city`;
  return rows.map((r) => ({ ...serviceAreaFromRow(r), active: r.active, bookings: r.bookings }));
}

async function getServiceArea(sql: Sql, id: string): Promise<ServiceAreaDto> {
  const [area] = await listAllServiceAreas(sql, id);
  if (!area) throw new AppError('not_found', 'No such service area.');
  return area;
}

/**
 * Creates (id null) or updates a service area and makes its ZIP list exactly the given one.
 * A ZIP belongs to one area only, so a ZIP another area serves is a field error naming that area.
 */
async function saveServiceAreaById(tx: Sql, id: string | null, a: ServiceAreaBody): Promise<{ before: ServiceAreaDto | null; after: ServiceAreaDto }> {
  const before = id ? await getServiceArea(tx, id) : null;
  const [clash] = await tx<{ field: string }[]>`
    select case when slug = ${a.slug} then 'slug' else 'city' end as field from service_areas
    where (slug = ${a.slug} or (lower(city) = lower(${a.city}) and state = ${a.state})) and id is distinct from ${id}::uuid`;
  if (clash?.field === 'slug') throw fieldError('slug', 'Another service area already uses this slug.');
  if (clash) throw fieldError('city', 'This city already has a service area.');
  const owned = await tx<{ zip: string; city: string }[]>`
    select z.zip, a.city from service_area_zips z join service_areas a on a.id = z.service_area_id
    where z.zip = any(${a.zipCodes}) and z.service_area_id is distinct from ${id}::uuid order by z.zip`;
  if (owned.length > 0) {
    throw fieldError('zipCodes', `${owned.map((o) => `${o.zip} (${o.city})`).join(', ')} already belong to another area. Remove them there first.`);
  }
  const values = serviceAreaColumns(a);
  const [row] = id
    ? await tx<{ id: string }[]>`update service_areas set ${tx(values)}, updated_at = now() where id = ${id} returning id`
    : await tx<{ id: string }[]>`insert into service_areas ${tx(values)} returning id`;
  const areaId = row!.id;
  await tx`delete from service_area_zips where service_area_id = ${areaId} and zip <> all(${a.zipCodes})`;
  await tx`insert into service_area_zips (zip, service_area_id) select unnest(${a.zipCodes}::text[]), ${areaId} on conflict (zip) do nothing`;
  return { before, after: await getServiceArea(tx, areaId) };
}

/** Service areas decide the landing pages and the cities pages name: every change asks for a rebuild. */
export async function createServiceArea(db: Database, input: ServiceAreaBody, audit: Audit): Promise<ServiceAreaDto> {
  const { after } = await auditedChange(db, audit, {
    change: (tx) => saveServiceAreaById(tx, null, input),
    audit: ({ after }) => ({ action: 'service_area.create', entity: 'service_area', entityId: after.id, before: null, after }),
    rebuild: ({ after }) => `Service area ${after.city} added`,
  });
  return after;
}

export async function updateServiceArea(db: Database, id: string, input: ServiceAreaBody, audit: Audit): Promise<ServiceAreaDto> {
  const { after } = await auditedChange(db, audit, {
    change: (tx) => saveServiceAreaById(tx, id, input),
    audit: ({ before, after }) => ({ action: 'service_area.update', entity: 'service_area', entityId: id, before, after }),
    rebuild: ({ after }) => `Service area ${after.city} changed`,
  });
  return after;
}

interface AdminCouponRow extends CouponRow {
  description: string;
  created_at: Date;
}

const toCoupon = (r: AdminCouponRow): CouponDto => ({ ...couponFromRow(r), description: r.description, createdAt: r.created_at.toISOString() });

export async function listCoupons(sql: Sql, id?: string): Promise<CouponDto[]> {
  const rows = await sql<AdminCouponRow[]>`
    select id, code, description, kind, percent_off, amount_off_cents, starts_on::text, ends_on::text, usage_limit,
      times_used, minimum_order_cents, active, created_at
    from coupons where ${id ?? null}::uuid is null or id = ${id ?? null}::uuid
    order by active desc, code`;
  return rows.map(toCoupon);
}

/** Creates (id null) or updates a coupon. Codes are unique; a limit below the uses so far is refused. */
async function saveCouponById(tx: Sql, id: string | null, input: CouponInput): Promise<{ before: CouponDto | null; after: CouponDto }> {
  const c = couponInput.parse(input);
  const [before] = id ? await listCoupons(tx, id) : [null];
  if (id && !before) throw new AppError('not_found', 'No such coupon.');
  const [taken] = await tx`select 1 from coupons where code = ${c.code} and id is distinct from ${id}::uuid`;
  if (taken) throw fieldError('code', 'Another coupon already uses this code.');
  if (before && c.usageLimit !== null && c.usageLimit < before.timesUsed) {
    throw fieldError('usageLimit', `This coupon has been used ${before.timesUsed} times already: the limit cannot be lower.`);
  }
  const [row] = id
    ? await tx<{ id: string }[]>`update coupons set ${tx(couponColumns(c))} where id = ${id} returning id`
    : await tx<{ id: string }[]>`insert into coupons ${tx(couponColumns(c))} returning id`;
  const [after] = await listCoupons(tx, row!.id);
  return { before: before ?? null, after: after! };
}

/** Coupons are typed at checkout and shown on no static page: no rebuild. */
export const { create: createCoupon, update: updateCoupon } = switchedOffNotDeleted('coupon', saveCouponById);

/** Creates (id null) or updates a truck; names are unique whatever their case, so the day screen never shows two alike. */
async function saveTruckById(tx: Sql, id: string | null, input: TruckBody): Promise<{ before: TruckDto | null; after: TruckDto }> {
  const [before] = id ? await listTrucks(tx, id) : [null];
  if (id && !before) throw new AppError('not_found', 'No such truck.');
  const [taken] = await tx`select 1 from trucks where lower(name) = lower(${input.name}) and id is distinct from ${id}::uuid`;
  if (taken) throw fieldError('name', 'Another truck already has this name.');
  const values = { name: input.name, active: input.active, sort_order: input.sortOrder };
  const [row] = id
    ? await tx<{ id: string }[]>`update trucks set ${tx(values)}, updated_at = now() where id = ${id} returning id`
    : await tx<{ id: string }[]>`insert into trucks ${tx(values)} returning id`;
  const [after] = await listTrucks(tx, row!.id);
  return { before: before ?? null, after: after! };
}

/** Trucks appear on no public page: no rebuild. */
export const { create: createTruck, update: updateTruck } = switchedOffNotDeleted('truck', saveTruckById);

/**
 * Audited create and update of a record staff switch off rather than delete (a coupon, a truck) and
 * that no static page shows (no rebuild): an update that switches it off is audited as a deactivation.
 */
function switchedOffNotDeleted<Input, Dto extends { id: string; active: boolean }>(
  entity: 'coupon' | 'truck',
  save: (tx: Sql, id: string | null, input: Input) => Promise<{ before: Dto | null; after: Dto }>,
) {
  const create = async (db: Database, input: Input, audit: Audit): Promise<Dto> => {
    const { after } = await auditedChange(db, audit, {
      change: (tx) => save(tx, null, input),
      audit: ({ after }) => ({ action: `${entity}.create`, entity, entityId: after.id, before: null, after }),
    });
    return after;
  };
  const update = async (db: Database, id: string, input: Input, audit: Audit): Promise<Dto> => {
    const { after } = await auditedChange(db, audit, {
      change: (tx) => save(tx, id, input),
      audit: ({ before, after }) => ({ action: `${entity}.${before?.active && !after.active ? 'deactivate' : 'update'}`, entity, entityId: id, before, after }),
    });
    return after;
  };
  return { create, update };
}
