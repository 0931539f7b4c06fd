import { describe, expect, it } from 'vitest';
import { bookingRequest } from '../booking';
import { validationError } from '../http';
import spanish from './server-errors/es.json';
import { placeholdersOf } from './interpolate';
import { serverErrorCatalog, translateError, translateFields } from './translate-error';

describe('translateError: the server’s messages in the page’s language', () => {
  it('translates exact messages and those with a varying part', () => {
    expect(translateError('Enter a 5-digit ZIP code', spanish)).toBe('Escriba un código postal de 5 dígitos');
    expect(translateError('Choose a quantity from 1 to 20', spanish)).toBe('Elija una cantidad de 1 a 20');
    expect(translateError('Sorry, the Pink Castle is already booked for that time.', spanish)).toBe('Lo sentimos, Pink Castle ya está reservado para ese horario.');
  });

  it('leaves English alone, and a message it does not know as it was', () => {
    expect(translateError('Enter a 5-digit ZIP code', null)).toBe('Enter a 5-digit ZIP code');
    expect(translateError('Something new', spanish)).toBe('Something new');
  });

  it('translates every field of a refused booking request', () => {
    const refused = bookingRequest.safeParse({ items: [], event: { date: 'soon', start: '10', end: '16:00' }, customer: { name: 'A', email: 'nope', phone: '12' }, address: { zip: '1' }, acceptTerms: false });
    expect(refused.success).toBe(false);
    const fields = translateFields(validationError(refused.error!).fields, spanish);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });

  it('has the same placeholders in each translation as in its English message', () => {
    for (const [english, translated] of Object.entries(spanish)) expect(placeholdersOf(translated), english).toEqual(placeholdersOf(english));
  });

  it('loads the catalog for Spanish only', async () => {
    expect(await serverErrorCatalog('en')).toBeNull();
    expect((await serverErrorCatalog('es'))?.['Enter your name']).toBe('Escriba su nombre');
  });
});
