import { localizedPath, type Locale } from './locales';
import { messagesFor } from './messages';
import { serverErrorCatalog } from './translate-error';

const LINKED = ['/cart', '/checkout', '/booking-success', '/products', '/products/x', '/at', '/terms', '/cancellation-policy', '/track-order', '/sign-waiver', '/waiver'];

/**
 * What an Astro page hands a booking-path island (src/islands/shared/island-words.tsx): the slices of
 * its own language's dictionary the island shows, and in Spanish the catalog of the server's messages.
 */
export async function islandWords(locale: Locale, parts: { checkout?: boolean; hostSite?: boolean; waiverQr?: boolean } = {}) {
  const t = await messagesFor(locale);
  // The pages the islands link to that have this language's version (a product page stands for all of them).
  const localPaths = LINKED.filter((path) => localizedPath(path, locale) !== path).map((path) => (path === '/products/x' ? '/products/' : path));
  const { from, each, forUpTo, hours, priceRule, forRule } = t.catalog;
  return {
    locale,
    localPaths,
    price: { from, each, forUpTo, hours, priceRule, forRule },
    cart: t.cart,
    checkout: parts.checkout ? t.checkout : null,
    // The setup spot's questions (checkout) and the pay-later notice (the page after it): the words around what the server answers.
    siteQuestions: parts.checkout ? t.siteQuestions : null,
    payLaterNotice: parts.checkout ? t.payLaterNotice : null,
    // The way back to the owner's other website: shown on the pages after a booking and a payment.
    hostSite: parts.hostSite ? t.hostSite : null,
    // The guests' QR code for the waiver, on the page after checkout.
    waiverQr: parts.waiverQr ? t.waiverQr : null,
    errors: await serverErrorCatalog(locale),
  };
}
