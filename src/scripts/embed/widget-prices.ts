import { formatMoney } from '../../lib/money';
import { startingPriceHeadline, type StartingPrice } from '../../lib/pricing';
import type { WidgetCartItem } from './widget-cart';
import type { WidgetWords } from './widget-words';

/**
 * What the cart on the host page says about money: each line's "from" price as the booking site stated
 * it when the line was added (the products' and the date search's answers), and their sum. Never an
 * exact price: that needs the delivery area, the coupon and the tax, which only the checkout knows.
 */

/**
 * A line's saved price, when it is one. A cart saved by an earlier widget has lines without a price, and
 * the host site's storage may hold anything: such a line has none, rather than "$NaN" or "$0".
 */
export function savedPrice(item: Pick<WidgetCartItem, 'from'>): StartingPrice | null {
  const from: Partial<StartingPrice> | undefined = item.from;
  const cents = from?.cents;
  const hours = from?.hours;
  if (!Number.isSafeInteger(cents) || cents! < 0) return null;
  if (hours !== null && !(Number.isSafeInteger(hours) && hours! > 0)) return null;
  return { cents: cents!, hours: hours ?? null };
}

/** Whether the line's quantity is one the cart could hold (storage again). */
const countable = (quantity: unknown): quantity is number => Number.isSafeInteger(quantity) && (quantity as number) > 0;

/** "From $150 for up to 4 hours", and for more than one "From $95 for up to 4 hours · For 3: from $285"; null without a price. */
export function linePriceWords(
  item: Pick<WidgetCartItem, 'from' | 'quantity'>,
  t: WidgetWords,
  currency: string,
): string | null {
  const from = savedPrice(item);
  if (!from || !countable(item.quantity)) return null;
  const label = startingPriceHeadline(from, currency, t.priceWords);
  return item.quantity > 1
    ? `${label} · ${t.forQuantity(item.quantity, formatMoney(from.cents * item.quantity, currency))}`
    : label;
}

/**
 * "Total: from $435": the lines' from-prices together. Left out when a line has no price (an earlier
 * widget's): a sum of some lines would read as the whole cart's.
 */
export function cartTotalWords(
  items: readonly Pick<WidgetCartItem, 'from' | 'quantity'>[],
  t: WidgetWords,
  currency: string,
): string | null {
  let cents = 0;
  for (const item of items) {
    const from = savedPrice(item);
    if (!from || !countable(item.quantity)) return null;
    cents += from.cents * item.quantity;
  }
  return items.length ? t.cartTotal(formatMoney(cents, currency)) : null;
}
