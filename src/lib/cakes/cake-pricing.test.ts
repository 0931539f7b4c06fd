import { describe, expect, it } from 'vitest';
import { DEFAULT_CAKE_BASE } from './cake-options';
import { PER_EXTRA_SERVING_CENTS, PER_EXTRA_TIER_CENTS, PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS, priceCake } from './cake-pricing';

const round = { productSlug: 'classic-round-birthday-cake', basePriceCents: 4500, servings: 16, tiers: 1, filling: 'buttercream', frosting: 'vanilla-buttercream' };

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
    expect(priceCake({ ...round, productSlug: 'party-sheet-cake', basePriceCents: 6500, servings: 48, tiers: 2 })).toEqual({
      ok: false,
      field: 'tiers',
      message: 'This cake is not made in tiers',
    });
    expect(priceCake({ ...round, productSlug: 'pink-flamingo-two-tier-cake', basePriceCents: 11000, servings: 30, tiers: 1 })).toMatchObject({ ok: false, field: 'tiers' });
    expect(priceCake({ ...round, servings: 20, tiers: 3 })).toEqual({ ok: false, field: 'tiers', message: '3 tiers need at least 30 servings' });
  });

  it('prices a cake staff added later from the default base', () => {
    const price = priceCake({ ...round, productSlug: 'unicorn-cake', basePriceCents: 5000, servings: DEFAULT_CAKE_BASE.servings });
    expect(price).toMatchObject({ ok: true, totalCents: 5000 });
  });
});
