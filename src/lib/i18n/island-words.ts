import type { Locale } from './locales';
import { messagesFor } from './messages';
import { serverErrorCatalog } from './translate-error';

/**
 * What an Astro page hands a booking-path island (src/islands/shared/island-words.tsx): the slices of
 * its own language's dictionary the island shows, and in Spanish the catalog of the server's messages.
 */
export async function islandWords(locale: Locale, parts: { checkout?: boolean } = {}) {
  const t = await messagesFor(locale);
  const { from, each, forUpTo, hours } = t.catalog;
  return { locale, price: { from, each, forUpTo, hours }, cart: t.cart, checkout: parts.checkout ? t.checkout : null, errors: await serverErrorCatalog(locale) };
}
