import { overwriteOnConflict, type Database, type Sql } from '../db/index.server';
import { categoryInput, productInput, unitInput, type CategoryInput, type CategoryInputDraft, type ProductInput, type ProductInputDraft, type UnitInput } from './schema';
import type { Category, Product } from './types';
import { siteRequirementColumns, type siteRequirementFields } from './site-requirements';

/**
 * The fields a staff save may leave out to keep what is stored (see catalog-admin's schema): there
 * they may be undefined, and the columns with them. An insert stores such a column as null
 * (filledColumns), an update leaves it alone (sentColumns).
 */
type KeptWhenLeftOut<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | undefined };
type CategoryFields = KeptWhenLeftOut<CategoryInput, 'nameEs' | 'summaryEs' | 'descriptionEs'>;
type ProductFields = KeptWhenLeftOut<
  Omit<ProductInput, 'categorySlug' | 'photos' | 'packageItems'>,
  'nameEs' | 'shortDescriptionEs' | 'descriptionEs' | 'includedEs' | keyof typeof siteRequirementFields
>;

type Filled<T> = { [K in keyof T]: Exclude<T[K], undefined> | (undefined extends T[K] ? null : never) };
/** For an insert: a column left out has nothing stored to keep, so it is null (postgres.js refuses undefined). */
export const filledColumns = <T extends Record<string, unknown>>(columns: T): Filled<T> =>
  Object.fromEntries(Object.entries(columns).map(([key, value]) => [key, value === undefined ? null : value])) as Filled<T>;
/** For an update: only the columns sent, so one left out keeps its stored value. */
export const sentColumns = <T extends Record<string, unknown>>(columns: T): Partial<Filled<T>> =>
  Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<Filled<T>>;

/** The categories columns of a category's fields: one mapping for the seed and for staff edits. */
export function categoryColumns(c: CategoryFields) {
  return {
    slug: c.slug,
    name: c.name,
    kind: c.kind,
    summary: c.summary,
    description: c.description,
    name_es: c.nameEs,
    summary_es: c.summaryEs,
    description_es: c.descriptionEs,
    image_url: c.imageUrl,
    sort_order: c.sortOrder,
    seo_title: c.seoTitle,
    seo_description: c.seoDescription,
    active: c.active,
  };
}

/** Creates or updates a category by slug; returns its id. */
export async function saveCategory(sql: Sql, input: CategoryInputDraft): Promise<string> {
  const columns = categoryColumns(categoryInput.parse(input));
  const [row] = await sql<{ id: string }[]>`
    insert into categories ${sql(columns)}
    ${overwriteOnConflict(sql, columns, ['slug'])}, updated_at = now()
    returning id`;
  return row!.id;
}

/** The products columns of a product's own fields: one mapping for the seed and for staff edits. */
export function productColumns(p: ProductFields, categoryId: string) {
  return {
    category_id: categoryId,
    slug: p.slug,
    name: p.name,
    short_description: p.shortDescription,
    description: p.description,
    name_es: p.nameEs,
    short_description_es: p.shortDescriptionEs,
    description_es: p.descriptionEs,
    included: p.included,
    included_es: p.includedEs,
    length_ft: p.lengthFt,
    width_ft: p.widthFt,
    height_ft: p.heightFt,
    space_length_ft: p.spaceLengthFt,
    space_width_ft: p.spaceWidthFt,
    capacity: p.capacity,
    age_min: p.ageMin,
    age_max: p.ageMax,
    outlets_required: p.outletsRequired,
    blower_hp: p.blowerHp,
    water_hookup: p.waterHookup,
    surfaces: p.surfaces,
    ...siteRequirementColumns(p),
    setup_minutes: p.setupMinutes,
    teardown_minutes: p.teardownMinutes,
    pricing_unit: p.pricingUnit,
    base_price_cents: p.basePriceCents,
    base_hours: p.baseHours,
    half_day_price_cents: p.halfDayPriceCents,
    extra_day_price_cents: p.extraDayPriceCents,
    tracks_inventory: p.tracksInventory,
    featured: p.featured,
    sort_order: p.sortOrder,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    active: p.active,
    cake_base_servings: p.cakeBaseServings,
    cake_base_tiers: p.cakeBaseTiers,
    cake_max_tiers: p.cakeMaxTiers,
  };
}

/** Creates or updates a product by slug, replacing its photos and package contents; returns its id. */
export async function saveProduct(sql: Database, input: ProductInputDraft): Promise<string> {
  const p = productInput.parse(input);
  return sql.begin(async (tx) => {
    const [category] = await tx<{ id: string }[]>`select id from categories where slug = ${p.categorySlug}`;
    if (!category) throw new Error(`Unknown category "${p.categorySlug}"`);
    const columns = productColumns(p, category.id);
    const [row] = await tx<{ id: string }[]>`
      insert into products ${tx(columns)}
      ${overwriteOnConflict(tx, columns, ['slug'])}, updated_at = now()
      returning id`;
    const id = row!.id;
    await tx`delete from product_photos where product_id = ${id}`;
    for (const [i, photo] of p.photos.entries()) {
      await tx`insert into product_photos (product_id, url, alt, alt_es, sort_order) values (${id}, ${photo.url}, ${photo.alt}, ${photo.altEs}, ${i})`;
    }
    await tx`delete from package_items where package_id = ${id}`;
    for (const item of p.packageItems) {
      const [found] = await tx<{ id: string }[]>`select id from products where slug = ${item.slug}`;
      if (!found) throw new Error(`Package "${p.slug}" includes unknown product "${item.slug}"`);
      await tx`insert into package_items (package_id, item_id, quantity) values (${id}, ${found.id}, ${item.quantity})`;
    }
    return id;
  });
}

/** Creates or updates one physical unit of a product, identified by its label. */
export async function saveUnit(sql: Sql, productId: string, input: UnitInput): Promise<string> {
  const u = unitInput.parse(input);
  const columns = {
    product_id: productId,
    label: u.label,
    status: u.status,
    notes: u.notes,
    purchased_on: u.purchasedOn,
    purchase_cost_cents: u.purchaseCostCents,
  };
  const [row] = await sql<{ id: string }[]>`
    insert into inventory_units ${sql(columns)}
    ${overwriteOnConflict(sql, columns, ['product_id', 'label'])}, updated_at = now()
    returning id`;
  return row!.id;
}

/** The columns of a category's own fields as read back, whatever else the query selects. */
export interface CategoryFieldsRow {
  slug: string;
  name: string;
  kind: Category['kind'];
  summary: string;
  description: string;
  name_es: string | null;
  summary_es: string | null;
  description_es: string | null;
  image_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
}

/** A category's own fields from its row: the reverse of categoryColumns, for the public catalog and the admin alike. */
export function categoryFieldsFromRow(r: CategoryFieldsRow) {
  return {
    slug: r.slug,
    name: r.name,
    kind: r.kind,
    summary: r.summary,
    description: r.description,
    nameEs: r.name_es,
    summaryEs: r.summary_es,
    descriptionEs: r.description_es,
    imageUrl: r.image_url,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
  };
}

export async function listCategories(sql: Sql): Promise<Category[]> {
  const rows = await sql<(CategoryFieldsRow & { id: string; product_count: number })[]>`
    select c.id, c.slug, c.name, c.kind, c.summary, c.description, c.name_es, c.summary_es, c.description_es, c.image_url, c.seo_title, c.seo_description,
      (select count(*)::int from products p where p.category_id = c.id and p.active) as product_count
    from categories c where c.active order by c.sort_order, c.name`;
  return rows.map((r) => ({ id: r.id, ...categoryFieldsFromRow(r), productCount: r.product_count }));
}

/**
 * The columns of what booking needs of a product besides its name (price, buffers, whether units are
 * counted), as read back: the catalog, the admin editor and booking map them with productPricingFromRow.
 */
export interface ProductPricingRow {
  setup_minutes: number | null;
  teardown_minutes: number | null;
  pricing_unit: Product['pricingUnit'];
  base_price_cents: number;
  base_hours: number;
  half_day_price_cents: number | null;
  extra_day_price_cents: number | null;
  tracks_inventory: boolean;
}

/** The columns of a product's own fields as read back, whatever else the query selects. */
export interface ProductFieldsRow extends ProductPricingRow {
  slug: string;
  name: string;
  short_description: string;
  description: string;
  name_es: string | null;
  short_description_es: string | null;
  description_es: string | null;
  included: string[];
  included_es: string[] | null;
  length_ft: string | null;
  width_ft: string | null;
  height_ft: string | null;
  space_length_ft: string | null;
  space_width_ft: string | null;
  capacity: number | null;
  age_min: number | null;
  age_max: number | null;
  outlets_required: number;
  blower_hp: string | null;
  water_hookup: boolean;
  surfaces: Product['surfaces'];
  stakes_needed: number | null;
  sandbags_needed: number | null;
  clearance_ft: string | null;
  outlet_run_ft: number | null;
  circuit_amps: number | null;
  access_width_in: number | null;
  max_stair_flights: number | null;
  overnight_allowed: boolean | null;
  featured: boolean;
  seo_title: string | null;
  seo_description: string | null;
  cake_base_servings: number | null;
  cake_base_tiers: number | null;
  cake_max_tiers: number | null;
}

interface ProductRow extends ProductFieldsRow {
  id: string;
  category_slug: string;
  category_name: string;
  category_name_es: string | null;
  category_kind: Category['kind'];
  /** Falls back to the business defaults in the query. */
  setup_minutes: number;
  teardown_minutes: number;
  photos: Product['photos'];
  package_items: { slug: string; name: string; nameEs: string | null; quantity: number }[];
  unit_count: number;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * A product's price, buffers and inventory flag from its row: the one mapping of these columns, for the
 * catalog, the admin editor and booking. Buffers keep the row's type: a query that fills them from the
 * business defaults gets numbers, the editor gets them as entered (null for "the default").
 */
export function productPricingFromRow<R extends ProductPricingRow>(r: R) {
  return {
    setupMinutes: r.setup_minutes as R['setup_minutes'],
    teardownMinutes: r.teardown_minutes as R['teardown_minutes'],
    pricingUnit: r.pricing_unit,
    basePriceCents: r.base_price_cents,
    baseHours: r.base_hours,
    halfDayPriceCents: r.half_day_price_cents,
    extraDayPriceCents: r.extra_day_price_cents,
    tracksInventory: r.tracks_inventory,
  };
}

/**
 * A product's own fields from its row: the reverse of productColumns, for the public catalog and the
 * admin editor alike (each adds what its query joins in); its price and buffers are productPricingFromRow's.
 */
export function productFieldsFromRow<R extends ProductFieldsRow>(r: R) {
  return {
    slug: r.slug,
    name: r.name,
    shortDescription: r.short_description,
    description: r.description,
    nameEs: r.name_es,
    shortDescriptionEs: r.short_description_es,
    descriptionEs: r.description_es,
    included: r.included,
    includedEs: r.included_es,
    lengthFt: num(r.length_ft),
    widthFt: num(r.width_ft),
    heightFt: num(r.height_ft),
    spaceLengthFt: num(r.space_length_ft),
    spaceWidthFt: num(r.space_width_ft),
    capacity: r.capacity,
    ageMin: r.age_min,
    ageMax: r.age_max,
    outletsRequired: r.outlets_required,
    blowerHp: num(r.blower_hp),
    waterHookup: r.water_hookup,
    surfaces: r.surfaces,
    stakesNeeded: r.stakes_needed,
    sandbagsNeeded: r.sandbags_needed,
    clearanceFt: num(r.clearance_ft),
    outletRunFt: r.outlet_run_ft,
    circuitAmps: r.circuit_amps,
    accessWidthIn: r.access_width_in,
    maxStairFlights: r.max_stair_flights,
    overnightAllowed: r.overnight_allowed,
    ...productPricingFromRow(r),
    featured: r.featured,
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    cakeBaseServings: r.cake_base_servings,
    cakeBaseTiers: r.cake_base_tiers,
    cakeMaxTiers: r.cake_max_tiers,
  };
}

/** Active products with everything a page shows; buffers fall back to the business defaults. */
/** The products' Spanish names by their English names (those that have one): how a Spanish page names them. */
export async function spanishProductNames(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; name_es: string }[]>`select name, name_es from products where coalesce(name_es, '') <> ''`;
  return new Map(rows.map((r) => [r.name, r.name_es]));
}

export async function listProducts(sql: Sql): Promise<Product[]> {
  const rows = await sql<ProductRow[]>`
    select p.id, p.slug, p.name, c.slug as category_slug, c.name as category_name, c.name_es as category_name_es, c.kind as category_kind,
      p.short_description, p.description, p.name_es, p.short_description_es, p.description_es, p.included, p.included_es, p.length_ft, p.width_ft, p.height_ft, p.space_length_ft, p.space_width_ft,
      p.capacity, p.age_min, p.age_max, p.outlets_required, p.blower_hp, p.water_hookup, p.surfaces,
      p.stakes_needed, p.sandbags_needed, p.clearance_ft, p.outlet_run_ft, p.circuit_amps, p.access_width_in,
      p.max_stair_flights, p.overnight_allowed,
      coalesce(p.setup_minutes, s.default_setup_minutes, 0) as setup_minutes,
      coalesce(p.teardown_minutes, s.default_teardown_minutes, 0) as teardown_minutes,
      p.pricing_unit, p.base_price_cents, p.base_hours, p.half_day_price_cents, p.extra_day_price_cents,
      p.tracks_inventory, p.featured, p.seo_title, p.seo_description, p.cake_base_servings, p.cake_base_tiers, p.cake_max_tiers,
      coalesce((select json_agg(json_build_object('url', ph.url, 'alt', ph.alt, 'altEs', ph.alt_es) order by ph.sort_order)
        from product_photos ph where ph.product_id = p.id), '[]') as photos,
      coalesce((select json_agg(json_build_object('slug', i.slug, 'name', i.name, 'nameEs', i.name_es, 'quantity', pi.quantity) order by i.name)
        from package_items pi join products i on i.id = pi.item_id where pi.package_id = p.id), '[]') as package_items,
      (select count(*)::int from inventory_units u where u.product_id = p.id and u.status = 'available') as unit_count
    from products p
    join categories c on c.id = p.category_id
    left join business_settings s on s.id
    where p.active and c.active
    order by c.sort_order, p.sort_order, p.name`;
  return rows.map((r) => ({
    id: r.id,
    ...productFieldsFromRow(r),
    categorySlug: r.category_slug,
    categoryName: r.category_name,
    categoryNameEs: r.category_name_es,
    categoryKind: r.category_kind,
    photos: r.photos,
    packageItems: r.package_items,
    unitCount: r.unit_count,
  }));
}
