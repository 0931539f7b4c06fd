import type { Product } from '../catalog';
import { lowestStartingPrice, startingPrice, startingPriceHeadline, type StartingPrice } from '../pricing';

/**
 * What a service offers in a town, summed up from its products (sizes, ages, surfaces, power, water),
 * and the small words built from those facts that the landing copy and the checklist share.
 */

// ---------------------------------------------------------------- what we offer in a category

export interface Footprint {
  product: Product;
  lengthFt: number;
  widthFt: number;
}

export interface OfferSummary {
  /** Cheapest first. */
  products: Product[];
  /** Units in service of the designs that track inventory. */
  units: number;
  /** The lowest price in the offer with the length it covers (src/lib/pricing/price-labels.ts). */
  from: StartingPrice | null;
  smallest: Footprint | null;
  largest: Footprint | null;
  /** Products that need a garden hose. */
  wet: Product[];
  indoor: Product[];
  /** Surfaces every product in the category can stand on. */
  commonSurfaces: Product['surfaces'];
  noPower: Product[];
  maxCapacity: number | null;
}

export function summarizeOffer(products: ReadonlyArray<Product>): OfferSummary {
  const sorted = [...products].sort(
    (a, b) => startingPrice(a).cents - startingPrice(b).cents || a.name.localeCompare(b.name),
  );
  const footprints = sorted
    .filter((p) => p.spaceLengthFt !== null && p.spaceWidthFt !== null)
    .map((p): Footprint => ({ product: p, lengthFt: p.spaceLengthFt!, widthFt: p.spaceWidthFt! }))
    .sort((a, b) => a.lengthFt * a.widthFt - b.lengthFt * b.widthFt);
  const physical = sorted.filter((p) => p.surfaces.length > 0);
  const commonSurfaces = physical.length
    ? physical[0]!.surfaces.filter((s) => physical.every((p) => p.surfaces.includes(s)))
    : [];
  const capacities = sorted.flatMap((p) => (p.capacity === null ? [] : [p.capacity]));
  return {
    products: sorted,
    units: sorted.reduce((sum, p) => sum + (p.tracksInventory ? p.unitCount : 0), 0),
    from: lowestStartingPrice(sorted),
    smallest: footprints[0] ?? null,
    largest: footprints.length > 1 ? footprints[footprints.length - 1]! : null,
    wet: sorted.filter((p) => p.waterHookup),
    indoor: sorted.filter((p) => p.surfaces.includes('indoor')),
    commonSurfaces,
    noPower: physical.filter((p) => p.outletsRequired === 0),
    maxCapacity: capacities.length ? Math.max(...capacities) : null,
  };
}

/**
 * The words every page of a service repeats, whatever its city (an offer is made once per service
 * and catalog, see landingCopyInput), worked out once per build: a 10,000-landing-page build wrote
 * the same few paragraphs 20,000 times. Each language keeps its own memo (the keys are its own).
 */
export function perOfferMemo(): (offer: OfferSummary, key: string, words: () => string | null) => string | null {
  const known = new WeakMap<OfferSummary, Map<string, string | null>>();
  return (offer, key, words) => {
    let forOffer = known.get(offer);
    if (!forOffer) known.set(offer, (forOffer = new Map()));
    if (!forOffer.has(key)) forOffer.set(key, words());
    return forOffer.get(key)!;
  };
}

// ---------------------------------------------------------------- words built from facts

/** "a", "a and b", "a, b and c". */
export function listOf(items: ReadonlyArray<string>, conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export function formatTaxRate(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export function formatFootprint(f: Pick<Footprint, 'lengthFt' | 'widthFt'>): string {
  return `${trimFeet(f.lengthFt)} × ${trimFeet(f.widthFt)} ft`;
}

function trimFeet(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const surfaceWords: Record<Product['surfaces'][number], string> = {
  grass: 'grass',
  'artificial-turf': 'artificial turf',
  concrete: 'concrete',
  asphalt: 'asphalt',
  indoor: 'indoor floors',
};

export function ageRange(p: Pick<Product, 'ageMin' | 'ageMax'>): string | null {
  if (p.ageMin !== null && p.ageMax !== null) return `Ages ${p.ageMin}–${p.ageMax}`;
  if (p.ageMin !== null) return `Ages ${p.ageMin}+`;
  return null;
}

/** The headline price of a product as its cards show it: "From $150 for up to 4 hours". */
export function priceFrom(
  p: Pick<Product, 'basePriceCents' | 'pricingUnit' | 'baseHours' | 'halfDayPriceCents'>,
  currency = 'usd',
): string {
  return startingPriceHeadline(startingPrice(p), currency);
}
