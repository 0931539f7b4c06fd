import { describe, it, expect } from 'vitest';
import { toEventWindow, type EventWindowInput } from '../time/event-window';
import {
  priceBooking,
  unitPrice,
  type Coupon,
  type PriceBookingInput,
  type PricedProduct,
  type PricingArea,
  type PricingSettings,
} from './quote';

const CHICAGO = 'America/Chicago';

const castle: PricedProduct = {
  id: 'p-castle',
  slug: 'castle-bounce-house',
  name: 'Castle Bounce House',
  pricingUnit: 'rental',
  basePriceCents: 19_500,
  baseHours: 8,
  halfDayPriceCents: 12_500,
  extraDayPriceCents: 9_500,
};

const slide: PricedProduct = {
  id: 'p-slide',
  slug: 'tropical-water-slide',
  name: 'Tropical Water Slide',
  pricingUnit: 'rental',
  basePriceCents: 29_900,
  baseHours: 6,
  halfDayPriceCents: null,
  extraDayPriceCents: null,
};

const chair: PricedProduct = {
  id: 'p-chair',
  slug: 'folding-chair',
  name: 'Folding Chair',
  pricingUnit: 'each',
  basePriceCents: 300,
  baseHours: 8,
  halfDayPriceCents: null,
  extraDayPriceCents: null,
};

const area: PricingArea = { deliveryFeeCents: 2_500, taxRateBps: 825, minimumOrderCents: 0 };

const settings: PricingSettings = {
  damageWaiverPercent: 10,
  damageWaiverOptional: true,
  depositMode: 'percent',
  depositPercent: 30,
  depositFlatCents: 5_000,
  depositMinimumCents: 5_000,
  balanceDueDaysBefore: 0,
  timeZone: CHICAGO,
  taxDeliveryFee: true,
  taxDamageWaiver: true,
};

/** 07:00 on 2026-06-01 in Chicago. */
const NOW = new Date('2026-06-01T12:00:00Z');

const saturday = { date: '2026-07-11', start: '10:00', end: '18:00' };

function win(input: EventWindowInput) {
  return toEventWindow(input, CHICAGO);
}

function price(overrides: Partial<PriceBookingInput> = {}) {
  return priceBooking({
    items: [{ product: castle, quantity: 1 }],
    window: win(saturday),
    area,
    settings,
    damageWaiver: true,
    coupon: null,
    now: NOW,
    ...overrides,
  });
}

function flatProduct(cents: number): PricedProduct {
  return { ...chair, id: `p-${cents}`, slug: `thing-${cents}`, basePriceCents: cents };
}

const percentCoupon: Coupon = {
  code: 'SUMMER15',
  kind: 'percent',
  percentOff: 15,
  amountOffCents: null,
  startsOn: null,
  endsOn: null,
  usageLimit: null,
  timesUsed: 0,
  minimumOrderCents: 0,
  active: true,
};

const amountCoupon: Coupon = {
  ...percentCoupon,
  code: 'TAKE50',
  kind: 'amount',
  percentOff: null,
  amountOffCents: 5_000,
};

describe('rental price for the event window', () => {
  const priceFor = (product: PricedProduct, input: EventWindowInput) => unitPrice(product, win(input), CHICAGO);

  // One window, one price: the tier a window of that length falls in.
  it.each<[string, PricedProduct, EventWindowInput, { unitPriceCents: number; description: string }]>([
    ['uses the half-day price for 4 hours or less', castle, { date: '2026-07-11', start: '12:00', end: '16:00' }, { unitPriceCents: 12_500, description: 'Up to 4 hours' }],
    ['uses the base price for short events when there is no half-day price', slide, { date: '2026-07-11', start: '12:00', end: '14:00' }, { unitPriceCents: 29_900, description: 'Up to 6 hours' }],
    ['does not charge the next day for an event that ends at midnight', castle, { date: '2026-07-11', endDate: '2026-07-12', start: '18:00', end: '00:00' }, { unitPriceCents: 19_500, description: 'Up to 8 hours' }],
  ])('%s', (_name, product, input, expected) => {
    expect(priceFor(product, input)).toMatchObject(expected);
  });

  it('uses the base price from just over 4 hours up to the base hours', () => {
    expect(priceFor(castle, { date: '2026-07-11', start: '12:00', end: '16:01' })).toEqual({
      unitPriceCents: 19_500,
      rule: { kind: 'upTo', hours: 8 },
      description: 'Up to 8 hours',
    });
    expect(priceFor(castle, saturday)).toMatchObject({ unitPriceCents: 19_500, description: 'Up to 8 hours' });
  });

  it('adds one extra day for a single day longer than the base hours', () => {
    expect(priceFor(castle, { date: '2026-07-11', start: '08:00', end: '18:30' })).toEqual({
      unitPriceCents: 19_500 + 9_500,
      rule: { kind: 'over', hours: 8 },
      description: 'Over 8 hours',
    });
    // Without an extra-day price, the extra day costs the base price.
    expect(priceFor(slide, { date: '2026-07-11', start: '10:00', end: '17:00' }).unitPriceCents).toBe(2 * 29_900);
  });

  it('adds an extra day for each further calendar day of a multi-day rental', () => {
    expect(priceFor(castle, { date: '2026-07-11', endDate: '2026-07-12', start: '10:00', end: '18:00' })).toEqual({
      unitPriceCents: 19_500 + 9_500,
      rule: { kind: 'days', days: 2 },
      description: '2 days',
    });
    expect(priceFor(castle, { date: '2026-07-10', endDate: '2026-07-12', start: '10:00', end: '10:00' })).toEqual({
      unitPriceCents: 19_500 + 2 * 9_500,
      rule: { kind: 'days', days: 3 },
      description: '3 days',
    });
    // Overnight is 2 calendar days even though it is only 12 hours.
    expect(priceFor(castle, { date: '2026-07-11', endDate: '2026-07-12', start: '20:00', end: '08:00' })).toMatchObject(
      {
        description: '2 days',
      },
    );
  });

  it('charges by the clock on the fall-back Sunday: 01:00–09:00 is 8 hours on the clock, 9 in reality', () => {
    const window = win({ date: '2026-11-01', start: '01:00', end: '09:00' });
    expect(window.end.getTime() - window.start.getTime()).toBe(9 * 3_600_000);
    expect(unitPrice(castle, window, CHICAGO)).toMatchObject({ unitPriceCents: 19_500, description: 'Up to 8 hours' });
  });

  it('prices party supplies per item with the same rule', () => {
    const result = price({
      items: [{ product: chair, quantity: 20 }],
      window: win({ date: '2026-07-11', endDate: '2026-07-12', start: '10:00', end: '18:00' }),
    });
    expect(result.lines).toEqual([
      {
        productId: 'p-chair',
        slug: 'folding-chair',
        name: 'Folding Chair',
        quantity: 20,
        unitPriceCents: 600,
        lineTotalCents: 12_000,
        rule: { kind: 'days', days: 2 },
        description: '2 days',
      },
    ]);
  });

  it('prices an item sold per piece "each" within its base hours, not as a rental length', () => {
    const oneDay = price({ items: [{ product: chair, quantity: 20 }], window: win(saturday) });
    expect(oneDay.lines[0]).toMatchObject({ unitPriceCents: chair.basePriceCents, rule: { kind: 'each' }, description: 'Each' });
  });
});

describe('priceBooking: a full quote', () => {
  it('adds up rentals, waiver, delivery, tax, deposit and balance', () => {
    const result = price({
      items: [
        { product: castle, quantity: 1 },
        { product: chair, quantity: 20 },
      ],
    });
    expect(result).toEqual({
      lines: [
        expect.objectContaining({ slug: 'castle-bounce-house', unitPriceCents: 19_500, lineTotalCents: 19_500 }),
        expect.objectContaining({ slug: 'folding-chair', unitPriceCents: 300, lineTotalCents: 6_000 }),
      ],
      subtotalCents: 25_500,
      discountCents: 0,
      couponCode: null,
      couponError: null,
      damageWaiverCents: 2_550,
      damageWaiverForced: false,
      deliveryFeeCents: 2_500,
      adjustments: [],
      adjustmentsCents: 0,
      siteCharges: [],
      siteChargesCents: 0,
      adjustmentError: null,
      taxCents: 2_520, // 8.25 % of 305.50 = 25.20375
      totalCents: 33_070,
      depositCents: 9_921,
      balanceCents: 23_149,
      balanceDueOn: '2026-07-11',
      minimumOrderError: null,
    });
  });
});

describe('priceBooking: the yard’s automatic lines', () => {
  it('adds them to the total and taxes them with the rental', () => {
    const without = price({ items: [{ product: castle, quantity: 1 }] });
    const result = price({ items: [{ product: castle, quantity: 1 }], siteCharges: [{ label: 'Sandbags: Castle', reason: '4 sandbags', cents: 2_500 }] });
    expect(result.siteChargesCents).toBe(2_500);
    // 8.25 % of the 25.00 more.
    expect(result.taxCents - without.taxCents).toBe(206);
    expect(result.totalCents - without.totalCents).toBe(2_500 + 206);
  });
});

describe('coupons', () => {
  it('takes a percentage off the subtotal, before the waiver and tax', () => {
    const result = price({ coupon: percentCoupon });
    expect(result.discountCents).toBe(2_925); // 15 % of 195.00
    expect(result.couponCode).toBe('SUMMER15');
    expect(result.couponError).toBeNull();
    expect(result.damageWaiverCents).toBe(1_658); // 10 % of 165.75 = 16.575
    expect(result.taxCents).toBe(1_710); // 8.25 % of (165.75 + 16.58 + 25.00) = 17.104...
    expect(result.totalCents).toBe(19_500 - 2_925 + 1_658 + 2_500 + 1_710);
  });

  it('rounds a percentage discount half away from zero', () => {
    expect(
      price({ items: [{ product: flatProduct(1_010), quantity: 1 }], coupon: { ...percentCoupon, percentOff: 5 } })
        .discountCents,
    ).toBe(51); // 50.5
    expect(price({ items: [{ product: flatProduct(1_003), quantity: 1 }], coupon: percentCoupon }).discountCents).toBe(
      150,
    ); // 150.45
  });

  it('takes a fixed amount off', () => {
    expect(price({ coupon: amountCoupon }).discountCents).toBe(5_000);
  });

  it('never discounts more than the subtotal', () => {
    const result = price({
      items: [{ product: flatProduct(3_000), quantity: 1 }],
      coupon: { ...amountCoupon, amountOffCents: 10_000 },
    });
    expect(result.discountCents).toBe(3_000);
    expect(result.damageWaiverCents).toBe(0);
    expect(result.taxCents).toBe(206); // only the delivery fee is left to tax: 8.25 % of 25.00 = 2.0625
    expect(result.totalCents).toBe(2_500 + 206);
    expect(price({ coupon: { ...percentCoupon, percentOff: 100 } }).discountCents).toBe(19_500);
  });

  it('refuses an expired coupon, but accepts it on its last day', () => {
    const expired = price({ coupon: { ...percentCoupon, endsOn: '2026-05-31' } });
    expect(expired).toMatchObject({ discountCents: 0, couponCode: null, couponError: 'This coupon has expired.' });
    expect(price({ coupon: { ...percentCoupon, endsOn: '2026-06-01' } }).discountCents).toBe(2_925);
  });

  it('refuses a coupon that is not valid yet, judged by the local date', () => {
    // 22:00 on May 31 in Chicago, already June 1 in UTC.
    const lateEvening = new Date('2026-06-01T03:00:00Z');
    const june = { ...percentCoupon, startsOn: '2026-06-01' };
    expect(price({ coupon: june, now: lateEvening })).toMatchObject({
      discountCents: 0,
      couponError: 'This coupon is not valid yet.',
    });
    expect(price({ coupon: june, now: NOW }).couponError).toBeNull();
  });

  it('refuses a coupon that has been used up', () => {
    expect(price({ coupon: { ...percentCoupon, usageLimit: 100, timesUsed: 100 } })).toMatchObject({
      discountCents: 0,
      couponError: 'This coupon has reached its usage limit.',
    });
    expect(price({ coupon: { ...percentCoupon, usageLimit: 100, timesUsed: 99 } }).discountCents).toBe(2_925);
  });

  it('refuses a coupon below its minimum order, measured on the subtotal', () => {
    const needs200 = { ...percentCoupon, minimumOrderCents: 20_000 };
    expect(price({ coupon: needs200 })).toMatchObject({
      discountCents: 0,
      couponCode: null,
      couponError: 'This coupon needs an order of at least $200.',
    });
    expect(price({ coupon: needs200, items: [{ product: flatProduct(20_000), quantity: 1 }] }).discountCents).toBe(
      3_000,
    );
  });

  it('refuses a coupon that was switched off', () => {
    expect(price({ coupon: { ...percentCoupon, active: false } })).toMatchObject({
      discountCents: 0,
      couponError: 'This coupon is no longer available.',
    });
  });
});

describe('staff adjustments', () => {
  const generator = { label: 'Generator', reason: 'No outlet in the park', direction: 'surcharge', kind: 'amount', value: 7_500 } as const;
  const goodwill = { label: 'Goodwill', reason: 'Late delivery last time', direction: 'discount', kind: 'percent', value: 10 } as const;

  it('adds a surcharge and takes a discount off, both taxed with the rental, in the total the database checks', () => {
    const plain = price();
    const r = price({ adjustments: [generator, goodwill] });
    // 10 % of the $195 subtotal is $19.50 off; the $75 generator is added.
    expect(r.adjustments.map((a) => a.cents)).toEqual([7_500, -1_950]);
    expect(r.adjustmentsCents).toBe(5_550);
    expect(r.taxCents).toBe(Math.round((plain.subtotalCents + plain.damageWaiverCents + plain.deliveryFeeCents + 5_550) * 0.0825));
    expect(r.totalCents).toBe(r.subtotalCents + r.deliveryFeeCents + r.damageWaiverCents - r.discountCents + r.adjustmentsCents + r.taxCents);
    expect(r.adjustmentError).toBeNull();
  });

  it('takes a percentage after the coupon', () => {
    const r = price({ coupon: percentCoupon, adjustments: [goodwill] });
    expect(r.adjustments[0]!.cents).toBe(-Math.round((19_500 - r.discountCents) / 10));
  });

  it('refuses discounts bigger than the order, with a total and a deposit that stay at zero or more', () => {
    const r = price({ adjustments: [{ ...generator, direction: 'discount', value: 1_000_000 }] });
    expect(r.adjustmentError).toMatch(/more than the whole order/);
    expect(r.taxCents).toBe(0);
    expect(r.depositCents).toBe(0);
  });
});

describe('damage waiver', () => {
  it('is left off when the customer declines and it is optional', () => {
    expect(price({ damageWaiver: false })).toMatchObject({ damageWaiverCents: 0, damageWaiverForced: false });
  });

  it('is charged anyway, and flagged, when the customer declines but it is required', () => {
    const result = price({ damageWaiver: false, settings: { ...settings, damageWaiverOptional: false } });
    expect(result).toMatchObject({ damageWaiverCents: 1_950, damageWaiverForced: true });
  });

  it('is not flagged as forced when the customer accepted it', () => {
    const result = price({ damageWaiver: true, settings: { ...settings, damageWaiverOptional: false } });
    expect(result).toMatchObject({ damageWaiverCents: 1_950, damageWaiverForced: false });
  });

  it('handles fractional percentages exactly', () => {
    const at = (percent: number, cents: number) =>
      price({
        items: [{ product: flatProduct(cents), quantity: 1 }],
        settings: { ...settings, damageWaiverPercent: percent },
      }).damageWaiverCents;
    expect(at(7.5, 25_500)).toBe(1_913); // 1912.5
    expect(at(2.05, 3_000)).toBe(62); // 61.5, which floating point computes as 61.4999…
  });
});

describe('tax', () => {
  const noExtras = { ...area, deliveryFeeCents: 0 };
  const taxOn = (cents: number) =>
    price({ items: [{ product: flatProduct(cents), quantity: 1 }], area: noExtras, damageWaiver: false }).taxCents;

  it('rounds a half cent up', () => {
    expect(taxOn(200)).toBe(17); // 16.5
    expect(taxOn(600)).toBe(50); // 49.5
    expect(taxOn(199)).toBe(16); // 16.4175
  });

  it('includes the delivery fee and the waiver in what is taxed when the business says both are taxed', () => {
    const result = price();
    expect(result.taxCents).toBe(Math.round(((19_500 + 1_950 + 2_500) * 825) / 10_000)); // 1975.875
    expect(result.taxCents).toBe(1_976);
  });

  // Rentals 195.00, waiver 19.50, delivery 25.00 at 8.25 %: each flag adds its charge to what is taxed.
  it.each([
    { taxDeliveryFee: true, taxDamageWaiver: true, taxable: 19_500 + 1_950 + 2_500, taxCents: 1_976 },
    { taxDeliveryFee: true, taxDamageWaiver: false, taxable: 19_500 + 2_500, taxCents: 1_815 },
    { taxDeliveryFee: false, taxDamageWaiver: true, taxable: 19_500 + 1_950, taxCents: 1_770 },
    { taxDeliveryFee: false, taxDamageWaiver: false, taxable: 19_500, taxCents: 1_609 },
  ])('delivery taxed: $taxDeliveryFee, waiver taxed: $taxDamageWaiver → tax $taxCents', ({ taxDeliveryFee, taxDamageWaiver, taxable, taxCents }) => {
    const result = price({ settings: { ...settings, taxDeliveryFee, taxDamageWaiver } });
    expect(result.taxCents).toBe(Math.round((taxable * 825) / 10_000));
    expect(result.taxCents).toBe(taxCents);
    // The untaxed charges are still charged, untaxed.
    expect(result.deliveryFeeCents).toBe(2_500);
    expect(result.damageWaiverCents).toBe(1_950);
    expect(result.totalCents).toBe(19_500 + 1_950 + 2_500 + taxCents);
  });
});

describe('deposit and balance', () => {
  it('takes the deposit percentage of the total', () => {
    const result = price();
    expect(result.totalCents).toBe(25_926);
    expect(result.depositCents).toBe(7_778); // 30 % of 259.26 = 77.778
    expect(result.balanceCents).toBe(25_926 - 7_778);
  });

  it('raises a small percentage deposit to the minimum', () => {
    const result = price({ settings: { ...settings, depositPercent: 10 } });
    expect(result.depositCents).toBe(5_000);
  });

  it('never asks for a deposit larger than the total', () => {
    const result = price({
      items: [{ product: flatProduct(2_000), quantity: 1 }],
      area: { deliveryFeeCents: 0, taxRateBps: 0, minimumOrderCents: 0 },
      damageWaiver: false,
    });
    expect(result).toMatchObject({ totalCents: 2_000, depositCents: 2_000, balanceCents: 0 });
  });

  it('uses a flat deposit in flat mode, capped at the total', () => {
    const flat = { ...settings, depositMode: 'flat' as const, depositFlatCents: 7_500 };
    expect(price({ settings: flat })).toMatchObject({ depositCents: 7_500, balanceCents: 25_926 - 7_500 });
    expect(price({ settings: { ...flat, depositFlatCents: 100_000 } })).toMatchObject({
      depositCents: 25_926,
      balanceCents: 0,
    });
  });

  it('makes the balance due the configured number of days before the local event date', () => {
    expect(price({ settings: { ...settings, balanceDueDaysBefore: 7 } }).balanceDueOn).toBe('2026-07-04');
    // 20:00 on March 1 in Chicago is already March 2 in UTC.
    const evening = win({ date: '2026-03-01', start: '17:00', end: '20:30' });
    expect(price({ window: evening }).balanceDueOn).toBe('2026-03-01');
    expect(price({ window: evening, settings: { ...settings, balanceDueDaysBefore: 1 } }).balanceDueOn).toBe(
      '2026-02-28',
    );
  });
});

describe('minimum order', () => {
  it('explains the minimum for the area but still prices the order', () => {
    const result = price({ area: { ...area, minimumOrderCents: 20_000 } });
    expect(result.minimumOrderError).toBe('Orders delivered to this area start at $200.');
    expect(result.totalCents).toBe(25_926);
  });

  it('is satisfied at exactly the minimum', () => {
    expect(price({ area: { ...area, minimumOrderCents: 19_500 } }).minimumOrderError).toBeNull();
  });
});

describe('the total identity the database enforces', () => {
  /** mulberry32: small, seeded, good enough to explore inputs reproducibly. */
  function rng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  it('holds, with whole non-negative cents and a valid deposit, for many random quotes', () => {
    const random = rng(20261121);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const pick = <T>(options: readonly T[]): T => options[int(0, options.length - 1)] as T;

    for (let run = 0; run < 1_000; run++) {
      const items = Array.from({ length: int(1, 5) }, (_, i) => {
        const base = int(0, 60_000);
        const product: PricedProduct = {
          id: `p${i}`,
          slug: `p-${i}`,
          name: `Product ${i}`,
          pricingUnit: pick(['rental', 'each'] as const),
          basePriceCents: base,
          baseHours: int(1, 12),
          halfDayPriceCents: random() < 0.5 ? null : int(0, base),
          extraDayPriceCents: random() < 0.5 ? null : int(0, 60_000),
        };
        return { product, quantity: int(1, 20) };
      });
      const date = `2026-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
      const startHour = int(7, 15);
      const window = win({
        date,
        start: `${String(startHour).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
        end: `${String(int(startHour + 1, 21)).padStart(2, '0')}:00`,
        ...(random() < 0.3 ? { endDate: `2026-12-${String(int(29, 31))}`, date: '2026-12-28' } : {}),
      });
      const coupon: Coupon | null =
        random() < 0.5
          ? null
          : random() < 0.5
            ? { ...percentCoupon, percentOff: int(1, 100), minimumOrderCents: int(0, 30_000) }
            : { ...amountCoupon, amountOffCents: int(1, 200_000), minimumOrderCents: int(0, 30_000) };
      const s: PricingSettings = {
        ...settings,
        damageWaiverPercent: int(0, 5_000) / 100,
        damageWaiverOptional: random() < 0.5,
        depositMode: pick(['percent', 'flat'] as const),
        depositPercent: int(0, 100),
        depositFlatCents: int(0, 50_000),
        depositMinimumCents: int(0, 20_000),
        balanceDueDaysBefore: int(0, 60),
      };
      const siteCharges = Array.from({ length: random() < 0.5 ? 0 : int(1, 3) }, (_, i) => ({ label: `Line ${i}`, reason: 'For the yard', cents: int(1, 10_000) }));
      const r = priceBooking({
        items,
        window,
        area: { deliveryFeeCents: int(0, 10_000), taxRateBps: int(0, 2_000), minimumOrderCents: int(0, 50_000) },
        settings: s,
        damageWaiver: random() < 0.5,
        coupon,
        siteCharges,
        now: NOW,
      });

      const context = JSON.stringify({ run, r });
      // The yard's automatic lines (site-check) are part of the price exactly as given, in the same identity.
      expect(r.siteChargesCents, context).toBe(siteCharges.reduce((sum, c) => sum + c.cents, 0));
      expect(r.totalCents, context).toBe(
        r.subtotalCents + r.deliveryFeeCents + r.damageWaiverCents - r.discountCents + r.siteChargesCents + r.taxCents,
      );
      expect(r.subtotalCents, context).toBe(r.lines.reduce((sum, l) => sum + l.lineTotalCents, 0));
      for (const line of r.lines) expect(line.lineTotalCents, context).toBe(line.unitPriceCents * line.quantity);
      for (const cents of [
        r.subtotalCents,
        r.discountCents,
        r.damageWaiverCents,
        r.taxCents,
        r.totalCents,
        r.depositCents,
        r.balanceCents,
      ]) {
        expect(Number.isSafeInteger(cents) && cents >= 0, context).toBe(true);
      }
      expect(r.discountCents, context).toBeLessThanOrEqual(r.subtotalCents);
      expect(r.depositCents, context).toBeLessThanOrEqual(r.totalCents);
      expect(r.balanceCents, context).toBe(r.totalCents - r.depositCents);
      if (s.depositMode === 'percent' && r.depositCents < r.totalCents) {
        expect(r.depositCents, context).toBeGreaterThanOrEqual(s.depositMinimumCents);
      }
      if (s.depositMode === 'flat') expect(r.depositCents, context).toBe(Math.min(s.depositFlatCents, r.totalCents));
    }
  });
});
