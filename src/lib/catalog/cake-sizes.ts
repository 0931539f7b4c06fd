/**
 * A cake product's sizes: product data the catalog keeps (editor, CSV, seed), which the cake order form
 * and its price rule read. Here, below the cake orders that use them, so the catalog needs nothing of cakes.
 */
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
