import type { Category } from './types';

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
export function offeredPhrase(categories: ReadonlyArray<Pick<Category, 'name' | 'productCount'>>, max = 2): string {
  const names = offeredCategories(categories).map((c) => c.name.toLowerCase());
  if (names.length === 0) return 'party rentals';
  if (names.length === 1) return names[0]!;
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, max).join(', ')} and more`;
}

/** The same phrase to open a sentence or a heading. */
export function offeredPhraseCapitalized(categories: ReadonlyArray<Pick<Category, 'name' | 'productCount'>>, max = 2): string {
  const phrase = offeredPhrase(categories, max);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
