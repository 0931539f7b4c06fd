import { describe, expect, it } from 'vitest';
import { PER_EXTRA_SERVING_CENTS, PER_EXTRA_TIER_CENTS, PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS, priceCake } from './cake-pricing';
import { cakeBase, cakeSizeProblem, DEFAULT_CAKE_BASE } from '../catalog';

/** Cakes as the catalog holds them: their sizes are product fields. */
const roundCake = { cakeBaseServings: 16, cakeBaseTiers: 1, cakeMaxTiers: 3 };
const sheetCake = { cakeBaseServings: 24, cakeBaseTiers: 1, cakeMaxTiers: 1 };
const twoTierCake = { cakeBaseServings: 30, cakeBaseTiers: 2, cakeMaxTiers: 3 };
const newCake = { cakeBaseServings: null, cakeBaseTiers: null, cakeMaxTiers: null };

const round = { base: cakeBase(roundCake), basePriceCents: 4500, servings: 16, tiers: 1, filling: 'buttercream', frosting: 'vanilla-buttercream' };

describe('a cake’s base size', () => {
  it('is the product’s own fields', () => {
    expect(cakeBase(roundCake)).toEqual({ servings: 16, tiers: 1, maxTiers: 3 });
    expect(cakeBase(twoTierCake)).toEqual({ servings: 30, tiers: 2, maxTiers: 3 });
  });

  it('takes the default for each field left empty', () => {
    expect(cakeBase(newCake)).toEqual(DEFAULT_CAKE_BASE);
    expect(cakeBase({ cakeBaseServings: 40, cakeBaseTiers: null, cakeMaxTiers: null })).toEqual({ ...DEFAULT_CAKE_BASE, servings: 40 });
  });

  it('must be a cake that can be ordered: tiers within the maximum, enough servings for its tiers', () => {
    expect(cakeSizeProblem(roundCake)).toBeNull();
    expect(cakeSizeProblem(newCake)).toBeNull();
    expect(cakeSizeProblem({ cakeBaseServings: 60, cakeBaseTiers: 3, cakeMaxTiers: 2 })).toEqual({ field: 'cakeMaxTiers', message: 'Must not be below the base size’s 3 tiers' });
    expect(cakeSizeProblem({ cakeBaseServings: 20, cakeBaseTiers: 3, cakeMaxTiers: null })).toEqual({ field: 'cakeBaseServings', message: '3 tiers need at least 30 servings' });
    // The default base (12 servings) is too small for two tiers.
    expect(cakeSizeProblem({ cakeBaseServings: null, cakeBaseTiers: 2, cakeMaxTiers: null })).toMatchObject({ field: 'cakeBaseServings' });
  });
});

describe('cake price rule', () => {
  it('charges the base price for the smallest size with standard choices', () => {
    expect(priceCake(round)).toEqual({ ok: true, totalCents: 4500, lines: [{ label: 'Base cake (16 servings)', amountCents: 4500 }] });
  });

  it('adds each serving above the base size', () => {
    const price = priceCake({ ...round, servings: 30 });
    expect(price.ok && price.totalCents).toBe(4500 + 14 * PER_EXTRA_SERVING_CENTS);
  });

  it('adds each tier above the base and lists every part of the price', () => {
    const price = priceCake({ ...round, servings: 30, tiers: 2 });
    expect(price).toMatchObject({ ok: true, totalCents: 4500 + 14 * PER_EXTRA_SERVING_CENTS + PER_EXTRA_TIER_CENTS });
    if (price.ok) expect(price.lines.map((l) => l.label)).toEqual(['Base cake (16 servings)', '14 extra servings', '1 extra tier']);
  });

  it('adds premium fillings and frostings per serving, so they scale with the cake', () => {
    const price = priceCake({ ...round, servings: 24, filling: 'chocolate-ganache', frosting: 'fondant' });
    expect(price.ok && price.totalCents).toBe(4500 + 8 * PER_EXTRA_SERVING_CENTS + 24 * PREMIUM_FILLING_PER_SERVING_CENTS + 24 * PREMIUM_FROSTING_PER_SERVING_CENTS);
  });

  it('the sum of the lines is always the total', () => {
    const price = priceCake({ ...round, servings: 48, tiers: 3, filling: 'lemon-curd', frosting: 'cream-cheese' });
    expect(price.ok).toBe(true);
    if (price.ok) expect(price.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(price.totalCents);
  });

  it('refuses sizes below the base, tiers beyond the cake, and tiers too small to stand', () => {
    expect(priceCake({ ...round, servings: 12 })).toEqual({ ok: false, field: 'servings', message: 'This cake starts at 16 servings' });
    expect(priceCake({ ...round, base: cakeBase(sheetCake), basePriceCents: 6500, servings: 48, tiers: 2 })).toEqual({
      ok: false,
      field: 'tiers',
      message: 'This cake is not made in tiers',
    });
    expect(priceCake({ ...round, base: cakeBase(twoTierCake), basePriceCents: 11000, servings: 30, tiers: 1 })).toEqual({ ok: false, field: 'tiers', message: 'This cake has at least 2 tiers' });
    expect(priceCake({ ...round, servings: 20, tiers: 3 })).toEqual({ ok: false, field: 'tiers', message: '3 tiers need at least 30 servings' });
  });

  it('prices a multi-tier base from its own size: its tiers are in the base price', () => {
    const price = priceCake({ ...round, base: cakeBase(twoTierCake), basePriceCents: 11000, servings: 30, tiers: 2 });
    expect(price).toEqual({ ok: true, totalCents: 11000, lines: [{ label: 'Base cake (30 servings, 2 tiers)', amountCents: 11000 }] });
  });

  it('prices a cake staff added without sizes from the default base', () => {
    const base = cakeBase(newCake);
    expect(priceCake({ ...round, base, basePriceCents: 5000, servings: DEFAULT_CAKE_BASE.servings })).toMatchObject({ ok: true, totalCents: 5000 });
    expect(priceCake({ ...round, base, basePriceCents: 5000, servings: 60, tiers: DEFAULT_CAKE_BASE.maxTiers })).toMatchObject({ ok: true });
    expect(priceCake({ ...round, base, basePriceCents: 5000, servings: 8 })).toMatchObject({ ok: false, field: 'servings' });
  });
});
