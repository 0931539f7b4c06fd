import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { bookingRequest } from './booking-request';

describe('a refused booking request in Spanish', () => {
  it('translates every field of a refused booking request', () => {
    const refused = bookingRequest.safeParse({ items: [], event: { date: 'soon', start: '10', end: '16:00' }, customer: { name: 'A', email: 'nope', phone: '12' }, address: { zip: '1' }, acceptTerms: false });
    expect(refused.success).toBe(false);
    const fields = translateFields(validationError(refused.error!).fields, spanish);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });
});
