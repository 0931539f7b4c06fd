import ical, { ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { addDays } from '../time';

/**
 * One way to write iCalendar (RFC 5545) for the whole site: the invite in the booking e-mail, the
 * staff's calendar feed and the file a customer saves from the success page. Pure, so it runs on the
 * server and (loaded on demand) in the browser.
 *
 * ical-generator rather than `ics`: `ics` validates every event with a yup schema, which cost about
 * a millisecond per event, a tenth of the server's work for a whole booking.
 */
export interface CalendarEvent {
  /** Stable per booking, so a calendar updates its entry instead of adding a second one. */
  uid: string;
  title: string;
  description: string;
  location?: string | null | undefined;
  url: string;
  start: Date;
  end: Date;
  /** Not paid yet, so it may still fall through. */
  tentative: boolean;
  organizer?: { name: string; email: string } | undefined;
  lastModified?: Date | undefined;
  /** RFC 5545 SEQUENCE: raised each time a changed event is sent again. */
  sequence?: number | undefined;
  /** STATUS:CANCELLED, in a METHOD:CANCEL calendar: the booking was cancelled. */
  cancelled?: boolean | undefined;
}

/**
 * A whole-day entry (a day the business is closed): days on the business's calendar, written as DATE
 * values, which a calendar app shows on those days in any time zone, not as instants it would shift.
 */
export interface AllDayEvent {
  /** Stable per entry, so a calendar updates it instead of adding a second one. */
  uid: string;
  title: string;
  description: string;
  /** Where the entry opens; none when the reader may not open that page. */
  url?: string | undefined;
  /** 'YYYY-MM-DD', the first day. */
  firstDay: string;
  /** 'YYYY-MM-DD', the last day, inclusive (DTEND is the day after, as RFC 5545 counts it). */
  lastDay: string;
}

export interface CalendarHeader {
  /** PRODID as //company//product//EN. */
  prodId: { company: string; product: string };
  name?: string | undefined;
  /** PUBLISH for an invite sent by e-mail. */
  publish?: boolean | undefined;
  /** CANCEL for the e-mail that takes a cancelled booking's event (same UID, higher SEQUENCE) out of the calendar. */
  cancel?: boolean | undefined;
}

/**
 * ical-generator writes an all-day DATE from the instant's UTC calendar date (whatever the machine's
 * zone), so a day's UTC midnight is written as that day.
 */
const dateValue = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The calendar's text; times are written in UTC, and every calendar app shows them in its own zone.
 * All-day entries are dates, the same day everywhere.
 */
export function calendarText(events: readonly (CalendarEvent | AllDayEvent)[], header: CalendarHeader): string {
  const calendar = ical({
    prodId: header.prodId,
    ...(header.name ? { name: header.name } : {}),
    ...(header.cancel ? { method: ICalCalendarMethod.CANCEL } : header.publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
  });
  for (const event of events) {
    if ('firstDay' in event) {
      calendar.createEvent({
        id: event.uid,
        summary: event.title,
        description: event.description,
        url: event.url ?? null,
        allDay: true,
        start: dateValue(event.firstDay),
        end: dateValue(addDays(event.lastDay, 1)),
        status: ICalEventStatus.CONFIRMED,
        // A closed day is news, not an appointment: it leaves the reader's own calendar free.
        transparency: ICalEventTransparency.TRANSPARENT,
        busystatus: ICalEventBusyStatus.FREE,
      });
      continue;
    }
    calendar.createEvent({
      id: event.uid,
      summary: event.title,
      description: event.description,
      location: event.location ?? null,
      url: event.url,
      start: event.start,
      end: event.end,
      status: event.cancelled ? ICalEventStatus.CANCELLED : event.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
      sequence: event.sequence ?? 0,
      ...(event.organizer ? { organizer: event.organizer } : {}),
      ...(event.lastModified ? { lastModified: event.lastModified } : {}),
    });
  }
  return calendar.toString();
}

/**
 * A booking's event UID, the same in the e-mail invite and the file saved from the success page, so
 * a calendar holding both keeps one entry (and an updated invite replaces it).
 */
export const bookingEventUid = (bookingNumber: string, siteHost: string) =>
  `${bookingNumber}@${siteHost || 'localhost'}`;
