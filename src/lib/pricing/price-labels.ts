import { formatMoney } from '../money';
import { pluralOf, type Messages } from '../i18n';

/** The words of a price in a page's language (src/lib/i18n's `catalog` messages); English by default. */
export type PriceWords = Pick<Messages['catalog'], 'from' | 'each' | 'forUpTo' | 'hours' | 'priceRule' | 'forRule'>;
/** The few a "from" price needs: the booking widget carries only these to another site's page. */
export type StartingPriceWords = Pick<PriceWords, 'from' | 'each' | 'forUpTo'>;
// Written here so that English callers (and the islands) load no dictionary.
export const ENGLISH_PRICE_WORDS: PriceWords = {
  from: 'from',
  each: 'each',
  forUpTo: { one: 'for up to 1 hour', other: 'for up to {count} hours' },
  hours: { one: '1 hour', other: '{count} hours' },
  priceRule: {
    upTo: { one: 'Up to 1 hour', other: 'Up to {count} hours' },
    over: { one: 'Over 1 hour', other: 'Over {count} hours' },
    days: { one: '1 day', other: '{count} days' },
  },
  forRule: {
    over: { one: 'for over 1 hour', other: 'for over {count} hours' },
    days: { one: 'for 1 day', other: 'for {count} days' },
  },
};

/** The price words of a page's dictionary (its `catalog`), as islands and price labels take them. */
export function priceWordsOf(catalog: Messages['catalog']): PriceWords {
  const { from, each, forUpTo, hours, priceRule, forRule } = catalog;
  return { from, each, forUpTo, hours, priceRule, forRule };
}

/**
 * Which pricing rule set one unit's price for a window (quote.ts's unitPrice): up to a length, over the
 * base length (a day more), several calendar days, or, for an item sold per piece within its base
 * length, just "each". Carried as data so that every page words it in its own language.
 */
export type PriceRule =
  | { kind: 'upTo'; hours: number }
  | { kind: 'over'; hours: number }
  | { kind: 'days'; days: number }
  | { kind: 'each' };

/**
 * An event of at most this many hours costs a product's half-day price where it has one. Defined here,
 * not in quote.ts, so the cart and forms islands can print prices without bundling quote.ts's zod.
 */
export const HALF_DAY_HOURS = 4;

/**
 * The one "from" price every page, card, form and the cart shows for a product, and the one wording
 * for it. A rental's price depends on how long it stays, so the amount always travels with the
 * length it pays for: "from $150 for up to 4 hours", never a bare "from $150" beside a $195 charge.
 */
export interface StartingPrice {
  cents: number;
  /** Hours that price covers; null for items sold per piece ("each"). */
  hours: number | null;
}

/**
 * The price fields of a product (quote.ts's PricedProduct has them all). Written out here because
 * quote.ts and live-prices.ts import this module: taking the types from them would close an import circle.
 */
interface PriceFields {
  pricingUnit: 'rental' | 'each';
  basePriceCents: number;
  baseHours: number;
  halfDayPriceCents: number | null;
  extraDayPriceCents: number | null;
}

type StartingPriceSource = Pick<PriceFields, 'pricingUnit' | 'basePriceCents' | 'baseHours' | 'halfDayPriceCents'>;

/**
 * The lowest price anyone can pay for one unit, with the length it covers. It follows `unitPrice`
 * in quote.ts: a one-day event of at most HALF_DAY_HOURS costs the half-day price where there is one,
 * otherwise the base price covers up to baseHours.
 */
export function startingPrice(product: StartingPriceSource): StartingPrice {
  if (product.pricingUnit === 'each') return { cents: product.basePriceCents, hours: null };
  if (product.halfDayPriceCents !== null && product.halfDayPriceCents <= product.basePriceCents) {
    return { cents: product.halfDayPriceCents, hours: HALF_DAY_HOURS };
  }
  return { cents: product.basePriceCents, hours: product.baseHours };
}

/** What the price pays for: "for up to 4 hours" or "each". */
export function priceLength(hours: number | null, words: StartingPriceWords = ENGLISH_PRICE_WORDS): string {
  return hours === null ? words.each : pluralOf(hours, words.forUpTo);
}

/** "from $150 for up to 4 hours", "from $55 each". */
export function startingPriceLabel(price: StartingPrice, currency = 'usd', words: StartingPriceWords = ENGLISH_PRICE_WORDS): string {
  return `${words.from} ${formatMoney(price.cents, currency)} ${priceLength(price.hours, words)}`;
}

/** The same label at the start of a sentence or on its own line: "From $150 for up to 4 hours". */
export function startingPriceHeadline(price: StartingPrice, currency = 'usd', words: StartingPriceWords = ENGLISH_PRICE_WORDS): string {
  const label = startingPriceLabel(price, currency, words);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The lowest starting price among products (a category, a city's offer), with its length; null for none. */
export function lowestStartingPrice(products: readonly StartingPriceSource[]): StartingPrice | null {
  let lowest: StartingPrice | null = null;
  for (const product of products) {
    const price = startingPrice(product);
    // At equal amounts the longer rental is the better-sounding and equally true offer.
    if (
      lowest === null ||
      price.cents < lowest.cents ||
      (price.cents === lowest.cents && (price.hours ?? 0) > (lowest.hours ?? 0))
    ) {
      lowest = price;
    }
  }
  return lowest;
}

/** A priced line as its labels read it: the unit's price, the rule that set it, how many. */
export type PricedUnits = { unitPriceCents: number; rule: PriceRule; quantity: number };

/**
 * What one unit costs for the customer's chosen window, from a priced line (its `rule`, the pricing
 * rule that applied): "$195 for up to 8 hours", "$290 each for 2 days"; an item sold per piece within
 * its base length is "$55 each" at any quantity (its page says "$55 each", not a rental length).
 */
export function chargedPriceLabel(line: PricedUnits, currency = 'usd', words: PriceWords = ENGLISH_PRICE_WORDS): string {
  const price = formatMoney(line.unitPriceCents, currency);
  if (line.rule.kind === 'each') return `${price} ${words.each}`;
  const length =
    line.rule.kind === 'upTo'
      ? pluralOf(line.rule.hours, words.forUpTo)
      : line.rule.kind === 'over'
        ? pluralOf(line.rule.hours, words.forRule.over)
        : pluralOf(line.rule.days, words.forRule.days);
  return `${price}${line.quantity > 1 ? ` ${words.each}` : ''} ${length}`;
}

/** What live-prices.ts's LivePrice says about price (its `from` and `forWindow`). */
interface KnownLivePrice {
  from: StartingPrice;
  forWindow: { unitPriceCents: number; rule: PriceRule } | null;
}

/**
 * The price to show where a customer decides (booking box, cart, /at): what one unit costs for their
 * window once the server priced it ("$195 for up to 8 hours"); otherwise the starting price, live when
 * known, else the one the page was built with ("from $150 for up to 4 hours"). Null: no price known.
 */
export function livePriceLabel(
  live: { exact?: KnownLivePrice | undefined; latest?: KnownLivePrice | undefined },
  quantity: number,
  builtFrom: StartingPrice | null,
  currency = 'usd',
  words: PriceWords = ENGLISH_PRICE_WORDS,
): { forWindow: true; label: string } | { forWindow: false; from: StartingPrice; label: string } | null {
  const window = live.exact?.forWindow;
  if (window) return { forWindow: true, label: chargedPriceLabel({ ...window, quantity }, currency, words) };
  const from = live.latest?.from ?? builtFrom;
  return from ? { forWindow: false, from, label: startingPriceLabel(from, currency, words) } : null;
}

/**
 * The figures of a product page's price list, from the build's catalog or from GET /api/prices (the
 * page's live-prices script puts the live ones in place): "$195", "for up to 8 hours" or "each",
 * "8 hours", and the half-day and extra-day prices (null: the product has none, the row is hidden).
 */
export function priceListFigures(
  product: PriceFields,
  currency = 'usd',
  words: PriceWords = ENGLISH_PRICE_WORDS,
) {
  return {
    base: formatMoney(product.basePriceCents, currency),
    baseLength: product.pricingUnit === 'each' ? words.each : priceLength(product.baseHours, words),
    baseHours: pluralOf(product.baseHours, words.hours),
    halfDay: product.halfDayPriceCents === null ? null : formatMoney(product.halfDayPriceCents, currency),
    extraDay: product.extraDayPriceCents === null ? null : `+${formatMoney(product.extraDayPriceCents, currency)}`,
  };
}
export type PriceListFigures = ReturnType<typeof priceListFigures>;
