import { formatMoney, percentOf, roundCents } from '../money';
import type { BusinessSettings } from '../business';
import { addDays, localDate, localDaysTouched, localTime, type EventWindow } from '../time';
import { ENGLISH_PRICE_WORDS, HALF_DAY_HOURS, type PriceRule } from './price-labels';
import { priceRuleDescription } from './price-line-words';
import { siteChargesCents, type SiteCharge } from '../site-check';

export interface PricedProduct {
  id: string;
  slug: string;
  name: string;
  /** Its Spanish name (issue #40), for what a Spanish customer reads; null or absent: the name. */
  nameEs?: string | null;
  pricingUnit: 'rental' | 'each';
  basePriceCents: number;
  baseHours: number;
  halfDayPriceCents: number | null;
  extraDayPriceCents: number | null;
}

/** One service area's charges; taxRateBps is basis points: 825 = 8.25 %. */
export interface PricingArea {
  deliveryFeeCents: number;
  taxRateBps: number;
  minimumOrderCents: number;
}

export interface PricingSettings {
  /** Up to two decimals, e.g. 7.5. */
  damageWaiverPercent: number;
  damageWaiverOptional: boolean;
  depositMode: 'percent' | 'flat';
  depositPercent: number;
  depositFlatCents: number;
  depositMinimumCents: number;
  balanceDueDaysBefore: number;
  timeZone: string;
  /** Whether the delivery charge and the damage waiver are taxed with the rental: a state's rule, the owner's setting. */
  taxDeliveryFee: boolean;
  taxDamageWaiver: boolean;
}

export interface Coupon {
  code: string;
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffCents: number | null;
  /** Inclusive local dates; null = open-ended. */
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  timesUsed: number;
  minimumOrderCents: number;
  active: boolean;
}

export interface PriceLine {
  productId: string;
  slug: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** Which pricing rule applied, as data: each page words it in its language (price-labels.ts). */
  rule: PriceRule;
  /** The same in English, for staff screens: 'Up to 4 hours', 'Up to 8 hours', 'Over 8 hours', '2 days', 'Each'. */
  description: string;
}

/**
 * A staff line on one booking: a goodwill discount or a surcharge (stairs, a long walk, a
 * generator), named and with a reason. A percent is of the subtotal after the coupon.
 */
export interface Adjustment {
  label: string;
  reason: string;
  direction: 'discount' | 'surcharge';
  kind: 'amount' | 'percent';
  /** Cents for 'amount'; a percentage with up to two decimals for 'percent'. */
  value: number;
}

export interface PricedAdjustment extends Adjustment {
  /** Signed: a discount is negative. */
  cents: number;
}

export interface PriceResult {
  lines: PriceLine[];
  subtotalCents: number;
  discountCents: number;
  /** The coupon that was applied; null when none was given or it was rejected. */
  couponCode: string | null;
  couponError: string | null;
  damageWaiverCents: number;
  /** The customer declined the waiver but the business requires it. */
  damageWaiverForced: boolean;
  deliveryFeeCents: number;
  adjustments: PricedAdjustment[];
  /** The adjustments together, signed. */
  adjustmentsCents: number;
  /** The automatic lines the setup spot brings (sandbags, stairs, overnight: src/lib/site-check), taxed like the rental. */
  siteCharges: SiteCharge[];
  siteChargesCents: number;
  /** Set when the discounts are more than the order: the price cannot be booked. */
  adjustmentError: string | null;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  /** 'YYYY-MM-DD', local. */
  balanceDueOn: string;
  /** Set when the order is below the area's minimum; the quote is still fully priced. */
  minimumOrderError: string | null;
}

export interface PriceBookingInput {
  items: ReadonlyArray<{ product: PricedProduct; quantity: number }>;
  window: EventWindow;
  area: PricingArea;
  settings: PricingSettings;
  damageWaiver: boolean;
  coupon: Coupon | null;
  /** Staff lines; the website never has any. */
  adjustments?: readonly Adjustment[] | undefined;
  /** What checkSite added for the customer's answers about the setup spot. */
  siteCharges?: readonly SiteCharge[] | undefined;
  now: Date;
}

export { HALF_DAY_HOURS } from './price-labels';

/** For the caller to show when a typed code matches no coupon row. */
export const UNKNOWN_COUPON_MESSAGE = 'We don’t recognize that coupon code.';

export function toPricingSettings(settings: BusinessSettings): PricingSettings {
  return {
    damageWaiverPercent: settings.damageWaiverPercent,
    damageWaiverOptional: settings.damageWaiverOptional,
    depositMode: settings.depositMode,
    depositPercent: settings.depositPercent,
    depositFlatCents: settings.depositFlatCents,
    depositMinimumCents: settings.depositMinimumCents,
    balanceDueDaysBefore: settings.balanceDueDaysBefore,
    timeZone: settings.timezone,
    taxDeliveryFee: settings.taxDeliveryFee,
    taxDamageWaiver: settings.taxDamageWaiver,
  };
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * Length of a single-day event as the customer reads it on the clock. On a DST Sunday
 * 01:00–09:00 is 8 hours on the clock but 9 elapsed; customers book by the clock.
 */
function wallClockMinutes(window: EventWindow, timeZone: string): number {
  const start = minutesOf(localTime(window.start, timeZone));
  // A same-day event can end at midnight, which is 24:00 of its own day.
  const endsNextDay = localDate(window.end, timeZone) !== localDate(window.start, timeZone);
  const end = endsNextDay ? 24 * 60 : minutesOf(localTime(window.end, timeZone));
  return end - start;
}

/**
 * Price of one unit for the event window:
 * - One local calendar day, at most 4 hours, and the product has a half-day price: the half-day price.
 * - One calendar day up to baseHours: the base price.
 * - One calendar day longer than baseHours: base price plus one extra day.
 * - Several calendar days (Sat 10:00 → Sun 18:00 is 2): base price plus one extra day for each
 *   day after the first. An end exactly at midnight does not count the next day.
 * The extra day costs extraDayPriceCents, or the base price when that is not set. 'each' items
 * (party supplies) follow the same rule; they usually have no half-day or extra-day price.
 */
export function unitPrice(
  product: PricedProduct,
  window: EventWindow,
  timeZone: string,
): { unitPriceCents: number; rule: PriceRule; description: string } {
  const priced = (unitPriceCents: number, rule: PriceRule) => ({ unitPriceCents, rule, description: priceRuleDescription(rule, ENGLISH_PRICE_WORDS) });
  const days = localDaysTouched(window, timeZone).length;
  const extraDay = product.extraDayPriceCents ?? product.basePriceCents;
  if (days > 1) return priced(product.basePriceCents + (days - 1) * extraDay, { kind: 'days', days });
  const minutes = wallClockMinutes(window, timeZone);
  if (minutes <= HALF_DAY_HOURS * 60 && product.halfDayPriceCents !== null) {
    return priced(product.halfDayPriceCents, { kind: 'upTo', hours: HALF_DAY_HOURS });
  }
  if (minutes <= product.baseHours * 60) {
    // A piece's page says "$55 each", not a rental length: within its base length the price is simply per piece.
    return priced(product.basePriceCents, product.pricingUnit === 'each' ? { kind: 'each' } : { kind: 'upTo', hours: product.baseHours });
  }
  return priced(product.basePriceCents + extraDay, { kind: 'over', hours: product.baseHours });
}

/**
 * What the website says about any code that will not apply today, whatever the reason (no such
 * code, switched off, not started, expired, used up): the answer to a guess says only that it was
 * wrong. Staff screens keep the reasons.
 */
export const COUPON_NOT_ACCEPTED_MESSAGE = 'That coupon code can’t be used.';

/** Why a coupon cannot be used today whatever the order, or null when it can. */
export function couponUnavailable(coupon: Coupon, now: Date, timeZone: string): string | null {
  if (!coupon.active) return 'This coupon is no longer available.';
  const today = localDate(now, timeZone);
  if (coupon.startsOn !== null && today < coupon.startsOn) return 'This coupon is not valid yet.';
  if (coupon.endsOn !== null && today > coupon.endsOn) return 'This coupon has expired.';
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) {
    return 'This coupon has reached its usage limit.';
  }
  return null;
}

/**
 * The coupon error a customer sees. A code that exists and applies today but needs a bigger order
 * says so (the customer can act on it, and a guesser learns no more than a discount would tell);
 * every other refusal is the one COUPON_NOT_ACCEPTED_MESSAGE.
 */
export function customerCouponError(coupon: Coupon | null, codeGiven: boolean, couponError: string | null, now: Date, timeZone: string): string | null {
  if (!codeGiven) return null;
  if (!coupon || couponUnavailable(coupon, now, timeZone) !== null) return COUPON_NOT_ACCEPTED_MESSAGE;
  return couponError;
}

/** Null when the coupon can be applied to this subtotal, otherwise what to tell the customer. */
export function couponProblem(coupon: Coupon, subtotalCents: number, now: Date, timeZone: string): string | null {
  const unavailable = couponUnavailable(coupon, now, timeZone);
  if (unavailable) return unavailable;
  if (subtotalCents < coupon.minimumOrderCents) {
    return `This coupon needs an order of at least ${formatMoney(coupon.minimumOrderCents)}.`;
  }
  return null;
}

function couponDiscount(coupon: Coupon, subtotalCents: number): number {
  const off =
    coupon.kind === 'percent'
      ? roundCents(subtotalCents * Math.min(Math.max(coupon.percentOff ?? 0, 0), 100), 100)
      : Math.max(coupon.amountOffCents ?? 0, 0);
  return Math.min(off, subtotalCents);
}

function requireCents(label: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${label} must be a non-negative integer: ${value}`);
}

export function priceBooking(input: PriceBookingInput): PriceResult {
  const { window, area, settings } = input;
  const tz = settings.timeZone;

  const lines = input.items.map(({ product, quantity }): PriceLine => {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new RangeError(`Quantity must be a positive integer: ${quantity}`);
    const { unitPriceCents, rule, description } = unitPrice(product, window, tz);
    requireCents(`Price of ${product.slug}`, unitPriceCents);
    return {
      productId: product.id,
      slug: product.slug,
      name: product.name,
      quantity,
      unitPriceCents,
      // booking_items has CHECK (line_total_cents = unit_price_cents * quantity).
      lineTotalCents: unitPriceCents * quantity,
      rule,
      description,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let discountCents = 0;
  let couponCode: string | null = null;
  let couponError: string | null = null;
  if (input.coupon) {
    couponError = couponProblem(input.coupon, subtotalCents, input.now, tz);
    if (couponError === null) {
      discountCents = couponDiscount(input.coupon, subtotalCents);
      couponCode = input.coupon.code;
    }
  }

  const damageWaiverForced = !input.damageWaiver && !settings.damageWaiverOptional;
  const chargeWaiver = input.damageWaiver || damageWaiverForced;
  const damageWaiverCents = chargeWaiver ? percentOf(subtotalCents - discountCents, settings.damageWaiverPercent) : 0;

  const deliveryFeeCents = area.deliveryFeeCents;
  requireCents('Delivery fee', deliveryFeeCents);

  const adjustments = (input.adjustments ?? []).map((a): PricedAdjustment => {
    const cents = a.kind === 'percent' ? percentOf(subtotalCents - discountCents, a.value) : a.value;
    requireCents(`Adjustment ${a.label}`, cents);
    return { ...a, cents: a.direction === 'discount' ? -cents : cents };
  });
  const adjustmentsCents = adjustments.reduce((sum, a) => sum + a.cents, 0);
  const siteCharges = [...(input.siteCharges ?? [])];
  for (const c of siteCharges) requireCents(`Site charge ${c.label}`, c.cents);
  const siteCents = siteChargesCents(siteCharges);

  // Whether the delivery charge and the damage waiver are taxed with a taxable rental differs by state,
  // so it is the business's setting. An adjustment changes the price of the rental, so it is taxed with it.
  const taxedWaiverCents = settings.taxDamageWaiver ? damageWaiverCents : 0;
  const taxedDeliveryCents = settings.taxDeliveryFee ? deliveryFeeCents : 0;
  const taxableCents = Math.max(0, subtotalCents - discountCents + taxedWaiverCents + taxedDeliveryCents + adjustmentsCents + siteCents);
  const adjustmentError = subtotalCents - discountCents + damageWaiverCents + deliveryFeeCents + adjustmentsCents + siteCents < 0 ? 'The discounts are more than the whole order.' : null;
  const taxCents = roundCents(taxableCents * area.taxRateBps, 10_000);

  // The same identity as the bookings CHECK constraint, so a stored quote can never violate it.
  const totalCents = subtotalCents + deliveryFeeCents + damageWaiverCents - discountCents + adjustmentsCents + siteCents + taxCents;

  const depositWanted =
    settings.depositMode === 'percent'
      ? Math.max(roundCents(totalCents * settings.depositPercent, 100), settings.depositMinimumCents)
      : settings.depositFlatCents;
  const depositCents = Math.max(0, Math.min(depositWanted, totalCents));

  const minimumOrderError =
    subtotalCents < area.minimumOrderCents
      ? `Orders delivered to this area start at ${formatMoney(area.minimumOrderCents)}.`
      : null;

  return {
    lines,
    subtotalCents,
    discountCents,
    couponCode,
    couponError,
    damageWaiverCents,
    damageWaiverForced,
    deliveryFeeCents,
    adjustments,
    adjustmentsCents,
    siteCharges,
    siteChargesCents: siteCents,
    adjustmentError,
    taxCents,
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
    balanceDueOn: addDays(localDate(window.start, tz), -settings.balanceDueDaysBefore),
    minimumOrderError,
  };
}
