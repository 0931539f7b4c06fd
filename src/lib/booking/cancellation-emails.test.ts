import { describe, expect, it } from 'vitest';
import type { CancellationOutcome } from '../changes';
import type { Locale } from '../i18n';
import { emailSettings as settings, sampleBookingView } from '../../../tests/support/booking-view';
import { businessBookingEmail, businessChangeEmail, customerCancellationEmail, priceLines, staffCancellationEmail } from './booking-emails';

const cancelledBooking = (language: Locale, amountPaidCents?: number) =>
  sampleBookingView(language, { status: 'cancelled', statusLabel: 'Cancelled', amountPaidCents, calendarSequence: 1 });

// One cake before its last day (cancelled with the booking), one past it (still baked, not refunded).
const cakes: NonNullable<CancellationOutcome['cakes']> = [
  { number: 'CK-7Q2M4X', priceCents: 8500, lastDay: '2026-12-16', refundable: true },
  { number: 'CK-8R3N5Y', priceCents: 6000, lastDay: '2026-12-16', refundable: false },
];

describe('the customer’s e-mail after staff cancel the booking', () => {
  it('says it is cancelled and what happens to each cake, in the words of the customer’s own cancellation e-mail', () => {
    const mail = staffCancellationEmail(cancelledBooking('en'), settings, 'https://party.test', cakes);
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Your booking PC-ABC123 is cancelled');
    expect(mail.text).toContain(
      'We have cancelled your booking for Saturday, December 19, 2026, 10:00 AM – 4:00 PM. The attached calendar update removes it from your calendar.',
    );
    expect(mail.text).toContain('Any refund of what you paid is sent separately, with its own receipt.');
    const own = customerCancellationEmail(cancelledBooking('en'), settings, 'https://party.test', {
      tier: 'refund',
      refundCents: 0,
      creditCents: 0,
      keptCents: 0,
      cakes,
    });
    const cakeLines = [
      'Your cake order CK-7Q2M4X is cancelled with it, free of charge.',
      'Your cake order CK-8R3N5Y ($60) could be changed or cancelled free of charge until December 16. We have started on it, so it is not refunded: call us to pick it up.',
    ];
    for (const line of cakeLines) {
      expect(mail.text).toContain(line);
      expect(own.text).toContain(line);
    }
    // The calendar update cancels the event the customer was invited to.
    expect(mail.ics).toContain('METHOD:CANCEL');
  });

  it('says the same in Spanish for a Spanish booking, with one full stop after the time', () => {
    const mail = staffCancellationEmail(cancelledBooking('es'), settings, 'https://party.test', cakes);
    expect(mail.subject).toBe('Su reservación PC-ABC123 está cancelada');
    expect(mail.text).toMatch(
      /Cancelamos su reservación para el sábado, 19 de diciembre de 2026, 10:00\sa\.\s?m\. – 4:00\sp\.\s?m\. La actualización de calendario adjunta la quita de su calendario\./,
    );
    expect(mail.text).toContain('Cualquier reembolso de lo que pagó se envía aparte, con su propio recibo.');
    expect(mail.text).toContain('Su pedido de pastel CK-7Q2M4X se cancela junto con ella, sin costo.');
    expect(mail.text).toMatch(
      /Su pedido de pastel CK-8R3N5Y \(.*60.*\) se podía cambiar o cancelar sin costo hasta el 16 de diciembre\. Ya empezamos a prepararlo, así que no se reembolsa/,
    );
    expect(mail.text).not.toContain('cake');
  });

  it('leaves out the refund sentence when nothing was paid, and the cakes when there are none', () => {
    const mail = staffCancellationEmail(cancelledBooking('en', 0), settings, 'https://party.test', []);
    expect(mail.text).not.toContain('refund');
    expect(mail.text).not.toContain('cake');
  });
});

describe('the greeting of a cancellation e-mail', () => {
  const outcome: CancellationOutcome = { tier: 'refund', refundCents: 6000, creditCents: 0, keptCents: 0 };
  const paidOn = (language: Locale) => ({ ...cancelledBooking(language), payments: [{ kind: 'deposit', method: 'card', amountCents: 6000, at: '2026-11-02T12:00:00Z' }] });
  it.each([
    ['en', 'Hi Ana,', 'Hello,'],
    ['es', 'Hola, Ana:', 'Hola:'],
  ] as const)('in %s greets by name once money was paid, as the refund receipt sent beside it does, and plainly when nothing ever was', (language, named, plain) => {
    for (const mail of [customerCancellationEmail(paidOn(language), settings, 'https://party.test', outcome, 6000), staffCancellationEmail(paidOn(language), settings, 'https://party.test', [])]) {
      expect(mail.text.split('\n')[0]).toBe(named);
    }
    expect(staffCancellationEmail(cancelledBooking(language, 0), settings, 'https://party.test', []).text.split('\n')[0]).toBe(plain);
  });
});

describe('a free delivery in the booking e-mails', () => {
  it.each([
    ['en', 'Free'],
    ['es', 'Gratis'],
  ] as const)('reads in %s as the cart, the checkout and the tracking page say it', (language, free) => {
    const rows = priceLines(sampleBookingView(language));
    expect(rows.find(([label]) => label === (language === 'en' ? 'Delivery' : 'Entrega'))?.[1]).toBe(free);
  });
});

describe('the business’s own e-mails', () => {
  it('write dates as the admin does ("Dec 19, 2026"), the cakes a customer’s move took along or left among them', () => {
    const b = sampleBookingView('en');
    expect(businessBookingEmail(b, settings, 'https://party.test', 'hello@party.test').subject).toBe('New booking PC-ABC123: Dec 19, 2026 in Round Rock');
    const cakes = { moved: [{ number: 'CK-7Q2M4X', to: '2026-12-19' }], staying: [{ number: 'CK-8R3N5Y', priceCents: 6000, neededOn: '2026-12-12', lastDay: '2026-12-09' }] };
    const moved = businessChangeEmail(b, settings, 'https://party.test', 'hello@party.test', { kind: 'move', before: sampleBookingView('en'), cakes });
    expect(moved.subject).toBe('Booking PC-ABC123 moved by the customer to Dec 19, 2026');
    expect(moved.text).toContain('Cake order CK-7Q2M4X moved with the party to Dec 19, 2026.');
    expect(moved.text).toContain('Cake order CK-8R3N5Y stays ordered for Dec 12, 2026: it was past its last day to change (Dec 9, 2026).');
  });
});
