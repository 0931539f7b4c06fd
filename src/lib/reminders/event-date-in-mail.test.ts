import { describe, expect, it } from 'vitest';
import { customerBookingEmail } from '../booking/booking-emails';
import type { BookingView } from '../booking';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { reminderEmail, type ReminderContext } from './reminder-emails';

// Here rather than beside the confirmation: the reminders build on the booking's e-mails, not the other way round.
const settings = { businessName: 'Party Co', phone: '555-010-0000', email: 'hi@party.test', currency: 'usd', timezone: 'America/Chicago', offerSpanish: true } as BusinessSettings;
const zero = { subtotalCents: 0, discountCents: 0, couponCode: null, damageWaiverCents: 0, deliveryFeeCents: 0, adjustmentsCents: 0, siteChargesCents: 0, taxCents: 0 };
const confirmedBooking = (language: Locale): BookingView => ({
  id: 'b1', number: 'PC-ABC123', status: 'confirmed', statusLabel: 'Confirmed', language,
  customer: { name: 'Ana Ruiz', firstName: 'Ana', email: 'ana@example.com', phone: '5125550100' },
  invoiceToken: 'inv', manageToken: 'man', confirmRequestKey: null, holdExpiresAt: null, waiversSigned: 0, createdAt: '2026-11-01T12:00:00Z', payments: [], calendarSequence: 0, refundDueCents: 0,
  // Saturday, December 19, 2026, 10:00 to 16:00 in Austin.
  event: { date: '2026-12-19', endDate: '2026-12-19', start: '10:00', end: '16:00', startsAt: '2026-12-19T16:00:00Z', endsAt: '2026-12-19T22:00:00Z' },
  address: { line1: '1 Elm St', line2: null, city: 'Round Rock', state: 'TX', zip: '78664', surface: null, notes: '' },
  items: [{ product: 'castle', name: 'Castle', quantity: 1, unitPriceCents: 20000, lineTotalCents: 20000 }],
  adjustments: [], site: { answers: {}, charges: [], flags: [] },
  totals: { ...zero, totalCents: 20000, depositCents: 6000, amountPaidCents: 6000, amountDueCents: 14000, depositOutstandingCents: 0 },
  balanceDueOn: '2026-12-12',
});

describe('the event’s date in the customer’s e-mails', () => {
  it('names the weekday in the confirmation, in English and Spanish, as the tracking page does', () => {
    const english = customerBookingEmail(confirmedBooking('en'), settings, 'https://party.test', { depositOnline: true });
    expect(english.text).toContain('When: Saturday, December 19, 2026, 10:00 AM – 4:00 PM');
    const spanish = customerBookingEmail(confirmedBooking('es'), settings, 'https://party.test', { depositOnline: true });
    expect(spanish.text).toMatch(/Cuándo: sábado, 19 de diciembre de 2026, 10:00\sa\.\s?m\. – 4:00\sp\.\s?m\./);
  });

  it('names the weekday of the party and of the balance’s due date in the balance reminder', () => {
    const ctx: ReminderContext = { siteUrl: 'https://party.test', waiverUrl: 'https://party.test/w', arrival: { from: '08:00', until: '10:00' } };
    expect(reminderEmail('balance_due', confirmedBooking('en'), settings, ctx).text).toContain('for your party on Saturday, December 19, 2026, 10:00 AM – 4:00 PM is due on Saturday, December 12, 2026.');
    expect(reminderEmail('balance_due', confirmedBooking('es'), settings, ctx).text).toMatch(/de su fiesta del sábado, 19 de diciembre de 2026, .* vence el sábado, 12 de diciembre de 2026\./);
  });
});
