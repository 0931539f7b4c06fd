import { toAvailabilitySettings, type UnavailableCode } from '../availability/availability';
import type { Sql } from '../db/client.server';
import { AppError } from '../http/errors';
import type { BusinessSettings } from '../settings/schema';
import { getSettings } from '../settings/settings.server';
import { addDays, toEventWindow, type EventWindow } from '../time/event-window';
import { loadAllocations, loadBlackouts, loadProducts, loadUnits, type BookableProduct } from './booking-context.server';
import { cartAvailability, type AvailabilityContext } from './evaluate-cart';

export interface ProductFreeCount {
  product: string;
  name: string;
  available: boolean;
  /** null: made to order, no limit. */
  freeCount: number | null;
  reason: { code: UnavailableCode; message: string } | null;
}

export interface CalendarDayView {
  date: string;
  available: boolean;
  freeCount: number | null;
  reason: string | null;
}

async function context(sql: Sql, products: BookableProduct[], window: EventWindow, settings: BusinessSettings, now: Date): Promise<AvailabilityContext> {
  const inventoryIds = products.filter((p) => p.tracksInventory && p.packageItems.length === 0).map((p) => p.id);
  const [units, allocations, blackouts] = await Promise.all([
    loadUnits(sql, inventoryIds),
    loadAllocations(sql, inventoryIds, window),
    loadBlackouts(sql, window, settings.timezone),
  ]);
  return {
    products: new Map(products.map((p) => [p.id, p])),
    units,
    allocations,
    blackouts,
    window,
    availabilitySettings: toAvailabilitySettings(settings),
    now,
  };
}

function freeCountOf(product: BookableProduct, ctx: AvailabilityContext, quantity = 1): ProductFreeCount {
  const [line] = cartAvailability([{ product, quantity }], ctx).lines;
  return {
    product: product.slug,
    name: product.name,
    available: line!.available,
    freeCount: line!.freeCount,
    reason: line!.reason ?? null,
  };
}

async function productBySlug(sql: Sql, slug: string): Promise<{ product: BookableProduct; all: BookableProduct[] }> {
  const all = await loadProducts(sql, { slugs: [slug] });
  const product = all.find((p) => p.slug === slug);
  if (!product) throw new AppError('not_found', `We couldn’t find the product “${slug}”.`);
  return { product, all };
}

/** Units of one product free for an event window. */
export async function productWindowAvailability(
  sql: Sql,
  slug: string,
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
  quantity = 1,
): Promise<ProductFreeCount> {
  const settings = await getSettings(sql);
  const { product, all } = await productBySlug(sql, slug);
  const window = toEventWindow(event, settings.timezone);
  return freeCountOf(product, await context(sql, all, window, settings, now), quantity);
}

/** Every active product's free count for a window (the "what's available on my date" page). */
export async function allProductsAvailability(
  sql: Sql,
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
): Promise<ProductFreeCount[]> {
  const settings = await getSettings(sql);
  const ids = (await sql<{ id: string }[]>`
    select p.id from products p join categories c on c.id = p.category_id where p.active and c.active
    order by c.sort_order, p.sort_order, p.name`).map((r) => r.id);
  const all = await loadProducts(sql, { ids });
  const window = toEventWindow(event, settings.timezone);
  const ctx = await context(sql, all, window, settings, now);
  const order = new Map(ids.map((id, i) => [id, i]));
  return all
    .filter((p) => order.has(p.id))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((p) => freeCountOf(p, ctx));
}

/** One product, every day of a month, the same wall-clock window each day: for the date picker. */
export async function productMonthAvailability(
  sql: Sql,
  slug: string,
  month: string,
  times: { start: string; end: string },
  now: Date,
  quantity = 1,
): Promise<CalendarDayView[]> {
  const settings = await getSettings(sql);
  const { product, all } = await productBySlug(sql, slug);
  const first = `${month}-01`;
  const monthWindow = toEventWindow({ date: first, endDate: addDays(addDays(first, 31), -1), start: '00:00', end: '23:59' }, settings.timezone);
  // One read for the whole month; each day then filters it in memory.
  const ctx = await context(sql, all, monthWindow, settings, now);
  const days: CalendarDayView[] = [];
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) {
    const window = toEventWindow({ date, start: times.start, end: times.end }, settings.timezone);
    const result = freeCountOf(product, { ...ctx, window }, quantity);
    days.push({ date, available: result.available, freeCount: result.freeCount, reason: result.reason?.message ?? null });
  }
  return days;
}
