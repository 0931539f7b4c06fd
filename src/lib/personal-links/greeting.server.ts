import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { statusLabels } from '../booking/index.server';
import type { BookingStatus } from '../booking';
import { productListPath, signWaiverPath, trackOrderPath } from '../paths';

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

export async function greetingFor(sql: Sql, id: string): Promise<Greeting> {
  const [booking] = await sql<{ name: string; number: string; status: BookingStatus; waivers: number }[]>`
    select b.contact_name as name, b.number, b.status, (select count(*)::int from waivers w where w.booking_id = b.id) as waivers
    from bookings b where b.number = ${id}`;
  if (booking) {
    return {
      kind: 'booking',
      firstName: firstName(booking.name),
      status: statusLabels[booking.status],
      nextStep: bookingNextStep(booking.number, booking.status, booking.waivers),
    };
  }
  const [quote] = await sql<{ name: string; status: string }[]>`select name, status from quotes where number = ${id}`;
  if (quote) {
    return { kind: 'quote', firstName: firstName(quote.name), status: quote.status, nextStep: quoteSteps[quote.status] ?? quoteSteps.new! };
  }
  throw new AppError('not_found', 'We couldn’t find that link. It may have a typo, or it may have expired.');
}
