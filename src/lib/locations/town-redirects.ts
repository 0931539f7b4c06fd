import { localizedPath } from '../i18n';
import { landingPath, locationPath, locationServicePath } from '../paths';

/**
 * Where the old addresses of towns send visitors once a rebuild has dropped the pages there. A town's
 * pages (its landing page for each service, its town page and checklists, in English and under /es/)
 * stay in search results, printed flyers and people's links long after; each answers with a permanent
 * redirect instead of a 404:
 *
 * - A town staff **switched off**: to the service-areas page in its language, which says where we
 *   deliver now. "Switched off" is what the data records: a service area not active now that was active
 *   once (`service_areas.first_active_at`, set by the database on the first save that switched it on,
 *   the save that asked for the rebuild publishing its pages). An area never switched on had no pages,
 *   and a deleted one (the demo's, removed with the demo) has no row left: neither gets redirects.
 * - A town staff **renamed** (its slug, or its state, changed after it was published:
 *   `service_area_old_slugs`, kept by the database): each old page to the same page at the town's
 *   address now (a service that builds no page now: the town page); to the service-areas page if the
 *   town is switched off since.
 *
 * What wins where addresses meet: a page that is built is never redirected, and the town page and
 * checklists of a slug belong to the town that holds the slug now (served, or switched off: its own
 * redirects), so a slug another town takes serves that town. Among towns that left one address, the
 * latest to leave it. Every rule goes to a built page (or the service areas), and no built page is a
 * rule's address, so a rename back and forth makes no loop nor chain.
 *
 * Pure: the build reads the rows (townRedirectInput) and writes the rules to the publish folder's
 * `_redirects`, which Netlify reads and `npm start` and `npm run dev` serve with Netlify's own parser
 * and matcher.
 */

type Town = { slug: string; state: string };

/** A published town's address before staff changed its slug or state, and the town now. */
export interface RenamedTown {
  old: Town;
  now: Town;
  /** Whether the town is served now (else it was switched off since, and its old addresses go where its own do). */
  active: boolean;
}

export interface TownRedirectInput {
  /** Areas off now that were on once. */
  switchedOff: ReadonlyArray<Town>;
  /** Areas on now: their pages are built, and no rule may shadow one. */
  served: ReadonlyArray<Town>;
  /** Published towns' old addresses, the latest left first. */
  renamed: ReadonlyArray<RenamedTown>;
  /**
   * Every category's slug, shown or hidden: a service names its landing pages by its category, and a
   * category hidden since may have had pages in the town too.
   */
  serviceSlugs: readonly string[];
  /** The services whose landing pages and checklists are built now (buildsLandingPages): a renamed town's old page of another goes to its town page. */
  builtServiceSlugs: readonly string[];
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

type Service = { slug: string };
type Move = readonly [from: string, to: string];

/**
 * An old town's addresses and where each goes (English paths): its landing pages, then its town page,
 * its checklists and everything else under the town page (`/*` last: the first rule that matches wins).
 * To the service areas when `now` is null; else to the same page of `now` where it is built.
 */
function moves(old: Town, now: Town | null, services: readonly Service[], built: ReadonlySet<string>) {
  const townPage = now ? locationPath(now) : SERVICE_AREAS_PATH;
  const landings: Move[] = services.map((s) => [landingPath(s, old), now && built.has(s.slug) ? landingPath(s, now) : townPage]);
  const checklists: Move[] = now ? services.map((s) => [locationServicePath(old, s), built.has(s.slug) ? locationServicePath(now, s) : townPage]) : [];
  const under: Move[] = [[locationPath(old), townPage], ...checklists, [`${locationPath(old)}/*`, townPage]];
  return { landings, under };
}

/** The old addresses of switched-off and renamed towns, in English then Spanish, each a permanent redirect. */
export function townRedirects({ switchedOff, served, renamed, serviceSlugs, builtServiceSlugs, spanishOffered }: TownRedirectInput): TownRedirect[] {
  const services = [...new Set(serviceSlugs)].sort().map((slug) => ({ slug }));
  const builtServices = new Set(builtServiceSlugs);
  // A landing address is `/{service}-{town}-{state}`: an old one could spell a served town's
  // ("water-slides" + "x" beside "water" + "slides-x"), and a page that is built must stay.
  const built = new Set(served.flatMap((town) => services.map((service) => landingPath(service, town))));
  // Slugs a town holds now: their town pages and what is under them are that town's.
  const held = new Set([...served, ...switchedOff].map((town) => town.slug));
  const english: Move[] = [];
  for (const town of [...switchedOff].sort((a, b) => a.slug.localeCompare(b.slug))) {
    const { landings, under } = moves(town, null, services, builtServices);
    english.push(...landings, ...under);
  }
  for (const { old, now, active } of renamed) {
    const { landings, under } = moves(old, active ? now : null, services, builtServices);
    english.push(...landings, ...(held.has(old.slug) ? [] : under));
  }
  const redirects: TownRedirect[] = [];
  for (const [prefix, locale] of [['', 'en'], ['/es', 'es']] as const) {
    const seen = new Set<string>();
    for (const [from, to] of english) {
      // The first rule for an address wins (the town that holds it, then the latest to leave it).
      if (built.has(from) || from === to || seen.has(from)) continue;
      seen.add(from);
      redirects.push({ from: `${prefix}${from}`, to: localizedPath(to, locale, spanishOffered), status: 301 });
    }
  }
  return redirects;
}

/** The rules as Netlify's `_redirects` file: one `from to status` line each, under a note of where they come from. */
export function redirectsFile(redirects: ReadonlyArray<TownRedirect>): string {
  const head = [
    '# Written by the build (src/integrations/town-redirects.ts) from the service areas: the old addresses',
    '# of towns switched off go, permanently, to the service-areas page, and those of towns renamed to the',
    '# same page at the new address. netlify.toml holds the fixed rules.',
  ];
  return `${[...head, ...redirects.map((r) => `${r.from} ${r.to} ${r.status}`)].join('\n')}\n`;
}
