import ical, { ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';

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

export interface CalendarHeader {
  /** PRODID as //company//product//EN. */
  prodId: { company: string; product: string };
  name?: string | undefined;
  /** PUBLISH for an invite sent by e-mail. */
  publish?: boolean | undefined;
  /** CANCEL for the e-mail that takes a cancelled booking's event (same UID, higher SEQUENCE) out of the calendar. */
  cancel?: boolean | undefined;
}

/** The calendar's text; times are written in UTC, and every calendar app shows them in its own zone. */
export function calendarText(events: readonly CalendarEvent[], header: CalendarHeader): string {
  const calendar = ical({
    prodId: header.prodId,
    ...(header.name ? { name: header.name } : {}),
    ...(header.cancel ? { method: ICalCalendarMethod.CANCEL } : header.publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
  });
  for (const event of events) {
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
