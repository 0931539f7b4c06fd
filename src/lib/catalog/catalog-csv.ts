import { adminProductInput, type AdminProductFields, type AdminProductInput } from './catalog-admin';
import { surfaces, type Surface } from '../business';
import { slugify } from './slugify';
import { toCsv, type CsvColumn } from '../reports';
import { centsToDecimal } from '../money';
import { parseDecimal, parseDollars, parseWhole, parseYesNo, splitList, type CsvTable } from '../imports';

/**
 * The catalog as a CSV file: one row per product, the same columns for import and export, so an
 * export opened in a spreadsheet, edited and imported again is a round trip. Party packages'
 * contents are not in the file (a package is built from products already in the catalog, in the
 * product editor); a package exports as a product with its own price.
 *
 * Pure: the import service checks the rows against the database and the photos against their bytes.
 */

/** Every column, in the order an export writes them; docs/admin/make-it-yours.md (step 7) documents each. */
export const catalogColumns = [
  'name',
  'slug',
  'category',
  'short_description',
  'description',
  'name_es',
  'short_description_es',
  'description_es',
  'included',
  'included_es',
  'price',
  'pricing_unit',
  'hours_included',
  'half_day_price',
  'extra_day_price',
  'length_ft',
  'width_ft',
  'height_ft',
  'space_length_ft',
  'space_width_ft',
  'capacity',
  'age_min',
  'age_max',
  'outlets',
  'blower_hp',
  'water_hookup',
  'surfaces',
  'stakes',
  'sandbags',
  'clearance_ft',
  'outlet_run_ft',
  'circuit_amps',
  'access_width_in',
  'max_stair_flights',
  'overnight',
  'setup_minutes',
  'teardown_minutes',
  'cake_servings',
  'cake_tiers',
  'cake_max_tiers',
  'units',
  'featured',
  'shown',
  'sort_order',
  'seo_title',
  'seo_description',
  'photos',
  'photo_alts',
  'photo_alts_es',
] as const;
export type CatalogColumn = (typeof catalogColumns)[number];
export const requiredCatalogColumns: CatalogColumn[] = ['name', 'category', 'description', 'price'];

export const MAX_UNITS_PER_PRODUCT = 200;
export const DEFAULT_HOURS_INCLUDED = 4;

/** Where a photo comes from: an address on the web, a path on this site, or a file in the uploaded zip. */
export type PhotoRef = { kind: 'url'; url: string } | { kind: 'site'; path: string } | { kind: 'file'; name: string };

export type ProductFields = Omit<AdminProductInput, 'categoryId' | 'packageItems'>;

export interface ProductDraft {
  categoryName: string;
  fields: ProductFields;
  /** Physical units to create (labelled "Unit 1", "Unit 2", …); 0 = made to order, not counted. */
  units: number;
}

export interface CatalogRow {
  line: number;
  cells: Record<string, string>;
  /** Column → what is wrong with that cell ("_" for the row as a whole). */
  errors: Record<string, string>;
  draft: ProductDraft | null;
  /**
   * The photos the row names, kept when the row has other errors: the import checks their zip names
   * and site paths on every row, so the owner sees every problem at the first Check file.
   */
  photos: { ref: PhotoRef; alt: string; altEs: string | null }[];
}

/** The zod field a column fills, so the editor's own rules and messages name the right cell. */
const columnOfField: Record<string, CatalogColumn> = {
  name: 'name',
  slug: 'slug',
  shortDescription: 'short_description',
  description: 'description',
  nameEs: 'name_es',
  shortDescriptionEs: 'short_description_es',
  descriptionEs: 'description_es',
  included: 'included',
  includedEs: 'included_es',
  basePriceCents: 'price',
  pricingUnit: 'pricing_unit',
  baseHours: 'hours_included',
  halfDayPriceCents: 'half_day_price',
  extraDayPriceCents: 'extra_day_price',
  lengthFt: 'length_ft',
  widthFt: 'width_ft',
  heightFt: 'height_ft',
  spaceLengthFt: 'space_length_ft',
  spaceWidthFt: 'space_width_ft',
  capacity: 'capacity',
  ageMin: 'age_min',
  ageMax: 'age_max',
  outletsRequired: 'outlets',
  blowerHp: 'blower_hp',
  waterHookup: 'water_hookup',
  surfaces: 'surfaces',
  stakesNeeded: 'stakes',
  sandbagsNeeded: 'sandbags',
  clearanceFt: 'clearance_ft',
  outletRunFt: 'outlet_run_ft',
  circuitAmps: 'circuit_amps',
  accessWidthIn: 'access_width_in',
  maxStairFlights: 'max_stair_flights',
  overnightAllowed: 'overnight',
  setupMinutes: 'setup_minutes',
  teardownMinutes: 'teardown_minutes',
  cakeBaseServings: 'cake_servings',
  cakeBaseTiers: 'cake_tiers',
  cakeMaxTiers: 'cake_max_tiers',
  featured: 'featured',
  active: 'shown',
  sortOrder: 'sort_order',
  seoTitle: 'seo_title',
  seoDescription: 'seo_description',
};

/** "https://…" a web address, "/…" a path on this site, anything else a file name in the zip. */
export function photoRef(text: string, siteOrigin: string): PhotoRef | 'invalid' {
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'invalid';
    }
    // This site's own photos (an export of this catalog) are taken from here, not fetched.
    if (url.origin === new URL(siteOrigin).origin) return { kind: 'site', path: url.pathname };
    return { kind: 'url', url: url.href };
  }
  if (text.startsWith('/')) return /^\/[\w\-./]+$/.test(text) && !text.includes('..') ? { kind: 'site', path: text } : 'invalid';
  // A file name in the zip, possibly in a folder of it; never a way out of it.
  if (text.includes('..') || text.includes('\\') || [...text].some((c) => c.charCodeAt(0) < 32)) return 'invalid';
  return { kind: 'file', name: text };
}

/** The first sentence of the description (at most 300 characters), when no short description is given. */
function shortFrom(description: string): string {
  const sentence = /^.*?[.!?](\s|$)/.exec(description)?.[0]?.trim() ?? description;
  return sentence.length <= 300 ? sentence : `${sentence.slice(0, 299).trimEnd()}…`;
}

const PLACEHOLDER_CATEGORY = '00000000-0000-4000-8000-000000000000';

/** One row's cells → a product draft and the errors of its cells (pure; the database is checked later). */
export function parseCatalogRow(line: number, cells: Record<string, string>, problems: Record<string, string>, siteOrigin: string, decimalComma = false): CatalogRow {
  const errors: Record<string, string> = { ...problems };
  const cell = (c: CatalogColumn) => cells[c] ?? '';
  const set = (c: CatalogColumn | '_', message: string) => {
    errors[c] ??= message;
  };

  const number = <T>(c: CatalogColumn, value: T | 'invalid', message: string): T | null => {
    if (value === 'invalid') {
      set(c, message);
      return null;
    }
    return value;
  };
  // The examples in the file's own decimal mark: a semicolon-separated file writes 185,50.
  const point = decimalComma ? ',' : '.';
  const money = (c: CatalogColumn) => number(c, parseDollars(cell(c), decimalComma), `Enter an amount in dollars, e.g. 185 or 185${point}50`);
  const decimal = (c: CatalogColumn) => number(c, parseDecimal(cell(c), decimalComma), `Enter a number, e.g. 15 or 15${point}5`);
  const whole = (c: CatalogColumn) => number(c, parseWhole(cell(c)), 'Enter a whole number');
  const yesNo = (c: CatalogColumn, fallback: boolean) => {
    const v = parseYesNo(cell(c), fallback);
    if (v === 'invalid') {
      set(c, 'Enter yes or no');
      return fallback;
    }
    return v;
  };
  // A site rule's yes/no: blank is "no rule" (null), not a default.
  const yesNoOrBlank = (c: CatalogColumn) => (cell(c) === '' ? null : yesNo(c, false));

  const name = cell('name');
  const description = cell('description');
  const pricingUnit = (cell('pricing_unit').toLowerCase() || 'rental') as 'rental' | 'each';
  if (!['rental', 'each'].includes(pricingUnit)) set('pricing_unit', 'Enter rental or each');
  const surfaceList = splitList(cell('surfaces').toLowerCase());
  const unknownSurface = surfaceList.find((s) => !(surfaces as readonly string[]).includes(s));
  if (unknownSurface) set('surfaces', `Unknown surface “${unknownSurface}”; use ${surfaces.join(', ')} separated by |`);

  const units = whole('units') ?? 1;
  if (units < 0 || units > MAX_UNITS_PER_PRODUCT) set('units', `Enter 0 (made to order) to ${MAX_UNITS_PER_PRODUCT}`);

  const candidate = {
    categoryId: PLACEHOLDER_CATEGORY,
    slug: cell('slug') || slugify(name),
    name,
    shortDescription: cell('short_description') || shortFrom(description),
    description,
    // Spanish (issue #40): blank is "not translated"; a Spanish description without a short one gives its first sentence.
    nameEs: cell('name_es') || null,
    shortDescriptionEs: cell('short_description_es') || (cell('description_es') ? shortFrom(cell('description_es')) : null),
    descriptionEs: cell('description_es') || null,
    included: splitList(cell('included')),
    // Blank: no Spanish list, the Spanish pages show the English one.
    includedEs: splitList(cell('included_es')),
    lengthFt: decimal('length_ft'),
    widthFt: decimal('width_ft'),
    heightFt: decimal('height_ft'),
    spaceLengthFt: decimal('space_length_ft'),
    spaceWidthFt: decimal('space_width_ft'),
    capacity: whole('capacity'),
    ageMin: whole('age_min'),
    ageMax: whole('age_max'),
    outletsRequired: whole('outlets') ?? 0,
    blowerHp: decimal('blower_hp'),
    waterHookup: yesNo('water_hookup', false),
    surfaces: unknownSurface ? [] : ([...new Set(surfaceList)] as Surface[]),
    // The site requirements: blank is no rule; the editor's schema checks the ranges.
    stakesNeeded: whole('stakes'),
    sandbagsNeeded: whole('sandbags'),
    clearanceFt: decimal('clearance_ft'),
    outletRunFt: whole('outlet_run_ft'),
    circuitAmps: whole('circuit_amps'),
    accessWidthIn: whole('access_width_in'),
    maxStairFlights: whole('max_stair_flights'),
    overnightAllowed: yesNoOrBlank('overnight'),
    setupMinutes: whole('setup_minutes'),
    teardownMinutes: whole('teardown_minutes'),
    pricingUnit,
    basePriceCents: cell('price') === '' ? undefined : money('price'),
    baseHours: whole('hours_included') ?? DEFAULT_HOURS_INCLUDED,
    halfDayPriceCents: money('half_day_price'),
    extraDayPriceCents: money('extra_day_price'),
    tracksInventory: units > 0,
    featured: yesNo('featured', false),
    sortOrder: whole('sort_order') ?? 0,
    seoTitle: cell('seo_title') || null,
    seoDescription: cell('seo_description') || null,
    active: yesNo('shown', true),
    cakeBaseServings: whole('cake_servings'),
    cakeBaseTiers: whole('cake_tiers'),
    cakeMaxTiers: whole('cake_max_tiers'),
    packageItems: [],
  };
  if (!cell('price')) set('price', 'Enter the price in dollars');
  if (!cell('category')) set('category', 'Enter a category name');
  else if (cell('category').length > 80) set('category', 'Use at most 80 characters');
  if (!cell('slug') && name && !candidate.slug) set('slug', 'Enter a web address name (the name has no letters or digits to make one from)');

  const parsed = adminProductInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfField[String(issue.path[0])];
      if (column) set(column, issue.message);
      else set('_', issue.message);
    }
  }

  const photoTexts = splitList(cell('photos'));
  const alts = cell('photo_alts') ? cell('photo_alts').split('|').map((a) => a.trim()) : [];
  // In Spanish, photo for photo; a blank one is "not translated" (the Spanish pages show the English).
  const altsEs = cell('photo_alts_es') ? cell('photo_alts_es').split('|').map((a) => a.trim()) : [];
  const photos: CatalogRow['photos'] = [];
  if (photoTexts.length > 20) set('photos', 'At most 20 photos per product');
  if (alts.length > photoTexts.length) set('photo_alts', 'More descriptions than photos');
  if (altsEs.length > photoTexts.length) set('photo_alts_es', 'More descriptions than photos');
  if (new Set(photoTexts.map((t) => t.toLowerCase())).size !== photoTexts.length) set('photos', 'The same photo is named twice');
  for (const [i, text] of photoTexts.entries()) {
    const ref = photoRef(text, siteOrigin);
    if (ref === 'invalid') {
      set('photos', `“${text}” is neither an https:// address nor a file name in the zip`);
      continue;
    }
    const alt = alts[i] || (photoTexts.length > 1 ? `${name}, photo ${i + 1}` : name);
    if (alt.length > 200) set('photo_alts', 'Use at most 200 characters per description');
    const altEs = altsEs[i] || null;
    if (altEs && altEs.length > 200) set('photo_alts_es', 'Use at most 200 characters per description');
    photos.push({ ref, alt: alt.slice(0, 200), altEs: altEs?.slice(0, 200) ?? null });
  }

  if (Object.keys(errors).length > 0 || !parsed.success) return { line, cells, errors, draft: null, photos };
  const { categoryId: _unused, packageItems: _none, ...fields } = parsed.data;
  return { line, cells, errors, draft: { categoryName: cell('category'), fields, units }, photos };
}

/** Every row of the file, each with its errors; names and web address names must be unique within the file. */
export function parseCatalogTable(table: CsvTable, siteOrigin: string): CatalogRow[] {
  const rows = table.rows.map((r) => parseCatalogRow(r.line, r.cells, r.problems, siteOrigin, table.decimalComma));
  const firstByName = new Map<string, number>();
  const firstBySlug = new Map<string, number>();
  for (const row of rows) {
    const name = (row.cells.name ?? '').toLowerCase();
    const slug = row.draft?.fields.slug ?? row.cells.slug ?? '';
    const earlierName = name ? firstByName.get(name) : undefined;
    if (earlierName !== undefined) row.errors.name ??= `Same name as row ${earlierName}`;
    else if (name) firstByName.set(name, row.line);
    const earlierSlug = slug ? firstBySlug.get(slug) : undefined;
    if (earlierSlug === undefined) {
      if (slug) firstBySlug.set(slug, row.line);
    } else if (earlierName === undefined) row.errors[row.cells.slug ? 'slug' : 'name'] ??= `Same web address name (${slug}) as row ${earlierSlug}`;
    if (Object.keys(row.errors).length) row.draft = null;
  }
  return rows;
}

// ---------------------------------------------------------------- export

export interface ExportedProduct extends Omit<AdminProductFields, 'categoryId' | 'packageItems'> {
  categoryName: string;
  tracksInventory: boolean;
  unitCount: number;
  photos: { url: string; alt: string; altEs: string | null }[];
}

const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));
const num = (n: number | null) => (n === null ? '' : n);
const yes = (b: boolean) => (b ? 'yes' : 'no');
const yesOrBlank = (b: boolean | null) => (b === null ? '' : yes(b));

const exportColumns = (siteOrigin: string): CsvColumn<ExportedProduct>[] => {
  const absolute = (url: string) => (url.startsWith('/') ? `${siteOrigin.replace(/\/$/, '')}${url}` : url);
  const value: Record<CatalogColumn, (p: ExportedProduct) => string | number> = {
    name: (p) => p.name,
    slug: (p) => p.slug,
    category: (p) => p.categoryName,
    short_description: (p) => p.shortDescription,
    description: (p) => p.description,
    name_es: (p) => p.nameEs ?? '',
    short_description_es: (p) => p.shortDescriptionEs ?? '',
    description_es: (p) => p.descriptionEs ?? '',
    included: (p) => p.included.join('|'),
    included_es: (p) => (p.includedEs ?? []).join('|'),
    price: (p) => money(p.basePriceCents),
    pricing_unit: (p) => p.pricingUnit,
    hours_included: (p) => p.baseHours,
    half_day_price: (p) => money(p.halfDayPriceCents),
    extra_day_price: (p) => money(p.extraDayPriceCents),
    length_ft: (p) => num(p.lengthFt),
    width_ft: (p) => num(p.widthFt),
    height_ft: (p) => num(p.heightFt),
    space_length_ft: (p) => num(p.spaceLengthFt),
    space_width_ft: (p) => num(p.spaceWidthFt),
    capacity: (p) => num(p.capacity),
    age_min: (p) => num(p.ageMin),
    age_max: (p) => num(p.ageMax),
    outlets: (p) => p.outletsRequired,
    blower_hp: (p) => num(p.blowerHp),
    water_hookup: (p) => yes(p.waterHookup),
    surfaces: (p) => p.surfaces.join('|'),
    stakes: (p) => num(p.stakesNeeded),
    sandbags: (p) => num(p.sandbagsNeeded),
    clearance_ft: (p) => num(p.clearanceFt),
    outlet_run_ft: (p) => num(p.outletRunFt),
    circuit_amps: (p) => num(p.circuitAmps),
    access_width_in: (p) => num(p.accessWidthIn),
    max_stair_flights: (p) => num(p.maxStairFlights),
    overnight: (p) => yesOrBlank(p.overnightAllowed),
    setup_minutes: (p) => num(p.setupMinutes),
    teardown_minutes: (p) => num(p.teardownMinutes),
    cake_servings: (p) => num(p.cakeBaseServings),
    cake_tiers: (p) => num(p.cakeBaseTiers),
    cake_max_tiers: (p) => num(p.cakeMaxTiers),
    units: (p) => (p.tracksInventory ? p.unitCount : 0),
    featured: (p) => yes(p.featured),
    shown: (p) => yes(p.active),
    sort_order: (p) => p.sortOrder,
    seo_title: (p) => p.seoTitle ?? '',
    seo_description: (p) => p.seoDescription ?? '',
    photos: (p) => p.photos.map((ph) => absolute(ph.url)).join('|'),
    photo_alts: (p) => p.photos.map((ph) => ph.alt.replace(/\|/g, '/')).join('|'),
    // Empty when no photo has Spanish; else one a photo, blank where it has none.
    photo_alts_es: (p) => (p.photos.some((ph) => ph.altEs) ? p.photos.map((ph) => (ph.altEs ?? '').replace(/\|/g, '/')).join('|') : ''),
  };
  return catalogColumns.map((header) => ({ header, value: value[header] }));
};

/** The catalog in the import format; photos as absolute addresses of the stored images. */
export function catalogCsv(products: readonly ExportedProduct[], siteOrigin: string): string {
  return toCsv(exportColumns(siteOrigin), products);
}
