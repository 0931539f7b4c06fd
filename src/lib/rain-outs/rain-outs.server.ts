import { type Audit, type AuditEntry, customerAudit, type Staff, writeSiteAudit } from '../auth/index.server';
import { localizedPath, type Locale } from '../i18n';
import { auditedChange } from '../admin/index.server';
import { getBusinessClock, getSettings } from '../business/index.server';
import type { BusinessSettings } from '../business';
import type { BookingStatus } from '../booking';
import { firstName } from '../forms';
import { changeBookingStatus, newLinkToken } from '../booking/index.server';
import { creditExpiry, latestCreditExpiry } from '../credits';
import { creditFromBooking } from '../credits/index.server';
import { refundFromBooking } from '../payments/index.server';
import type { Database, Sql } from '../db/index.server';
import { queueEmail, sendQueuedMail } from '../email/index.server';
import { env } from '../config';
import { AppError, fieldError } from '../http';
import { sameSecret } from '../http/index.server';
import { absoluteUrl, manageBookingPath, rainCheckPath } from '../paths';
import { addDays, businessClock, localDate, type EventTimes } from '../time';
import { customerChoices, rainOutOfferEmail, rainOutSettledEmail, type RainedOutBooking } from './rain-out-emails';
import { answerDeadline, lastDayOfDeadline, lastDayToAnswer, rainOutState, rainOutStatuses, type RainOutAnswer, type RainOutBody, type RainOutOffer, type RainOutState } from './rain-outs';

/** One party of a date on the rain-out panel: who, when, what was paid, and its offer once rained out. */
export interface RainOutParty {
  bookingId: string;
  number: string;
  customerName: string;
  event: EventTimes;
  status: string;
  amountPaidCents: number;
  /** `lastDayToAnswer`: the business's day the answer is due by the end of (answerByWords). */
  offer: { offers: RainOutOffer[]; answerBy: string; lastDayToAnswer: string; state: RainOutState; answeredAt: string | null } | null;
}

interface PartyRow {
  id: string;
  number: string;
  name: string;
  status: string;
  event_start: Date;
  event_end: Date;
  amount_paid_cents: number;
  offers: RainOutOffer[] | null;
  answer_by: Date | null;
  answer: RainOutAnswer | null;
  answered_at: Date | null;
}

/** The parties whose event starts on `date` (business calendar) and could be rained out, and those that were. */
export async function rainOutsOfDay(sql: Sql, date: string): Promise<{ date: string; parties: RainOutParty[] }> {
  const clock = await getBusinessClock(sql);
  const dayStart = clock.instantAt(date, '00:00');
  const dayEnd = clock.instantAt(addDays(date, 1), '00:00');
  const rows = await sql<PartyRow[]>`
    select b.id, b.number, b.contact_name as name, b.status, b.event_start, b.event_end, b.amount_paid_cents,
      o.offers, o.answer_by, o.answer, o.answered_at
    from bookings b left join rain_out_offers o on o.booking_id = b.id
    where (b.event_start >= ${dayStart} and b.event_start < ${dayEnd} and b.status = any(${rainOutStatuses as unknown as string[]}::text[]))
       or o.rained_out_on = ${date}::date
    order by b.event_start, b.number`;
  return {
    date,
    parties: rows.map((r) => ({
      bookingId: r.id,
      number: r.number,
      customerName: r.name,
      event: clock.eventTimes({ start: r.event_start, end: r.event_end }),
      status: r.status,
      amountPaidCents: r.amount_paid_cents,
      offer: r.offers && r.answer_by
        ? { offers: r.offers, answerBy: r.answer_by.toISOString(), lastDayToAnswer: lastDayOfDeadline(r.answer_by, clock.timeZone), state: rainOutState(r), answeredAt: r.answered_at?.toISOString() ?? null }
        : null,
    })),
  };
}

/**
 * A rain-out's terms count from the rained-out day, whenever the customer answers: a free move to any
 * day until the policy's credit months have passed, and a credit spendable as long, but never past 5
 * years from the day the offer was made (`offeredOn`, business calendar): a party rained out long
 * before its date would otherwise get a credit beyond what any credit may run (the database refuses
 * it). Counted from the offer, not the answer, so the e-mail, the page and the credit say one day.
 */
function rainCheckTerms(rainedOutOn: string, offeredOn: string, settings: BusinessSettings) {
  const until = creditExpiry(rainedOutOn, settings.creditExpiryMonths);
  return { moveUntil: until, creditUntil: [until, latestCreditExpiry(offeredOn)].sort()[0]! };
}

interface BookingToRainOut {
  id: string;
  number: string;
  email: string;
  name: string;
  status: BookingStatus;
  amount_paid_cents: number;
  language: Locale;
}

/**
 * Staff rain out a date: every party of it not rained out yet, or the ones chosen. Each booking gets its
 * offer (a personal link, the choices, a time to answer) and one e-mail, audited on the booking, in one
 * transaction; the mail goes after the commit. The bookings keep their units and money until answered.
 */
export async function rainOutDay(db: Database, body: RainOutBody, staff: Staff, audit: Audit, now: Date): Promise<{ rainedOut: string[] }> {
  const result = await auditedChange(db, audit, {
    lock: async (tx) => {
      const settings = await getSettings(tx);
      const { parties } = await rainOutsOfDay(tx, body.date);
      const open = parties.filter((p) => !p.offer && (rainOutStatuses as readonly string[]).includes(p.status));
      const chosen = body.bookingIds.length ? body.bookingIds : open.map((p) => p.bookingId);
      for (const id of body.bookingIds) {
        const party = parties.find((p) => p.bookingId === id);
        if (!party) throw fieldError('bookingIds', 'That booking is not a party on this date');
        if (party.offer) throw fieldError('bookingIds', `${party.number} is already rained out`);
        if (!open.includes(party)) throw fieldError('bookingIds', `${party.number} can’t be rained out any more`);
      }
      if (chosen.length === 0) throw fieldError('date', 'No party on this date is left to rain out');
      const bookings = await tx<BookingToRainOut[]>`
        select id, number, contact_email as email, contact_name as name, status, amount_paid_cents, language from bookings
        where id = any(${chosen}::uuid[]) order by number for update`;
      return { settings, bookings };
    },
    change: async (tx, { settings, bookings }) => {
      const answerBy = answerDeadline(body.date, settings.rainOutAnswerDays, settings.timezone);
      const terms = rainCheckTerms(body.date, localDate(now, settings.timezone), settings);
      const emailIds: string[] = [];
      for (const booking of bookings) {
        const token = newLinkToken();
        await tx`
          insert into rain_out_offers (booking_id, rained_out_on, offers, answer_token, answer_by, marked_by, created_at)
          values (${booking.id}, ${body.date}, ${body.offers}, ${token}, ${answerBy}, ${staff.email}, ${now})`;
        const rained: RainedOutBooking = { number: booking.number, email: booking.email, rainedOutOn: body.date, amountPaidCents: booking.amount_paid_cents, status: booking.status, firstName: firstName(booking.name), language: booking.language };
        // A Spanish booking's link opens /es/rain-check (while the business offers Spanish).
        const link = absoluteUrl(env().SITE_URL, localizedPath(rainCheckPath(booking.number, token), booking.language, settings.offerSpanish));
        const email = rainOutOfferEmail(rained, customerChoices(body.offers, booking.amount_paid_cents, terms, booking.language), { link, lastDay: lastDayToAnswer(body.date, settings.rainOutAnswerDays), creditUntil: terms.creditUntil }, settings);
        emailIds.push(await queueEmail(tx, 'rain-out-offer', email, now));
      }
      return { emailIds, answerBy, numbers: bookings.map((b) => b.number) };
    },
    audit: ({ answerBy }, { bookings }) =>
      bookings.map((b) => ({
        action: 'booking.rain_out',
        entity: 'booking',
        entityId: b.id,
        after: { rainedOutOn: body.date, offers: body.offers, answerBy: answerBy.toISOString() },
      })),
  });
  await sendQueuedMail(db, now, { only: result.emailIds });
  // The parties this request rained out (not those of the date rained out before).
  return { rainedOut: result.numbers };
}

/** A rain-out on the dashboard: waiting for its customer, or answered in the last 14 days. */
export interface RecentRainOut {
  bookingId: string;
  number: string;
  customerName: string;
  rainedOutOn: string;
  state: RainOutState;
  answerBy: string;
  /** The business's day the answer is due by the end of (answerByWords). */
  lastDayToAnswer: string;
}

export async function recentRainOuts(sql: Sql, now: Date): Promise<RecentRainOut[]> {
  const { timeZone } = await getBusinessClock(sql, now);
  const since = new Date(now.getTime() - 14 * 86_400_000);
  const rows = await sql<{ booking_id: string; number: string; name: string; rained_out_on: string; answer: RainOutAnswer | null; answer_by: Date }[]>`
    select o.booking_id, b.number, b.contact_name as name, o.rained_out_on::text as rained_out_on, o.answer, o.answer_by
    from rain_out_offers o join bookings b on b.id = o.booking_id
    where o.answer is null or o.answered_at >= ${since}
    order by (o.answer is null) desc, o.answer_by, b.number
    limit 50`;
  return rows.map((r) => ({
    bookingId: r.booking_id,
    number: r.number,
    customerName: r.name,
    rainedOutOn: r.rained_out_on,
    state: rainOutState(r),
    answerBy: r.answer_by.toISOString(),
    lastDayToAnswer: lastDayOfDeadline(r.answer_by, timeZone),
  }));
}

// ---------------------------------------------------------------- the customer's side

/** One answer for an unknown booking, a wrong key and a booking never rained out: nothing can be probed. */
export const RAIN_CHECK_NOT_FOUND = 'We couldn’t find that rain check. Open the link in our e-mail again, or call us.';

interface OfferRow {
  booking_id: string;
  customer_id: string;
  number: string;
  email: string;
  name: string;
  status: BookingStatus;
  event_start: Date;
  event_end: Date;
  amount_paid_cents: number;
  language: Locale;
  rained_out_on: string;
  offers: RainOutOffer[];
  answer_token: string;
  manage_token: string;
  answer_by: Date;
  answer: RainOutAnswer | null;
  answered_at: Date | null;
  offered_at: Date;
}

const offerColumns = (sql: Sql) => sql`
  o.booking_id, b.customer_id, b.number, b.contact_email as email, b.contact_name as name, b.status, b.event_start, b.event_end, b.amount_paid_cents, b.language,
  o.rained_out_on::text as rained_out_on, o.offers, o.answer_token, b.manage_token, o.answer_by, o.answer, o.answered_at, o.created_at as offered_at`;

async function offerFor(sql: Sql, number: string, key: string, lock: boolean): Promise<OfferRow> {
  const [row] = await sql<OfferRow[]>`
    select ${offerColumns(sql)} from rain_out_offers o join bookings b on b.id = o.booking_id
    where b.number = ${number} ${lock ? sql`for update of o, b` : sql``}`;
  if (!row || !sameSecret(row.answer_token, key)) throw new AppError('not_found', RAIN_CHECK_NOT_FOUND);
  return row;
}

/** What the customer's rain-check page shows. */
export interface RainCheck {
  number: string;
  rainedOutOn: string;
  event: EventTimes;
  amountPaidCents: number;
  choices: { offer: RainOutOffer; label: string }[];
  answerBy: string;
  /** The last day to answer (business calendar). */
  lastDayToAnswer: string;
  state: RainOutState;
  /** The booking's own page with its management key, where a free move is made; null unless a move is offered and open. */
  moveUrl: string | null;
  /** The last day a free move may go to, and a credit taken now could be spent. */
  moveUntil: string;
  creditUntil: string;
  phone: string;
}

/** The rain check as its page shows it, in the page's language (the choices' words, the move's page). */
function rainCheckOf(row: OfferRow, settings: BusinessSettings, language: Locale): RainCheck {
  const terms = rainCheckTerms(row.rained_out_on, localDate(row.offered_at, settings.timezone), settings);
  return {
    number: row.number,
    rainedOutOn: row.rained_out_on,
    event: businessClock(settings.timezone).eventTimes({ start: row.event_start, end: row.event_end }),
    amountPaidCents: row.amount_paid_cents,
    choices: row.answer ? [] : customerChoices(row.offers, row.amount_paid_cents, terms, language),
    moveUrl: !row.answer && row.offers.includes('move') ? localizedPath(manageBookingPath(row.number, row.manage_token), language) : null,
    answerBy: row.answer_by.toISOString(),
    lastDayToAnswer: lastDayOfDeadline(row.answer_by, settings.timezone),
    state: rainOutState(row),
    ...terms,
    phone: settings.phone,
  };
}

/** The customer's rain check; `language`: the page's (X-Page-Language), its refusals translated by the handler. */
export async function rainCheckFor(sql: Sql, number: string, key: string, language: Locale = 'en'): Promise<RainCheck> {
  const [row, settings] = await Promise.all([offerFor(sql, number, key, false), getSettings(sql)]);
  return rainCheckOf(row, settings, language);
}

/** A credit or refund asked for after the party was moved to a new date (the page shows the new date). */
export const RAIN_CHECK_MOVED = 'Your party has been moved to its new date, so a credit or a refund is no longer on offer. Questions? Call us.';

/** How an offer is settled: by the customer's choice, or by the deadline passing (a rain check). */
type Settlement = 'credit' | 'refund' | 'lapsed';

/** What settling moved: a credit made, or refunds made (their receipts to send) and what is left for staff. */
interface Settled {
  credit: { creditId: string; amountCents: number } | null;
  refundedCents: number;
  leftCents: number;
  receiptEmailIds: string[];
}

/** The money of a settled offer: a rain-check credit, or a refund (card payments through Stripe; cash left as a refund due). */
async function settleMoney(tx: Sql, row: OfferRow, how: Settlement, creditUntil: string, now: Date): Promise<Settled> {
  const none: Settled = { credit: null, refundedCents: 0, leftCents: 0, receiptEmailIds: [] };
  if (row.amount_paid_cents <= 0) return none;
  if (how === 'refund') {
    const made = await refundFromBooking(tx, { id: row.booking_id, number: row.number }, row.amount_paid_cents, { reason: 'Rained out: refund', recordedBy: 'Customer', now, byHand: 'leave' });
    return { ...none, refundedCents: made.refundedCents, leftCents: made.leftCents, receiptEmailIds: made.refunds.map((r) => r.receiptEmailId) };
  }
  const credit = await creditFromBooking(
    tx,
    { id: row.booking_id, customer_id: row.customer_id, amount_paid_cents: row.amount_paid_cents },
    row.amount_paid_cents,
    { reason: 'rain_check', note: `Rain check: the party of ${row.rained_out_on} was rained out`, expiresOn: creditUntil, issuedBy: null },
    now,
  );
  return { ...none, credit };
}

/**
 * Settles one locked offer: what was paid becomes a rain-check credit or goes back (the refund), the
 * booking is cancelled (its units freed), the offer records the answer, the booking's history says so
 * (written by the site, no staff actor) and the customer's confirmation is queued. Answers the e-mails
 * to send after commit.
 */
async function settle(tx: Sql, row: OfferRow, how: Settlement, settings: BusinessSettings, now: Date): Promise<string[]> {
  // Never a credit that has expired before it is given (a short credit life, a long time to answer).
  const today = localDate(now, settings.timezone);
  const creditUntil = [rainCheckTerms(row.rained_out_on, localDate(row.offered_at, settings.timezone), settings).creditUntil, today].sort()[1]!;
  const settled = await settleMoney(tx, row, how, creditUntil, now);
  const { credit } = settled;
  // Staff may have cancelled it meanwhile (and settled the money their way): then only the offer closes.
  if ((rainOutStatuses as readonly string[]).includes(row.status)) {
    await changeBookingStatus(tx, row.booking_id, 'cancelled', now);
    // The business keeps nothing of a rained-out party: what was paid and not moved is its refund due.
    await tx`update bookings set cancellation_reason = ${'Rained out'}, cancellation_kept_cents = 0 where id = ${row.booking_id}`;
  }
  await tx`update rain_out_offers set answer = ${how}, answered_at = ${now} where booking_id = ${row.booking_id}`;
  const entry: AuditEntry = {
    action: 'booking.rain_out_answer',
    entity: 'booking',
    entityId: row.booking_id,
    before: { status: row.status, amountPaidCents: row.amount_paid_cents },
    after: {
      answer: how,
      creditCents: credit?.amountCents ?? 0,
      creditId: credit?.creditId ?? null,
      expiresOn: credit ? creditUntil : null,
      refundedCents: settled.refundedCents,
      refundDueCents: settled.leftCents,
    },
  };
  // The customer's own choice is theirs in the history; a lapsed offer is the site's.
  if (how === 'lapsed') await writeSiteAudit(tx, entry, now);
  else await customerAudit(row.email, null)(tx, entry);
  // Greeted as the booking stood when it was rained out (row is read before this settlement cancelled it).
  const booking: RainedOutBooking = { number: row.number, email: row.email, rainedOutOn: row.rained_out_on, amountPaidCents: row.amount_paid_cents, status: row.status, firstName: firstName(row.name), language: row.language };
  const kind = row.amount_paid_cents === 0 ? 'cancelled' : how;
  const email = rainOutSettledEmail(booking, { kind, amountCents: row.amount_paid_cents, creditUntil }, settings);
  return [await queueEmail(tx, 'rain-out-settled', email, now), ...settled.receiptEmailIds];
}

/** The customer answers their rain check: keep what they paid as a credit, or get it back (with nothing paid, either cancels free). */
export async function answerRainCheck(db: Database, number: string, key: string, answer: 'credit' | 'refund', now: Date, language: Locale = 'en'): Promise<RainCheck> {
  const emailIds = await db.begin(async (tx) => {
    const row = await offerFor(tx, number, key, true);
    // Moved (by the customer or by staff for them): the party goes ahead, so its money stays with it.
    if (row.answer === 'moved') throw new AppError('conflict', RAIN_CHECK_MOVED);
    if (row.answer) throw new AppError('conflict', 'You have already chosen: this page shows what happens now.');
    if (row.answer_by <= now) throw new AppError('conflict', 'The time to choose has passed: what you paid is kept for you as a rain check.');
    // With nothing paid, the credit and the refund are one choice (cancel free): either word takes it.
    const offered = row.offers.includes(answer) || (row.amount_paid_cents === 0 && row.offers.some((o) => o !== 'move'));
    if (!offered) throw fieldError('answer', 'That choice was not offered for this booking');
    const settings = await getSettings(tx);
    return settle(tx, row, answer, settings, now);
  });
  await sendQueuedMail(db, now, { only: emailIds });
  return rainCheckFor(db, number, key, language);
}

/**
 * Scheduled housekeeping: offers nobody answered in time become rain checks (the policy's promise).
 * Each offer settles in its own transaction, `skip locked`, so a customer answering right then, or a
 * second run, never settles it twice.
 */
export async function lapseRainOuts(db: Database, now: Date): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const emailIds = await db.begin(async (tx) => {
      const [row] = await tx<OfferRow[]>`
        select ${offerColumns(tx)} from rain_out_offers o join bookings b on b.id = o.booking_id
        where o.answer is null and o.answer_by <= ${now}
        order by o.answer_by limit 1 for update of o, b skip locked`;
      if (!row) return null;
      return settle(tx, row, 'lapsed', await getSettings(tx), now);
    });
    if (!emailIds) return lapsed;
    lapsed++;
    await sendQueuedMail(db, now, { only: emailIds });
  }
}
