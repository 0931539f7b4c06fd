import { formatMoney } from '../money';
import { pluralOf } from '../i18n';
import type { PricedUnits, PriceRule, PriceWords } from './price-labels';

/*
 * The words of a priced line's rule, in the page's language (the words are always given). Apart from
 * price-labels.ts because the product page's own script loads that module: a module a page script loads
 * stays out of the islands' shared file (src/integrations/island-chunks.ts), so the cart's price summary
 * importing it gave checkout two more script files, with their headers.
 */

/** A price line's rule on its own line: "Up to 8 hours", "Over 8 hours", "2 days", "Each". */
export function priceRuleDescription(rule: PriceRule, words: PriceWords): string {
  switch (rule.kind) {
    case 'upTo':
      return pluralOf(rule.hours, words.priceRule.upTo);
    case 'over':
      return pluralOf(rule.hours, words.priceRule.over);
    case 'days':
      return pluralOf(rule.days, words.priceRule.days);
    case 'each':
      return words.each.charAt(0).toUpperCase() + words.each.slice(1);
  }
}

/**
 * The detail under a line of the price summary: its rule, and the unit price when there are several
 * ("Up to 8 hours, $195 each"); "$55 each" for an item sold per piece.
 */
export function priceLineDetail(line: PricedUnits, currency: string, words: PriceWords): string {
  const price = formatMoney(line.unitPriceCents, currency);
  if (line.rule.kind === 'each') return `${price} ${words.each}`;
  return `${priceRuleDescription(line.rule, words)}${line.quantity > 1 ? `, ${price} ${words.each}` : ''}`;
}
