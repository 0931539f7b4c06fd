import type { EventWindow } from '../time';
import { startingPrice, type PriceRule, type StartingPrice } from './price-labels';
import { unitPrice, type PricedProduct } from './quote';

/**
 * A product's prices as the database holds them now. Public pages are built from the catalog at
 * deploy time, so after staff change a price the page shows the old one until the next build;
 * islands where a customer decides (booking box, cart, quote and cake forms) ask GET /api/prices
 * for these and show them instead.
 */
export interface LivePrice {
  product: string;
  pricingUnit: PricedProduct['pricingUnit'];
  basePriceCents: number;
  baseHours: number;
  halfDayPriceCents: number | null;
  extraDayPriceCents: number | null;
  /** The one "from" price (price-labels.ts). */
  from: StartingPrice;
  /** What one unit costs for the window asked about and the rule that set it (quote.ts's unitPrice); null when none was asked. */
  forWindow: { unitPriceCents: number; rule: PriceRule } | null;
}

export interface LivePrices {
  products: LivePrice[];
}

export function livePrice(product: PricedProduct, window: EventWindow | null, timeZone: string): LivePrice {
  return {
    product: product.slug,
    pricingUnit: product.pricingUnit,
    basePriceCents: product.basePriceCents,
    baseHours: product.baseHours,
    halfDayPriceCents: product.halfDayPriceCents,
    extraDayPriceCents: product.extraDayPriceCents,
    from: startingPrice(product),
    forWindow: window ? forWindow(unitPrice(product, window, timeZone)) : null,
  };
}

// The page words the rule in its own language; the English description is the staff screens'.
const forWindow = ({ unitPriceCents, rule }: ReturnType<typeof unitPrice>) => ({ unitPriceCents, rule });
