import { describe, expect, it } from 'vitest';
import { customerBookingEmail } from '../booking/booking-emails';
import type { Locale } from '../i18n';
import { emailSettings as settings, sampleBookingView } from '../../../tests/support/booking-view';
import { reminderEmail, type ReminderContext } from './reminder-emails';

// Here rather than beside the confirmation: the reminders build on the booking's e-mails, not the other way round.
const confirmedBooking = (language: Locale) => sampleBookingView(language);

describe('the event’s date in the customer’s e-mails', () => {
  it('names the weekday in the confirmation, in English and Spanish, as the tracking page does', () => {
    const english = customerBookingEmail(confirmedBooking('en'), settings, 'https://party.test', {
      depositOnline: true,
    });
    expect(english.text).toContain('When: Saturday, December 19, 2026, 10:00 AM – 4:00 PM');
    const spanish = customerBookingEmail(confirmedBooking('es'), settings, 'https://party.test', {
      depositOnline: true,
    });
    expect(spanish.text).toMatch(/Cuándo: sábado, 19 de diciembre de 2026, 10:00\sa\.\s?m\. – 4:00\sp\.\s?m\./);
  });

  it('names the weekday of the party and of the balance’s due date in the balance reminder', () => {
    const ctx: ReminderContext = {
      siteUrl: 'https://party.test',
      waiverUrl: 'https://party.test/w',
      arrival: { from: '08:00', until: '10:00' },
    };
    expect(reminderEmail('balance_due', confirmedBooking('en'), settings, ctx).text).toContain(
      'for your party on Saturday, December 19, 2026, 10:00 AM – 4:00 PM is due on Saturday, December 12, 2026.',
    );
    expect(reminderEmail('balance_due', confirmedBooking('es'), settings, ctx).text).toMatch(
      /de su fiesta del sábado, 19 de diciembre de 2026, .* vence el sábado, 12 de diciembre de 2026\./,
    );
  });
});
