import type { BookingView } from './booking-view';
import type { BookingStatus } from './booking-status';
import { bookingEventUid, calendarText } from '../calendar';
import { formatMoney } from '../money';
import { formatsFor, localizedUrl, type Locale } from '../i18n';
import { BOOKING_WORDS, type BookingWords, customerFormats, deliveryFeeText } from './customer-words';
import type { BusinessSettings } from '../business';
import { formatMediumDate } from '../time';
import { customerMessage, type RenderedEmail, layout } from '../email';
import { absoluteUrl, adminPaths, confirmBookingPath, manageBookingPath, signWaiverPath, trackOrderPath, publicApi } from '../paths';
import type { CancellationOutcome } from '../changes';
import type { CustomerMoveCakes } from './booking-cakes';
import { adjustmentLabel, signedMoney } from '../pricing';
import { formatDeadline, payLaterDeadline } from './unpaid-holds';

/**
 * 'Saturday, July 4, 2026, 2:00 PM – 6:00 PM': the event as customers read it, in the booking's language
 * ('sábado, 4 de julio de 2026, 2:00 p.m. – 6:00 p.m.'), with the weekday as the tracking and success
 * pages write it (the same eventWindow), so an e-mail and the page it links to name the same day alike.
 * The view's date and times are already on the business's clock (booking-view.server.ts).
 */
export function when(b: Pick<BookingView, 'event' | 'language'>): string {
  return formatsFor(b.language ?? 'en').eventWindow(b.event);
}

/** The words of what the customer receives about this booking: its language's. */
export const wordsOf = (b: Pick<BookingView, 'language'>): BookingWords => BOOKING_WORDS[b.language ?? 'en'];

export function address(b: BookingView): string {
  return [b.address.line1, b.address.line2, `${b.address.city}, ${b.address.state} ${b.address.zip}`].filter(Boolean).join(', ');
}

/** The itemised price exactly as the booking stored it: the same figures the site and tracking page show. */
export function priceLines(b: BookingView): [string, string][] {
  const t = b.totals;
  const w = wordsOf(b).price;
  const money = customerFormats(b.language ?? 'en').money;
  const rows: [string, string][] = b.items.map((i) => [`${i.name} × ${i.quantity}`, money(i.lineTotalCents)]);
  rows.push([w.subtotal, money(t.subtotalCents)]);
  if (t.discountCents) rows.push([`${w.discount}${t.couponCode ? ` (${t.couponCode})` : ''}`, `−${money(t.discountCents)}`]);
  if (t.damageWaiverCents) rows.push([w.damageWaiver, money(t.damageWaiverCents)]);
  rows.push([w.delivery, deliveryFeeText(t.deliveryFeeCents, b.language ?? 'en', money)]);
  // The setup spot's lines, in the booking's language (the view says them so).
  for (const c of b.site.charges) rows.push([c.label, money(c.cents)]);
  for (const a of b.adjustments) rows.push([adjustmentLabel(a), signedMoney(a.cents)]);
  rows.push([w.salesTax, money(t.taxCents)]);
  rows.push([w.total, money(t.totalCents)]);
  rows.push([w.deposit, money(t.depositCents)]);
  rows.push([w.paidSoFar, money(t.amountPaidCents)]);
  rows.push([w.balanceDue, money(t.amountDueCents)]);
  return rows;
}

/** The site's host name, read from its address once (every booking's invite names it). */
function hostnameOf(siteUrl: string): string {
  if (lastSite?.url !== siteUrl) lastSite = { url: siteUrl, hostname: new URL(siteUrl).hostname };
  return lastSite.hostname;
}
let lastSite: { url: string; hostname: string } | null = null;

function calendarInvite(b: BookingView, settings: BusinessSettings, siteUrl: string, { cancelled = false } = {}): string {
  return calendarText(
    [
      {
        uid: bookingEventUid(b.number, hostnameOf(siteUrl)),
        title: wordsOf(b).calendar.title(b.items.map((i) => i.name).join(', ')),
        description: wordsOf(b).calendar.description(b.number, settings.businessName, localizedUrl(siteUrl, trackOrderPath(), b.language, settings.offerSpanish)),
        location: address(b),
        start: new Date(b.event.startsAt),
        end: new Date(b.event.endsAt),
        url: localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish),
        organizer: { name: settings.businessName, email: settings.email },
        tentative: false,
        // Raised by each edit: the customer's calendar replaces the event it already holds.
        sequence: b.calendarSequence,
        cancelled,
      },
    ],
    { prodId: { company: settings.businessName, product: 'Booking' }, publish: !cancelled, cancel: cancelled },
  );
}

/** What the greeting of an e-mail about a booking needs to know of it. */
export interface GreetedBooking {
  status: BookingStatus;
  /** The first name of the contact the booking was placed with; '' when none. */
  firstName: string;
  /** Whether money was ever paid on the booking. */
  paid: boolean;
  language?: Locale | undefined;
}

/** Statuses of a booking nobody has vouched for yet, or no longer stands (then only a payment vouches). */
const unvouchedStatuses: readonly BookingStatus[] = ['hold', 'deposit_due', 'cancelled', 'expired'];

/**
 * The greeting of every e-mail about a booking (its confirmation and changes, its cancellation, a
 * rain-out's offer and its answer), in the booking's language. Until something vouches for the booking,
 * the address was typed by whoever booked, so the message echoes no free text from the form except the
 * delivery address (the customer must check it, and it has to be a real place in the service area): not
 * the typed name, not the notes for the crew, which only the business's own notice shows. Money paid on
 * it vouches, as a receipt has a payment (and each receipt says "Hi Maria"), and so does a booking standing
 * confirmed (a paid deposit or staff behind it): then the greeting is by the same first name. A cancelled
 * booking can no longer say whether it was confirmed: only a payment vouches for it.
 */
export function customerGreeting(b: GreetedBooking): string {
  const w = BOOKING_WORDS[b.language ?? 'en'];
  const vouched = b.paid || !unvouchedStatuses.includes(b.status);
  return vouched && b.firstName ? w.hi(b.firstName) : w.greeting;
}

/** A booking view's greeting (customerGreeting). */
export const bookingGreeting = (b: Pick<BookingView, 'status' | 'customer' | 'language' | 'payments'>): string =>
  customerGreeting({ status: b.status, firstName: b.customer.firstName, paid: b.payments.length > 0, language: b.language });

/** Who changed a booking: staff (a change agreed with the customer) or the customer on their own booking's page. */
export type ChangedBy = 'staff' | 'customer';

/** The opening of the "has changed" e-mail: a staff change was agreed with the customer; the customer's own move was their request. */
export function bookingChangedText(b: Pick<BookingView, 'event' | 'language'>, changedBy: ChangedBy): string {
  const w = wordsOf(b);
  return changedBy === 'customer' ? w.changedByCustomer(when(b)) : w.changedByStaff;
}

/**
 * To the customer once a booking is placed (deposit due) or confirmed (deposit paid / staff), and
 * (`changedBy`) after staff or the customer changed it: the same details, with an invite that updates the event.
 */
export function customerBookingEmail(
  b: BookingView,
  settings: BusinessSettings,
  siteUrl: string,
  /** `depositOnline`: the tracking page takes the deposit online (Stripe configured, payment mode "deposit online"). */
  {
    changedBy,
    totalBefore,
    depositOnline,
    cakes,
  }: {
    changedBy?: ChangedBy | undefined;
    /** A change's total before it: a higher one now is said with what to pay, as the tracking page says it. */
    totalBefore?: number | undefined;
    depositOnline: boolean;
    /** A customer's move: where the cakes ordered with the booking went (movedCakesText). */
    cakes?: CustomerMoveCakes | undefined;
  },
): RenderedEmail {
  const confirmed = b.status !== 'hold' && b.status !== 'deposit_due';
  const w = wordsOf(b);
  const f = customerFormats(b.language ?? 'en');
  // A pay-later website booking holds its units for an hour until this link is clicked (issue #36).
  const toConfirm = !confirmed && b.confirmRequestKey && b.holdExpiresAt ? { key: b.confirmRequestKey, by: new Date(b.holdExpiresAt) } : null;
  const subject = changedBy ? w.subject.changed(b.number) : confirmed ? w.subject.confirmed(b.number) : toConfirm ? w.subject.toConfirm(b.number) : w.subject.received(b.number);
  const overpaid = b.totals.amountPaidCents - b.totals.totalCents;
  // Where the deposit can be paid: online from the tracking page only when the owner takes deposits online.
  const howToPay = depositOnline ? w.howToPayOnline : w.howToPayByPhone(settings.phone);
  const deposit = w.depositToPay(f.money(b.totals.depositCents), b.totals.depositOutstandingCents < b.totals.depositCents ? f.money(b.totals.depositOutstandingCents) : null);
  const next = toConfirm
    ? `${w.toConfirm(f.deadline(toConfirm.by, settings.timezone), deposit, howToPay, f.deadline(payLaterDeadline(new Date(b.createdAt), settings), settings.timezone))}${
        changedBy ? ` ${bookingChangedText(b, changedBy)}` : ''
      }`
    : changedBy
    ? `${bookingChangedText(b, changedBy)}${overpaid > 0 ? w.overpaid(f.money(overpaid)) : raisedText(b, totalBefore, depositOnline ? howToPay : null)}`
    : confirmed
      ? w.confirmed
      : b.totals.depositOutstandingCents === 0
        ? w.depositCovered
        : `${w.reserved(deposit, howToPay)}${b.holdExpiresAt ? w.keptUntil(f.deadline(new Date(b.holdExpiresAt), settings.timezone)) : ''}`;
  const paragraphs = [
    bookingGreeting(b),
    next,
    ...(cakes ? movedCakesText(cakes, settings, b.language) : []),
    // A Spanish booking confirms on /es/confirm-booking (while the business offers Spanish).
    ...(toConfirm ? [`${w.confirmRequest}: ${localizedUrl(siteUrl, confirmBookingPath(b.number, toConfirm.key), b.language, settings.offerSpanish)}`] : []),
    `${w.when}: ${when(b)}`,
    `${w.where}: ${address(b)}`,
    `${w.track}: ${localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish)}`,
    `${w.signWaiver}: ${localizedUrl(siteUrl, signWaiverPath(b.number, { email: b.customer.email }), b.language, settings.offerSpanish)}`,
    `${w.invoice}: ${absoluteUrl(siteUrl, publicApi.bookingInvoice(b.number, b.invoiceToken))}`,
    `${w.changeOrCancel}: ${manageLink(b, siteUrl)}`,
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, priceLines(b), { language: b.language ?? 'en', ics: calendarInvite(b, settings, siteUrl) });
}

/**
 * A change that raised the total: by how much, then the difference to pay where the customer can pay it
 * online (`howToPay`, on a booking past its deposit), else the new balance, as the tracking page says it
 * after a move. Nothing for a change that did not raise it.
 */
function raisedText(b: BookingView, totalBefore: number | undefined, howToPay: string | null): string {
  const raised = totalBefore === undefined ? 0 : b.totals.totalCents - totalBefore;
  if (raised <= 0) return '';
  const w = wordsOf(b);
  const f = customerFormats(b.language ?? 'en');
  const due = b.totals.amountDueCents;
  const then = howToPay && b.status !== 'deposit_due' && due > 0 ? w.payDifference(f.money(Math.min(raised, due)), howToPay) : w.balanceNow(f.money(due));
  return `${w.raised(f.money(b.totals.totalCents), f.money(raised))}${then}`;
}

/** The words before the link that confirms a pay-later website booking (issue #36). */
export const CONFIRM_REQUEST = 'Confirm your booking request';

/** The words before the personal link in every booking e-mail. */
export const CHANGE_OR_CANCEL = 'Change or cancel your booking';

/** The booking's personal "Change or cancel" link: keep it to yourself, it moves and cancels the booking. */
const manageLink = (b: BookingView, siteUrl: string) => localizedUrl(siteUrl, manageBookingPath(b.number, b.manageToken), b.language);

/** Asked for from the tracking page (number + e-mail or phone): the personal link, to the booking's own address only. */
export function manageLinkEmail(b: BookingView, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const w = wordsOf(b);
  const subject = w.subject.manage(b.number);
  return customerMessage(
    settings,
    b.customer.email,
    subject,
    [w.greeting, w.manageAsked(b.number, when(b)), `${w.changeOrCancel}: ${manageLink(b, siteUrl)}`, w.manageYoursAlone],
    [],
    { language: b.language ?? 'en' },
  );
}

/** What a cancellation gives back, in a customer's words (the booking's language; English when not given). */
export function cancellationOutcomeText(
  o: CancellationOutcome,
  settings: Pick<BusinessSettings, 'creditExpiryMonths'> & { currency?: string },
  refundedCents = 0,
  language: Locale = 'en',
): string[] {
  const w = BOOKING_WORDS[language].outcome;
  const money = (cents: number) => customerFormats(language).money(cents, settings.currency);
  const lines: string[] = [];
  if (refundedCents > 0) lines.push(w.refunded(money(refundedCents)));
  if (o.refundCents > refundedCents) lines.push(w.toRefund(money(o.refundCents - refundedCents)));
  if (o.creditCents > 0) lines.push(w.credit(money(o.creditCents), settings.creditExpiryMonths));
  if (o.keptCents > 0) lines.push(w.kept(money(o.keptCents)));
  lines.push(...cancelledCakesText(o.cakes ?? [], settings, language));
  if (lines.length === 0) lines.push(w.nothing);
  return lines;
}

/**
 * What a cancellation does to the cakes ordered with the booking, one sentence a cake in the customer's
 * words: cancelled with it free before its last day, still ordered and not refunded past it. Whoever
 * cancels (the customer online, or staff) the cakes follow the same rule, so the e-mails say it alike.
 */
export function cancelledCakesText(cakes: NonNullable<CancellationOutcome['cakes']>, settings: { currency?: string }, language: Locale = 'en'): string[] {
  const w = BOOKING_WORDS[language].outcome;
  const f = customerFormats(language);
  return cakes.map((cake) => (cake.refundable ? w.cakeCancelled(cake.number) : w.cakeKept(cake.number, f.money(cake.priceCents, settings.currency), f.dayMonth(cake.lastDay))));
}

/** To the customer after they cancelled: what comes back, and an invite that takes the event out of their calendar. */
export function customerCancellationEmail(b: BookingView, settings: BusinessSettings, siteUrl: string, outcome: CancellationOutcome, refundedCents = 0): RenderedEmail {
  const w = wordsOf(b);
  const subject = w.subject.cancelled(b.number);
  const paragraphs = [
    bookingGreeting(b),
    w.cancelledAsAsked(when(b)),
    ...cancellationOutcomeText(outcome, settings, refundedCents, b.language),
    `${w.track}: ${localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish)}`,
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, [], { language: b.language ?? 'en', ics: calendarInvite(b, settings, siteUrl, { cancelled: true }) });
}

/**
 * To the customer after staff cancelled the booking (on the customer's word by phone, or the business's
 * own call): that it is cancelled, what happens to its cakes (cancelledCakesText, as in their own
 * cancellation's e-mail), and an invite that takes the event out of their calendar. Staff's reason is
 * for the office and is not sent; any refund is made from the booking screen and has its own receipt.
 */
export function staffCancellationEmail(b: BookingView, settings: BusinessSettings, siteUrl: string, cakes: NonNullable<CancellationOutcome['cakes']>): RenderedEmail {
  const w = wordsOf(b);
  const subject = w.subject.cancelled(b.number);
  const paragraphs = [
    bookingGreeting(b),
    w.cancelledByUs(when(b)),
    ...(b.totals.amountPaidCents > 0 ? [w.refundSeparately] : []),
    ...cancelledCakesText(cakes, settings, b.language),
    `${w.track}: ${localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish)}`,
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, [], { language: b.language ?? 'en', ics: calendarInvite(b, settings, siteUrl, { cancelled: true }) });
}

/**
 * What a customer's move did to the cakes ordered with the booking, one sentence a cake in their
 * language: moved with the party, or (a rain check's move) staying ordered for its own day past its last
 * day to change. The e-mail after the move and the move's page say the same.
 */
export function movedCakesText(cakes: CustomerMoveCakes, settings: { currency?: string }, language: Locale = 'en'): string[] {
  const w = BOOKING_WORDS[language].movedCakes;
  const f = customerFormats(language);
  return [
    ...cakes.moved.map((c) => w.moved(c.number, f.dayMonth(c.to))),
    ...cakes.staying.map((c) => w.staying(c.number, f.money(c.priceCents, settings.currency), f.dayMonth(c.lastDay), f.dayMonth(c.neededOn))),
  ];
}

/** To the business: a customer moved or cancelled their own booking online. */
export function businessChangeEmail(
  b: BookingView,
  settings: BusinessSettings,
  siteUrl: string,
  to: string,
  change: { kind: 'move'; before: BookingView; cakes?: CustomerMoveCakes } | { kind: 'cancel'; outcome: CancellationOutcome },
): RenderedEmail {
  const subject = change.kind === 'move' ? `Booking ${b.number} moved by the customer to ${formatMediumDate(b.event.date)}` : `Booking ${b.number} cancelled by the customer`;
  const paragraphs = [
    change.kind === 'move'
      ? `${b.customer.name} (${b.customer.email}, ${b.customer.phone}) moved booking ${b.number} from ${when(change.before)} to ${when(b)}. New total ${formatMoney(b.totals.totalCents)} (was ${formatMoney(change.before.totals.totalCents)}).`
      : `${b.customer.name} (${b.customer.email}, ${b.customer.phone}) cancelled booking ${b.number} for ${when(b)}. Refund due ${formatMoney(change.outcome.refundCents)}, credit ${formatMoney(change.outcome.creditCents)}, kept ${formatMoney(change.outcome.keptCents)}.`,
    // The bakery's part: which cakes moved, and which stay on the old day (a rain check's move past their last day).
    ...(change.kind === 'move' && change.cakes
      ? [
          ...change.cakes.moved.map((c) => `Cake order ${c.number} moved with the party to ${formatMediumDate(c.to)}.`),
          ...change.cakes.staying.map(
            (c) => `Cake order ${c.number} stays ordered for ${formatMediumDate(c.neededOn)}: it was past its last day to change (${formatMediumDate(c.lastDay)}). Arrange its pickup with the customer, or move or cancel it by hand on the cake orders screen.`,
          ),
        ]
      : []),
    `Address: ${address(b)}`,
    `Open in the admin: ${absoluteUrl(siteUrl, adminPaths.booking(b.id))}`,
  ];
  const rows = change.kind === 'move' ? priceLines(b) : [];
  return {
    to,
    replyTo: { name: b.customer.name, address: b.customer.email },
    subject,
    text: [...paragraphs, ...(rows.length ? ['', ...rows.map(([k, v]) => `${k}: ${v}`)] : [])].join('\n'),
    html: layout(settings, subject, paragraphs, rows, 'en'),
  };
}

/** To the business: a new booking to prepare for. */
export function businessBookingEmail(b: BookingView, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  const subject = `New booking ${b.number}: ${formatMediumDate(b.event.date)} in ${b.address.city}`;
  const paragraphs = [
    `${b.customer.name} (${b.customer.email}, ${b.customer.phone}) booked for ${when(b)}.`,
    `Address: ${address(b)}${b.address.surface ? ` (surface: ${b.address.surface})` : ''}`,
    b.address.notes ? `Notes: ${b.address.notes}` : 'No notes.',
    `Status: ${b.statusLabel}${
      b.confirmRequestKey && b.holdExpiresAt
        ? ` (a booking request from the website: released ${formatDeadline(new Date(b.holdExpiresAt), settings.timezone)} unless the customer confirms it from our e-mail)`
        : ''
    }`,
    `Open in the admin: ${absoluteUrl(siteUrl, adminPaths.booking(b.id))}`,
  ];
  const rows = priceLines(b);
  return {
    to,
    replyTo: { name: b.customer.name, address: b.customer.email },
    subject,
    text: [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout(settings, subject, paragraphs, rows, 'en'),
  };
}
