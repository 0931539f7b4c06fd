import type { BusinessSettings } from '../business';
import { nameInLocale } from '../catalog';
import type { Locale } from '../i18n';
import { addDays, daysBetween, localDate, localDaysTouched, localTime, toEventWindow, type EventWindow } from '../time';
import { unavailableWords } from './unavailable-words';

export interface AvailabilitySettings {
  timeZone: string;
  leadTimeHours: number;
  maxDaysAhead: number;
  /** 'HH:MM' local: earliest delivery. */
  deliveryWindowStart: string;
  /** 'HH:MM' local: latest pick-up. */
  deliveryWindowEnd: string;
}

/** Inclusive local dates, as stored in `blackouts`. */
export interface Blackout {
  scope: 'business' | 'category' | 'product';
  categoryId: string | null;
  productId: string | null;
  startsOn: string;
  endsOn: string;
  reason: string;
}

export interface UnitState {
  id: string;
  status: 'available' | 'maintenance' | 'retired';
}

/** An active (unreleased) allocation: already buffer-widened, half-open [start, end). */
export interface Allocation {
  unitId: string;
  start: Date;
  end: Date;
}

export interface ProductForAvailability {
  id: string;
  /** Used in messages such as 'Sorry, the Castle Bounce House is already booked for that time.' */
  name: string;
  /** The name a Spanish reader reads in them, where the product has one. */
  nameEs?: string | null | undefined;
  categoryId: string;
  active: boolean;
  tracksInventory: boolean;
  setupMinutes: number;
  teardownMinutes: number;
}

export type WindowRejectionCode = 'past' | 'lead_time' | 'too_far' | 'outside_hours';
export type UnavailableCode = WindowRejectionCode | 'blackout' | 'inactive' | 'sold_out' | 'not_enough';

export type WindowCheck = { ok: true } | { ok: false; code: WindowRejectionCode; message: string };

export type FreeUnits = { unlimited: true } | { unlimited: false; unitIds: string[] };

export interface ProductAvailability {
  available: boolean;
  /** Units free for the window; null means unlimited (made-to-order goods). */
  freeCount: number | null;
  reason?: { code: UnavailableCode; message: string };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export function toAvailabilitySettings(settings: BusinessSettings): AvailabilitySettings {
  return {
    timeZone: settings.timezone,
    leadTimeHours: settings.leadTimeHours,
    maxDaysAhead: settings.maxDaysAhead,
    deliveryWindowStart: settings.deliveryWindowStart,
    deliveryWindowEnd: settings.deliveryWindowEnd,
  };
}

/**
 * The time a unit is actually away: the crew arrives setupMinutes before the party and leaves
 * teardownMinutes after it. This is exactly what `unit_allocations.during` stores, so the
 * availability shown to customers agrees with the database's exclusion constraint.
 */
export function blockedWindow(
  window: EventWindow,
  product: Pick<ProductForAvailability, 'setupMinutes' | 'teardownMinutes'>,
): EventWindow {
  return {
    start: new Date(window.start.getTime() - product.setupMinutes * MINUTE_MS),
    end: new Date(window.end.getTime() + product.teardownMinutes * MINUTE_MS),
  };
}

function overlaps(a: EventWindow, b: EventWindow): boolean {
  // Half-open ranges: one ending at 18:45 and one starting at 18:45 do not collide.
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

export function checkBookingWindow(window: EventWindow, settings: AvailabilitySettings, now: Date, language?: Locale): WindowCheck {
  const words = unavailableWords(language);
  const start = window.start.getTime();
  if (start < now.getTime()) {
    return { ok: false, code: 'past', message: words.past };
  }
  if (start < now.getTime() + settings.leadTimeHours * HOUR_MS) {
    return { ok: false, code: 'lead_time', message: words.leadTime(settings.leadTimeHours) };
  }
  const tz = settings.timeZone;
  // Counted in local calendar days so the last bookable date does not shift with the hour of `now`.
  if (daysBetween(localDate(now, tz), localDate(window.start, tz)) > settings.maxDaysAhead) {
    return { ok: false, code: 'too_far', message: words.tooFar(settings.maxDaysAhead) };
  }
  // Both ends are checked against both limits: for a multi-day rental, delivery on the first day
  // and pick-up on the last day must each happen while the crew is working.
  const times = [localTime(window.start, tz), localTime(window.end, tz)];
  if (times.some((t) => t < settings.deliveryWindowStart || t > settings.deliveryWindowEnd)) {
    return { ok: false, code: 'outside_hours', message: words.outsideHours(settings.deliveryWindowStart, settings.deliveryWindowEnd) };
  }
  return { ok: true };
}

function appliesTo(blackout: Blackout, product: Pick<ProductForAvailability, 'id' | 'categoryId'>): boolean {
  switch (blackout.scope) {
    case 'business':
      return true;
    case 'category':
      return blackout.categoryId === product.categoryId;
    case 'product':
      return blackout.productId === product.id;
  }
}

export function blackoutFor(
  product: Pick<ProductForAvailability, 'id' | 'categoryId'>,
  window: EventWindow,
  blackouts: readonly Blackout[],
  timeZone: string,
): Blackout | null {
  const days = localDaysTouched(window, timeZone);
  const first = days[0] ?? localDate(window.start, timeZone);
  const last = days[days.length - 1] ?? first;
  return blackouts.find((b) => appliesTo(b, product) && b.startsOn <= last && b.endsOn >= first) ?? null;
}

/**
 * Why nothing at all can be booked for a window: the window itself (past, inside the lead time, too
 * far ahead, outside the delivery hours) or a blackout of the whole business. Every line of a cart
 * carries the same reason then, so a screen says it once, at the field to change (`field`): the date,
 * or the time that is outside the hours (the start when today's start has passed). A category's or
 * a product's blackout is not here: it is about those products, said at their lines.
 */
export interface WindowProblem {
  code: WindowRejectionCode | 'blackout';
  message: string;
  field: 'date' | 'start' | 'end';
}

export function windowProblem(
  window: EventWindow,
  blackouts: readonly Blackout[],
  settings: AvailabilitySettings,
  now: Date,
  language?: Locale,
): WindowProblem | null {
  const tz = settings.timeZone;
  const check = checkBookingWindow(window, settings, now, language);
  if (!check.ok) {
    const field =
      check.code === 'outside_hours'
        ? localTime(window.start, tz) < settings.deliveryWindowStart || localTime(window.start, tz) > settings.deliveryWindowEnd
          ? 'start'
          : 'end'
        : check.code === 'past' && localDate(window.start, tz) === localDate(now, tz)
          ? 'start'
          : 'date';
    return { code: check.code, message: check.message, field };
  }
  // Only the business's own blackouts apply to every product: the product given is never looked at.
  const closed = blackoutFor({ id: '', categoryId: '' }, window, blackouts.filter((b) => b.scope === 'business'), tz);
  return closed ? { code: 'blackout', message: unavailableWords(language).blackout(closed, null), field: 'date' } : null;
}

export function blackoutMessage(blackout: Blackout, product: Pick<ProductForAvailability, 'name' | 'nameEs'>, language?: Locale): string {
  return unavailableWords(language).blackout(blackout, blackout.scope === 'business' ? null : nameInLocale(product, language));
}

export function freeUnits(
  product: Pick<ProductForAvailability, 'tracksInventory' | 'setupMinutes' | 'teardownMinutes'>,
  units: readonly UnitState[],
  allocations: readonly Allocation[],
  window: EventWindow,
): FreeUnits {
  if (!product.tracksInventory) return { unlimited: true };
  const blocked = blockedWindow(window, product);
  const busy = new Set(allocations.filter((a) => overlaps(a, blocked)).map((a) => a.unitId));
  return {
    unlimited: false,
    unitIds: units.filter((u) => u.status === 'available' && !busy.has(u.id)).map((u) => u.id),
  };
}

function requireQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError(`Quantity must be a positive integer: ${quantity}`);
}

function shortage(name: string, freeCount: number, quantity: number, language: Locale | undefined): ProductAvailability {
  const words = unavailableWords(language);
  if (freeCount === 0) return { available: false, freeCount, reason: { code: 'sold_out', message: words.soldOut(name) } };
  if (freeCount < quantity) return { available: false, freeCount, reason: { code: 'not_enough', message: words.notEnough(freeCount) } };
  return { available: true, freeCount };
}

export interface ProductAvailabilityInput {
  product: ProductForAvailability;
  /** This product's units. */
  units: readonly UnitState[];
  /** Active allocations; other products' entries are ignored by unit id. */
  allocations: readonly Allocation[];
  blackouts: readonly Blackout[];
  window: EventWindow;
  settings: AvailabilitySettings;
  now: Date;
  /** How many the customer wants; 1 when absent. */
  quantity?: number | undefined;
  /** The reader's language, for the reasons' sentences; English when absent. */
  language?: Locale | undefined;
}

/**
 * Checks run cheapest and most general first, so the customer hears the reason they can act on
 * ("choose a later date") before one they cannot ("already booked"). When a check other than
 * inventory fails, freeCount is 0: nothing can be booked for that window.
 */
export function productAvailability(input: ProductAvailabilityInput): ProductAvailability {
  const { product, window, settings, language } = input;
  const quantity = input.quantity ?? 1;
  requireQuantity(quantity);

  if (!product.active) {
    return {
      available: false,
      freeCount: 0,
      reason: { code: 'inactive', message: unavailableWords(language).inactive(nameInLocale(product, language)) },
    };
  }
  const windowCheck = checkBookingWindow(window, settings, input.now, language);
  if (!windowCheck.ok) {
    return { available: false, freeCount: 0, reason: { code: windowCheck.code, message: windowCheck.message } };
  }
  const blackout = blackoutFor(product, window, input.blackouts, settings.timeZone);
  if (blackout) {
    return {
      available: false,
      freeCount: 0,
      reason: { code: 'blackout', message: blackoutMessage(blackout, product, language) },
    };
  }
  const free = freeUnits(product, input.units, input.allocations, window);
  if (free.unlimited) return { available: true, freeCount: null };
  return shortage(nameInLocale(product, language), free.unitIds.length, quantity, language);
}

export interface PackageItemAvailability {
  /** How many of this item one package contains. */
  quantity: number;
  /** The item's availability for the window (quantity 1 is enough: only freeCount and non-stock reasons are used). */
  result: ProductAvailability;
}

/**
 * A package is bookable as many times as its scarcest item allows: min over items of
 * floor(freeCount / quantity). Pass the package product's own result as an item with quantity 1
 * to include its active flag, blackouts and booking-window checks. Not handled: an item that is
 * also in the cart on its own, which competes for the same units; the database constraint is the
 * final word there.
 */
export function packageAvailability(input: {
  /** The package's name in the reader's language. */
  name: string;
  items: readonly PackageItemAvailability[];
  quantity?: number | undefined;
  language?: Locale | undefined;
}): ProductAvailability {
  const quantity = input.quantity ?? 1;
  requireQuantity(quantity);
  for (const item of input.items) requireQuantity(item.quantity);

  // A blackout or booking-window problem on any item explains more than "sold out" would.
  const blocking = input.items.find(
    (item) => item.result.reason && item.result.reason.code !== 'sold_out' && item.result.reason.code !== 'not_enough',
  );
  if (blocking?.result.reason) return { available: false, freeCount: 0, reason: blocking.result.reason };

  let freeCount: number | null = null;
  for (const item of input.items) {
    if (item.result.freeCount === null) continue;
    const packages = Math.floor(item.result.freeCount / item.quantity);
    freeCount = freeCount === null ? packages : Math.min(freeCount, packages);
  }
  if (freeCount === null) return { available: true, freeCount: null };
  return shortage(input.name, freeCount, quantity, input.language);
}

export interface CalendarDay {
  date: string;
  available: boolean;
  freeCount: number | null;
  reason?: { code: UnavailableCode; message: string };
}

/**
 * One entry per local day of `month` ('YYYY-MM'), checking the same wall-clock window
 * (e.g. 10:00–18:00) on each day, for a date picker. `check` answers for one day's window: a single
 * product's productAvailability, or a package's answer built from its items.
 */
export function monthCalendar(input: {
  month: string;
  /** 'HH:MM' local, same day. */
  start: string;
  end: string;
  timeZone: string;
  check: (window: EventWindow) => ProductAvailability;
}): CalendarDay[] {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(input.month)) throw new RangeError(`Not a month (YYYY-MM): ${input.month}`);
  const first = `${input.month}-01`;
  const days: CalendarDay[] = [];
  for (let date = first; date.startsWith(input.month); date = addDays(date, 1)) {
    const window = toEventWindow({ date, start: input.start, end: input.end }, input.timeZone);
    days.push({ date, ...input.check(window) });
  }
  return days;
}
