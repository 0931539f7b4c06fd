import { surfaces, type BusinessSettings, type Surface } from '../business';
import { checkSite, overrideRefusals, SITE_FIELDS, type SiteAnswers, type SiteCheck, type SiteOverrideInput, type SiteRefusal, type SiteUnit } from '../site-check';
import { localDaysTouched, type EventWindow } from '../time';
import type { BookableProduct, CartEvaluation, CartLine } from './evaluate-cart';

/** The yard check of one cart, with the cart as it is then booked (the generators it needs added). */
export interface CartSite {
  answers: SiteAnswers;
  check: SiteCheck;
  lines: CartLine[];
  /** The generator product when the check added one (its availability decides the outlet answer). */
  addedGenerator: BookableProduct | null;
}

/** Nights a rental over this window stays set up: one for each local day after the first. */
export const nightsOf = (window: EventWindow, timeZone: string) => localDaysTouched(window, timeZone).length - 1;

/** The cart's physical products as the yard sees them: a package is its items. */
export function siteUnits(lines: readonly CartLine[], products: ReadonlyMap<string, BookableProduct>): SiteUnit[] {
  return lines.flatMap(({ product, quantity }) =>
    product.packageItems.length
      ? product.packageItems.map((item) => {
          const component = products.get(item.productId);
          if (!component) throw new Error(`Package ${product.slug} refers to a product that was not loaded`);
          return { slug: component.slug, name: component.name, count: item.quantity * quantity, needs: component.site, within: product.name };
        })
      : [{ slug: product.slug, name: product.name, count: quantity, needs: product.site }],
  );
}

/**
 * Holds the cart against the customer's answers and the owner's site rules (checkSite), and adds the
 * generators a site without an outlet in reach needs as lines of their own: priced and checked for
 * stock like anything else. `surface` on the address (older clients, staff forms) answers the surface
 * question when the answers do not.
 */
export function checkCartSite(
  lines: readonly CartLine[],
  products: ReadonlyMap<string, BookableProduct>,
  request: { site?: SiteAnswers | undefined; address?: { surface?: SiteAnswers['surface'] } | undefined },
  settings: Pick<BusinessSettings, 'siteRules' | 'timezone'>,
  window: EventWindow,
  answersRequired: boolean,
): CartSite {
  const answers: SiteAnswers = { ...request.site, surface: request.site?.surface ?? request.address?.surface };
  const rules = settings.siteRules;
  const generator = [...products.values()].find((p) => p.slug === rules.generatorProductSlug && p.active) ?? null;
  const generatorsInCart = generator ? lines.filter((l) => l.product.id === generator.id).reduce((n, l) => n + l.quantity, 0) : 0;
  const check = checkSite({
    units: siteUnits(lines, products),
    answers,
    rules,
    nights: nightsOf(window, settings.timezone),
    generator,
    generatorsInCart,
    answersRequired,
  });
  if (!generator || check.generatorsToAdd === 0) return { answers, check, lines: [...lines], addedGenerator: null };
  const withGenerators = generatorsInCart
    ? lines.map((l) => (l.product.id === generator.id ? { ...l, quantity: l.quantity + check.generatorsToAdd } : l))
    : [...lines, { product: generator, quantity: check.generatorsToAdd }];
  return { answers, check, lines: withGenerators, addedGenerator: generator };
}

/**
 * Everything the yard check refuses for a priced cart: checkSite's refusals, and a generator it had to
 * add that is booked for the window (generatorRefusal). `override`: a staff decision the booking is
 * held to (placeable's), whose refusals are then left out, as the booking itself would leave them.
 */
export function siteRefusals(
  site: Omit<CartSite, 'lines'>,
  lines: readonly CartLine[],
  evaluation: Pick<CartEvaluation, 'lines'>,
  override: Pick<SiteOverrideInput, 'refusals'> | null = null,
): SiteRefusal[] {
  const { standing } = overrideRefusals(site.check.refusals, override);
  const generator = generatorRefusal(site, lines, evaluation);
  return generator ? [...standing, generator] : standing;
}

/**
 * The generators the check had to add, when the window has too few of them free: refused at the outlet
 * question (what the customer can change). Stock, not a rule about the yard: staff cannot override
 * it (the booking would have no generator to bring). None free: ours is booked; some free but fewer
 * than the rentals need (two blowers' worth and more): how many they need and how many are free, since
 * "booked" would be untrue and a smaller order could still have one.
 */
export function generatorRefusal(site: Omit<CartSite, 'lines'>, lines: readonly CartLine[], evaluation: Pick<CartEvaluation, 'lines'>): SiteRefusal | null {
  const generator = site.addedGenerator;
  const index = generator ? lines.findIndex((l) => l.product.id === generator.id) : -1;
  const availability = index < 0 ? undefined : evaluation.lines[index]!;
  if (!generator || !availability || availability.available) return null;
  const needed = lines[index]!.quantity;
  const free = availability.freeCount ?? 0;
  const shortOf =
    free === 0
      ? `our ${generator.name} is booked for that time`
      : free === 1
        ? `your rentals need ${needed} generators, but only 1 ${generator.name} is free for that time`
        : `your rentals need ${needed} generators, but only ${free} ${generator.name} units are free for that time`;
  return {
    field: SITE_FIELDS.outlet,
    product: generator.slug,
    message: `There’s no outlet in reach and ${shortOf}. Choose a spot within ${site.check.outletRunFt} ft of an outlet, or another date.`,
  };
}

/**
 * A placed booking's stored answers, with the surface an older booking (or a staff form) gave on its
 * address when the answers name none: the same fallback as checkCartSite's.
 */
export function storedSiteAnswers(answers: SiteAnswers | null | undefined, addressSurface: string | null): SiteAnswers {
  const given = answers ?? {};
  if (given.surface) return given;
  const surface = surfaces.find((s): s is Surface => s === addressSurface);
  return surface ? { ...given, surface } : given;
}
