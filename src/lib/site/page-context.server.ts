import { DEFAULT_LOCALE, localizedPath, messagesFor, phoneHref, type Locale } from '../i18n';
import { siteOrigin } from '../locations';
import { siteData } from './build-data.server';

/** One step of a page's breadcrumb trail: its name in the page's language and its path (already in that language). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * What every page component of src/components/pages starts from, in the language it is built in: the
 * build's data (settings, catalog, service areas, clock), the language's words, a link maker that keeps
 * links in that language (or in English while the business does not offer Spanish), the site's origin
 * for absolute URLs (schema.org, breadcrumbs), and the business's phone as a tel: link. One place, so an
 * English page and its Spanish twin (and every new page) start from the same facts the same way.
 */
export async function pageContext(locale: Locale, site?: URL) {
  const data = await siteData();
  const t = await messagesFor(locale);
  const { settings } = data;
  return {
    ...data,
    locale,
    english: locale === DEFAULT_LOCALE,
    t,
    origin: siteOrigin(site),
    link: (path: string) => localizedPath(path, locale, settings.offerSpanish),
    phoneHref: phoneHref(settings.phone),
  };
}

export type PageContext = Awaited<ReturnType<typeof pageContext>>;
