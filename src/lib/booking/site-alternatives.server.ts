import type { Sql } from '../db/index.server';
import { nameInLocale } from '../catalog';
import type { Locale } from '../i18n';
import { checkSite, type SiteRefusal } from '../site-check';
import { listedFreeCounts } from './availability.server';
import { loadAvailabilitySnapshot, type BookableProduct } from './booking-context.server';
import { nightsOf, siteUnits } from './cart-site';
import type { PreparedCart } from './place-booking.server';

/** A product the customer could choose instead of one the yard refuses. */
export interface SiteAlternative {
  slug: string;
  name: string;
}

/** A refusal with what would work instead: products this yard takes (its own kind first), free for the window. */
export type RefusalWithAlternatives = SiteRefusal & { alternatives: SiteAlternative[] };

const MOST_ALTERNATIVES = 3;

/**
 * For each refusal that names a product ("The Tropical Splash can't be set up on concrete"), up to three
 * products that the same answers would not refuse and that are free for the same window: its own kind first.
 * One more read, and only when something is refused: a cart the yard takes costs nothing extra. Each is
 * named in the page's language, as the page names its own lines.
 */
export async function withAlternatives(
  sql: Sql,
  cart: PreparedCart,
  refusals: readonly SiteRefusal[],
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
  language: Locale = 'en',
): Promise<RefusalWithAlternatives[]> {
  const refusedProducts = refusals.filter((r) => r.product !== null && r.field !== 'site.outlet');
  if (refusedProducts.length === 0) return refusals.map((r) => ({ ...r, alternatives: [] }));
  const snapshot = await loadAvailabilitySnapshot(sql, { slugs: [], listed: true }, { from: event.date, to: event.endDate ?? event.date });
  const products = new Map(snapshot.products.map((p) => [p.id, p]));
  const free = new Set(listedFreeCounts(snapshot, event, now).filter((f) => f.available).map((f) => f.product));
  const inCart = new Set(cart.lines.map((l) => l.product.slug));
  const nights = nightsOf(cart.window, cart.settings.timezone);
  /** A product this yard takes, that asks something of it (a rental, not a table set). */
  const fits = (product: BookableProduct) => {
    const units = siteUnits([{ product, quantity: 1 }], products);
    const check = checkSite({ units, answers: cart.site.answers, rules: cart.settings.siteRules, nights, generator: cart.site.addedGenerator, generatorsInCart: 0, answersRequired: false });
    return check.questions.length > 0 && check.refusals.length === 0;
  };
  const candidates = snapshot.listed.map((id) => products.get(id)!).filter((p) => !inCart.has(p.slug) && free.has(p.slug) && fits(p));
  return refusals.map((refusal) => {
    const refused = cart.products.find((p) => p.slug === refusal.product);
    if (!refused || !refusedProducts.includes(refusal)) return { ...refusal, alternatives: [] };
    // Its own kind first (another bounce house), then whatever else this yard takes (a dry slide for a wet one).
    const alternatives = [...candidates.filter((p) => p.categoryId === refused.categoryId), ...candidates.filter((p) => p.categoryId !== refused.categoryId)]
      .slice(0, MOST_ALTERNATIVES)
      .map((p) => ({ slug: p.slug, name: nameInLocale(p, language) }));
    return { ...refusal, alternatives };
  });
}
