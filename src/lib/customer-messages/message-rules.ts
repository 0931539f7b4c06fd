/**
 * The pure rules of the messages a customer gets (issue #26): when the crew is expected (the day-before
 * delivery window and the "on the way" estimate), when a checkout left half-way is due its reminder,
 * and the owner's wording with its placeholders filled in. No I/O: the server parts are *.server.ts.
 */
import { formatClock, formatMediumDate } from '../time';

export const customerMessageKinds = ['day_before', 'on_the_way', 'review_request', 'cart_reminder'] as const;
export type CustomerMessageKind = (typeof customerMessageKinds)[number];

/**
 * Transactional messages are about a booking the customer made and the crew's visit: they are sent even
 * to a suppressed address (the day-before window and "on the way" tell the customer when to be home).
 * The review request and the unfinished-checkout reminder ask for something: they carry
 * List-Unsubscribe and are never sent to a suppressed address.
 */
export const transactionalKinds: readonly CustomerMessageKind[] = ['day_before', 'on_the_way'];
export const isTransactional = (kind: CustomerMessageKind) => transactionalKinds.includes(kind);

/**
 * "On the way" is for the drop-off's own day on the business's clock (issue #36): tapped on Dec 1 for a
 * Dec 3 drop-off it would tell the customer the crew is coming now, with an arrival time and no date.
 * Null when it may be sent, otherwise why not (the day screen offers it only then; the server refuses
 * it otherwise with these words).
 */
export function onTheWayRefusal(stopDate: string, today: string): string | null {
  if (stopDate === today) return null;
  return `“On the way” can be sent only on the day of the drop-off (${formatMediumDate(stopDate)}); today is ${formatMediumDate(today)}.`;
}

/**
 * What the day screen says after "On the way", from the state the server answered: sent, or still
 * waiting to send (the provider failed; the scheduled run retries it). Never "sent" for a message
 * that has not left.
 */
export function onTheWayReport(r: { delivery: 'sent' | 'waiting'; by: 'text' | 'email'; eta: string }): string {
  const channel = r.by === 'text' ? 'text' : 'e-mail';
  return r.delivery === 'sent'
    ? `Sent by ${channel}: arrival about ${formatClock(r.eta)}. The customer knows you are on the way.`
    : `Waiting to send (the ${channel} is tried again every few minutes): arrival about ${formatClock(r.eta)}. The customer does not know yet.`;
}

/** Labels for the booking's history, the audit log and the settings screen. */
export const customerMessageLabels: Record<CustomerMessageKind, string> = {
  day_before: 'Day-before delivery window',
  on_the_way: 'On the way',
  review_request: 'Review request',
  cart_reminder: 'Unfinished checkout reminder',
};

/** The owner's words for each message, before the settings are saved (the migration's defaults). */
export const defaultWording = {
  dayBeforeWording: 'Your party is tomorrow. Our crew expects to arrive between {window} to set up.',
  onTheWayWording: 'Our crew is on the way to set up your party rental. Estimated arrival: {eta}.',
  reviewRequestWording: 'Thank you for celebrating with {business}! We hope your party was a great day. How did we do?',
  cartReminderWording:
    'You left some party rentals in your cart at {business}. Your cart is saved: pick up where you left off.',
} as const;

/** The placeholders a wording may use; any other `{word}` stays as typed. */
export const wordingPlaceholders = ['firstName', 'business', 'window', 'eta', 'date'] as const;
export type WordingValues = Partial<Record<(typeof wordingPlaceholders)[number], string>>;

/** The owner's wording with its placeholders filled in; a placeholder the message has no value for is left out. */
export function fillWording(template: string, values: WordingValues): string {
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      (wordingPlaceholders as readonly string[]).includes(name) ? (values[name as keyof WordingValues] ?? '') : whole,
    )
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------------
// When the crew arrives. Kept simple on purpose, and the same model for both messages:
// - driving time between two points is the straight line × 1.3 (roads) at 35 mph, as the service-area
//   builder estimates drive times (no routing service is called);
// - each stop takes SERVICE_MINUTES on site (unloading and setting up, or taking down and loading);
// - the crew never starts a stop before its set-up window opens (the units are not theirs before).
// ---------------------------------------------------------------------------------------------------

export interface Point {
  lat: number;
  lng: number;
}

/** Minutes spent at a stop before driving on. */
export const SERVICE_MINUTES = 30;
/** The promised window is this long, from the estimate rounded down to a quarter hour. */
export const WINDOW_MINUTES = 60;
/** Driving minutes assumed when a stop's place is unknown (a ZIP code the data set lacks). */
export const UNKNOWN_DRIVE_MINUTES = 30;
const ROAD_FACTOR = 1.3;
const MPH = 35;
const EARTH_RADIUS_MILES = 3958.8;

const radians = (d: number) => (d * Math.PI) / 180;
function straightMiles(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated driving minutes from a to b (whole minutes, rounded up); UNKNOWN_DRIVE_MINUTES when either is unknown. */
export function driveMinutes(a: Point | null, b: Point | null): number {
  if (!a || !b) return UNKNOWN_DRIVE_MINUTES;
  return Math.ceil(((straightMiles(a, b) * ROAD_FACTOR) / MPH) * 60);
}

/** 'HH:MM' ↔ minutes since midnight. */
export const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const toClock = (minutes: number) => {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A stop of one truck's route, in driving order, as the day screen has it. */
export interface RouteStop {
  key: string;
  /** The stop's window, local 'HH:MM': for a drop-off the set-up start to the event start. */
  window: { from: string; until: string };
  point: Point | null;
  done: boolean;
}

/**
 * Expected arrival (minutes since local midnight) at every stop of a route planned ahead: the first
 * stop at its window's opening; each next one after the previous stop's service and the drive, but
 * never before its own window opens.
 */
export function plannedArrivals(stops: readonly RouteStop[]): number[] {
  const arrivals: number[] = [];
  stops.forEach((stop, i) => {
    const opens = toMinutes(stop.window.from);
    if (i === 0) {
      arrivals.push(opens);
      return;
    }
    const previous = stops[i - 1]!;
    const reached = arrivals[i - 1]! + SERVICE_MINUTES + driveMinutes(previous.point, stop.point);
    arrivals.push(Math.max(opens, reached));
  });
  return arrivals;
}

/**
 * The delivery window the day-before message promises for the stop `key` of its route: the planned
 * arrival rounded down to a quarter hour, WINDOW_MINUTES long. Null when the stop is not on the route.
 */
export function deliveryWindow(stops: readonly RouteStop[], key: string): { from: string; until: string } | null {
  const index = stops.findIndex((s) => s.key === key);
  if (index < 0) return null;
  const arrival = plannedArrivals(stops)[index]!;
  const from = Math.floor(arrival / 15) * 15;
  return { from: toClock(from), until: toClock(from + WINDOW_MINUTES) };
}

/**
 * "On the way": the estimated arrival at the stop `key`, tapped at `nowMinutes` (local). The crew are at
 * the last stop before it that is done (or the warehouse when none is); every stop between that one and
 * this one not done yet still costs its service time and its drive. Rounded up to 5 minutes.
 */
export function onTheWayEta(
  stops: readonly RouteStop[],
  key: string,
  warehouse: Point | null,
  nowMinutes: number,
): number | null {
  const index = stops.findIndex((s) => s.key === key);
  if (index < 0) return null;
  let lastDone = -1;
  for (let i = 0; i < index; i++) if (stops[i]!.done) lastDone = i;
  let here = lastDone >= 0 ? stops[lastDone]!.point : warehouse;
  let minutes = nowMinutes;
  for (let i = lastDone + 1; i < index; i++) {
    const stop = stops[i]!;
    if (stop.done) continue;
    minutes += driveMinutes(here, stop.point) + SERVICE_MINUTES;
    here = stop.point;
  }
  minutes += driveMinutes(here, stops[index]!.point);
  return Math.ceil(minutes / 5) * 5;
}

// ---------------------------------------------------------------------------------------------------
// The unfinished checkout.
// ---------------------------------------------------------------------------------------------------

/** No booking within this long of the last time the cart was captured: the reminder is due. */
export const CART_REMINDER_AFTER_MS = 60 * 60 * 1000;
/** Nor later than this: a week-old cart is not worth a message. */
export const CART_REMINDER_LATEST_MS = 7 * 24 * 60 * 60 * 1000;

export interface SavedCartFacts {
  capturedAt: Date;
  remindedAt: Date | null;
  cancelledAt: Date | null;
  /** A booking by the same address since the capture. */
  bookedSince: boolean;
  suppressed: boolean;
  /** The event date of the cart (local 'YYYY-MM-DD') and today's local date: a party in the past gets nothing. */
  eventDate: string;
  today: string;
}

export type CartReminderDecision = 'send' | 'wait' | 'booked' | 'suppressed' | 'too_late' | 'done';

/** Whether a saved cart's reminder goes now, waits, or never goes (and why). */
export function cartReminderDecision(f: SavedCartFacts, now: Date): CartReminderDecision {
  if (f.remindedAt || f.cancelledAt) return 'done';
  if (f.bookedSince) return 'booked';
  const age = now.getTime() - f.capturedAt.getTime();
  if (age < CART_REMINDER_AFTER_MS) return 'wait';
  if (f.suppressed) return 'suppressed';
  if (age > CART_REMINDER_LATEST_MS || f.eventDate < f.today) return 'too_late';
  return 'send';
}
