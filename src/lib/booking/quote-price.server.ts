import type { Sql } from '../db/client.server';
import type { PriceRequest } from '../pricing/price-input';
import { UNKNOWN_COUPON_MESSAGE, type PricedAdjustment } from '../pricing/quote';
import { prepareCart, type PreparedCart } from './place-booking.server';
import { cartLimitProblem } from './unpaid-holds';

export interface PriceQuote {
  lines: {
    product: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    description: string;
    available: boolean;
    freeCount: number | null;
    reason: string | null;
  }[];
  subtotalCents: number;
  discountCents: number;
  coupon: { code: string | null; error: string | null };
  damageWaiverCents: number;
  damageWaiverForced: boolean;
  deliveryFeeCents: number;
  /** Staff lines only: the website never sends any. */
  adjustments: PricedAdjustment[];
  adjustmentsCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  balanceDueOn: string;
  minimumOrderError: string | null;
  /** True when every line can be booked for the window and the order meets the area minimum. */
  bookable: boolean;
  problem: string | null;
}

/**
 * POST /api/quote-price: the exact, itemised price the booking would get, with each line's
 * availability. An unknown or invalid coupon is reported beside a price without it, so the cart
 * still shows a total. A cart over the owner's limits for a website booking (units of one product,
 * products in all) is priced, and not bookable, with what to change.
 */
export async function quotePrice(sql: Sql, request: PriceRequest, now: Date): Promise<PriceQuote> {
  const cart = await prepareCart(sql, request, request.zip, now, 'zip');
  const quote = quoteFromCart(cart);
  const limit = cartLimitProblem(request.items, cart.settings);
  return limit ? { ...quote, bookable: false, problem: limit.message } : quote;
}

/** The price quote of a cart prepareCart read (the staff screens' too). */
export function quoteFromCart({ evaluation, lines, couponUnknown }: PreparedCart): PriceQuote {
  const couponError = couponUnknown ? UNKNOWN_COUPON_MESSAGE : null;
  const { price } = evaluation;
  const problem = evaluation.problem ?? price.minimumOrderError ?? price.adjustmentError;
  return {
    lines: price.lines.map((l, i) => {
      const availability = evaluation.lines[i]!;
      return {
        product: lines[i]!.product.slug,
        name: l.name,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        description: l.description,
        available: availability.available,
        freeCount: availability.freeCount,
        reason: availability.reason?.message ?? null,
      };
    }),
    subtotalCents: price.subtotalCents,
    discountCents: price.discountCents,
    coupon: { code: price.couponCode, error: couponError ?? price.couponError },
    damageWaiverCents: price.damageWaiverCents,
    damageWaiverForced: price.damageWaiverForced,
    deliveryFeeCents: price.deliveryFeeCents,
    adjustments: price.adjustments,
    adjustmentsCents: price.adjustmentsCents,
    taxCents: price.taxCents,
    totalCents: price.totalCents,
    depositCents: price.depositCents,
    balanceCents: price.balanceCents,
    balanceDueOn: price.balanceDueOn,
    minimumOrderError: price.minimumOrderError,
    bookable: problem === null,
    problem,
  };
}
