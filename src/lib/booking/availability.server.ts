import { monthCalendar, toAvailabilitySettings, type UnavailableCode } from '../availability';
import { type Sql, batchedRead } from '../db/index.server';
import { AppError } from '../http';
import { nameInLocale } from '../catalog';
import type { Locale } from '../i18n';
import { startingPrice, type StartingPrice } from '../pricing';
import { addDays, daysBetween, toEventWindow, type EventWindow } from '../time';
import { loadAvailabilitySnapshot, type AvailabilitySnapshot, type BookableProduct } from './booking-context.server';
import { cartAvailability, type AvailabilityContext } from './evaluate-cart';

export interface ProductFreeCount {
  product: string;
  name: string;
  available: boolean;
  /** null: made to order, no limit. */
  freeCount: number | null;
  reason: { code: UnavailableCode; message: string } | null;
  /**
   * Its one "from" price, as every page states it: the widget's date search adds a free rental to a
   * cart on another site, which shows that price without a second request.
   */
  from: StartingPrice;
}

export interface CalendarDayView {
  date: string;
  available: boolean;
  freeCount: number | null;
  reason: string | null;
}

type SnapshotAsk = { by: { slugs: string[]; listed?: boolean }; dates: { from: string; to: string } };

/** A batch's dates may span this many days: its read of allocations and blackouts stays small. */
const BATCH_SPAN_DAYS = 62;

/**
 * The availability API's read, batched (see batchedRead): questions asked while a read is running go
 * to the database together in the next one, for all their products and the span of their dates. The
 * pure functions below pick out each question's product and window, so every answer is what a read of
 * its own would give. Bookings never use it; they check inside their own transaction.
 */
const readBatched = batchedRead<Sql, SnapshotAsk, AvailabilitySnapshot>({
  read: (sql, asks) =>
    loadAvailabilitySnapshot(
      sql,
      { slugs: [...new Set(asks.flatMap((a) => a.by.slugs))], listed: asks.some((a) => a.by.listed) },
      { from: asks.map((a) => a.dates.from).sort()[0]!, to: asks.map((a) => a.dates.to).sort().at(-1)! },
    ),
  fits: (batch, ask) => {
    const dates = [...batch, ask].flatMap((a) => [a.dates.from, a.dates.to]).sort();
    return daysBetween(dates[0]!, dates.at(-1)!) <= BATCH_SPAN_DAYS;
  },
});
const snapshotFor = (sql: Sql, by: SnapshotAsk['by'], dates: SnapshotAsk['dates']) => readBatched(sql, { by, dates });

function context(snapshot: AvailabilitySnapshot, window: EventWindow, now: Date, language: Locale): AvailabilityContext {
  return {
    products: new Map(snapshot.products.map((p) => [p.id, p])),
    units: snapshot.units,
    allocations: snapshot.allocations,
    blackouts: snapshot.blackouts,
    window,
    availabilitySettings: toAvailabilitySettings(snapshot.settings),
    now,
    language,
  };
}

function lineFor(product: BookableProduct, ctx: AvailabilityContext, quantity: number) {
  return cartAvailability([{ product, quantity }], ctx).lines[0]!;
}

function freeCountOf(product: BookableProduct, ctx: AvailabilityContext, quantity = 1): ProductFreeCount {
  const line = lineFor(product, ctx, quantity);
  return {
    product: product.slug,
    name: nameInLocale(product, ctx.language),
    available: line.available,
    freeCount: line.freeCount,
    reason: line.reason ?? null,
    from: startingPrice(product),
  };
}

function productIn(snapshot: AvailabilitySnapshot, slug: string): BookableProduct {
  const product = snapshot.products.find((p) => p.slug === slug);
  if (!product) throw new AppError('not_found', `We couldn’t find the product “${slug}”.`);
  return product;
}

/**
 * Units of one product free for an event window. `language`: the reader's, for the product's name
 * and the reason's sentence (a Spanish page asks in Spanish); the same in every function below.
 */
export async function productWindowAvailability(
  sql: Sql,
  slug: string,
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
  quantity = 1,
  language: Locale = 'en',
): Promise<ProductFreeCount> {
  const snapshot = await snapshotFor(sql, { slugs: [slug] }, { from: event.date, to: event.endDate ?? event.date });
  const product = productIn(snapshot, slug);
  const window = toEventWindow(event, snapshot.settings.timezone);
  return freeCountOf(product, context(snapshot, window, now, language), quantity);
}

/** Every active product's free count for a window (the "what's available on my date" page). */
export async function allProductsAvailability(
  sql: Sql,
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
  language: Locale = 'en',
): Promise<ProductFreeCount[]> {
  const snapshot = await snapshotFor(sql, { slugs: [], listed: true }, { from: event.date, to: event.endDate ?? event.date });
  return listedFreeCounts(snapshot, event, now, { language });
}

/** Every listed product's free count for a window, from a snapshot read with `listed: true`; `settings` overrides the business's (the desk's). */
export function listedFreeCounts(
  snapshot: AvailabilitySnapshot,
  event: { date: string; endDate?: string | undefined; start: string; end: string },
  now: Date,
  { settings = {}, language = 'en' }: { settings?: Partial<AvailabilityContext['availabilitySettings']>; language?: Locale } = {},
): ProductFreeCount[] {
  const ctx = context(snapshot, toEventWindow(event, snapshot.settings.timezone), now, language);
  ctx.availabilitySettings = { ...ctx.availabilitySettings, ...settings };
  return snapshot.listed.map((id) => freeCountOf(ctx.products.get(id)!, ctx));
}

/** One product, every day of a month, the same wall-clock window each day: for the date picker. */
export async function productMonthAvailability(
  sql: Sql,
  slug: string,
  month: string,
  times: { start: string; end: string },
  now: Date,
  quantity = 1,
  language: Locale = 'en',
): Promise<CalendarDayView[]> {
  const first = `${month}-01`;
  // One read for the whole month; each day then filters it in memory.
  const snapshot = await snapshotFor(sql, { slugs: [slug] }, { from: first, to: addDays(first, 30) });
  const product = productIn(snapshot, slug);
  const ctx = context(snapshot, toEventWindow({ date: first, start: times.start, end: times.end }, snapshot.settings.timezone), now, language);
  const days = monthCalendar({
    month,
    start: times.start,
    end: times.end,
    timeZone: snapshot.settings.timezone,
    check: (window) => lineFor(product, { ...ctx, window }, quantity),
  });
  return days.map((d) => ({ date: d.date, available: d.available, freeCount: d.freeCount, reason: d.reason?.message ?? null }));
}
