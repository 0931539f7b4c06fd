import { z } from '../validation';
import { checkProductNumbers, surfaces } from './schema';
import { listQuery } from '../lists';
import { siteRequirementFields } from './site-requirements';
import { checkCakeSizes, MAX_CAKE_BASE_SERVINGS, MAX_CAKE_TIERS } from './cake-sizes';

/**
 * What staff send when they save a product or a category, shared by the editor islands (instant
 * feedback) and the admin functions (the authority). Messages are written for the form beside
 * each input. Money is integer cents; the editor turns "185.50" into 18550.
 */

const slug = z
  .string({ error: 'Enter a web address name' })
  .trim()
  .min(1, 'Enter a web address name')
  .max(80, 'Use at most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens (e.g. castle-bouncer)');

const text = (max: number, required?: string) => {
  const base = z.string({ error: required ?? 'Enter text' }).trim().max(max, `Use at most ${max} characters`);
  return required ? base.min(1, required) : base;
};
/** Optional text: empty means "not set" (null in the database). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/*
 * The Spanish versions (issue #40) are the fields a save may leave out: a client that predates them,
 * or a script that only changes prices, must not wipe a translation it never saw. So left out, the
 * field is undefined and the stored text stays (a new record has none); sent empty ("" or [] or
 * null), it is cleared and the Spanish pages show the English. The editors always send every field.
 */

/** A Spanish version of a text: left out keeps the stored one; empty or null clears it. */
const spanishText = (max: number) =>
  z
    .string({ error: 'Enter text' })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** What is included in Spanish, one text a line as the English list: left out keeps it; none (or empty) clears it. */
const spanishList = (items: number, max: number) =>
  z
    .array(text(max, 'Remove empty lines'))
    .max(items, `List at most ${items} items`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.length ? v : null));

/**
 * The site requirements came after the editor's other fields, so the same holds for them: left out
 * keeps the stored rule (none on a new product), null clears it.
 */
const siteRequirementsKeptWhenLeftOut = Object.fromEntries(Object.entries(siteRequirementFields).map(([key, field]) => [key, field.unwrap().optional()])) as {
  [K in keyof typeof siteRequirementFields]: z.ZodOptional<ReturnType<(typeof siteRequirementFields)[K]['unwrap']>>;
};

const cents = (what: string) =>
  z.number({ error: `Enter ${what}` }).int('Use whole cents').min(0, 'Cannot be negative').max(10_000_000, 'That is more than $100,000');
const feet = z.number({ error: 'Enter a number of feet' }).positive('Must be more than 0').max(9999, 'Must be under 10,000 ft').nullable();
const wholeNumber = (min: number, max: number) =>
  z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(min, `At least ${min}`).max(max, `At most ${max}`);

export const adminProductInput = z
  .object({
    categoryId: z.uuid({ error: 'Choose a category' }),
    slug,
    name: text(120, 'Enter a name'),
    shortDescription: text(300, 'Enter a short description'),
    description: text(10_000, 'Enter a description'),
    nameEs: spanishText(120),
    shortDescriptionEs: spanishText(300),
    descriptionEs: spanishText(10_000),
    included: z.array(text(200, 'Remove empty lines')).max(30, 'List at most 30 items'),
    includedEs: spanishList(30, 200),
    lengthFt: feet,
    widthFt: feet,
    heightFt: feet,
    spaceLengthFt: feet,
    spaceWidthFt: feet,
    capacity: wholeNumber(1, 1000).nullable(),
    ageMin: wholeNumber(0, 99).nullable(),
    ageMax: wholeNumber(0, 120).nullable(),
    outletsRequired: wholeNumber(0, 10),
    blowerHp: z.number({ error: 'Enter horsepower' }).positive('Must be more than 0').max(10, 'At most 10 HP').nullable(),
    waterHookup: z.boolean(),
    surfaces: z.array(z.enum(surfaces, { error: 'Unknown surface' })).max(surfaces.length),
    ...siteRequirementsKeptWhenLeftOut,
    /** null: the business default from settings. */
    setupMinutes: wholeNumber(0, 600).nullable(),
    teardownMinutes: wholeNumber(0, 600).nullable(),
    pricingUnit: z.enum(['rental', 'each'], { error: 'Choose per rental or each' }),
    basePriceCents: cents('a price'),
    baseHours: wholeNumber(1, 24),
    halfDayPriceCents: cents('a half-day price').nullable(),
    extraDayPriceCents: cents('an extra-day price').nullable(),
    tracksInventory: z.boolean(),
    featured: z.boolean(),
    sortOrder: wholeNumber(-10_000, 10_000),
    seoTitle: optionalText(70),
    seoDescription: optionalText(170),
    active: z.boolean(),
    /** A cake's base size: what its base price covers (see cakeBase). null: the default; only cakes use them. */
    cakeBaseServings: wholeNumber(1, MAX_CAKE_BASE_SERVINGS).nullable(),
    cakeBaseTiers: wholeNumber(1, MAX_CAKE_TIERS).nullable(),
    cakeMaxTiers: wholeNumber(1, MAX_CAKE_TIERS).nullable(),
    /** A party package bundles other products; empty for everything else. */
    packageItems: z
      .array(z.object({ productId: z.uuid({ error: 'Choose a product' }), quantity: wholeNumber(1, 50) }))
      .max(20, 'A package holds at most 20 products'),
  })
  .superRefine(checkProductNumbers)
  .refine((p) => new Set(p.packageItems.map((i) => i.productId)).size === p.packageItems.length, {
    message: 'Each product once; raise its quantity instead',
    path: ['packageItems'],
  })
  .superRefine(checkCakeSizes);
export type AdminProductInput = z.infer<typeof adminProductInput>;
/** A product's fields as stored and shown: none left out (a Spanish text or a site rule is null when there is none). */
export type AdminProductFields = { [K in keyof AdminProductInput]-?: Exclude<AdminProductInput[K], undefined> };
export type AdminProductForm = z.input<typeof adminProductInput>;

export const categoryKinds = ['rental', 'supply', 'cake'] as const;
export const categoryKindLabels: Record<(typeof categoryKinds)[number], string> = {
  rental: 'Rentals (delivered and picked up)',
  supply: 'Party supplies (delivered with a rental)',
  cake: 'Cakes (made to order)',
};

export const adminCategoryInput = z.object({
  slug,
  name: text(80, 'Enter a name'),
  kind: z.enum(categoryKinds, { error: 'Choose what the category sells' }),
  summary: text(300),
  description: text(5000),
  nameEs: spanishText(80),
  summaryEs: spanishText(300),
  descriptionEs: spanishText(5000),
  imageUrl: optionalText(500).refine((v) => v === null || /^(\/[^\s]*|https:\/\/[^\s]+)$/.test(v), 'Use a site path (/images/…) or an https:// address'),
  sortOrder: wholeNumber(-10_000, 10_000),
  seoTitle: optionalText(70),
  seoDescription: optionalText(170),
  active: z.boolean(),
});
export type AdminCategoryInput = z.infer<typeof adminCategoryInput>;
/** A category's fields as stored and shown: none left out. */
export type AdminCategoryFields = { [K in keyof AdminCategoryInput]-?: Exclude<AdminCategoryInput[K], undefined> };
export type AdminCategoryForm = z.input<typeof adminCategoryInput>;

const activeFilter = z.enum(['', 'active', 'inactive'], { error: 'Show active, inactive or all' }).default('');

export const productSorts = ['name', 'price', 'category', 'updated'] as const;
export const productListQuery = listQuery(productSorts, 'name').extend({
  category: z.union([z.literal(''), z.uuid({ error: 'Unknown category' })]).default(''),
  active: activeFilter,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const categorySorts = ['name', 'order', 'products'] as const;
export const categoryListQuery = listQuery(categorySorts, 'order').extend({ active: activeFilter });
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

/** Deleting a category that still has products: move them to another category first, or refuse. */
export const deleteCategoryQuery = z.object({ moveTo: z.union([z.literal(''), z.uuid({ error: 'Choose a category to move the products to' })]).default('') });

export const photoOrderInput = z.object({
  photos: z
    .array(z.object({ id: z.uuid({ error: 'Unknown photo' }), alt: text(200, 'Describe the photo for people who cannot see it'), altEs: spanishText(200) }))
    .max(50, 'At most 50 photos'),
});
export type PhotoOrderInput = z.infer<typeof photoOrderInput>;

/** An upload sends the image as the body, so its description travels in the query. */
export const photoUploadQuery = z.object({
  alt: z.string({ error: 'Describe the photo' }).trim().min(1, 'Describe the photo for people who cannot see it').max(200, 'Use at most 200 characters'),
  // A new photo has nothing stored to keep: left out is no Spanish description.
  altEs: spanishText(200).transform((v) => v ?? null),
});

