import { type AdminProductForm, adminProductInput, surfaces } from '../../../lib/catalog';
import type { AdminProduct } from '../../../lib/catalog/index.server';
import { centsToDollarsInput } from '../../../lib/money';
import type { FieldError, Resolver } from 'react-hook-form';
import { apiResolver, type TextReader } from '../shared/admin-form';
import { CAKE_SIZE_LABELS, cakeSizeForm, type CakeSizeForm } from './CakeSizeFields';

/** The product editor's form: what staff type, its labels, and the API's body made from it. */

export interface ProductOptions {
  categories: { id: string; name: string; active: boolean; kind: 'rental' | 'supply' | 'cake' }[];
  packageCandidates: { id: string; name: string }[];
}

/** The form as typed: numbers stay text until saved, so a half-typed "12." is not lost. */
export interface ProductFormState extends CakeSizeForm {
  categoryId: string;
  slug: string;
  name: string;
  shortDescription: string;
  description: string;
  nameEs: string;
  shortDescriptionEs: string;
  descriptionEs: string;
  included: string;
  includedEs: string;
  lengthFt: string;
  widthFt: string;
  heightFt: string;
  spaceLengthFt: string;
  spaceWidthFt: string;
  capacity: string;
  ageMin: string;
  ageMax: string;
  outletsRequired: string;
  blowerHp: string;
  waterHookup: boolean;
  surfaces: string[];
  stakesNeeded: string;
  sandbagsNeeded: string;
  clearanceFt: string;
  outletRunFt: string;
  circuitAmps: string;
  accessWidthIn: string;
  maxStairFlights: string;
  /** '' = no rule. */
  overnightAllowed: '' | 'yes' | 'no';
  setupMinutes: string;
  teardownMinutes: string;
  pricingUnit: 'rental' | 'each';
  basePriceCents: string;
  baseHours: string;
  halfDayPriceCents: string;
  extraDayPriceCents: string;
  tracksInventory: boolean;
  featured: boolean;
  sortOrder: string;
  seoTitle: string;
  seoDescription: string;
  active: boolean;
  packageItems: { productId: string; quantity: string }[];
}

export const LABELS: Record<string, string> = {
  categoryId: 'Category',
  slug: 'Web address name',
  name: 'Name',
  shortDescription: 'Short description',
  description: 'Description',
  nameEs: 'Name in Spanish',
  shortDescriptionEs: 'Short description in Spanish',
  descriptionEs: 'Description in Spanish',
  included: 'What’s included',
  includedEs: 'What’s included in Spanish',
  lengthFt: 'Length',
  widthFt: 'Width',
  heightFt: 'Height',
  spaceLengthFt: 'Space needed, length',
  spaceWidthFt: 'Space needed, width',
  capacity: 'Capacity',
  ageMin: 'Minimum age',
  ageMax: 'Maximum age',
  outletsRequired: 'Outlets',
  blowerHp: 'Blower',
  stakesNeeded: 'Stakes',
  sandbagsNeeded: 'Sandbags',
  clearanceFt: 'Overhead clearance',
  outletRunFt: 'Longest outlet run',
  circuitAmps: 'Circuit',
  accessWidthIn: 'Narrowest access',
  maxStairFlights: 'Flights of stairs',
  overnightAllowed: 'Overnight',
  setupMinutes: 'Setup buffer',
  teardownMinutes: 'Teardown buffer',
  pricingUnit: 'Priced',
  basePriceCents: 'Price',
  baseHours: 'Hours included',
  halfDayPriceCents: 'Half-day price',
  extraDayPriceCents: 'Each extra day',
  sortOrder: 'Sort order',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  ...CAKE_SIZE_LABELS,
  packageItems: 'Package contents',
};

export const surfaceLabels: Record<(typeof surfaces)[number], string> = {
  grass: 'Grass',
  concrete: 'Concrete',
  asphalt: 'Asphalt',
  indoor: 'Indoor',
  'artificial-turf': 'Artificial turf',
};

const text = (v: number | null) => (v === null ? '' : String(v));
const money = (v: number | null) => (v === null ? '' : centsToDollarsInput(v));

export function toForm(p: AdminProduct | null, categories: ProductOptions['categories']): ProductFormState {
  return {
    categoryId: p?.categoryId ?? categories[0]?.id ?? '',
    slug: p?.slug ?? '',
    name: p?.name ?? '',
    shortDescription: p?.shortDescription ?? '',
    description: p?.description ?? '',
    nameEs: p?.nameEs ?? '',
    shortDescriptionEs: p?.shortDescriptionEs ?? '',
    descriptionEs: p?.descriptionEs ?? '',
    included: (p?.included ?? []).join('\n'),
    includedEs: (p?.includedEs ?? []).join('\n'),
    lengthFt: text(p?.lengthFt ?? null),
    widthFt: text(p?.widthFt ?? null),
    heightFt: text(p?.heightFt ?? null),
    spaceLengthFt: text(p?.spaceLengthFt ?? null),
    spaceWidthFt: text(p?.spaceWidthFt ?? null),
    capacity: text(p?.capacity ?? null),
    ageMin: text(p?.ageMin ?? null),
    ageMax: text(p?.ageMax ?? null),
    outletsRequired: String(p?.outletsRequired ?? 0),
    blowerHp: text(p?.blowerHp ?? null),
    waterHookup: p?.waterHookup ?? false,
    surfaces: p?.surfaces ?? ['grass'],
    stakesNeeded: text(p?.stakesNeeded ?? null),
    sandbagsNeeded: text(p?.sandbagsNeeded ?? null),
    clearanceFt: text(p?.clearanceFt ?? null),
    outletRunFt: text(p?.outletRunFt ?? null),
    circuitAmps: text(p?.circuitAmps ?? null),
    accessWidthIn: text(p?.accessWidthIn ?? null),
    maxStairFlights: text(p?.maxStairFlights ?? null),
    overnightAllowed: p?.overnightAllowed === true ? 'yes' : p?.overnightAllowed === false ? 'no' : '',
    setupMinutes: text(p?.setupMinutes ?? null),
    teardownMinutes: text(p?.teardownMinutes ?? null),
    pricingUnit: p?.pricingUnit ?? 'rental',
    basePriceCents: money(p?.basePriceCents ?? null),
    baseHours: String(p?.baseHours ?? 8),
    halfDayPriceCents: money(p?.halfDayPriceCents ?? null),
    extraDayPriceCents: money(p?.extraDayPriceCents ?? null),
    tracksInventory: p?.tracksInventory ?? true,
    featured: p?.featured ?? false,
    sortOrder: String(p?.sortOrder ?? 0),
    seoTitle: p?.seoTitle ?? '',
    seoDescription: p?.seoDescription ?? '',
    active: p?.active ?? true,
    ...cakeSizeForm(p),
    packageItems: (p?.packageItems ?? []).map((i) => ({ productId: i.productId, quantity: String(i.quantity) })),
  };
}

/** A one-item-a-line text area's items, blank lines left out. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Text → what the API takes; a number or amount that is not one is noted, the rest is the shared
 * schema's job. Cake sizes are sent only for a cake category: elsewhere they are not shown, so null.
 */
function toInput(f: ProductFormState, read: TextReader, isCake: boolean): AdminProductForm {
  const cake = (path: keyof CakeSizeForm) => (isCake ? read.optionalNumber(path, f[path]) : null);
  return {
    categoryId: f.categoryId,
    slug: f.slug,
    name: f.name,
    shortDescription: f.shortDescription,
    description: f.description,
    nameEs: f.nameEs,
    shortDescriptionEs: f.shortDescriptionEs,
    descriptionEs: f.descriptionEs,
    included: lines(f.included),
    // Empty: no Spanish list (null), the Spanish pages show the English one.
    includedEs: lines(f.includedEs),
    lengthFt: read.optionalNumber('lengthFt', f.lengthFt),
    widthFt: read.optionalNumber('widthFt', f.widthFt),
    heightFt: read.optionalNumber('heightFt', f.heightFt),
    spaceLengthFt: read.optionalNumber('spaceLengthFt', f.spaceLengthFt),
    spaceWidthFt: read.optionalNumber('spaceWidthFt', f.spaceWidthFt),
    capacity: read.optionalNumber('capacity', f.capacity),
    ageMin: read.optionalNumber('ageMin', f.ageMin),
    ageMax: read.optionalNumber('ageMax', f.ageMax),
    outletsRequired: read.number('outletsRequired', f.outletsRequired),
    blowerHp: read.optionalNumber('blowerHp', f.blowerHp),
    waterHookup: f.waterHookup,
    surfaces: f.surfaces as AdminProductForm['surfaces'],
    // The site requirements: empty is no rule (null).
    stakesNeeded: read.optionalNumber('stakesNeeded', f.stakesNeeded),
    sandbagsNeeded: read.optionalNumber('sandbagsNeeded', f.sandbagsNeeded),
    clearanceFt: read.optionalNumber('clearanceFt', f.clearanceFt),
    outletRunFt: read.optionalNumber('outletRunFt', f.outletRunFt),
    circuitAmps: read.optionalNumber('circuitAmps', f.circuitAmps),
    accessWidthIn: read.optionalNumber('accessWidthIn', f.accessWidthIn),
    maxStairFlights: read.optionalNumber('maxStairFlights', f.maxStairFlights),
    overnightAllowed: f.overnightAllowed === '' ? null : f.overnightAllowed === 'yes',
    setupMinutes: read.optionalNumber('setupMinutes', f.setupMinutes),
    teardownMinutes: read.optionalNumber('teardownMinutes', f.teardownMinutes),
    pricingUnit: f.pricingUnit,
    basePriceCents: read.dollars('basePriceCents', f.basePriceCents),
    baseHours: read.number('baseHours', f.baseHours),
    halfDayPriceCents: read.optionalDollars('halfDayPriceCents', f.halfDayPriceCents),
    extraDayPriceCents: read.optionalDollars('extraDayPriceCents', f.extraDayPriceCents),
    tracksInventory: f.tracksInventory,
    featured: f.featured,
    sortOrder: read.number('sortOrder', f.sortOrder),
    seoTitle: f.seoTitle,
    seoDescription: f.seoDescription,
    active: f.active,
    cakeBaseServings: cake('cakeBaseServings'),
    cakeBaseTiers: cake('cakeBaseTiers'),
    cakeMaxTiers: cake('cakeMaxTiers'),
    packageItems: f.packageItems.map((item, i) => ({ productId: item.productId, quantity: read.number(`packageItems.${i}.quantity`, item.quantity) })),
  };
}

/** The editor's resolver: whether the chosen category is a cake category decides if cake sizes are sent. */
export const resolverFor = (categories: ProductOptions['categories']): Resolver<ProductFormState, unknown, AdminProductForm> => {
  const cakeCategories = new Set(categories.filter((c) => c.kind === 'cake').map((c) => c.id));
  const resolve = apiResolver(adminProductInput, (f: ProductFormState, read) => toInput(f, read, cakeCategories.has(f.categoryId)));
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const name of LINE_LISTS) {
      const error = result.errors[name] as (FieldError & Record<string, FieldError | undefined>) | undefined;
      if (!error || error.message) continue;
      // A line's problem (`included.3`) is the text area's, which holds every line: shown, and marked, on it.
      const line = Object.keys(error).find((key) => /^\d+$/.test(key) && error[key]?.message);
      if (line) result.errors[name] = { type: error[line]!.type, message: `Item ${Number(line) + 1}: ${error[line]!.message}` };
    }
    return result;
  };
};

/** The lists typed one item a line in a text area. */
const LINE_LISTS = ['included', 'includedEs'] as const;
export const isFormField = (path: string) => path.split('.')[0]! in LABELS || path === 'surfaces' || path.startsWith('packageItems');
