import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { bookingRequest } from './booking-request';
import { ANSWER_PLEASE } from '../site-check';

/** Checkout's own check in the browser looks its messages up as they are (src/islands/shared/island-words.tsx). */
const inTheBrowser = (message: string) => (spanish as Record<string, string>)[message] ?? message;

describe('a refused booking request in Spanish', () => {
  it('translates every field of a refused booking request', () => {
    const refused = bookingRequest.safeParse({ items: [], event: { date: 'soon', start: '10', end: '16:00' }, customer: { name: 'A', email: 'nope', phone: '12' }, address: { zip: '1' }, acceptTerms: false });
    expect(refused.success).toBe(false);
    const fields = translateFields(validationError(refused.error!).fields, spanish);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });

  it('says that a field is too long, at the field, in Spanish in the browser too', () => {
    // Pasted text can run past a field's limit: the message names the limit, not a missing value.
    const long = (n: number) => 'a'.repeat(n + 1);
    const refused = bookingRequest.safeParse({
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      event: { date: '2027-06-05', start: '10:00', end: '16:00' },
      customer: { name: long(120), email: `party@${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.com`, phone: '(512) 555-0100' },
      address: { line1: long(200), line2: long(200), city: long(80), state: 'TX', zip: '78664', notes: long(1000) },
      acceptTerms: true,
    });
    expect(refused.success).toBe(false);
    const fields = validationError(refused.error!).fields;
    expect(fields).toEqual({
      'customer.name': 'At most 120 characters',
      'customer.email': 'At most 200 characters',
      'address.line1': 'At most 200 characters',
      'address.line2': 'At most 200 characters',
      'address.city': 'At most 80 characters',
      'address.notes': 'At most 1000 characters',
    });
    for (const [field, message] of Object.entries(fields)) expect(inTheBrowser(message), field).toMatch(/^Máximo \d+ caracteres$/);
  });

  it('asks in Spanish, in the browser, for a setup-spot question left unanswered', () => {
    // Checkout marks each question the price still needs with this message itself, before sending anything.
    expect(inTheBrowser(ANSWER_PLEASE)).toBe('Por favor conteste esta pregunta: la necesitamos para llevar el equipo correcto.');
  });
});

