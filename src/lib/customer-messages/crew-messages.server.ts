import { formatsFor, localizedUrl } from '../i18n';
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
import { AppError, fieldError } from '../http';
import { trackOrderPath } from '../paths';
import { formatClock, localDate, localTime } from '../time';
import { sendQueuedTexts } from '../texts/index.server';
import { deliverToCustomer, type SentAs } from './deliver.server';
import { onTheWayMessage } from './message-emails';
import { deliveryWindow, onTheWayEta, onTheWayRefusal, toClock, toMinutes, type RouteStop } from './message-rules';

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

/**
 * Sent: by e-mail or, where the customer agreed, by text; and where it stands once the send was tried
 * (`sent`, or `waiting`: the provider failed and the scheduled run tries again), so the day screen says
 * what really happened.
 */
export type OnTheWaySent = { bookingId: string; eta: string; delivery: 'sent' | 'waiting' } & SentAs;

/**
 * "On the way" (crew and up): the stop's customer is told the crew is coming, with the estimated
 * arrival (onTheWayEta: from where the crew are on the route, the stops still before this one). Only on
 * the drop-off's own day on the business's clock (onTheWayRefusal: 400 on `date` otherwise). It leaves
 * at once, quiet hours or not (the customer asked for it, about that day's delivery: SENT_IN_QUIET_HOURS).
 * Once per booking per day: a second tap is refused with when it went, or that it still waits to send.
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
  const refusal = onTheWayRefusal(date, localDate(now, settings.timezone));
  if (refusal) throw fieldError('date', refusal);
  const run = await getDayRun(db, date);
  const key = `${bookingId}:delivery`;
  const route = routeOf(run, key);
  if (!route) throw new AppError('not_found', 'This booking has no drop-off on that day.');
  const nowMinutes = toMinutes(localTime(now, settings.timezone));
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
        eta: view.language === 'es' ? formatsFor('es').clock(eta) : formatClock(eta),
        trackUrl: localizedUrl(siteUrl, trackOrderPath(view.number), view.language, settings.offerSpanish),
        language: view.language,
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
        const at = formatClock(localTime(result.at, settings.timezone));
        const state = await deliveryState(tx, `on_the_way:${bookingId}:${date}`);
        throw new AppError(
          'conflict',
          state === 'sent'
            ? `Already sent at ${at}: the customer knows you are on the way.`
            : `Already tapped at ${at}, but the message has not gone yet: it is tried again every few minutes. Call the customer if it matters.`,
        );
      }
      if (result.outcome !== 'queued') throw new AppError('conflict', 'This customer gets no messages.');
      return { bookingId, eta, delivery: 'waiting' as const, ...result.sent };
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
  return { ...sent, delivery: await deliveryState(db, `on_the_way:${bookingId}:${date}`) };
}

/** Whether a customer message has left: its text or e-mail marked sent (anything else still waits or failed). */
async function deliveryState(sql: Sql, dedupeKey: string): Promise<'sent' | 'waiting'> {
  const [row] = await sql<{ sent: boolean }[]>`
    select coalesce(t.status = 'sent', e.status = 'sent', false) as sent
    from customer_messages m
      left join outbound_texts t on t.id = m.text_id
      left join outbound_emails e on e.id = m.email_id
    where m.dedupe_key = ${dedupeKey}`;
  return row?.sent ? 'sent' : 'waiting';
}
