import {
  freeUnits,
  packageAvailability,
  productAvailability,
  type Allocation,
  type AvailabilitySettings,
  type Blackout,
  type ProductAvailability,
  type UnitState,
} from '../availability/availability';
import { priceBooking, type Coupon, type PriceResult, type PricingArea, type PricingSettings } from '../pricing/quote';
import type { EventWindow } from '../time/event-window';
import type { BookableProduct } from './booking-context.server';

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
}

export interface CartContext extends AvailabilityContext {
  pricingSettings: PricingSettings;
  area: PricingArea;
  coupon: Coupon | null;
  damageWaiver: boolean;
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
      result = packageAvailability({ name: product.name, items: [own, ...items], quantity });
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
        problem = free.unitIds.length === 0
          ? `Sorry, the ${product.name} is already booked for that time.`
          : `Only ${free.unitIds.length} ${product.name} left for that time, and your cart needs ${wanted}.`;
        break;
      }
    }
  }

  return { lines: results, demand, problem };
}

/** Availability of every line and the exact price. Pure: when booking, the caller locks the units first. */
export function evaluateCart(lines: CartLine[], ctx: CartContext): CartEvaluation {
  const price = priceBooking({
    items: lines,
    window: ctx.window,
    area: ctx.area,
    settings: ctx.pricingSettings,
    damageWaiver: ctx.damageWaiver,
    coupon: ctx.coupon,
    now: ctx.now,
  });
  return { ...cartAvailability(lines, ctx), price };
}
