import { overwriteOnConflict, type Database, type Sql } from '../db/index.server';
import { serviceAreaColumns, serviceAreaFromRow, serviceAreaInput, type ServiceAreaInput, type ServiceAreaRow } from './schema';
import type { ServiceArea } from './types';
import type { TownRedirectInput } from './town-redirects';
import { buildsLandingPages } from './landing-pages';
import { listCategories } from '../catalog/index.server';

/** Creates or updates a service area by slug and makes its ZIP list exactly the given one. */
export async function saveServiceArea(sql: Database, input: ServiceAreaInput): Promise<string> {
  const a = serviceAreaInput.parse(input);
  const columns = serviceAreaColumns(a);
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into service_areas ${tx(columns)}
      ${overwriteOnConflict(tx, columns, ['slug'])}, updated_at = now()
      returning id`;
    const id = row!.id;
    await tx`delete from service_area_zips where service_area_id = ${id} and zip <> all(${a.zipCodes})`;
    for (const zip of a.zipCodes) {
      // A ZIP already owned by another area is a real conflict: let the primary key report it.
      await tx`insert into service_area_zips (zip, service_area_id) values (${zip}, ${id}) on conflict (zip) do nothing`;
      const [owner] = await tx<{ service_area_id: string }[]>`select service_area_id from service_area_zips where zip = ${zip}`;
      if (owner?.service_area_id !== id) throw new Error(`ZIP ${zip} already belongs to another service area`);
    }
    return id;
  });
}

export async function listServiceAreas(sql: Sql): Promise<ServiceArea[]> {
  const rows = await sql<ServiceAreaRow[]>`
    select a.id, a.slug, a.city, a.state, a.county, a.delivery_fee_cents, a.tax_rate_bps, a.minimum_order_cents,
      coalesce(array_agg(z.zip order by z.zip) filter (where z.zip is not null), '{}') as zip_codes
    from service_areas a left join service_area_zips z on z.service_area_id = a.id
    where a.active
    group by a.id
    order by a.delivery_fee_cents, a.city`;
  return rows.map(serviceAreaFromRow);
}

/**
 * Service area id → the slugs it had before staff renamed it (service_area_old_slugs), the latest left
 * first and each once (an area renamed across a state line keeps a slug twice), in one query: the build
 * finds a renamed town's content file by them (cityContentId).
 */
export async function oldSlugsByArea(sql: Sql): Promise<Map<string, string[]>> {
  const rows = await sql<{ service_area_id: string; slug: string }[]>`
    select service_area_id, slug from service_area_old_slugs order by service_area_id, left_at desc, slug`;
  const byArea = new Map<string, string[]>();
  for (const { service_area_id: id, slug } of rows) {
    const slugs = byArea.get(id) ?? [];
    if (!slugs.includes(slug)) slugs.push(slug);
    byArea.set(id, slugs);
  }
  return byArea;
}

/**
 * Service area id → the products most booked for addresses in it (up to `perArea`, most first), in
 * one query for every area: the build asks once, not once per city. Cancelled, expired and
 * unpaid-hold bookings do not count.
 */
export async function popularProductsByArea(sql: Sql, perArea = 6): Promise<Map<string, string[]>> {
  const rows = await sql<{ service_area_id: string; product_ids: string[] }[]>`
    select service_area_id, array_agg(product_id order by rank) as product_ids
    from (
      select b.service_area_id, i.product_id,
        row_number() over (partition by b.service_area_id order by count(*) desc, sum(i.quantity) desc, i.product_id) as rank
      from bookings b join booking_items i on i.booking_id = b.id
      where b.service_area_id is not null and b.status not in ('hold', 'cancelled', 'expired')
      group by b.service_area_id, i.product_id
    ) ranked
    where rank <= ${perArea}
    group by service_area_id`;
  return new Map(rows.map((r) => [r.service_area_id, r.product_ids]));
}

/**
 * What the redirects of switched-off and renamed towns are made from (townRedirects), read at build:
 * the areas off now that were on once, the areas on now, the old addresses of published areas (the
 * latest left first), every category's slug and those that build pages, and whether Spanish is offered.
 */
export async function townRedirectInput(sql: Sql): Promise<TownRedirectInput> {
  const [switchedOff, served, renamed, categories, built, [settings]] = await Promise.all([
    sql<{ slug: string; state: string }[]>`select slug, state from service_areas where not active and first_active_at is not null order by slug`,
    sql<{ slug: string; state: string }[]>`select slug, state from service_areas where active order by slug`,
    sql<{ old_slug: string; old_state: string; slug: string; state: string; active: boolean }[]>`
      select o.slug as old_slug, o.state as old_state, a.slug, a.state, a.active
      from service_area_old_slugs o join service_areas a on a.id = o.service_area_id
      order by o.left_at desc, o.slug, o.state`,
    sql<{ slug: string }[]>`select slug from categories order by slug`,
    // The categories the build makes landing pages and checklists for, by the build's own test.
    listCategories(sql),
    sql<{ offer_spanish: boolean }[]>`select offer_spanish from business_settings where id`,
  ]);
  return {
    switchedOff: switchedOff.map(({ slug, state }) => ({ slug, state })),
    served: served.map(({ slug, state }) => ({ slug, state })),
    renamed: renamed.map((r) => ({ old: { slug: r.old_slug, state: r.old_state }, now: { slug: r.slug, state: r.state }, active: r.active })),
    serviceSlugs: categories.map((c) => c.slug),
    builtServiceSlugs: built.filter(buildsLandingPages).map((c) => c.slug),
    // No settings row yet (a database being set up): Spanish is on by default (offer_spanish's default).
    spanishOffered: settings?.offer_spanish ?? true,
  };
}
