import { z } from '../validation';
import type { BookingStatus, BookingCake } from '../booking';
import { isInDateYears, isIsoDate, DATE_YEARS_MESSAGE } from '../time';
import type { Point } from '../geo';
import type { SiteRules } from '../business';
import { keptSite, type KeptSiteLoad, overrideWords, siteSummary, type SiteAnswers, type SiteLoad, type SiteOverride, type SiteUnit } from '../site-check';
import type { SitePhoto } from '../site-photos';
import type { CurrentWaiverText } from '../waivers';

/**
 * The day screen (/admin/day): every drop-off and pickup of one date, grouped by truck, in the order
 * staff drive them. Pure rules and schemas; the queries are in day-admin.server.ts.
 */

export type StopKind = 'delivery' | 'pickup';
export const stopKinds = ['delivery', 'pickup'] as const;

/** Bookings the crew drive for: paid or not yet, but never a checkout hold, cancelled or expired one. */
export const dayStatuses: readonly BookingStatus[] = ['deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed'];

/**
 * What the crew can press at a stop: the delivery path of the booking statuses (crew may move a
 * booking forward along it, see staff-bookings/booking-rules.ts). A drop-off goes out, then is delivered; a pickup
 * completes the booking. Anything else (a deposit still due, a pickup before the drop-off was
 * marked) offers nothing: the office sorts it out.
 */
export function stopAction(kind: StopKind, status: BookingStatus): { to: BookingStatus; label: string } | null {
  if (kind === 'delivery' && status === 'confirmed') return { to: 'out_for_delivery', label: 'Mark out for delivery' };
  if (kind === 'delivery' && status === 'out_for_delivery') return { to: 'delivered', label: 'Mark delivered' };
  if (kind === 'pickup' && status === 'delivered') return { to: 'completed', label: 'Mark picked up' };
  return null;
}

/** Whether the stop's work is done, from the booking's status. */
export function stopDone(kind: StopKind, status: BookingStatus): boolean {
  return kind === 'delivery' ? status === 'delivered' || status === 'completed' : status === 'completed';
}

export interface StopAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** "12 Oak St, Apt 4, Springfield, IL 62701": one line, as maps apps and run sheets take it. */
export const addressLine = (a: StopAddress) => [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter(Boolean).join(', ');

const MAPS_DIRECTIONS = 'https://www.google.com/maps/dir/?api=1';

/** Opens directions to one address in the phone's maps app (Google Maps' documented cross-platform URL). */
export const directionsUrl = (destination: string) => `${MAPS_DIRECTIONS}&destination=${encodeURIComponent(destination)}&travelmode=driving`;

/**
 * The whole run in order, warehouse to warehouse. Google Maps takes up to 9 waypoints in this URL
 * on phones, so a longer run is cut to its first 9 stops and the rest opened stop by stop.
 */
export const MAX_WAYPOINTS = 9;
export function routeUrl(warehouse: string, stops: readonly string[]): string | null {
  if (stops.length === 0) return null;
  const waypoints = stops.slice(0, MAX_WAYPOINTS).join('|');
  return `${MAPS_DIRECTIONS}&origin=${encodeURIComponent(warehouse)}&destination=${encodeURIComponent(warehouse)}&waypoints=${encodeURIComponent(waypoints)}&travelmode=driving`;
}

export interface StopUnit {
  unitId: string;
  label: string;
  productName: string;
}

export interface DayStop {
  /** `{bookingId}:{kind}`: a booking has two stops, often on two dates. */
  key: string;
  kind: StopKind;
  bookingId: string;
  number: string;
  status: BookingStatus;
  statusLabel: string;
  action: { to: BookingStatus; label: string } | null;
  done: boolean;
  /** Rained out and waiting for the customer's answer: the crew do not go. */
  rainedOut: boolean;
  /** Delivery: set-up start to the event start; pickup: the event end to the end of tear-down (local HH:MM). */
  window: { from: string; until: string };
  event: { date: string; start: string; endDate: string; end: string };
  customer: { name: string; phone: string };
  address: StopAddress;
  directionsUrl: string;
  surface: string | null;
  /** The setup spot as the customer described it (issue #38), and the gear it takes. */
  site: StopSite;
  customerNotes: string;
  staffNotes: string;
  units: StopUnit[];
  /** Items with no physical unit to pick (made to order, supplies): loaded by count. */
  otherItems: { name: string; quantity: number }[];
  balanceCents: number;
  /** What of the deposit is still to pay: a deposit-due booking is confirmed once it is collected (door-money.ts). */
  depositDueCents: number;
  waiversSigned: number;
  /** Who signed the booking's waivers, first signed first. */
  waiverSigners: string[];
  /** Cakes to bring with the drop-off (paid separately). Pickups carry none. */
  cakes: BookingCake[];
  truckId: string | null;
  /** Where on the map (the ZIP's centre); null for a ZIP the data set lacks. */
  point: Point | null;
}

/** The yard of a stop: the customer's answers, the crew's line of them, what to call about, the gear to load. */
export interface StopSite {
  answers: SiteAnswers;
  /** "Concrete · no outlet: generator · gate 40 in · 1 flight"; '' when nothing was answered. */
  summary: string;
  /** What staff must call the customer about ("Not sure: an outlet within 75 ft"). */
  flags: string[];
  /** Sandbags, stakes, extension cords and generators the setup takes beyond its units. */
  load: SiteLoad;
  /** The customer's photos of the spot, addresses behind the staff session. */
  photos: SitePhoto[];
  /**
   * "Refusal overridden by Mia Lee — the slide goes on the lawn": staff booked it over the setup spot
   * check, so the summary names a spot the rules refuse, and the crew read who decided it and why.
   */
  override: string | null;
}

/**
 * A stop's yard from the booking's products (packages as their items) and its stored answers and flags:
 * the same rules as checkout's (src/lib/site-check), so the truck carries what the price counted.
 */
export function stopSite(
  units: readonly SiteUnit[],
  answers: SiteAnswers,
  flags: readonly string[],
  rules: SiteRules,
  photos: readonly SitePhoto[] = [],
  override: SiteOverride | null = null,
  /** The gear and outlet distance kept with the booking (bookings.site_load); null for a booking from before it was kept. */
  load: KeptSiteLoad | null = null,
): StopSite {
  const site = keptSite(units, answers, rules, { load, override });
  return { answers, summary: siteSummary(answers, site), flags: [...flags], load: site.load, photos: [...photos], override: override && overrideWords(override) };
}

/** The gear of one truck's drop-offs (out) or pickups (back): what the crew count onto or off the truck. */
export interface GearLine extends SiteLoad {
  truckName: string;
}

export interface DayRoute {
  truckId: string | null;
  truckName: string;
  stops: DayStop[];
  /** Warehouse → stops in this order → warehouse; null when a point is unknown. */
  miles: number | null;
  routeUrl: string | null;
}

export interface LoadingLine {
  label: string;
  productName: string;
  bookingNumber: string;
  truckName: string;
}

export interface DayRun {
  date: string;
  timezone: string;
  currency: string;
  warehouse: { address: string; zip: string; point: Point | null };
  trucks: { id: string; name: string; active: boolean }[];
  routes: DayRoute[];
  /** Units by label, and the gear (sandbags, stakes, cords, generators) counted per truck. */
  loading: { out: LoadingLine[]; back: LoadingLine[]; gear: { out: GearLine[]; back: GearLine[] } };
  /**
   * What the crew's phone needs to show the waiver a guest signs at a stop (once per day, not per stop),
   * also offline: the current text in each language (the newest the owner published) with its version,
   * and the business's parts of the wording.
   */
  waiver: { versions: Record<'en' | 'es', string>; texts: Record<'en' | 'es', CurrentWaiverText>; businessName: string; governingState: string };
}

export const UNASSIGNED = 'Not assigned to a truck';

/**
 * Stops in driving order: the order staff saved first, then stops nobody placed yet by the time they
 * start (a new booking lands at the end of its truck's run, where staff will see it), then by number.
 */
export function orderStops<S extends { window: { from: string }; number: string; kind: StopKind }>(stops: readonly S[], position: (stop: S) => number | null): S[] {
  return [...stops].sort((a, b) => {
    const pa = position(a) ?? Number.POSITIVE_INFINITY;
    const pb = position(b) ?? Number.POSITIVE_INFINITY;
    if (pa !== pb) return pa - pb;
    return a.window.from.localeCompare(b.window.from) || a.number.localeCompare(b.number) || a.kind.localeCompare(b.kind);
  });
}

/**
 * Every unit leaving the warehouse (drop-offs) and coming back (pickups), by truck then label. A party
 * rained out and waiting for its customer's answer is not going ahead (its stops say "don't go"):
 * nothing of it is loaded, so nothing of it comes back, and its gear stays in the warehouse too.
 */
export function loadingList(routes: readonly DayRoute[]): DayRun['loading'] {
  const going = routes.map((r) => ({ ...r, stops: r.stops.filter((s) => !s.rainedOut) }));
  const lines = (kind: StopKind) =>
    going
      .flatMap((r) => r.stops.filter((s) => s.kind === kind).flatMap((s) => s.units.map((u) => ({ label: u.label, productName: u.productName, bookingNumber: s.number, truckName: r.truckName }))))
      .sort((a, b) => a.truckName.localeCompare(b.truckName) || a.label.localeCompare(b.label, undefined, { numeric: true }));
  return { out: lines('delivery'), back: lines('pickup'), gear: { out: gearOf(going, 'delivery'), back: gearOf(going, 'pickup') } };
}

const NO_GEAR: SiteLoad = { stakes: 0, sandbags: 0, cords: 0, generators: 0 };
const gearKeys = Object.keys(NO_GEAR) as (keyof SiteLoad)[];

/** Each truck's gear for its stops of one kind, trucks with none left out, in the routes' order. */
function gearOf(routes: readonly DayRoute[], kind: StopKind): GearLine[] {
  return routes
    .map((r) => {
      const line: GearLine = { truckName: r.truckName, ...NO_GEAR };
      for (const s of r.stops) if (s.kind === kind) for (const k of gearKeys) line[k] += s.site.load[k];
      return line;
    })
    .filter((line) => gearKeys.some((k) => line[k] > 0));
}

/** Every truck's gear together: the day's count. */
export function gearTotal(lines: readonly GearLine[]): SiteLoad {
  const total = { ...NO_GEAR };
  for (const line of lines) for (const k of gearKeys) total[k] += line[k];
  return total;
}

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isInDateYears, DATE_YEARS_MESSAGE);

/** GET /api/admin/day?date=YYYY-MM-DD */
export const dayQuery = z.object({ date: dateField('Date') });

/** PUT /api/admin/day/bookings/{id}/truck: null takes the booking off every truck. */
export const truckAssignmentBody = z.object({
  truckId: z.uuid({ error: 'Choose a truck' }).nullable(),
});

/** PUT /api/admin/day/routes: one truck's stops of one date, in the order they are driven. */
export const routeOrderBody = z
  .object({
    date: dateField('Date'),
    truckId: z.uuid({ error: 'Choose a truck' }).nullable(),
    stops: z
      .array(z.object({ bookingId: z.uuid({ error: 'Not a booking id' }), kind: z.enum(stopKinds, { error: 'A stop is a delivery or a pickup' }) }), { error: 'List the stops in order' })
      .max(200, 'At most 200 stops'),
  })
  .refine((b) => new Set(b.stops.map((s) => `${s.bookingId}:${s.kind}`)).size === b.stops.length, { path: ['stops'], message: 'A stop is listed twice' });
export type RouteOrderBody = z.infer<typeof routeOrderBody>;

/**
 * POST /api/admin/day/units/{unitId}/damage-reports: what the crew found, for which booking, with an
 * optional photo as a data URL (the screen shrinks phone photos first: Netlify's 6 MB request limit).
 */
export const damageReportBody = z.object({
  bookingId: z.uuid({ error: 'Not a booking id' }).nullable().default(null),
  note: z.string({ error: 'Describe the damage' }).trim().min(3, 'Describe the damage (at least 3 characters)').max(2000, 'At most 2000 characters'),
  photo: z.string({ error: 'The photo must be an image' }).max(6_000_000, 'Choose a photo of at most 4 MB').nullable().default(null),
});
export type DamageReportBody = z.infer<typeof damageReportBody>;

/** A damage report as the inventory screen lists it beside the unit's maintenance notes. */
export interface DamageReportDto {
  id: string;
  unitId: string;
  note: string;
  bookingNumber: string | null;
  reportedBy: string;
  at: string;
  /** Behind the staff session: /api/admin/day/damage-reports/{id}/photo, or null without a photo. */
  photoUrl: string | null;
}

/** The line a damage report adds to the unit's maintenance notes (who, when, which booking, whether a photo is kept). */
export function damageNoteLine(at: { date: string; time: string }, author: string, bookingNumber: string | null, note: string, hasPhoto: boolean): string {
  const where = bookingNumber ? ` (${bookingNumber})` : '';
  return `${at.date} ${at.time} · ${author}${where}: Damage: ${note.replace(/\s*\n\s*/g, ' ')}${hasPhoto ? ' [photo]' : ''}`;
}
