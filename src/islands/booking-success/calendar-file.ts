import { wallClockToInstant } from '../../lib/time';
import { absoluteUrl, trackOrderPath } from '../../lib/paths';
import { saveFile } from '../shared/save-file';

export interface CalendarBooking {
  bookingNumber: string;
  businessName: string;
  phone: string;
  event: { date: string; start: string; end: string; endDate?: string | undefined };
  items: { name: string; quantity: number }[];
  location: string;
  timeZone: string;
  /** Deposit paid: a firm entry; otherwise tentative until it is. */
  confirmed: boolean;
}

/**
 * Builds the booking's .ics in the browser and saves it. The calendar writer loads only when the
 * customer asks for the file, so the success page itself stays light.
 */
export async function downloadCalendarFile(booking: CalendarBooking): Promise<void> {
  const { bookingEventUid, calendarText } = await import('../../lib/calendar');
  const start = wallClockToInstant(booking.event.date, booking.event.start, booking.timeZone);
  const end = wallClockToInstant(booking.event.endDate ?? booking.event.date, booking.event.end, booking.timeZone);
  const trackUrl = absoluteUrl(window.location.origin, trackOrderPath(booking.bookingNumber));
  const value = calendarText(
    [
      {
        uid: bookingEventUid(booking.bookingNumber, window.location.hostname),
        title: `Party rental from ${booking.businessName} (${booking.bookingNumber})`,
        description: [
          ...booking.items.map((i) => `${i.quantity} × ${i.name}`),
          '',
          `Booking ${booking.bookingNumber}. Our crew delivers and sets up before the start time.`,
          `Questions: ${booking.phone}`,
          `Track your order: ${trackUrl}`,
        ].join('\n'),
        ...(booking.location ? { location: booking.location } : {}),
        url: trackUrl,
        start,
        end,
        tentative: !booking.confirmed,
      },
    ],
    { prodId: { company: booking.businessName, product: 'Booking' } },
  );
  saveFile(value, `${booking.bookingNumber}.ics`, 'text/calendar;charset=utf-8');
}
