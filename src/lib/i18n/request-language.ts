import type { Locale } from './locales';

/**
 * The header an island's request carries from a Spanish page (src/islands/shared/api.ts sets it from
 * `<html lang>`): the language of the page the customer is reading, so the server's messages answer in
 * it. Not Accept-Language: every browser sends that on its own with the reader's preference, and an
 * English page must get its English messages whatever the browser prefers.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';

/**
 * The same, as the booking widget says it from a page of another site: a `lang` in the address. A
 * header of its own would make every one of its reads a CORS preflight first, one more round trip on
 * a phone; a query parameter keeps them simple requests.
 */
export const PAGE_LANGUAGE_QUERY = 'lang';

/** The request's page language: 'es' only when the request says so, English otherwise. */
export function requestLanguage(req: Request): Locale {
  const said = req.headers.get(PAGE_LANGUAGE_HEADER) ?? new URL(req.url).searchParams.get(PAGE_LANGUAGE_QUERY);
  return said?.trim().toLowerCase() === 'es' ? 'es' : 'en';
}
