import type { Locale } from './locales';

/**
 * The header an island's request carries from a Spanish page (src/islands/shared/api.ts sets it from
 * `<html lang>`): the language of the page the customer is reading, so the server's messages answer in
 * it. Not Accept-Language: every browser sends that on its own with the reader's preference, and an
 * English page must get its English messages whatever the browser prefers.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';

/** The request's page language: 'es' only when the request says so, English otherwise. */
export function requestLanguage(headers: Headers): Locale {
  return headers.get(PAGE_LANGUAGE_HEADER)?.trim().toLowerCase() === 'es' ? 'es' : 'en';
}
