import type { BookingView } from './booking-view';
import { bookingEventUid, calendarText } from '../calendar';
import { depositToPay, formatMoney } from '../money';
import type { BusinessSettings } from '../business';
import { formatClock, formatDayMonth } from '../time';
import { customerMessage, type RenderedEmail, layout } from '../email';
import { absoluteUrl, adminPaths, confirmBookingPath, manageBookingPath, signWaiverPath, trackOrderPath, publicApi } from '../paths';
import type { CancellationOutcome } from '../changes';
import { adjustmentLabel, signedMoney } from '../pricing';
import { formatDeadline, payLaterDeadline } from './unpaid-holds';

/** 'July 4, 2026, 2:00 PM – 6:00 PM': the event as customers read it. */
export function when(b: Pick<BookingView, 'event'>): string {
  const day = `${formatDayMonth(b.event.date)}, ${b.event.date.slice(0, 4)}`;
  const end = b.event.endDate !== b.event.date ? `${formatDayMonth(b.event.endDate)} ` : '';
  return `${day}, ${formatClock(b.event.start)} – ${end}${formatClock(b.event.end)}`;
}

export function address(b: BookingView): string {
  return [b.address.line1, b.address.line2, `${b.address.city}, ${b.address.state} ${b.address.zip}`].filter(Boolean).join(', ');
}

/** The itemised price exactly as the booking stored it: the same figures the site and tracking page show. */
export function priceLines(b: BookingView): [string, string][] {
  const t = b.totals;
  const rows: [string, string][] = b.items.map((i) => [`${i.name} × ${i.quantity}`, formatMoney(i.lineTotalCents)]);
  rows.push(['Subtotal', formatMoney(t.subtotalCents)]);
  if (t.discountCents) rows.push([`Discount${t.couponCode ? ` (${t.couponCode})` : ''}`, `−${formatMoney(t.discountCents)}`]);
  if (t.damageWaiverCents) rows.push(['Damage waiver', formatMoney(t.damageWaiverCents)]);
  rows.push(['Delivery', formatMoney(t.deliveryFeeCents)]);
  for (const c of b.site.charges) rows.push([c.label, formatMoney(c.cents)]);
  for (const a of b.adjustments) rows.push([adjustmentLabel(a), signedMoney(a.cents)]);
  rows.push(['Sales tax', formatMoney(t.taxCents)]);
  rows.push(['Total', formatMoney(t.totalCents)]);
  rows.push(['Deposit', formatMoney(t.depositCents)]);
  rows.push(['Paid so far', formatMoney(t.amountPaidCents)]);
  rows.push(['Balance due', formatMoney(t.amountDueCents)]);
  return rows;
}

function calendarInvite(b: BookingView, settings: BusinessSettings, siteUrl: string, { cancelled = false } = {}): string {
  return calendarText(
    [
      {
        uid: bookingEventUid(b.number, new URL(siteUrl).hostname),
        title: `Party rental: ${b.items.map((i) => i.name).join(', ')}`,
        description: `Booking ${b.number} with ${settings.businessName}. Track it at ${absoluteUrl(siteUrl, trackOrderPath())}`,
        location: address(b),
        start: new Date(b.event.startsAt),
        end: new Date(b.event.endsAt),
        url: absoluteUrl(siteUrl, trackOrderPath(b.number)),
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

/**
 * The greeting of a booking e-mail. The address was typed by whoever booked and nobody has verified
 * it, so the message echoes no free text from the form except the delivery address (the customer
 * must check it, and it has to be a real place in the service area): not the typed name, not the
 * notes for the crew, which only the business's own notice shows.
 */
export const BOOKING_GREETING = 'Hello,';

/** Who changed a booking: staff (a change agreed with the customer) or the customer on their own booking's page. */
export type ChangedBy = 'staff' | 'customer';

/** The opening of the "has changed" e-mail: a staff change was agreed with the customer; the customer's own move was their request. */
export function bookingChangedText(b: Pick<BookingView, 'event'>, changedBy: ChangedBy): string {
  const replaced = 'The details below replace the earlier ones, and the attached calendar invite updates your calendar.';
  return changedBy === 'customer'
    ? `As you asked, your booking is now for ${when(b)}. ${replaced}`
    : `We have updated your booking as agreed. ${replaced}`;
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
  { changedBy, depositOnline }: { changedBy?: ChangedBy | undefined; depositOnline: boolean },
): RenderedEmail {
  const confirmed = b.status !== 'hold' && b.status !== 'deposit_due';
  // A pay-later website booking holds its units for an hour until this link is clicked (issue #36).
  const toConfirm = !confirmed && b.confirmRequestKey && b.holdExpiresAt ? { key: b.confirmRequestKey, by: new Date(b.holdExpiresAt) } : null;
  const subject = changedBy
    ? `Your booking ${b.number} has changed`
    : confirmed
      ? `Your booking ${b.number} is confirmed`
      : toConfirm
        ? `Please confirm your booking request ${b.number}`
        : `We received your booking ${b.number}`;
  const overpaid = b.totals.amountPaidCents - b.totals.totalCents;
  // Where the deposit can be paid: online from the tracking page only when the owner takes deposits online.
  const howToPay = depositOnline ? 'from the tracking page or by calling us' : `by calling us at ${settings.phone}`;
  const next = toConfirm
    ? `${CONFIRM_REQUEST} within the hour, by ${formatDeadline(toConfirm.by, settings.timezone)}: one click on the link below. Until then we hold your rentals for that hour only, and a request nobody confirms is released. Once confirmed, paying ${depositToPay(b.totals)} confirms the booking, ${howToPay}. We keep your rentals until ${formatDeadline(payLaterDeadline(new Date(b.createdAt), settings), settings.timezone)}; if the deposit is not paid by then, the booking is released.${
        changedBy ? ` ${bookingChangedText(b, changedBy)}` : ''
      }`
    : changedBy
    ? `${bookingChangedText(b, changedBy)}${overpaid > 0 ? ` You have paid ${formatMoney(overpaid)} more than the new total: we will refund it.` : ''}`
    : confirmed
      ? 'Your rental is confirmed. Please sign the safety waiver before the party; it takes two minutes.'
      : b.totals.depositOutstandingCents === 0
        ? 'Your units are reserved and your deposit is paid: we confirm the booking shortly. Please sign the safety waiver before the party; it takes two minutes.'
        : `Your units are reserved. Pay ${depositToPay(b.totals)} to confirm the booking, ${howToPay}.${
            b.holdExpiresAt ? ` We keep them for you until ${formatDeadline(new Date(b.holdExpiresAt), settings.timezone)}; if the deposit is not paid by then, the booking is released.` : ''
          }`;
  const paragraphs = [
    BOOKING_GREETING,
    next,
    ...(toConfirm ? [`${CONFIRM_REQUEST}: ${absoluteUrl(siteUrl, confirmBookingPath(b.number, toConfirm.key))}`] : []),
    `When: ${when(b)}`,
    `Where: ${address(b)}`,
    `Track your booking: ${absoluteUrl(siteUrl, trackOrderPath(b.number))}`,
    `Sign the waiver: ${absoluteUrl(siteUrl, signWaiverPath(b.number, { email: b.customer.email }))}`,
    `Your invoice (PDF): ${absoluteUrl(siteUrl, publicApi.bookingInvoice(b.number, b.invoiceToken))}`,
    `${CHANGE_OR_CANCEL}: ${manageLink(b, siteUrl)}`,
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, priceLines(b), { ics: calendarInvite(b, settings, siteUrl) });
}

/** The words before the link that confirms a pay-later website booking (issue #36). */
export const CONFIRM_REQUEST = 'Confirm your booking request';

/** The words before the personal link in every booking e-mail. */
export const CHANGE_OR_CANCEL = 'Change or cancel your booking';

/** The booking's personal "Change or cancel" link: keep it to yourself, it moves and cancels the booking. */
const manageLink = (b: BookingView, siteUrl: string) => absoluteUrl(siteUrl, manageBookingPath(b.number, b.manageToken));

/** Asked for from the tracking page (number + e-mail or phone): the personal link, to the booking's own address only. */
export function manageLinkEmail(b: BookingView, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const subject = `Change or cancel booking ${b.number}`;
  return customerMessage(
    settings,
    b.customer.email,
    subject,
    [
      BOOKING_GREETING,
      `Someone (we hope you) asked to change or cancel booking ${b.number} for ${when(b)}. Open this link to move it to another date or cancel it:`,
      `${CHANGE_OR_CANCEL}: ${manageLink(b, siteUrl)}`,
      'The link is yours alone: anyone who has it can change the booking. If you did not ask for it, ignore this e-mail and nothing changes.',
    ],
    [],
  );
}

/** What a cancellation gives back, in a customer's words. */
export function cancellationOutcomeText(o: CancellationOutcome, settings: Pick<BusinessSettings, 'creditExpiryMonths'> & { currency?: string }, refundedCents = 0): string[] {
  const lines: string[] = [];
  if (refundedCents > 0) lines.push(`We've refunded ${formatMoney(refundedCents, settings.currency)} to your card: it shows on your statement in 5 to 10 business days.`);
  if (o.refundCents > refundedCents) lines.push(`We'll refund ${formatMoney(o.refundCents - refundedCents, settings.currency)} to your card (or the way you paid).`);
  if (o.creditCents > 0) {
    lines.push(`${formatMoney(o.creditCents, settings.currency)} becomes a credit for a future rental, valid for ${settings.creditExpiryMonths} month${settings.creditExpiryMonths === 1 ? '' : 's'}.`);
  }
  if (o.keptCents > 0) lines.push(`Under the cancellation policy the deposit of ${formatMoney(o.keptCents, settings.currency)} is not refunded.`);
  if (lines.length === 0) lines.push('Nothing was paid, so nothing is owed either way.');
  return lines;
}

/** To the customer after they cancelled: what comes back, and an invite that takes the event out of their calendar. */
export function customerCancellationEmail(b: BookingView, settings: BusinessSettings, siteUrl: string, outcome: CancellationOutcome, refundedCents = 0): RenderedEmail {
  const subject = `Your booking ${b.number} is cancelled`;
  const paragraphs = [
    BOOKING_GREETING,
    `As you asked, your booking for ${when(b)} is cancelled. The attached calendar update removes it from your calendar.`,
    ...cancellationOutcomeText(outcome, settings, refundedCents),
    `Track your booking: ${absoluteUrl(siteUrl, trackOrderPath(b.number))}`,
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, [], { ics: calendarInvite(b, settings, siteUrl, { cancelled: true }) });
}

/** To the business: a customer moved or cancelled their own booking online. */
export function businessChangeEmail(
  b: BookingView,
  settings: BusinessSettings,
  siteUrl: string,
  to: string,
  change: { kind: 'move'; before: BookingView } | { kind: 'cancel'; outcome: CancellationOutcome },
): RenderedEmail {
  const subject = change.kind === 'move' ? `Booking ${b.number} moved by the customer to ${formatDayMonth(b.event.date)}` : `Booking ${b.number} cancelled by the customer`;
  const paragraphs = [
    change.kind === 'move'
      ? `${b.customer.name} (${b.customer.email}, ${b.customer.phone}) moved booking ${b.number} from ${when(change.before)} to ${when(b)}. New total ${formatMoney(b.totals.totalCents)} (was ${formatMoney(change.before.totals.totalCents)}).`
      : `${b.customer.name} (${b.customer.email}, ${b.customer.phone}) cancelled booking ${b.number} for ${when(b)}. Refund due ${formatMoney(change.outcome.refundCents)}, credit ${formatMoney(change.outcome.creditCents)}, kept ${formatMoney(change.outcome.keptCents)}.`,
    `Address: ${address(b)}`,
    `Open in the admin: ${absoluteUrl(siteUrl, adminPaths.booking(b.id))}`,
  ];
  const rows = change.kind === 'move' ? priceLines(b) : [];
  return {
    to,
    replyTo: { name: b.customer.name, address: b.customer.email },
    subject,
    text: [...paragraphs, ...(rows.length ? ['', ...rows.map(([k, v]) => `${k}: ${v}`)] : [])].join('\n'),
    html: layout(settings, subject, paragraphs, rows),
  };
}

/** To the business: a new booking to prepare for. */
export function businessBookingEmail(b: BookingView, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  const subject = `New booking ${b.number}: ${formatDayMonth(b.event.date)} in ${b.address.city}`;
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
    html: layout(settings, subject, paragraphs, rows),
  };
}
