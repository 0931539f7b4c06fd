import { describe, expect, it } from 'vitest';
import { AppError, validationError } from '../http';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { siteAnswers } from '../site-check';
import { confirmRequestAnswer, confirmRequestBody } from './confirm-request';
import { customerFormats } from './customer-words';
import { priceWordInLanguage, refusalInLanguage } from './quote-language';

/**
 * Issue #40, after a booking in Spanish: /es/confirm-booking's answers, the setup spot's refusals of a
 * booking from a Spanish checkout, and the words of a move's price, in the page's language; English as
 * it always was.
 */
const items = [{ product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', quantity: 1 }];
const released = { state: 'expired', status: 'expired', holdExpiresAt: null, eventDate: '2027-01-09', items } as const;

describe('a released request, confirmed from a Spanish page', () => {
  it('offers its products again on their Spanish pages; from an English page as before', () => {
    expect(confirmRequestAnswer('PF-ABC123', released, 'es')).toMatchObject({
      bookAgain: [{ name: 'Pink Castle Bounce House', href: '/es/products/pink-castle-bounce-house?date=2027-01-09' }],
    });
    expect(confirmRequestAnswer('PF-ABC123', released)).toMatchObject({ bookAgain: [{ href: '/products/pink-castle-bounce-house?date=2027-01-09' }] });
  });

  it('has every refusal of the link in the server’s Spanish catalog', () => {
    const refused = confirmRequestBody.safeParse({ bookingNumber: 'nope', key: 'short' });
    const fields = translateFields(validationError(refused.error!).fields, spanish);
    expect(Object.keys(fields)).toEqual(['bookingNumber', 'key']);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });
});

describe('a booking refused for its setup spot, from a Spanish page', () => {
  const english = 'The Pink Castle Bounce House can’t be set up on concrete. It needs grass or artificial turf.';
  const refusal = () => new AppError('validation', english, { 'site.surface': english, 'site.outlet': 'Please answer this one: we need it to bring the right gear.' });

  it('is in Spanish at each field, with the product’s name as stored', () => {
    const es = refusalInLanguage(refusal(), 'es', spanish) as AppError;
    expect(es).toBeInstanceOf(AppError);
    expect(es.code).toBe('validation');
    expect(es.message).toBe('Pink Castle Bounce House no se puede instalar sobre concreto. Necesita pasto o pasto artificial.');
    expect(es.fields).toEqual({ 'site.surface': es.message, 'site.outlet': 'Por favor conteste esta pregunta: la necesitamos para llevar el equipo correcto.' });
  });

  it('is untouched in English, and so is any other error', () => {
    const en = refusal();
    expect(refusalInLanguage(en, 'en', null)).toBe(en);
    const taken = new AppError('conflict', 'Sorry, that is no longer available for those dates. Please choose another time.');
    expect(refusalInLanguage(taken, 'es', spanish)).toBe(taken);
    const crash = new Error('boom');
    expect(refusalInLanguage(crash, 'es', spanish)).toBe(crash);
  });

  it('names the generator that is booked, in Spanish', () => {
    expect(priceWordInLanguage('There’s no outlet in reach and our Quiet Inverter Generator is booked for that time. Choose a spot within 100 ft of an outlet, or another date.', 'es', spanish)).toBe(
      'No hay un enchufe al alcance y nuestro Quiet Inverter Generator está reservado para ese horario. Elija un lugar a menos de 100 pies de un enchufe, u otra fecha.',
    );
  });

  it('has every answer the setup spot’s questions refuse in the server’s Spanish catalog', () => {
    for (const answers of [{ surface: 'lava', outlet: 'maybe', accessInches: 3.5, stairFlights: -1, ceilingFt: 2 }, { accessInches: 5, stairFlights: 99, ceilingFt: 500 }, { accessInches: 999, stairFlights: 1.5 }, { accessInches: 'wide' }]) {
      const refused = siteAnswers.safeParse(answers);
      expect(refused.success).toBe(false);
      const english = validationError(refused.error!).fields;
      // Each message translated (one with a number, "At most 10 flights…", through its {n} pattern).
      for (const [field, message] of Object.entries(translateFields(english, spanish))) expect(message, field).not.toBe(english[field]);
    }
  });
});

describe('a move’s price from a Spanish page', () => {
  it('says why a line is not available in Spanish; English as it is', () => {
    const reason = 'Sorry, the Pink Castle Bounce House is already booked for that time.';
    expect(priceWordInLanguage(reason, 'es', spanish)).toBe('Lo sentimos, Pink Castle Bounce House ya está reservado para ese horario.');
    expect(priceWordInLanguage(reason, 'en', null)).toBe(reason);
  });
});

describe('a deadline in a Spanish customer’s words', () => {
  it('says “a la” before one o’clock and “a las” before the other hours; English as it always was', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    const es = customerFormats('es');
    expect(plain(es.deadline(new Date('2026-11-28T19:30:00Z'), 'UTC'))).toMatch(/ a las 7:30 p\. ?m\.$/);
    expect(plain(es.deadline(new Date('2026-11-28T13:05:00Z'), 'UTC'))).toMatch(/ a la 1:05 p\. ?m\.$/);
    expect(customerFormats('en').deadline(new Date('2026-11-28T13:05:00Z'), 'UTC')).toBe('Sat, November 28 at 1:05 PM');
  });
});
