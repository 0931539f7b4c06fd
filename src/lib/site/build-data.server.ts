import { listCategories, listProducts } from '../catalog/index.server';
import { productInLocale } from '../catalog';
import { connect, MAINTENANCE_LIMITS } from '../db/index.server';
import { env } from '../config';
import { buildCities, renamedCityFiles, unservedCityFiles, type CityFacts, type LandingCity } from '../locations';
import { listServiceAreas, oldSlugsByArea, popularProductsByArea } from '../locations/index.server';
import { getSettings, isDemoBusiness } from '../business/index.server';
import { setupForBuild } from '../setup/index.server';
import { zipPoints } from '../geo/index.server';
import { businessClock } from '../time';
import { DEFAULT_LOCALE, type Locale } from '../i18n';
import { currentWaiverTexts } from '../waivers/index.server';
import type { CurrentWaiverText } from '../waivers';

/**
 * Everything static pages show from the database, read once per build. Pages are prebuilt,
 * so a visitor never waits on the database; staff changes reach pages through a rebuild.
 */
async function load() {
  const sql = connect(env().DATABASE_URL, 2, MAINTENANCE_LIMITS);
  try {
    const [settings, categories, products, serviceAreas, isDemo, setup, popularByArea, oldSlugs] = await Promise.all([
      getSettings(sql),
      listCategories(sql),
      listProducts(sql),
      listServiceAreas(sql),
      // The demo's own content entries (marked `demo`) are built only while the site is the demo.
      isDemoBusiness(sql),
      setupForBuild(sql),
      popularProductsByArea(sql),
      // A renamed town's content file is still found by the slug it had (cityContentId).
      oldSlugsByArea(sql),
    ]);
    // The business's clock for every page of the build; islands are handed its zone and make their own.
    return { settings, clock: businessClock(settings.timezone), categories, products, serviceAreas, isDemo, setup, popularByArea, oldSlugs };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export type SiteData = Awaited<ReturnType<typeof load>>;

let pending: Promise<SiteData> | undefined;
export function siteData(): Promise<SiteData> {
  pending ??= load();
  return pending;
}

let cities: Promise<LandingCity[]> | undefined;
/**
 * The served cities every location and landing page is built from (see buildCities), made once per
 * build; pages pass the `cities` collection in (astro:content exists only inside Astro). A content
 * file for a town we do not serve builds nothing and is named in a build warning, once; one found by a
 * renamed town's old slug is used, and named in a warning asking for it to be renamed.
 */
export function landingCities(entries: ReadonlyArray<{ id: string; data: CityFacts }>): Promise<LandingCity[]> {
  cities ??= Promise.all([siteData(), zipPoints()]).then(([{ settings, serviceAreas, popularByArea, oldSlugs }, zipPoint]) => {
    const built = buildCities(entries, serviceAreas, { geo: { warehouse: zipPoint(settings.warehouseZip), zipPoint }, popular: popularByArea, oldSlugs });
    for (const file of unservedCityFiles(entries, built)) {
      console.warn(`[cities] ${file} names a town with no active service area: it builds no page. Add the area in Settings → Service areas, or remove the file.`);
    }
    for (const warning of renamedCityFiles(built)) console.warn(`[cities] ${warning}`);
    return built;
  });
  return cities;
}

/**
 * The product pages of one language for `getStaticPaths` (src/pages/products/[slug].astro and its
 * Spanish twin under src/pages/es/): one a product; none in Spanish when the business does not offer it.
 */
export async function productPagePaths(locale: Locale) {
  const { settings, products } = await siteData();
  if (locale !== DEFAULT_LOCALE && !settings.offerSpanish) return [];
  return products.map((product) => ({ params: { slug: product.slug }, props: { product } }));
}

const readThisBuild = new Map<string, Promise<unknown>>();
/**
 * What every page of a build reads or works out alike (the content collections as filled from the
 * settings, the products in each language), made once per build and shared: every Spanish landing page
 * looks up its service's entry, and joining and filling the collection again for each cost more than the
 * rest of its words. The dev server makes it afresh, so an edited content file shows at once.
 */
export function oncePerBuild<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (import.meta.env.DEV) return make();
  let value = readThisBuild.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    readThisBuild.set(key, value);
  }
  return value;
}

/**
 * The catalog's products named in one language (their Spanish names and descriptions where the business
 * wrote them): the same list each time, so what is worked out per list (each service's offer for the
 * landing pages' copy, landingCopyInput) is worked out once, not once a page.
 */
export const siteProducts = (locale: Locale): Promise<SiteData['products']> =>
  oncePerBuild(`products|${locale}`, async () => (await siteData()).products.map((p) => productInLocale(p, locale)));

let waiverTexts: Promise<Record<Locale, CurrentWaiverText>> | undefined;
/**
 * Each language's current waiver text (the newest published version, or the shipped one), read once per
 * build: the public waiver page shows the exact text and version its signers are shown and sign
 * (publishing a new version asks for a rebuild).
 */
export function siteWaiverTexts(): Promise<Record<Locale, CurrentWaiverText>> {
  waiverTexts ??= siteData().then(async ({ settings }) => {
    const sql = connect(env().DATABASE_URL, 1, MAINTENANCE_LIMITS);
    try {
      return await currentWaiverTexts(sql, settings.addressState);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
  return waiverTexts;
}
