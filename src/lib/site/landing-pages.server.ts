import { getCollection } from 'astro:content';
import { buildLandingPages, buildServices, citiesBySlug, landingCopyInput, servedNeighbours, spanishService, type LandingPage } from '../locations';
import { DEFAULT_LOCALE, formatsFor, type Locale } from '../i18n';
import { locationPath } from '../paths';
import { landingCities, siteData, siteProducts } from './build-data.server';
import { siteCollection } from './site-content.server';
import { pageContext, type Crumb } from './page-context.server';

/** Every local landing page (each service in each served city), with the services and cities it is made of. */
export async function landingPageSet() {
  const { categories } = await siteData();
  const services = buildServices(await siteCollection('services'), categories);
  const cities = await landingCities(await getCollection('cities'));
  return { services, cities, pages: buildLandingPages(services, cities) };
}

/**
 * The pages about one service in one city of one language for `getStaticPaths` (the landing pages, the
 * checklists), each with its params from `params`; none in Spanish when the business does not offer it.
 */
export async function landingPagePaths<P extends Record<string, string>>(locale: Locale, params: (page: LandingPage) => P) {
  const { settings } = await siteData();
  if (locale !== DEFAULT_LOCALE && !settings.offerSpanish) return [];
  const { pages } = await landingPageSet();
  return pages.map((page) => ({ params: params(page), props: { page } }));
}

/**
 * What a page about one service in one city (its landing page, its checklist) is written from, with the
 * products named in the page's language (their Spanish names and descriptions where the business wrote them).
 */
export async function landingPageData(page: LandingPage, locale: Locale = DEFAULT_LOCALE) {
  const { settings } = await siteData();
  const copyInput = landingCopyInput(page, await siteProducts(locale), settings);
  return { ...page, settings, currency: settings.currency, copyInput, offer: copyInput.offer };
}

/**
 * What a page about one service in one city (its landing page, its checklist) starts from, in its language:
 * the page's context (pageContext), its data (landingPageData) with the service and the copy's input in that
 * language, the language's formats, and the trail down to the town (home, locations, the town), which
 * each page ends with its own crumb.
 */
export async function landingPageContext(page: LandingPage, locale: Locale, site?: URL) {
  const context = await pageContext(locale, site);
  const data = await landingPageData(page, locale);
  const { english, t, link } = context;
  const service = english ? data.service : spanishService(data.service, t.catalog.categoryNames);
  const copyInput = english ? data.copyInput : { ...data.copyInput, service };
  const { city } = data;
  const townTrail: Crumb[] = [
    { name: t.crumbs.home, path: link('/') },
    { name: t.crumbs.locations, path: link('/locations') },
    { name: `${city.city}, ${city.state}`, path: link(locationPath(city)) },
  ];
  return { ...context, ...data, service, copyInput, f: formatsFor(locale), townTrail };
}

/**
 * The town pages (/locations/{city}) of one language for `getStaticPaths`, each with its served
 * neighbours; none in Spanish when the business does not offer it.
 */
export async function cityPagePaths(locale: Locale) {
  const { settings } = await siteData();
  if (locale !== DEFAULT_LOCALE && !settings.offerSpanish) return [];
  const cities = await landingCities(await getCollection('cities'));
  const bySlug = citiesBySlug(cities);
  return cities.map((city) => ({ params: { city: city.slug }, props: { city, neighbours: servedNeighbours(city, bySlug) } }));
}
