import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { absoluteUrl } from '../paths';
import { businessClock } from '../time';
import { formatDeadline } from './unpaid-holds';
import { customerFormats } from './customer-words';
import { formatsFor, localizedPath, type Locale } from '../i18n';

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
  /** The booking's language (issue #40), read beside the database's description of it; English when not given. */
  language?: Locale | undefined;
}

/** The released booking's e-mail in each language: English is exactly what it always said. */
interface ReleaseWords {
  holdSubject: (n: string) => string;
  releasedSubject: (n: string) => string;
  hello: string;
  holdNotPaid: (n: string, deadline: string) => string;
  notConfirmed: (n: string, deadline: string) => string;
  depositNotPaid: (n: string, deadline: string) => string;
  itWasFor: (when: string) => string;
  stillPlanning: (url: string, phone: string) => string;
}

const RELEASE_WORDS: Record<Locale, ReleaseWords> = {
  en: {
    holdSubject: (n) => `Your reservation ${n} was not completed`,
    releasedSubject: (n) => `Your booking ${n} was released`,
    hello: 'Hello,',
    holdNotPaid: (n, deadline) => `The deposit for reservation ${n} was not paid by ${deadline}, so we have released the equipment we were holding for you. Nothing was charged.`,
    notConfirmed: (n, deadline) => `Booking request ${n} was not confirmed from our e-mail by ${deadline}, so we have released it and its equipment is available to others again. Nothing was charged.`,
    depositNotPaid: (n, deadline) => `The deposit for booking ${n} was not paid by ${deadline}, so we have released the booking and its equipment is available to others again.`,
    itWasFor: (when) => `It was for ${when}.`,
    stillPlanning: (url, phone) => `Still planning the party? Book again at ${url} or call us at ${phone}: we are happy to help.`,
  },
  es: {
    holdSubject: (n) => `Su reservación ${n} no se completó`,
    releasedSubject: (n) => `Su reservación ${n} se liberó`,
    hello: 'Hola:',
    holdNotPaid: (n, deadline) => `El depósito de la reservación ${n} no se pagó antes del ${deadline}, así que liberamos el equipo que le estábamos apartando. No se cobró nada.`,
    notConfirmed: (n, deadline) => `La solicitud de reservación ${n} no se confirmó desde nuestro correo antes del ${deadline}, así que la liberamos y su equipo vuelve a estar disponible para otros. No se cobró nada.`,
    depositNotPaid: (n, deadline) => `El depósito de la reservación ${n} no se pagó antes del ${deadline}, así que liberamos la reservación y su equipo vuelve a estar disponible para otros.`,
    // 'p.m.' ends the time: no second period.
    itWasFor: (when) => `Era para el ${when}${when.endsWith('.') ? '' : '.'}`,
    stillPlanning: (url, phone) => `¿Sigue planeando la fiesta? Reserve de nuevo en ${url} o llámenos al ${phone}: con gusto le ayudamos.`,
  },
};

/**
 * To the customer when their unpaid booking is released. Only what the business wrote and the
 * booking's own facts (number, date, products): nothing the visitor typed, not even the name, since
 * nobody has checked that the address belongs to whoever booked.
 */
export function releasedBookingEmail(released: ReleasedBooking, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const tz = settings.timezone;
  const language = released.language ?? 'en';
  const w = RELEASE_WORDS[language];
  const start = new Date(released.eventStart);
  const end = new Date(released.eventEnd);
  const f = customerFormats(language);
  // As the booking's other e-mails name the event (booking-emails.ts `when`): with its weekday, on the business's clock.
  const when = formatsFor(language).eventWindow(businessClock(tz).eventTimes({ start, end }));
  const hold = released.was === 'hold';
  const subject = hold ? w.holdSubject(released.number) : w.releasedSubject(released.number);
  const deadline = language === 'en' ? formatDeadline(new Date(released.deadline), tz) : f.deadline(new Date(released.deadline), tz);
  const paragraphs = [
    w.hello,
    hold ? w.holdNotPaid(released.number, deadline) : released.unconfirmed ? w.notConfirmed(released.number, deadline) : w.depositNotPaid(released.number, deadline),
    w.itWasFor(when),
    w.stillPlanning(absoluteUrl(siteUrl, localizedPath('/', language, settings.offerSpanish)), settings.phone),
  ];
  const rows: [string, string][] = released.items.map((i) => [i.name, `× ${i.quantity}`]);
  return customerMessage(settings, released.email, subject, paragraphs, rows, { language, rowText: ([name, quantity]) => `${name} ${quantity}` });
}
