import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { statusLabels } from '../booking/index.server';
import type { BookingStatus } from '../booking';
import { productListPath, signWaiverPath, trackOrderPath } from '../paths';
import { localizedPath, type Locale } from '../i18n';

/** What /hi/{id} shows: a first name and the one thing to do next. Nothing else about the booking. */
export interface Greeting {
  kind: 'booking' | 'quote';
  firstName: string;
  status: string;
  nextStep: { text: string; label: string; href: string };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function bookingNextStep(number: string, status: BookingStatus, waiversSigned: number): Greeting['nextStep'] {
  const track = trackOrderPath(number);
  switch (status) {
    case 'hold':
    case 'deposit_due':
      return { text: 'Your rentals are reserved. Pay the deposit to confirm the booking.', label: 'Pay the deposit', href: track };
    case 'confirmed':
      return waiversSigned === 0
        ? { text: 'You’re all set. One last thing: the safety waiver takes two minutes.', label: 'Sign the waiver', href: signWaiverPath(number) }
        : { text: 'You’re all set and the waiver is signed. See you on party day!', label: 'See your booking', href: track };
    case 'out_for_delivery':
    case 'delivered':
      return { text: 'Party day! Our crew is on the way or already set up.', label: 'See your booking', href: track };
    case 'completed':
      return { text: 'Thanks for celebrating with us. Planning the next party?', label: 'Browse rentals', href: productListPath() };
    case 'cancelled':
    case 'expired':
      return { text: 'This booking is no longer active. Pick a new date any time.', label: 'Check availability', href: '/at' };
  }
}

const quoteSteps: Record<string, Greeting['nextStep']> = {
  new: { text: 'We received your quote request and will reply with a priced offer soon.', label: 'Browse rentals meanwhile', href: '/products' },
  offered: { text: 'Your priced offer is ready: check your e-mail, or call us to book it.', label: 'Contact us', href: '/contact' },
  accepted: { text: 'You accepted our offer. We’ll turn it into a booking and confirm by e-mail.', label: 'Contact us', href: '/contact' },
  converted: { text: 'Your quote is now a booking. Track it from the link in your e-mail.', label: 'Track an order', href: '/track-order' },
  declined: { text: 'This quote was closed. Ask us for a new one any time.', label: 'Request a quote', href: '/request-a-quote' },
  expired: { text: 'This quote has expired. Ask us for a fresh one any time.', label: 'Request a quote', href: '/request-a-quote' },
};

/**
 * The same next steps in Spanish, for the Spanish personal page (/es/hi/{id}), by their English text;
 * the links go to the Spanish pages where there is one.
 */
const SPANISH: Readonly<Record<string, { text: string; label: string }>> = {
  'Your rentals are reserved. Pay the deposit to confirm the booking.': { text: 'Sus rentas están apartadas. Pague el depósito para confirmar la reservación.', label: 'Pagar el depósito' },
  'You’re all set. One last thing: the safety waiver takes two minutes.': { text: 'Todo está listo. Solo falta una cosa: la exención de responsabilidad toma dos minutos.', label: 'Firmar la exención' },
  'You’re all set and the waiver is signed. See you on party day!': { text: 'Todo está listo y la exención está firmada. ¡Nos vemos el día de la fiesta!', label: 'Ver su reservación' },
  'Party day! Our crew is on the way or already set up.': { text: '¡Es el día de la fiesta! Nuestro equipo va en camino o ya instaló todo.', label: 'Ver su reservación' },
  'Thanks for celebrating with us. Planning the next party?': { text: 'Gracias por celebrar con nosotros. ¿Ya planea la próxima fiesta?', label: 'Ver las rentas' },
  'This booking is no longer active. Pick a new date any time.': { text: 'Esta reservación ya no está activa. Elija una fecha nueva cuando quiera.', label: 'Ver disponibilidad' },
  'We received your quote request and will reply with a priced offer soon.': { text: 'Recibimos su solicitud de cotización y pronto le contestamos con una oferta con precio.', label: 'Ver las rentas mientras tanto' },
  'Your priced offer is ready: check your e-mail, or call us to book it.': { text: 'Su oferta con precio está lista: revise su correo, o llámenos para reservarla.', label: 'Contáctenos' },
  'You accepted our offer. We’ll turn it into a booking and confirm by e-mail.': { text: 'Aceptó nuestra oferta. La convertimos en reservación y le confirmamos por correo.', label: 'Contáctenos' },
  'Your quote is now a booking. Track it from the link in your e-mail.': { text: 'Su cotización ya es una reservación. Sígala con el enlace de su correo.', label: 'Seguir un pedido' },
  'This quote was closed. Ask us for a new one any time.': { text: 'Esta cotización se cerró. Pídanos una nueva cuando quiera.', label: 'Pedir una cotización' },
  'This quote has expired. Ask us for a fresh one any time.': { text: 'Esta cotización venció. Pídanos una nueva cuando quiera.', label: 'Pedir una cotización' },
};

/** A next step in the page's language: English as it was, or Spanish with its link to the Spanish page where there is one. */
export function inLanguage(step: Greeting['nextStep'], language: Locale): Greeting['nextStep'] {
  const spanish = language === 'es' ? SPANISH[step.text] : undefined;
  return spanish ? { ...spanish, href: localizedPath(step.href, 'es') } : step;
}

export async function greetingFor(sql: Sql, id: string, language: Locale = 'en'): Promise<Greeting> {
  const [booking] = await sql<{ name: string; number: string; status: BookingStatus; waivers: number }[]>`
    select b.contact_name as name, b.number, b.status, (select count(*)::int from waivers w where w.booking_id = b.id) as waivers
    from bookings b where b.number = ${id}`;
  if (booking) {
    return {
      kind: 'booking',
      firstName: firstName(booking.name),
      status: statusLabels[booking.status],
      nextStep: inLanguage(bookingNextStep(booking.number, booking.status, booking.waivers), language),
    };
  }
  const [quote] = await sql<{ name: string; status: string }[]>`select name, status from quotes where number = ${id}`;
  if (quote) {
    return { kind: 'quote', firstName: firstName(quote.name), status: quote.status, nextStep: inLanguage(quoteSteps[quote.status] ?? quoteSteps.new!, language) };
  }
  throw new AppError('not_found', 'We couldn’t find that link. It may have a typo, or it may have expired.');
}
