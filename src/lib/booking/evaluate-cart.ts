import { freeUnits, packageAvailability, productAvailability, unavailableWords, windowProblem, type WindowProblem, type Allocation, type AvailabilitySettings, type Blackout, type ProductAvailability, type ProductForAvailability, type UnitState } from '../availability';
import { priceBooking, type Adjustment, type Coupon, type PricedProduct, type PriceResult, type PricingArea, type PricingSettings } from '../pricing';
import type { EventWindow } from '../time';
import { nameInLocale } from '../catalog';
import type { Locale } from '../i18n';
import type { SiteRequirements } from '../catalog';
import type { SiteCharge } from '../site-check';

/** A product as booking needs it: priced, checked for availability, possibly a package. */
export type BookableProduct = PricedProduct &
  ProductForAvailability & {
    /** For packages: the inventory products it bundles. Empty otherwise. */
    packageItems: { productId: string; quantity: number }[];
    /** What it needs of the setup spot (a package: nothing of its own; its items do). */
    site: SiteRequirements;
    /** A cake: ordered on the cake form (flavour, servings, message), never rented from a cart. */
    cake: boolean;
  };

export interface CartLine {
  product: BookableProduct;
  quantity: number;
}

export interface LineAvailability extends ProductAvailability {
  slug: string;
  name: string;
}

export interface CartAvailability {
  lines: LineAvailability[];
  /** Units each inventory product must supply, packages expanded. */
  demand: Map<string, number>;
  /** First reason the whole cart cannot be booked, or null. */
  problem: string | null;
  /**
   * When the window itself cannot be booked (a past or too distant date, a time outside the delivery
   * hours, the business closed): the reason every line gives, once, with the field to change.
   */
  windowProblem: WindowProblem | null;
}

export interface CartEvaluation extends CartAvailability {
  price: PriceResult;
}

export interface AvailabilityContext {
  /** Every product the lines refer to, including the items inside packages. */
  products: Map<string, BookableProduct>;
  units: (UnitState & { productId: string })[];
  allocations: Allocation[];
  blackouts: Blackout[];
  window: EventWindow;
  availabilitySettings: AvailabilitySettings;
  now: Date;
  /** The reader's language, for the reasons' sentences (a Spanish page's answers); English when absent. */
  language?: Locale | undefined;
}

export interface CartContext extends AvailabilityContext {
  pricingSettings: PricingSettings;
  area: PricingArea;
  coupon: Coupon | null;
  damageWaiver: boolean;
  adjustments?: readonly Adjustment[] | undefined;
  siteCharges?: readonly SiteCharge[] | undefined;
}

/**
 * Whether every line can be had for one event window, packages expanded into their items and the
 * same item wanted twice counted once. Pure: the caller loads the context.
 */
export function cartAvailability(lines: CartLine[], ctx: AvailabilityContext): CartAvailability {
  const unitsOf = (productId: string) => ctx.units.filter((u) => u.productId === productId);
  const check = (product: BookableProduct, quantity: number) =>
    productAvailability({
      product,
      units: unitsOf(product.id),
      allocations: ctx.allocations,
      blackouts: ctx.blackouts,
      window: ctx.window,
      settings: ctx.availabilitySettings,
      now: ctx.now,
      quantity,
      language: ctx.language,
    });

  const demand = new Map<string, number>();
  const add = (productId: string, n: number) => demand.set(productId, (demand.get(productId) ?? 0) + n);

  const results: LineAvailability[] = lines.map(({ product, quantity }) => {
    let result: ProductAvailability;
    if (product.packageItems.length > 0) {
      const items = product.packageItems.map((item) => {
        const component = ctx.products.get(item.productId);
        if (!component) throw new Error(`Package ${product.slug} refers to a product that was not loaded`);
        if (component.tracksInventory) add(component.id, item.quantity * quantity);
        return { quantity: item.quantity, result: check(component, 1) };
      });
      // The package has no units of its own; its row still brings its active flag, blackouts and window checks.
      const own = { quantity: 1, result: check({ ...product, tracksInventory: false }, 1) };
      result = packageAvailability({ name: nameInLocale(product, ctx.language), items: [own, ...items], quantity, language: ctx.language });
    } else {
      if (product.tracksInventory) add(product.id, quantity);
      result = check(product, quantity);
    }
    return { slug: product.slug, name: product.name, ...result };
  });

  let problem = results.find((r) => !r.available)?.reason?.message ?? null;
  // The same inflatable can be wanted twice: on its own and inside a package.
  if (!problem) {
    for (const [productId, wanted] of demand) {
      const product = ctx.products.get(productId)!;
      const free = freeUnits(product, unitsOf(productId), ctx.allocations, ctx.window);
      if (!free.unlimited && free.unitIds.length < wanted) {
        const words = unavailableWords(ctx.language);
        const name = nameInLocale(product, ctx.language);
        problem = free.unitIds.length === 0 ? words.soldOut(name) : words.notEnoughForCart(free.unitIds.length, name, wanted);
        break;
      }
    }
  }

  return { lines: results, demand, problem, windowProblem: windowProblem(ctx.window, ctx.blackouts, ctx.availabilitySettings, ctx.now, ctx.language) };
}

/** Physical units one booking item must take of one inventory product. */
export interface UnitClaim {
  /** Index of the cart line (the booking item) the units are for. */
  lineIndex: number;
  product: BookableProduct;
  count: number;
  /** The product's units that were free when the cart was read, in label order: the ones to try. */
  candidates: string[];
}

/**
 * Which units each line must take, packages expanded into their items, made-to-order products left
 * out. Ordered by product id (cart order within one product): two bookings wanting units of the same
 * products try them in the same order, so neither can hold a unit the other waits for while waiting
 * for one the other holds (a deadlock would cost a second and turn a bookable cart into a 409).
 */
export function unitClaims(
  lines: CartLine[],
  ctx: Pick<AvailabilityContext, 'products' | 'units' | 'allocations' | 'window'>,
): UnitClaim[] {
  const claims: UnitClaim[] = [];
  lines.forEach(({ product, quantity }, lineIndex) => {
    const needs = product.packageItems.length
      ? product.packageItems.map((item) => {
          const component = ctx.products.get(item.productId);
          if (!component) throw new Error(`Package ${product.slug} refers to a product that was not loaded`);
          return { product: component, count: item.quantity * quantity };
        })
      : [{ product, count: quantity }];
    for (const need of needs) {
      const free = freeUnits(
        need.product,
        ctx.units.filter((u) => u.productId === need.product.id),
        ctx.allocations,
        ctx.window,
      );
      if (free.unlimited) continue;
      claims.push({ lineIndex, product: need.product, count: need.count, candidates: free.unitIds });
    }
  });
  // Array.prototype.sort is stable: lines wanting the same product keep their cart order.
  return claims.sort((a, b) => (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0));
}

/** Towns the out-of-area refusal names before it says "and nearby": a longer list would bury the sentence. */
const NAMED_SERVED_CITIES = 12;

/** The refusal of a cake in a cart: cakes are ordered on their form. The Spanish catalog has its pattern. */
export const cakeInCartMessage = (name: string) => `The ${name} is a cake: order it on its page, with the flavour and the message, not from the cart.`;

/**
 * The refusal of a ZIP outside every service area, naming the towns served. Its two shapes are the
 * Spanish catalog's two patterns (src/lib/i18n/server-errors/es.json): keep them in step.
 */
export function outOfAreaMessage(zip: string, cities: readonly string[]): string {
  const named = cities.slice(0, NAMED_SERVED_CITIES).join(', ');
  return cities.length > NAMED_SERVED_CITIES ? `We don’t deliver to ${zip} yet. We serve ${named} and nearby.` : `We don’t deliver to ${zip} yet. We serve ${named}.`;
}

/**
 * Availability of every line and the exact price. Pure. When booking it is the customer's answer
 * (which line, and why), not the guarantee: the units are taken afterwards, one by one, and the
 * exclusion constraint decides.
 */
export function evaluateCart(lines: CartLine[], ctx: CartContext): CartEvaluation {
  const price = priceBooking({
    items: lines,
    window: ctx.window,
    area: ctx.area,
    settings: ctx.pricingSettings,
    damageWaiver: ctx.damageWaiver,
    coupon: ctx.coupon,
    adjustments: ctx.adjustments,
    siteCharges: ctx.siteCharges,
    now: ctx.now,
  });
  return { ...cartAvailability(lines, ctx), price };
}
