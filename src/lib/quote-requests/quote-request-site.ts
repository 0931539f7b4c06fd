import type { SiteRules } from '../business';
import type { PriceQuote } from '../booking/index.server';
import type { Product } from '../catalog';
import { checkSite, siteAnswers, siteQuestions, type SiteUnit } from '../site-check';

/**
 * The quote request's setup-spot questions (issue #38): the checkout's, asked by the same engine in the
 * page. The page is built with each rental's requirements (its units: a package is its items) and the
 * owner's rules; the server holds the answers again when the request is sent (acceptedRequestSite), so
 * a rule changed since the build is still the server's to decide.
 */

/** The owner's rules as the page needs them to ask (the fees are the offer's, priced on the server). */
export type RequestSiteRules = Pick<SiteRules, 'servedSurfaces' | 'allowNotSure' | 'help' | 'outletsPerGenerator'> & {
  /** The owner's generator product, when there is one to bring. */
  generator: { slug: string; name: string } | null;
};

type Needs = SiteUnit['needs'];
const needsOf = (p: Product): Needs => ({
  surfaces: p.surfaces,
  stakesNeeded: p.stakesNeeded,
  sandbagsNeeded: p.sandbagsNeeded,
  spaceLengthFt: p.spaceLengthFt,
  spaceWidthFt: p.spaceWidthFt,
  clearanceFt: p.clearanceFt,
  outletsRequired: p.outletsRequired,
  outletRunFt: p.outletRunFt,
  circuitAmps: p.circuitAmps,
  waterHookup: p.waterHookup,
  accessWidthIn: p.accessWidthIn,
  maxStairFlights: p.maxStairFlights,
  overnightAllowed: p.overnightAllowed,
});

/**
 * One of a rental as the yard sees it (a package is its items, each counted), keeping only the units
 * that ask something (siteQuestions, indoors so the ceiling counts): a table set carries nothing into the page.
 */
export function requestSiteUnits(product: Product, bySlug: ReadonlyMap<string, Product>): SiteUnit[] {
  const units: SiteUnit[] = product.packageItems.length
    ? product.packageItems.flatMap((item) => {
        const component = bySlug.get(item.slug);
        return component ? [{ slug: component.slug, name: component.name, count: item.quantity, needs: needsOf(component), within: product.name }] : [];
      })
    : [{ slug: product.slug, name: product.name, count: 1, needs: needsOf(product) }];
  return units.filter((u) => siteQuestions([u], { surface: 'indoor' }).length > 0);
}

/** What the questions show for the listed rentals and the answers so far: the price quote's `site` (no alternatives listed). */
export type RequestSite = PriceQuote['site'];

/**
 * The listed rentals held against the answers (checkSite) as a one-day party: which questions, the
 * outlet distance they name, and what the answers refuse. Fees do not matter here: no price is shown.
 */
export function requestSite(listed: readonly { units: readonly SiteUnit[]; quantity: number }[], values: unknown, rules: RequestSiteRules): RequestSite {
  const parsed = siteAnswers.safeParse(values);
  const answers = parsed.success ? parsed.data : {};
  const units = listed.flatMap(({ units, quantity }) => units.map((u) => ({ ...u, count: u.count * quantity })));
  const check = checkSite({
    units,
    answers,
    rules: { ...rules, sandbagSetFeeCents: 0, hardSurfaceFeeCents: 0, stairsFeePerFlightCents: 0, overnightFeeCents: 0, generatorProductSlug: rules.generator?.slug ?? null },
    nights: 0,
    generator: rules.generator,
    generatorsInCart: 0,
    answersRequired: false,
  });
  return {
    questions: check.questions,
    surfaces: rules.servedSurfaces,
    unanswered: check.unanswered,
    outletRunFt: check.outletRunFt,
    circuitAmps: check.circuitAmps,
    help: Object.fromEntries(check.questions.map((q) => [q, rules.help[q]]).filter(([, text]) => text)),
    refusals: check.refusals.map((r) => ({ ...r, alternatives: [] })),
  };
}
