import { describe, expect, it } from 'vitest';
import spanish from './server-errors/es.json';
import { placeholdersOf } from './interpolate';
import { serverErrorCatalog, translateError } from './translate-error';

describe('translateError: the server’s messages in the page’s language', () => {
  it('translates exact messages and those with a varying part', () => {
    expect(translateError('Enter a 5-digit ZIP code', spanish)).toBe('Escriba un código postal de 5 dígitos');
    expect(translateError('Choose a quantity from 1 to 20', spanish)).toBe('Elija una cantidad de 1 a 20');
    expect(translateError('Enter the 6-digit code', spanish)).toBe('Escriba el código de 6 dígitos');
    expect(translateError('Sorry, the Pink Castle is already booked for that time.', spanish)).toBe('Lo sentimos, Pink Castle ya está reservado para ese horario.');
  });

  it('leaves English alone, and a message it does not know as it was', () => {
    expect(translateError('Enter a 5-digit ZIP code', null)).toBe('Enter a 5-digit ZIP code');
    expect(translateError('Something new', spanish)).toBe('Something new');
  });

  it('has the same placeholders in each translation as in its English message', () => {
    for (const [english, translated] of Object.entries(spanish)) expect(placeholdersOf(translated), english).toEqual(placeholdersOf(english));
  });

  it('loads the catalog for Spanish only', async () => {
    expect(await serverErrorCatalog('en')).toBeNull();
    expect((await serverErrorCatalog('es'))?.['Enter your name']).toBe('Escriba su nombre');
  });
});
