import { calendarText } from './ical';
import { calendarColours, type CalendarStatus } from './calendar-admin';
import { adminPaths, publicApi } from '../paths';

/**
 * A staff member's personal iCalendar feed: the upcoming bookings, for Google Calendar, Apple
 * Calendar or Outlook to subscribe to. The address carries a random token instead of a session,
 * because calendar apps cannot sign in.
 */

/** Random tokens are 43 characters of base64url (32 bytes); anything else is not worth a query. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** How far ahead the feed looks, and how far back (so today's early parties stay visible). */
export const FEED_DAYS_AHEAD = 180;
export const FEED_DAYS_BACK = 7;

/** The token in '/api/calendar/<token>.ics', or null for any other shape. */
export function feedTokenFromPath(pathname: string): string | null {
  const match = /^\/api\/calendar\/([^/]+)\.ics$/.exec(pathname);
  const token = match?.[1] ?? null;
  return token && FEED_TOKEN_PATTERN.test(token) ? token : null;
}

export const feedUrl = (siteUrl: string, token: string) => `${new URL(siteUrl).origin}${publicApi.calendarFeed(token)}`;

export interface FeedBooking {
  id: string;
  number: string;
  status: CalendarStatus;
  customerName: string;
  customerPhone: string;
  address: string;
  city: string;
  items: string[];
  start: Date;
  end: Date;
  updatedAt: Date;
}

/** The feed's text (RFC 5545). Times are UTC: every calendar app shows them in its own zone. */
export function buildFeed(bookings: readonly FeedBooking[], options: { businessName: string; siteUrl: string }): string {
  const origin = new URL(options.siteUrl).origin;
  const host = new URL(options.siteUrl).hostname;
  return calendarText(
    bookings.map((b) => ({
      uid: `booking-${b.id}@${host}`,
      title: `${b.items.join(', ') || 'Booking'} · ${b.customerName} (${b.city})`,
      description: [
        `Booking ${b.number}: ${calendarColours[b.status].label}`,
        `Customer: ${b.customerName}, ${b.customerPhone}`,
        `Rentals: ${b.items.join(', ')}`,
        `${origin}${adminPaths.booking(b.id)}`,
      ].join('\n'),
      location: b.address,
      start: b.start,
      end: b.end,
      url: `${origin}${adminPaths.booking(b.id)}`,
      // Unpaid holds and bookings waiting for a deposit may still fall through.
      tentative: b.status === 'hold' || b.status === 'deposit_due',
      lastModified: b.updatedAt,
    })),
    { prodId: { company: host, product: 'Staff calendar' }, name: `${options.businessName} bookings` },
  );
}
