import type { LivePrice, LivePrices } from '../../lib/pricing';
import { publicApi } from '../../lib/paths';
import { requestJson } from './api';

export type { LivePrice };

/** An event window as the cart and the booking box hold it. */
export interface PricedWindow {
  date: string;
  start: string;
  end: string;
  endDate?: string | undefined;
}

/** GET /api/prices for these products (and this window); null when there is nothing to ask. */
export function livePricesUrl(products: readonly string[], window: PricedWindow | null): string | null {
  if (products.length === 0) return null;
  // Sorted: the same products asked by two islands are one address, so one request (see below).
  const query = new URLSearchParams({ products: [...new Set(products)].sort().join(',') });
  if (window) {
    query.set('date', window.date);
    query.set('start', window.start);
    query.set('end', window.end);
    if (window.endDate) query.set('endDate', window.endDate);
  }
  return publicApi.prices(query);
}

/** The product page's price list script and its booking box ask the same question at load: ask once. */
const REUSE_MS = 30_000;
const answers = new Map<string, { askedAt: number; prices: Promise<Map<string, LivePrice> | null> }>();

/**
 * The live prices by product. Never rejects: null when they could not be had, and the caller
 * keeps showing what the page was built with (a price, if stale, rather than none).
 */
export function fetchLivePrices(url: string): Promise<Map<string, LivePrice> | null> {
  const now = Date.now();
  const recent = answers.get(url);
  if (recent && now - recent.askedAt < REUSE_MS) return recent.prices;
  const prices = requestJson<LivePrices>(url).then(
    (result) => (result.ok ? new Map(result.data.products.map((p) => [p.product, p])) : null),
    () => null,
  );
  answers.set(url, { askedAt: now, prices });
  return prices;
}
