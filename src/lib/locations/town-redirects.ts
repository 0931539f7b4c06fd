import { localizedPath } from '../i18n';
import { landingPath, locationPath } from '../paths';

/**
 * Where the old addresses of a town staff switched off send visitors. A town's pages (its landing page
 * for each service, its town page and checklists, in English and under /es/) stay in search results
 * and in people's links long after a rebuild drops them: each answers with a permanent redirect to the
 * service-areas page in its language, which says where we deliver now, instead of a 404.
 *
 * "Switched off" is what the data records: a service area that is not active now and was active once
 * (`service_areas.first_active_at`, set by the database on the first save that switched it on, the save
 * that asked for the rebuild publishing its pages). An area never switched on had no pages, and a
 * deleted one (the demo's, removed with the demo) has no row left: neither gets redirects.
 *
 * Pure: the build reads the rows (townRedirectInput) and writes the rules to the publish folder's
 * `_redirects`, which Netlify reads and `npm start` serves with Netlify's own parser and matcher.
 */

type Town = { slug: string; state: string };

export interface TownRedirectInput {
  /** Areas off now that were on once. */
  switchedOff: ReadonlyArray<Town>;
  /** Areas on now: their pages are built, and no rule may shadow one. */
  served: ReadonlyArray<Town>;
  /**
   * Every category's slug, shown or hidden: a service names its landing pages by its category, and a
   * category hidden since may have had pages in the town too.
   */
  serviceSlugs: readonly string[];
  /** Whether the business offers Spanish now: the Spanish addresses go to the Spanish page, else the English one. */
  spanishOffered: boolean;
}

export interface TownRedirect {
  /** An address (exact, or ending in `/*` for everything under it). */
  from: string;
  to: string;
  status: 301;
}

/** The page a switched-off town's addresses go to, per language. */
export const SERVICE_AREAS_PATH = '/service-areas';

/** Each switched-off town's old addresses, in English then Spanish, each to the service-areas page. */
export function townRedirects({ switchedOff, served, serviceSlugs, spanishOffered }: TownRedirectInput): TownRedirect[] {
  const services = [...new Set(serviceSlugs)].sort().map((slug) => ({ slug }));
  // A landing address is `/{service}-{town}-{state}`: an off town's could spell a served town's
  // ("water-slides" + "x" beside "water" + "slides-x"), and a page that is built must stay.
  const built = new Set(served.flatMap((town) => services.map((service) => landingPath(service, town))));
  const redirects: TownRedirect[] = [];
  for (const [prefix, locale] of [['', 'en'], ['/es', 'es']] as const) {
    const to = localizedPath(SERVICE_AREAS_PATH, locale, spanishOffered);
    for (const town of [...switchedOff].sort((a, b) => a.slug.localeCompare(b.slug))) {
      const townPage = locationPath(town);
      const addresses = [
        ...services.map((service) => landingPath(service, town)).filter((path) => !built.has(path)),
        townPage,
        // The checklists, /locations/{town}/{service}: one rule, whatever the services were then.
        `${townPage}/*`,
      ];
      for (const path of addresses) redirects.push({ from: `${prefix}${path}`, to, status: 301 });
    }
  }
  return redirects;
}

/** The rules as Netlify's `_redirects` file: one `from to status` line each, under a note of where they come from. */
export function redirectsFile(redirects: ReadonlyArray<TownRedirect>): string {
  const head = [
    '# Written by the build (src/integrations/town-redirects.ts) from the service areas: the old addresses',
    '# of towns switched off go, permanently, to the service-areas page. netlify.toml holds the fixed rules.',
  ];
  return `${[...head, ...redirects.map((r) => `${r.from} ${r.to} ${r.status}`)].join('\n')}\n`;
}
