import { CAKE_FILLINGS, CAKE_FROSTINGS } from './cake-options';
import { MIN_SERVINGS_PER_TIER, type CakeBase } from '../catalog';

export { MIN_SERVINGS_PER_TIER };

/**
 * The cake price rule (integer cents; pure, so the order form shows the same figure the server
 * charges):
 *
 * - The product's base price covers its smallest size: `base.servings` servings in `base.tiers` tiers
 *   (the product's cake sizes, see cakeBase), any flavour, a standard filling and a standard
 *   frosting, and the message on top.
 * - Each serving above the base size adds PER_EXTRA_SERVING_CENTS.
 * - Each tier above the base adds PER_EXTRA_TIER_CENTS (dowels, boards and the work of stacking).
 * - A premium filling adds PREMIUM_FILLING_PER_SERVING_CENTS per serving, a premium frosting (cream
 *   cheese, fondant) PREMIUM_FROSTING_PER_SERVING_CENTS per serving: both scale with the cake.
 * - Fewer servings or tiers than the base are not offered (the base is the smallest cake we bake),
 *   and every tier needs at least MIN_SERVINGS_PER_TIER servings to stand.
 */
export const PER_EXTRA_SERVING_CENTS = 250;
export const PER_EXTRA_TIER_CENTS = 2500;
export const PREMIUM_FILLING_PER_SERVING_CENTS = 50;
export const PREMIUM_FROSTING_PER_SERVING_CENTS = 75;

export interface CakePriceInput {
  /** What the base price covers: cakeBase(product). */
  base: CakeBase;
  basePriceCents: number;
  servings: number;
  tiers: number;
  filling: string;
  frosting: string;
}

export interface CakePriceLine {
  label: string;
  amountCents: number;
}

export type CakePrice =
  | { ok: true; totalCents: number; lines: CakePriceLine[] }
  /** `field` names the form field the problem belongs to. */
  | { ok: false; field: 'servings' | 'tiers'; message: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function priceCake(input: CakePriceInput): CakePrice {
  const { base, servings, tiers } = input;
  if (servings < base.servings) {
    return { ok: false, field: 'servings', message: `This cake starts at ${base.servings} servings` };
  }
  if (tiers < base.tiers) {
    return { ok: false, field: 'tiers', message: `This cake has at least ${plural(base.tiers, 'tier')}` };
  }
  if (tiers > base.maxTiers) {
    return { ok: false, field: 'tiers', message: base.maxTiers === 1 ? 'This cake is not made in tiers' : `This cake can have at most ${base.maxTiers} tiers` };
  }
  if (tiers * MIN_SERVINGS_PER_TIER > servings) {
    return { ok: false, field: 'tiers', message: `${plural(tiers, 'tier')} need at least ${tiers * MIN_SERVINGS_PER_TIER} servings` };
  }

  const lines: CakePriceLine[] = [{ label: `Base cake (${base.servings} servings${base.tiers > 1 ? `, ${base.tiers} tiers` : ''})`, amountCents: input.basePriceCents }];
  const extraServings = servings - base.servings;
  if (extraServings > 0) lines.push({ label: `${plural(extraServings, 'extra serving')}`, amountCents: extraServings * PER_EXTRA_SERVING_CENTS });
  const extraTiers = tiers - base.tiers;
  if (extraTiers > 0) lines.push({ label: `${plural(extraTiers, 'extra tier')}`, amountCents: extraTiers * PER_EXTRA_TIER_CENTS });
  const filling = CAKE_FILLINGS.find((f) => f.id === input.filling);
  if (filling?.premium) lines.push({ label: `${filling.label} filling`, amountCents: servings * PREMIUM_FILLING_PER_SERVING_CENTS });
  const frosting = CAKE_FROSTINGS.find((f) => f.id === input.frosting);
  if (frosting?.premium) lines.push({ label: frosting.label, amountCents: servings * PREMIUM_FROSTING_PER_SERVING_CENTS });

  return { ok: true, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0), lines };
}
