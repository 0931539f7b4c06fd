import { describe, expect, it } from 'vitest';
import { fieldErrors, submissionId } from '../../../tests/support/form-errors';
import { quoteRequest } from './quote-request-form';

describe('quote request', () => {
  const valid = { submissionId, eventType: 'birthday', eventDate: '2026-12-05', guestCount: 25, zip: '78664', items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], name: 'Pat Doe', email: 'PAT@example.com', phone: '' };

  it('accepts items or free text, and normalises the e-mail', () => {
    expect(quoteRequest.parse(valid).email).toBe('pat@example.com');
    expect(quoteRequest.safeParse({ ...valid, items: [], details: 'Three bounce houses for a school field day' }).success).toBe(true);
  });

  it('needs at least an item or a description, each message on its field', () => {
    expect(fieldErrors(quoteRequest.safeParse({ ...valid, items: [], details: '  ' }))).toEqual({ details: 'Pick at least one rental above, or tell us what you have in mind' });
    expect(fieldErrors(quoteRequest.safeParse({ ...valid, zip: '7866', eventDate: '2026-02-30', guestCount: Number.NaN, phone: '555' }))).toEqual({
      zip: 'Enter a 5-digit ZIP code',
      eventDate: 'Enter a real date, like 2026-12-05',
      guestCount: 'Enter about how many guests you expect',
      phone: 'Enter a phone number with area code, like (512) 555-0123',
    });
    expect(fieldErrors(quoteRequest.safeParse({ ...valid, items: [valid.items[0], valid.items[0]] }))).toEqual({ 'items.1.product': 'This rental is already on your list' });
  });

  it('does not reject a filled honeypot: the server answers bots as if it worked', () => {
    expect(quoteRequest.safeParse({ ...valid, website: 'http://spam.example' }).success).toBe(true);
  });
});
