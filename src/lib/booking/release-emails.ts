import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { absoluteUrl } from '../paths';
import { formatClock, formatDayMonth, localDate, localTime } from '../time';
import { formatDeadline } from './unpaid-holds';

/** An unpaid booking just released, as release_unpaid_bookings describes it (supabase/migrations/20261128100000_unpaid_holds.sql). */
export interface ReleasedBooking {
  id: string;
  number: string;
  /** What it was until released: a Stripe hold, or a booking with its deposit due. */
  was: 'hold' | 'deposit_due';
  /** A pay-later website booking nobody confirmed from the e-mail within its hour (issue #36). */
  unconfirmed?: boolean;
  deadline: string;
  email: string;
  eventStart: string;
  eventEnd: string;
  placedAt: string;
  items: { name: string; quantity: number }[];
}

/**
 * To the customer when their unpaid booking is released. Only what the business wrote and the
 * booking's own facts (number, date, products): nothing the visitor typed, not even the name, since
 * nobody has checked that the address belongs to whoever booked.
 */
export function releasedBookingEmail(released: ReleasedBooking, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const tz = settings.timezone;
  const start = new Date(released.eventStart);
  const end = new Date(released.eventEnd);
  const day = localDate(start, tz);
  const when = `${formatDayMonth(day)}, ${day.slice(0, 4)}, ${formatClock(localTime(start, tz))} – ${formatClock(localTime(end, tz))}`;
  const hold = released.was === 'hold';
  const subject = hold ? `Your reservation ${released.number} was not completed` : `Your booking ${released.number} was released`;
  const deadline = formatDeadline(new Date(released.deadline), tz);
  const paragraphs = [
    'Hello,',
    hold
      ? `The deposit for reservation ${released.number} was not paid by ${deadline}, so we have released the equipment we were holding for you. Nothing was charged.`
      : released.unconfirmed
        ? `Booking request ${released.number} was not confirmed from our e-mail by ${deadline}, so we have released it and its equipment is available to others again. Nothing was charged.`
        : `The deposit for booking ${released.number} was not paid by ${deadline}, so we have released the booking and its equipment is available to others again.`,
    `It was for ${when}.`,
    `Still planning the party? Book again at ${absoluteUrl(siteUrl, '/')} or call us at ${settings.phone}: we are happy to help.`,
  ];
  const rows: [string, string][] = released.items.map((i) => [i.name, `× ${i.quantity}`]);
  return customerMessage(settings, released.email, subject, paragraphs, rows, { rowText: ([name, quantity]) => `${name} ${quantity}` });
}
