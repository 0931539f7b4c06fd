import { writeSiteAudit } from '../auth/index.server';
import type { BookingStatus, BookingView } from '../booking';
import { customerFormats } from '../booking';
import { getBookingView, keptSitesOfBookings } from '../booking/index.server';
import { sitePreparation, siteToldUs } from '../site-check';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { queueEmail } from '../email/index.server';
import type { BusinessSettings } from '../business';
import { getSettings, SettingsMissingError } from '../business/index.server';
import { localTime } from '../time';
import { signWaiverPath } from '../paths';
import { MESSAGE_WORDS } from '../customer-messages';
import { dayBeforeText, dayBeforeWindow, deliverToCustomer, mailPreferences, reviewRequestKey, reviewRequestMessage, type SentAs } from '../customer-messages/index.server';
import { reminderEmail, reminderLabels } from './reminder-emails';
import {
  dueReminders,
  reminderKinds,
  THANK_YOU_LATEST_DAYS_AFTER_EVENT,
  type ReminderFacts,
  type ReminderKind,
} from './reminder-rules';
import { localizedUrl } from '../i18n';

interface FactsRow {
  id: string;
  status: BookingStatus;
  event_start: Date;
  event_end: Date;
  balance_due_on: string | null;
  amount_due_cents: number;
  waivers_signed: number;
  completed_at: Date | null;
  setup_from: Date | null;
  waiver_key: string;
  sent: ReminderKind[];
}

/**
 * The reminder facts of bookings that could be due something: parties from a week ago (a thank-you)
 * to three months ahead (a balance reminder: due date up to 60 days before the party, reminder up
 * to 30 days before that). `only` with `for update`: one booking, locked against a concurrent change.
 */
function factsRows(sql: Sql, now: Date, only?: string) {
  const DAY_MS = 86_400_000;
  const since = new Date(now.getTime() - (THANK_YOU_LATEST_DAYS_AFTER_EVENT + 1) * DAY_MS);
  const until = new Date(now.getTime() + 92 * DAY_MS);
  return sql<FactsRow[]>`
    select b.id, b.status, b.event_start, b.event_end, b.balance_due_on::text, b.waiver_key,
      greatest(b.total_cents - b.amount_paid_cents, 0)::int as amount_due_cents,
      (select count(*)::int from waivers w where w.booking_id = b.id) as waivers_signed,
      -- The status change staff made, from the audit log; the last update when there is none (a seeded or imported booking).
      case when b.status = 'completed' then coalesce((
        select max(a.created_at) from audit_log a
        where a.entity = 'booking' and a.entity_id = b.id::text and a.action = 'booking.status' and a.after ->> 'status' = 'completed'
      ), b.updated_at) end as completed_at,
      (select min(lower(u.during)) from unit_allocations u where u.booking_id = b.id and u.released_at is null) as setup_from,
      array(select r.kind from booking_reminders r where r.booking_id = b.id order by r.kind) as sent
    from bookings b
    where ${
      only
        ? sql`b.id = ${only}`
        : sql`b.status in ('deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed')
      and b.event_end > ${since} and b.event_start < ${until}`
    }
    order by b.event_start, b.id
    ${only ? sql`for update of b` : sql``}`;
}

const factsOf = (row: FactsRow): ReminderFacts => ({
  status: row.status,
  eventStart: row.event_start,
  eventEnd: row.event_end,
  balanceDueOn: row.balance_due_on,
  amountDueCents: row.amount_due_cents,
  waiversSigned: row.waivers_signed,
  completedAt: row.completed_at,
});

export type SentReminder = {
  bookingId: string;
  kind: ReminderKind;
} & SentAs;

/**
 * Queues every reminder that is due at `now`, each in its own transaction with the row that marks it
 * sent and the booking's history entry. The primary key of booking_reminders decides the race when two
 * runs overlap: the second run's insert finds the row and queues nothing. The booking row is locked and
 * its facts read again inside the transaction, so a booking cancelled a moment ago gets nothing.
 * The mail itself leaves through the outbox (sendQueuedMail), as every other message.
 */
export async function queueDueReminders(db: Database, now: Date, siteUrl = env().SITE_URL): Promise<SentReminder[]> {
  const settings = await getSettings(db).catch((error: unknown) => {
    // A site not set up yet has no business to remind anyone for; the rest of housekeeping carries on.
    if (error instanceof SettingsMissingError) return null;
    throw error;
  });
  if (!settings) return [];
  const candidates = await factsRows(db, now);
  const sent: SentReminder[] = [];
  for (const candidate of candidates) {
    if (dueReminders(factsOf(candidate), settings, candidate.sent, now).length === 0) continue;
    try {
      sent.push(...(await sendDueForBooking(db, candidate.id, settings, now, siteUrl)));
    } catch (error) {
      // Nothing of this booking's reminders was kept (one transaction): the next run tries again,
      // and the other bookings still get theirs.
      console.error(`Reminders for booking ${candidate.id} failed; the next run retries:`, error);
    }
  }
  return sent;
}

async function sendDueForBooking(
  db: Database,
  bookingId: string,
  settings: BusinessSettings,
  now: Date,
  siteUrl: string,
): Promise<SentReminder[]> {
  return db.begin(async (tx) => {
    const [row] = await factsRows(tx, now, bookingId);
    if (!row) return [];
    const due = dueReminders(factsOf(row), settings, row.sent, now);
    if (due.length === 0) return [];
    const view = await getBookingView(tx, { id: bookingId }, settings);
    if (!view) return [];
    const setupFrom = row.setup_from ?? new Date(row.event_start.getTime() - settings.defaultSetupMinutes * 60_000);
    const context = {
      siteUrl,
      waiverUrl: localizedUrl(siteUrl, signWaiverPath(view.number, { key: row.waiver_key }), view.language, settings.offerSpanish),
      // The delivery window from the set-up day's route order (src/lib/customer-messages) when the day-before
      // message is due (reading the day's routes); otherwise the booking's own set-up window.
      arrival: due.includes('day_before')
        ? await dayBeforeWindow(tx, bookingId, setupFrom, row.event_start, settings)
        : { from: localTime(setupFrom, settings.timezone), until: localTime(row.event_start, settings.timezone) },
      site: due.includes('day_before') ? await setupSpot(tx, view, settings) : undefined,
    };
    const queued: SentReminder[] = [];
    for (const kind of reminderKinds.filter((k) => due.includes(k))) {
      const [marked] = await tx`
        insert into booking_reminders (booking_id, kind, sent_at) values (${bookingId}, ${kind}, ${now})
        on conflict do nothing returning kind`;
      if (!marked) continue;
      const email = reminderEmail(kind, view, settings, context);
      const sent = await deliverReminder(tx, kind, view, settings, context, email, now);
      if (!sent) continue;
      await writeSiteAudit(tx, { action: 'booking.reminder', entity: 'booking', entityId: bookingId, after: { kind, label: reminderLabels[kind], to: email.to, ...sent } }, now);
      queued.push({ bookingId, kind, ...sent });
    }
    return queued;
  });
}

/**
 * What the customer gets ready at the setup spot, from the booked products and their answers (issue #38),
 * with what the booking kept (the space, access, ceiling, power and water its products asked for, the
 * outlet distance and the generators): what the customer was told when booking.
 */
async function setupSpot(tx: Sql, view: BookingView, settings: BusinessSettings) {
  const { spot, answers, site } = (await keptSitesOfBookings(tx, [view.id], settings.siteRules)).get(view.id)!;
  return { prepare: sitePreparation(spot, answers, site, view.language), toldUs: siteToldUs(answers, site, view.language) };
}

/**
 * The day-before message and the thank-you (the review request) are messages a customer gets (issue #26):
 * they leave through deliverToCustomer, once per booking, the review request never to a suppressed
 * address, by text where the customer agreed. The balance and waiver reminders stay plain queued e-mail.
 * Null: nothing was queued.
 */
async function deliverReminder(
  tx: Sql,
  kind: ReminderKind,
  view: NonNullable<Awaited<ReturnType<typeof getBookingView>>>,
  settings: BusinessSettings,
  context: { siteUrl: string; arrival: { from: string; until: string }; site?: { prepare: string | null } | undefined },
  email: ReturnType<typeof reminderEmail>,
  now: Date,
): Promise<SentAs | null> {
  const to = view.customer.email;
  if (kind === 'day_before') {
    const language = view.language ?? 'en';
    const f = customerFormats(language);
    const window = MESSAGE_WORDS[language].window(f.clock(context.arrival.from), f.clock(context.arrival.until));
    const text = dayBeforeText(settings, { firstName: view.customer.firstName, window, prepare: context.site?.prepare, language });
    const result = await deliverToCustomer(tx, { bookingId: view.id, email: to, kind: 'day_before', dedupeKey: `day_before:${view.id}`, mail: email, text, template: 'reminder_day_before' }, now);
    return result.outcome === 'queued' ? result.sent : null;
  }
  if (kind === 'thank_you') {
    const [key, prefs] = await Promise.all([reviewRequestKey(tx, view.id), mailPreferences(tx, to)]);
    const message = reviewRequestMessage(
      settings,
      { to, firstName: view.customer.firstName, bookingNumber: view.number, date: customerFormats(view.language ?? 'en').dayMonth(view.event.date), key, language: view.language },
      { siteUrl: context.siteUrl, address: to, key: prefs.key },
    );
    const result = await deliverToCustomer(tx, { bookingId: view.id, email: to, kind: 'review_request', dedupeKey: `review_request:${view.id}`, ...message, template: 'reminder_thank_you' }, now);
    return result.outcome === 'queued' ? result.sent : null;
  }
  return { emailId: await queueEmail(tx, `reminder_${kind}`, email, now) };
}
