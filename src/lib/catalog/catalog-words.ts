import type { Category } from './types';
import { interpolate, type Messages } from '../i18n';

/** The words of the catalog phrases in a page's language (src/lib/i18n's `catalog` messages). */
export type CatalogWords = Pick<Messages['catalog'], 'categoryNames' | 'partyRentals' | 'and' | 'andMore'>;
// The English words, written here so that English callers need not load a dictionary.
const ENGLISH: CatalogWords = { categoryNames: {}, partyRentals: 'party rentals', and: '{first} and {last}', andMore: '{list} and more' };

/**
 * How the public pages name what the business rents, from its own categories, so a page never
 * promises a kind of rental the catalog does not have (a new business may rent only bounce houses).
 */

/** Categories with at least one active product, in the catalog's order. */
export function offeredCategories<C extends Pick<Category, 'productCount'>>(categories: ReadonlyArray<C>): C[] {
  return categories.filter((c) => c.productCount > 0);
}

/**
 * "bounce houses", "bounce houses and water slides", "bounce houses, water slides and more" (more
 * than `max` categories), or "party rentals" while nothing is offered: for the middle of a sentence.
 */
export function offeredPhrase(categories: ReadonlyArray<Pick<Category, 'name' | 'productCount'> & { slug?: string }>, max = 2, words: CatalogWords = ENGLISH): string {
  const names = offeredCategories(categories).map((c) => categoryName(c, words).toLowerCase());
  if (names.length === 0) return words.partyRentals;
  if (names.length === 1) return names[0]!;
  if (names.length <= max) return interpolate(words.and, { first: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
  return interpolate(words.andMore, { list: names.slice(0, max).join(', ') });
}

/** The same phrase to open a sentence or a heading. */
export function offeredPhraseCapitalized(categories: ReadonlyArray<Pick<Category, 'name' | 'productCount'> & { slug?: string }>, max = 2, words: CatalogWords = ENGLISH): string {
  const phrase = offeredPhrase(categories, max, words);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * A category's name in a page's language. On a Spanish page (whose words name categories: English
 * words name none), the Spanish name the business stored, else the dictionary's word for a known slug
 * ("Brincolines"), else the name as stored. On an English page, the name as stored.
 */
export function categoryName(
  category: Pick<Category, 'name'> & { slug?: string; nameEs?: string | null },
  words: Pick<CatalogWords, 'categoryNames'> = ENGLISH,
): string {
  const spanishPage = Object.keys(words.categoryNames).length > 0;
  return (spanishPage && category.nameEs) || (category.slug && words.categoryNames[category.slug]) || category.name;
}
