/**
 * The cake menu: what a customer can choose on a cake's order form. Browser-safe content, used by
 * the order form, the schema and the price rule. Flavours and standard fillings and frostings are
 * included in the base price; premium ones add to it (see cake-pricing.ts).
 */
export interface CakeChoice {
  id: string;
  label: string;
  premium?: boolean;
}

export const CAKE_FLAVOURS: readonly CakeChoice[] = [
  { id: 'vanilla', label: 'Vanilla' },
  { id: 'chocolate', label: 'Chocolate' },
  { id: 'strawberry', label: 'Strawberry' },
  { id: 'funfetti', label: 'Funfetti' },
  { id: 'marble', label: 'Marble' },
  { id: 'lemon', label: 'Lemon' },
  { id: 'red-velvet', label: 'Red velvet' },
];

export const CAKE_FILLINGS: readonly CakeChoice[] = [
  { id: 'buttercream', label: 'Buttercream (same as the frosting)' },
  { id: 'raspberry-jam', label: 'Raspberry jam' },
  { id: 'chocolate-ganache', label: 'Chocolate ganache', premium: true },
  { id: 'fresh-strawberries', label: 'Fresh strawberries and cream', premium: true },
  { id: 'lemon-curd', label: 'Lemon curd', premium: true },
  { id: 'cream-cheese', label: 'Cream cheese', premium: true },
];

export const CAKE_FROSTINGS: readonly CakeChoice[] = [
  { id: 'vanilla-buttercream', label: 'Vanilla buttercream' },
  { id: 'chocolate-buttercream', label: 'Chocolate buttercream' },
  { id: 'whipped-cream', label: 'Whipped cream' },
  { id: 'cream-cheese', label: 'Cream cheese frosting', premium: true },
  { id: 'fondant', label: 'Smooth fondant', premium: true },
];

/** Sizes offered, by servings. A cake's order form offers those from its base size up. */
export const CAKE_SERVING_SIZES = [12, 16, 20, 24, 30, 36, 40, 48, 50, 60, 72, 80, 96, 100, 120, 150] as const;

export const MAX_CAKE_TIERS = 5;

/**
 * What a cake's base price covers: its smallest size, which is product data (the product's
 * `cakeBaseServings`, `cakeBaseTiers` and `cakeMaxTiers`, set in the product editor or the catalog
 * CSV). A field left empty takes DEFAULT_CAKE_BASE's.
 */
export interface CakeBase {
  servings: number;
  tiers: number;
  /** Sheet cakes are single-layer slabs: they are not stacked. */
  maxTiers: number;
}

/** A product's cake size fields; null: the default. */
export interface CakeSizeFields {
  cakeBaseServings: number | null;
  cakeBaseTiers: number | null;
  cakeMaxTiers: number | null;
}

export const DEFAULT_CAKE_BASE: CakeBase = { servings: 12, tiers: 1, maxTiers: MAX_CAKE_TIERS };

/** The most servings a base size may have: the order form's own limit. */
export const MAX_CAKE_BASE_SERVINGS = 500;

/** Every tier needs at least this many servings to stand (see cake-pricing.ts). */
export const MIN_SERVINGS_PER_TIER = 10;

export function cakeBase(product: CakeSizeFields): CakeBase {
  return {
    servings: product.cakeBaseServings ?? DEFAULT_CAKE_BASE.servings,
    tiers: product.cakeBaseTiers ?? DEFAULT_CAKE_BASE.tiers,
    maxTiers: product.cakeMaxTiers ?? DEFAULT_CAKE_BASE.maxTiers,
  };
}

/**
 * What is wrong with a product's cake sizes once the defaults fill the empty ones, for the field to
 * show it at; null when the base can be ordered. The product schemas (editor, import, seed) refine with it
 * through checkCakeSizes.
 */
export function cakeSizeProblem(product: CakeSizeFields): { field: keyof CakeSizeFields; message: string } | null {
  const base = cakeBase(product);
  if (base.tiers > base.maxTiers) {
    return product.cakeMaxTiers === null
      ? { field: 'cakeBaseTiers', message: `At most ${base.maxTiers} tiers` }
      : { field: 'cakeMaxTiers', message: `Must not be below the base size’s ${base.tiers} tiers` };
  }
  if (base.servings < base.tiers * MIN_SERVINGS_PER_TIER) {
    return { field: 'cakeBaseServings', message: `${base.tiers} tiers need at least ${base.tiers * MIN_SERVINGS_PER_TIER} servings` };
  }
  return null;
}

/** The product schemas' refinement with cakeSizeProblem: the problem goes on the field at fault. */
export function checkCakeSizes(product: CakeSizeFields, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }): void {
  const problem = cakeSizeProblem(product);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

export const choiceLabel = (choices: readonly CakeChoice[], id: string | null | undefined) => choices.find((c) => c.id === id)?.label ?? id ?? '';
