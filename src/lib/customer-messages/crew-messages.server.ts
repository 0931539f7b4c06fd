import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import { getBookingView } from '../booking/index.server';
import type { BusinessSettings } from '../business';
import { getSettings } from '../business/index.server';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import type { DayRun } from '../day';
import { getDayRun } from '../day/index.server';
import { sendQueuedMail } from '../email/index.server';
import { AppError } from '../http';
import { absoluteUrl, trackOrderPath } from '../paths';
import { formatClock, localDate, localTime } from '../time';
import { sendQueuedTexts } from '../texts/index.server';
import { deliverToCustomer, type SentAs } from './deliver.server';
import { onTheWayMessage } from './message-emails';
import { deliveryWindow, onTheWayEta, toClock, toMinutes, type RouteStop } from './message-rules';

const routeStops = (stops: DayRun['routes'][number]['stops']): RouteStop[] =>
  stops.map((s) => ({ key: s.key, window: s.window, point: s.point, done: s.done }));

/** The route (one truck's stops in driving order) holding the stop `key` on the run's date. */
const routeOf = (run: DayRun, key: string) => run.routes.find((r) => r.stops.some((s) => s.key === key)) ?? null;

/**
 * The delivery window the day-before message promises: from the saved route order of the set-up date
 * (deliveryWindow), or, when the booking is on no route, its own set-up window.
 */
export async function dayBeforeWindow(
  sql: Sql,
  bookingId: string,
  setupFrom: Date,
  eventStart: Date,
  settings: BusinessSettings,
): Promise<{ from: string; until: string }> {
  const date = localDate(setupFrom, settings.timezone);
  const run = await getDayRun(sql, date);
  const key = `${bookingId}:delivery`;
  const route = routeOf(run, key);
  const window = route ? deliveryWindow(routeStops(route.stops), key) : null;
  return window ?? { from: localTime(setupFrom, settings.timezone), until: localTime(eventStart, settings.timezone) };
}

/** Sent: by e-mail or, where the customer agreed, by text. */
export type OnTheWaySent = { bookingId: string; eta: string } & SentAs;

/**
 * "On the way" (crew and up): the stop's customer is told the crew is coming, with the estimated
 * arrival (onTheWayEta: from where the crew are on the route, the stops still before this one). Once per
 * booking per day: a second tap is refused with when it went.
 */
export async function sendOnTheWay(
  db: Database,
  bookingId: string,
  date: string,
  audit: Audit,
  now: Date,
  siteUrl = env().SITE_URL,
): Promise<OnTheWaySent> {
  const settings = await getSettings(db);
  if (!settings.onTheWayEnabled)
    throw new AppError('conflict', '“On the way” messages are switched off in Settings → Reminders.');
  const run = await getDayRun(db, date);
  const key = `${bookingId}:delivery`;
  const route = routeOf(run, key);
  if (!route) throw new AppError('not_found', 'This booking has no drop-off on that day.');
  const nowMinutes =
    date === localDate(now, settings.timezone)
      ? toMinutes(localTime(now, settings.timezone))
      : toMinutes(route.stops.find((s) => s.key === key)!.window.from);
  const eta = toClock(onTheWayEta(routeStops(route.stops), key, run.warehouse.point, nowMinutes)!);
  const sent = await auditedChange(db, audit, {
    lock: async (tx) => {
      const [row] = await tx<{ id: string }[]>`select id from bookings where id = ${bookingId} for update`;
      if (!row) throw new AppError('not_found', 'No such booking.');
    },
    change: async (tx) => {
      const view = await getBookingView(tx, { id: bookingId }, settings);
      if (!view) throw new AppError('not_found', 'No such booking.');
      const message = onTheWayMessage(settings, {
        to: view.customer.email,
        firstName: view.customer.firstName,
        bookingNumber: view.number,
        eta: formatClock(eta),
        trackUrl: absoluteUrl(siteUrl, trackOrderPath(view.number)),
      });
      const result = await deliverToCustomer(
        tx,
        {
          bookingId,
          email: view.customer.email,
          kind: 'on_the_way',
          dedupeKey: `on_the_way:${bookingId}:${date}`,
          ...message,
        },
        now,
      );
      if (result.outcome === 'already_sent') {
        throw new AppError(
          'conflict',
          `Already sent at ${formatClock(localTime(result.at, settings.timezone))}: the customer knows you are on the way.`,
        );
      }
      if (result.outcome !== 'queued') throw new AppError('conflict', 'This customer gets no messages.');
      return { bookingId, eta, ...result.sent };
    },
    audit: (sent) => ({
      action: 'booking.on_the_way',
      entity: 'booking',
      entityId: bookingId,
      after: { date, eta: sent.eta, ...('textId' in sent ? { textId: sent.textId } : { emailId: sent.emailId }) },
    }),
  });
  // The crew are driving now: the message leaves at once, not with the next scheduled run (which retries it if this fails).
  if ('textId' in sent) await sendQueuedTexts(db, now, { only: [sent.textId] });
  else await sendQueuedMail(db, now, { only: [sent.emailId] });
  return sent;
}
