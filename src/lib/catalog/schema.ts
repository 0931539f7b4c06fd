import { z } from '../validation';
import { surfaces } from '../business';
import { siteRequirementFields } from './site-requirements';
import { checkCakeSizes, MAX_CAKE_BASE_SERVINGS, MAX_CAKE_TIERS } from './cake-sizes';

/** URL-safe identifier used in routes: lower-case words joined by single hyphens. */
export const slug = z
  .string()
  .min(1, 'Required')
  .max(80, 'At most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

const cents = z.number().int('Whole cents only').nonnegative('Cannot be negative');
const feet = z.number().positive().max(999);

export { surfaces };
export const surface = z.enum(surfaces);

/**
 * An optional Spanish version of a stored text (issue #40): left out or empty, there is none and Spanish
 * pages show the English one.
 */
export const spanishText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An optional Spanish version of a list of stored texts (what a product includes): left out or empty,
 * there is none and Spanish pages show the English list.
 */
export const spanishList = (items: number, max: number) =>
  z
    .array(z.string().trim().min(1).max(max, `At most ${max} characters`))
    .max(items)
    .nullish()
    .transform((v) => (v?.length ? v : null));

export const categoryInput = z.object({
  slug,
  name: z.string().trim().min(1).max(80),
  kind: z.enum(['rental', 'supply', 'cake']),
  summary: z.string().max(300),
  description: z.string().max(5000),
  nameEs: spanishText(80),
  summaryEs: spanishText(300),
  descriptionEs: spanishText(5000),
  imageUrl: z.string().max(500).nullable(),
  sortOrder: z.number().int(),
  seoTitle: z.string().max(70).nullable(),
  seoDescription: z.string().max(170).nullable(),
  active: z.boolean(),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryInputDraft = z.input<typeof categoryInput>;

export const productPhoto = z.object({
  url: z.string().min(1).max(500),
  alt: z.string().trim().min(1).max(200),
  altEs: spanishText(200),
});

/**
 * What a product's numbers must agree on however it is written (the admin's editor, the import, the
 * seed): an age range the right way round, a half day no dearer than the full price. Worded for the
 * form, beside the field the path names.
 */
export function checkProductNumbers(
  p: { ageMin: number | null; ageMax: number | null; halfDayPriceCents: number | null; basePriceCents: number },
  ctx: z.RefinementCtx,
): void {
  if (p.ageMin !== null && p.ageMax !== null && p.ageMax < p.ageMin) ctx.addIssue({ code: 'custom', path: ['ageMax'], message: 'Must not be below the minimum age' });
  if (p.halfDayPriceCents !== null && p.halfDayPriceCents > p.basePriceCents) ctx.addIssue({ code: 'custom', path: ['halfDayPriceCents'], message: 'Cannot be more than the full price' });
}

export const productInput = z
  .object({
    categorySlug: slug,
    slug,
    name: z.string().trim().min(1).max(120),
    shortDescription: z.string().trim().min(1).max(300),
    description: z.string().trim().min(1).max(10000),
    nameEs: spanishText(120),
    shortDescriptionEs: spanishText(300),
    descriptionEs: spanishText(10000),
    included: z.array(z.string().trim().min(1).max(200)).max(30),
    includedEs: spanishList(30, 200),
    lengthFt: feet.nullable(),
    widthFt: feet.nullable(),
    heightFt: feet.nullable(),
    spaceLengthFt: feet.nullable(),
    spaceWidthFt: feet.nullable(),
    capacity: z.number().int().positive().nullable(),
    ageMin: z.number().int().min(0).max(99).nullable(),
    ageMax: z.number().int().min(0).max(120).nullable(),
    outletsRequired: z.number().int().min(0).max(10),
    blowerHp: z.number().positive().max(10).nullable(),
    waterHookup: z.boolean(),
    surfaces: z.array(surface).max(surfaces.length),
    ...siteRequirementFields,
    setupMinutes: z.number().int().min(0).max(600).nullable(),
    teardownMinutes: z.number().int().min(0).max(600).nullable(),
    pricingUnit: z.enum(['rental', 'each']),
    basePriceCents: cents,
    baseHours: z.number().int().min(1).max(24),
    halfDayPriceCents: cents.nullable(),
    extraDayPriceCents: cents.nullable(),
    tracksInventory: z.boolean(),
    featured: z.boolean(),
    sortOrder: z.number().int(),
    seoTitle: z.string().max(70).nullable(),
    seoDescription: z.string().max(170).nullable(),
    active: z.boolean(),
    /** A cake's base size (see cakeBase); null, or left out: the default. */
    cakeBaseServings: z.number().int().min(1).max(MAX_CAKE_BASE_SERVINGS).nullable().default(null),
    cakeBaseTiers: z.number().int().min(1).max(MAX_CAKE_TIERS).nullable().default(null),
    cakeMaxTiers: z.number().int().min(1).max(MAX_CAKE_TIERS).nullable().default(null),
    photos: z.array(productPhoto).max(20),
    /** For party packages: the products it bundles. */
    packageItems: z.array(z.object({ slug, quantity: z.number().int().min(1).max(50) })).max(20),
  })
  .superRefine(checkProductNumbers)
  .superRefine(checkCakeSizes);
export type ProductInput = z.infer<typeof productInput>;
/** What saveProduct takes: the cake sizes may be left out. */
export type ProductInputDraft = z.input<typeof productInput>;

export const unitInput = z.object({
  label: z.string().trim().min(1).max(40),
  status: z.enum(['available', 'maintenance', 'retired']),
  notes: z.string().max(2000),
  purchasedOn: z.iso.date().nullable(),
  purchaseCostCents: cents.nullable(),
});
export type UnitInput = z.infer<typeof unitInput>;
