import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateError, translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { availabilityQuery } from './availability-request';
import { cakeInCartMessage, outOfAreaMessage } from './evaluate-cart';
import { openUnpaidRefusal } from './unpaid-holds';

/**
 * The refusals a Spanish family meets on the way to a booking, each through the server's
 * Spanish catalog as the handler sends it back: none may come back in English.
 */
const inSpanish = (message: string) => translateError(message, spanish);

describe('the booking path’s refusals in Spanish', () => {
  it('refuses a ZIP outside the area in Spanish, naming the towns as they are, with or without "and nearby"', () => {
    expect(inSpanish(outOfAreaMessage('99999', ['Round Rock', 'Hutto']))).toBe('Todavía no entregamos en 99999. Atendemos Round Rock, Hutto.');
    const towns = Array.from({ length: 13 }, (_, i) => `Town ${i + 1}`);
    expect(inSpanish(outOfAreaMessage('99999', towns))).toBe(`Todavía no entregamos en 99999. Atendemos ${towns.slice(0, 12).join(', ')} y las zonas cercanas.`);
  });

  it('refuses another unpaid booking in Spanish, by e-mail, phone or connection, for one booking or several', () => {
    for (const count of [1, 2]) {
      const caps = { phone: '(512) 555-0100', maxOpenUnpaidPerEmail: count, maxOpenUnpaidPerPhone: count, maxOpenUnpaidPerClient: count };
      for (const cap of ['email', 'phone', 'client'] as const) {
        const said = inSpanish(openUnpaidRefusal(cap, caps).message);
        expect(said, `${cap} ${count}`).toMatch(/^Ya (tiene|hay) (una reservación|2 reservaciones) [^.]*\. Por favor pague el depósito de una de ellas .* llámenos al \(512\) 555-0100 y la reservamos con usted\.$/);
      }
    }
  });

  it('says in Spanish that a cake is ordered on its page, not from the cart', () => {
    expect(inSpanish(cakeInCartMessage('Classic Round Birthday Cake'))).toBe('Classic Round Birthday Cake es un pastel: pídalo en su página, con el sabor y el mensaje, no desde el carrito.');
  });

  it('says in Spanish that a coupon was used up between the price and the booking', () => {
    // take_cart's refusal (place-booking.server.ts) and the staff's price say it in these words.
    expect(inSpanish('This coupon has reached its usage limit.')).toBe('Este cupón ya alcanzó su límite de usos.');
  });

  it('answers a wrong availability question in Spanish, field by field', () => {
    const asked = [{ date: '4 July' }, { date: '2026-07-04', endDate: '2026-07-03', start: '14:00', end: '16:00' }, { month: '2026-07', date: '2026-07-04' }, { date: '3026-07-04', start: '2pm' }];
    for (const query of asked) {
      const refused = availabilityQuery.safeParse(query);
      expect(refused.success, JSON.stringify(query)).toBe(false);
      const english = validationError(refused.error!).fields;
      for (const [field, message] of Object.entries(translateFields(english, spanish))) expect(message, `${field}: ${english[field]}`).not.toBe(english[field]);
    }
  });
});
