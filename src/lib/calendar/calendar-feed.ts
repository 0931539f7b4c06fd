import { type AllDayEvent, type CalendarEvent, calendarText } from './ical';
import { type BlackoutEventSource, blackoutTitle, calendarColours, type CalendarStatus } from './calendar-admin';
import { hasRole, type StaffRole } from '../auth';
import { adminPaths, publicApi } from '../paths';

/**
 * A staff member's personal iCalendar feed: the upcoming bookings and the days the business closes
 * (blackouts), for Google Calendar, Apple Calendar or Outlook to subscribe to. The address carries a
 * random token instead of a session, because calendar apps cannot sign in.
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

/** A blackout in the feed: what the staff calendar shows of it (calendar-admin's source). */
export type FeedBlackout = BlackoutEventSource;

/** What a blackout closes, in the entry's description. */
function blackoutWords(b: FeedBlackout): string {
  if (b.scope === 'business') return 'The whole business is closed: nothing can be booked on these days.';
  const what = b.targetName ?? 'unknown';
  return b.scope === 'product' ? `${what} cannot be booked on these days.` : `Nothing in ${what} can be booked on these days.`;
}

/**
 * A blackout as an all-day entry over its days (business-local dates, inclusive), titled as the staff
 * calendar titles it ("Closed (Fourth of July)", "Unavailable: Pink Castle (repairs)"). The link goes
 * to the blackouts screen only for those who may open it (managers and owners); crew see the days alone.
 */
export function blackoutFeedEvent(b: FeedBlackout, options: { origin: string; host: string; role: StaffRole }): AllDayEvent {
  const mayManage = hasRole(options.role, 'manager');
  const url = `${options.origin}${adminPaths.blackouts}`;
  return {
    uid: `blackout-${b.id}@${options.host}`,
    title: blackoutTitle(b),
    description: [blackoutWords(b), ...(mayManage ? [url] : [])].join('\n'),
    url: mayManage ? url : undefined,
    firstDay: b.startsOn,
    lastDay: b.endsOn,
  };
}

/** The feed's text (RFC 5545). Booking times are UTC: every calendar app shows them in its own zone; blackouts are whole days. */
export function buildFeed(
  entries: { bookings: readonly FeedBooking[]; blackouts: readonly FeedBlackout[] },
  options: { businessName: string; siteUrl: string; role: StaffRole },
): string {
  const origin = new URL(options.siteUrl).origin;
  const host = new URL(options.siteUrl).hostname;
  const bookings: CalendarEvent[] = entries.bookings.map((b) => ({
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
  }));
  const blackouts = entries.blackouts.map((b) => blackoutFeedEvent(b, { origin, host, role: options.role }));
  return calendarText([...blackouts, ...bookings], { prodId: { company: host, product: 'Staff calendar' }, name: `${options.businessName} bookings` });
}
