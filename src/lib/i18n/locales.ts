import { absoluteUrl } from '../paths';
/**
 * The site's languages and where each page lives in each: English at the addresses the site always had,
 * Spanish (US) under /es/. Pure and safe in the browser.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** For Intl (money, dates, times): US English and US Spanish. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** `<html lang>` and hreflang: the language alone (the US site is the only one), so any Spanish reader matches. */
export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en', es: 'es' };

/** The language's own name, as the switch shows it to someone who reads it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The language's name in English, as the admin (which stays in English) names a customer's or a signer's language. */
export const LANGUAGE_NAME_IN_ENGLISH: Record<Locale, string> = { en: 'English', es: 'Spanish' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const PREFIX = /^\/es(?=\/|$|\?|#)/;

/** The language of a path: '/es/products' → 'es', '/products' → 'en'. */
export function localeFromPath(pathname: string): Locale {
  return PREFIX.test(pathname) ? 'es' : 'en';
}

/** The path without its language prefix: '/es/products' → '/products', '/es' → '/'. */
export function unlocalizedPath(pathname: string): string {
  if (!PREFIX.test(pathname)) return pathname;
  const rest = pathname.replace(PREFIX, '');
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/**
 * The public pages, each of which has a Spanish version (tests/e2e/translations.spec.ts fails on a public
 * page without one); the admin, the API and the crew's screens stay English. Patterns on the English
 * path, without the query.
 */
const SPANISH_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/products$/,
  /^\/products\/[^/]+$/,
  /^\/categories$/,
  /^\/services$/,
  /^\/service-areas$/,
  /^\/locations$/,
  /^\/sign-waiver$/,
  // The booking path.
  /^\/cart$/,
  /^\/checkout$/,
  /^\/booking-success$/,
  // The public forms and the small pages around them.
  /^\/request-a-quote$/,
  /^\/contact$/,
  /^\/at$/,
  /^\/saved-cart$/,
  /^\/feedback$/,
  /^\/unsubscribe$/,
  /^\/offline$/,
  // A personal link's page: /hi/{id} is served by /hi (netlify.toml), and so is /es/hi/{id} by /es/hi.
  /^\/hi(\/[^/]+)?$/,
  // After a booking: tracking (with change or cancel) and Stripe's return.
  /^\/track-order$/,
  /^\/payment-success$/,
  // A pay-later booking's confirmation link and a rained-out booking's rain check (their e-mails link to them).
  /^\/confirm-booking$/,
  /^\/rain-check$/,
  // A town's page and its checklist per service.
  /^\/locations\/[^/]+(\/[^/]+)?$/,
  // The landing pages, /{service}-{town}-{state}: the only single-segment addresses ending in a state code.
  /^\/[a-z0-9]+(-[a-z0-9]+)*-[a-z]{2}$/,
  // The information pages written in the content collections (src/content/es).
  /^\/(about|offer|faq|terms|privacy-policy|cancellation-policy)$/,
  // Help with a booking, the waiver's text and the index of local pages.
  /^\/(support|waiver|seo-pages)$/,
];

/**
 * The patterns above as one expression: asked for every link of every page a build writes (about 70
 * a landing page), where it is three times faster than trying each pattern in turn.
 */
const SPANISH_PAGE = new RegExp(SPANISH_PAGES.map((pattern) => `(?:${pattern.source})`).join('|'));

/** Whether the page at this (English) path has a Spanish version. */
export function hasSpanishPage(path: string): boolean {
  return SPANISH_PAGE.test(unlocalizedPath(path).replace(/[?#].*$/, ''));
}

/**
 * A link from a page in `locale` to the page at the English `path`: the Spanish version when there is
 * one (and the business offers Spanish), else the English page itself, so no link leads to a 404.
 */
export function localizedPath(path: string, locale: Locale, spanishOffered = true): string {
  const bare = unlocalizedPath(path);
  if (locale === 'en' || !spanishOffered || !hasSpanishPage(bare)) return bare;
  return bare === '/' ? '/es' : bare.startsWith('/?') || bare.startsWith('/#') ? `/es${bare.slice(1)}` : `/es${bare}`;
}

/**
 * A customer page's absolute address in the customer's language (e-mails, texts, the .ics): the Spanish
 * page for a Spanish booking where the business builds one, else the English page.
 */
export function localizedUrl(siteUrl: string, path: string, locale: Locale | undefined, spanishOffered = true): string {
  return absoluteUrl(siteUrl, localizedPath(path, locale ?? 'en', spanishOffered));
}

/**
 * The same page in the other language (the language switch, hreflang), or null when it has none. Only
 * the pages built in both languages have one: an error page answers for any address, so it has no twin.
 */
export function pathInLocale(pathname: string, locale: Locale): string | null {
  const bare = unlocalizedPath(pathname);
  if (!hasSpanishPage(bare)) return null;
  return locale === 'en' ? bare : localizedPath(bare, 'es');
}

/**
 * Where the language switch leads from the address the visitor is at: the switch's link names the page
 * as built (`/es/hi`), and a page served for every address under it (a personal link, /hi/{id}: one
 * static page, a rewrite in netlify.toml) keeps the rest of the address (`/es/hi/{id}`).
 * '/es/hi', '/hi/AB-1234' → '/es/hi/AB-1234'; '/es/products', '/products' → '/es/products'.
 */
export function switchedPath(linkPath: string, currentPath: string): string {
  const page = unlocalizedPath(linkPath);
  const here = unlocalizedPath(currentPath);
  if (page === '/' || !here.startsWith(`${page}/`)) return linkPath;
  const rest = here.slice(page.length);
  return rest === '/' ? linkPath : `${linkPath}${rest}`;
}

/**
 * The one-line offer an English page shows when the browser prefers Spanish (the layout's script unhides
 * it; search engines and everyone else never see it). Always in Spanish: it is read by a Spanish reader.
 */
export const SPANISH_OFFER = { text: 'Esta página también está en español.', link: 'Ver en español' } as const;
