import type { Locale } from '../i18n';
import type { Category, Product } from './types';

/**
 * A product or category in a page's language (issue #40): on a Spanish page each stored text that has a
 * Spanish version (the admin's editor, the CSV's *_es columns) shows it, and each that has none shows the
 * English as stored: what is included as a whole list (a list half in each language would read oddly),
 * each photo's description on its own. English pages are given the object unchanged, so they never carry Spanish.
 */
type LocalizableProduct = Pick<Product, 'name' | 'shortDescription'> &
  Partial<
    Pick<Product, 'nameEs' | 'shortDescriptionEs' | 'description' | 'descriptionEs' | 'categoryName' | 'categoryNameEs' | 'packageItems' | 'included' | 'includedEs'>
  > & { photos?: { alt: string; altEs?: string | null }[] };

export function productInLocale<P extends LocalizableProduct>(product: P, locale: Locale): P {
  if (locale !== 'es') return product;
  const localized: P = {
    ...product,
    name: product.nameEs ?? product.name,
    shortDescription: product.shortDescriptionEs ?? product.shortDescription,
  };
  if (product.description !== undefined) localized.description = product.descriptionEs ?? product.description;
  if (product.categoryName !== undefined) localized.categoryName = product.categoryNameEs ?? product.categoryName;
  if (product.included !== undefined) localized.included = product.includedEs ?? product.included;
  if (product.photos) localized.photos = product.photos.map((p) => ({ ...p, alt: p.altEs ?? p.alt }));
  if (product.packageItems) localized.packageItems = product.packageItems.map((i) => ({ ...i, name: i.nameEs ?? i.name }));
  return localized;
}

export function categoryInLocale<C extends Pick<Category, 'name' | 'nameEs' | 'summary' | 'summaryEs' | 'description' | 'descriptionEs'>>(category: C, locale: Locale): C {
  if (locale !== 'es') return category;
  return {
    ...category,
    name: category.nameEs ?? category.name,
    summary: category.summaryEs ?? category.summary,
    description: category.descriptionEs ?? category.description,
  };
}

/** A product's name in a language, from its two stored names (a cart line, an e-mail, the invoice); English when none is given. */
export const nameInLocale = (names: { name: string; nameEs?: string | null | undefined }, locale?: Locale): string =>
  (locale === 'es' ? names.nameEs : null) ?? names.name;

/**
 * The language of a stored text as a page in `locale` shows it: 'en' where a Spanish page shows the
 * English because no Spanish was written, for its `lang` (read aloud in English, not with Spanish
 * sounds) and `data-content-fallback` (staff and the tests find the English left on a Spanish page, as
 * for the content entries); undefined where it is in the page's own language.
 */
export const storedTextLang = (spanish: string | readonly string[] | null | undefined, locale: Locale): 'en' | undefined => (locale === 'es' && !spanish?.length ? 'en' : undefined);
